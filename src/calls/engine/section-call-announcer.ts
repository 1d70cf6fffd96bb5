import { generatedCallId } from "../tool-call.js";
import { type AnnouncedCallSink, CallAnnouncer } from "./call-announcer.js";
import { ClosingLiteral } from "./closing-literal.js";
import { holdsCharacter } from "./holds-character.js";
import type { TextAccumulator } from "./text-accumulator.js";
import { AT_CLOSER_ONLY, NO_CALL, stopsAt, type TextRun, TO_WORD_END } from "./text-run.js";
import type { TokenSectionSyntax } from "./token-section.js";

/** What marks each call of a section: its begin and end markers, and the opening that names it. */
export type SectionCallMarkers = Pick<TokenSectionSyntax, "callBegin" | "callEnd" | "readOpening">;

/** How far after a call's begin marker its name is looked for. */
const CALL_HEADER_LIMIT = 300;

/**
 * Announces the calls of a tool-call section of special tokens (see `TokenSectionSyntax`), or of a call block
 * whose calls are marked alike, while it arrives: a call starts once the text after its begin marker names it (see
 * {@link TokenSectionSyntax.readOpening}), and its text streams to its end marker. Text between the calls that is no
 * begin marker ends the announcing; the calls after it come whole at the close.
 */
export class SectionCallAnnouncer extends CallAnnouncer {
  private syntax: SectionCallMarkers | undefined;
  /** Between calls, a begin marker is looked for; in a call's header, its name; in its arguments, its end. */
  private reading: "between" | "header" | "arguments" | "nothing" = "nothing";
  /** The text since the last call's end, or since the current call's begin marker. */
  private held = "";
  private callEnd = new ClosingLiteral("");
  /** The first character of {@link callEnd}'s marker. */
  private callEndStart = "";
  /** Where a run of the current call's text ends, beside the body's closer: at its end marker's first character. */
  private callEndStops = AT_CLOSER_ONLY;
  /** What {@link held} becomes with the text {@link takesPlainText} last took between calls or in a header. */
  private heldWith: string | undefined;

  /** `markers`: those of every section this announcer follows, when it follows one syntax only (a call block's). */
  constructor(
    deltas: boolean,
    sink: AnnouncedCallSink,
    private readonly markers?: SectionCallMarkers,
  ) {
    super(deltas, sink);
  }

  /** Starts following a section that has just opened, written in `syntax`. */
  open(syntax: SectionCallMarkers | undefined = this.markers): void {
    this.forget();
    this.syntax = syntax;
    this.reading = "between";
  }

  /** Reads section text as it arrives; calls are numbered from `nextCallIndex`. */
  follow(text: string, nextCallIndex: number): void {
    const syntax = this.syntax;
    if (syntax === undefined) return;
    if (this.reading === "arguments") {
      const end = this.callEnd.scan(text, 0, this.addText);
      if (!this.callEnd.found) return;
      // The call stays current until the next one starts: its last text goes out under its id.
      this.reading = "between";
      this.held = "";
      this.follow(text.slice(end), nextCallIndex);
      return;
    }
    if (this.reading === "between") {
      const waiting = `${this.held}${text}`.trimStart();
      if (waiting.startsWith(syntax.callBegin)) {
        this.reading = "header";
        this.held = "";
        this.follow(waiting.slice(syntax.callBegin.length), nextCallIndex);
      } else if (syntax.callBegin.startsWith(waiting)) {
        this.held = waiting;
      } else {
        this.reading = "nothing";
      }
      return;
    }
    if (this.reading === "header") this.readHeader(syntax, `${this.held}${text}`, nextCallIndex);
  }

  /**
   * In a call's text, with no end marker half read: every character but the first of its end marker or of the body's
   * closer (a call's text is read for nothing but its end). In a call's header, a word's characters, which leave it
   * unread (see {@link headerPendingWith}).
   */
  override openRun(body: TextAccumulator, closerStart: string): TextRun | undefined {
    if (this.reading === "header") {
      return this.held.length < CALL_HEADER_LIMIT ? this.openHeaderRunOf(body, closerStart, TO_WORD_END) : undefined;
    }
    if (this.reading !== "arguments" || this.callEnd.holding) return undefined;
    return this.openRunOf(body, closerStart, this.callEndStops);
  }

  /** A header's run ended: its words are the header's. */
  override closeRun(): void {
    if (this.reading === "header") this.held += this.takeHeaderRunText();
  }

  /**
   * In a call's text, text that begins no end marker of the current call: without its first character (one character
   * is compared, not searched), or with it but ruled out (a `<` in code, given with what followed it). Between calls,
   * text that goes on with a begin marker without completing it; in a call's header, text that leaves it unread.
   */
  takesPlainText(chunk: string): boolean {
    if (this.reading === "arguments") {
      if (this.callEnd.holding) return false;
      const first = this.callEndStart;
      return !holdsCharacter(chunk, first) || (chunk.length > 1 && this.callEnd.passesOver(chunk));
    }
    this.heldWith =
      this.reading === "between"
        ? this.waitingFor(chunk)
        : this.reading === "header"
          ? this.headerPendingWith(chunk)
          : undefined;
    return this.heldWith !== undefined;
  }

  /**
   * Text {@link takesPlainText} took: a call's, or text between calls or in a header, then held as {@link follow}
   * would hold it.
   */
  override readPlainText(chunk: string): string {
    if (this.reading === "arguments") return super.readPlainText(chunk);
    this.held = this.heldWith ?? this.held;
    return NO_CALL;
  }

  /** The text waiting for a begin marker with `chunk`, when it goes on with the marker and does not complete it. */
  private waitingFor(chunk: string): string | undefined {
    const begin = this.syntax?.callBegin;
    if (begin === undefined) return undefined;
    const waiting = `${this.held}${chunk}`.trimStart();
    return waiting.length < begin.length && begin.startsWith(waiting) ? waiting : undefined;
  }

  /** The header with `chunk`, when it names no tool yet, holds no marker and may still grow (see {@link readHeader}). */
  private headerPendingWith(chunk: string): string | undefined {
    const syntax = this.syntax;
    const header = `${this.held}${chunk}`;
    if (syntax === undefined || header.length > CALL_HEADER_LIMIT) return undefined;
    // Every opening and every marker ends at a character no word holds (a `>`, a quote, a line break): one of a word's
    // characters leaves the pending header pending, unread. A stream would read the header again at each otherwise.
    if (chunk.length === 1 && isWordCharacter(chunk)) return header;
    if (firstOf(header, syntax.callEnd, syntax.callBegin) !== -1) return undefined;
    return syntax.readOpening(header) === undefined ? header : undefined;
  }

  private readHeader(syntax: SectionCallMarkers, header: string, nextCallIndex: number): void {
    // A call that ends, or is followed by the next one, before it names its tool comes whole at the close, and so does
    // every call after it: calls are matched by their place.
    // Only the header's first characters are read, whether it arrives at once or in pieces.
    const limited = header.slice(0, CALL_HEADER_LIMIT);
    const cut = firstOf(limited, syntax.callEnd, syntax.callBegin);
    const opening = syntax.readOpening(cut === -1 ? limited : limited.slice(0, cut));
    if (opening === undefined) {
      if (cut !== -1 || header.length > CALL_HEADER_LIMIT) this.reading = "nothing";
      else this.held = header;
      return;
    }
    if (opening.name === "") {
      this.reading = "nothing";
      return;
    }
    const written = opening.id ?? "";
    this.announce(written === "" ? generatedCallId(nextCallIndex + this.announcedCount) : written, opening.name);
    this.reading = "arguments";
    this.held = "";
    this.callEnd = new ClosingLiteral(syntax.callEnd);
    this.callEndStart = syntax.callEnd.charAt(0);
    this.callEndStops = stopsAt(this.callEndStart);
    this.follow(header, nextCallIndex);
  }

  protected override forget(): void {
    super.forget();
    this.syntax = undefined;
    this.reading = "nothing";
    this.held = "";
  }
}

/** Whether `character` (one) is an ASCII letter, digit or `_`. */
function isWordCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}

/** Where the first of `a` and `b` stands in `text`; -1 when neither does. (Searched on each character of a header.) */
function firstOf(text: string, a: string, b: string): number {
  const atA = text.indexOf(a);
  const atB = text.indexOf(b);
  return atA === -1 ? atB : atB === -1 ? atA : Math.min(atA, atB);
}
