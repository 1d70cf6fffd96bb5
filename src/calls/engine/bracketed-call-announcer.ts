import { generatedCallId } from "../tool-call.js";
import { CallAnnouncer } from "./call-announcer.js";
import { JsonValueEnd } from "./json-value-end.js";
import { TextAccumulator } from "./text-accumulator.js";
import { AT_CLOSER_ONLY, NO_CALL, type RunStops, stopsAt, type TextRun } from "./text-run.js";

/** How far after a call's end (or the block's start) the next call's header is looked for. */
const HEADER_LIMIT = 300;
/** How many times a call's end is looked for before its text is streamed to the block's end. */
const END_CHECKS = 8;

/**
 * The call a header opens: the tool it names, its id when the header writes one, where its text starts in the header,
 * and what closes its arguments.
 */
export interface CallHeader {
  name: string;
  id?: string;
  textStart: number;
  closer: string;
}

/** Reads a call's text as it arrives, for the places where its arguments may end. */
export interface ArgumentsLexer {
  /** Starts reading a call whose arguments `closer` closes. */
  start(closer: string): void;
  /**
   * Reads `text` (the next piece of the call's text) from `from`: returns the index just after the next closer where
   * the brackets outside strings balance, or -1 once all of `text` is read (its end may be held until the next piece
   * tells what it is).
   */
  next(text: string, from: number): number;
  /** Whether `chunk` cannot hold such a closer nor complete anything held (a lexer to which `<` means something refuses it). */
  takesPlain(chunk: string): boolean;
  /**
   * Where the lexer's state lets a run of the call's text open (see `TextRun`): the characters that end it and,
   * inside a string, the string's quote; undefined where any character may change the state.
   */
  runStops(): RunStops | undefined;
  /** A run opened where {@link runStops} said ended: the lexer counts in the escape it may end with. */
  closeRun(run: TextRun): void;
}

/**
 * A call's text read by {@link JsonValueEnd}: strings in either quote, and brackets outside them (with `parentheses`,
 * parentheses too); the call ends where they balance.
 */
export class BracketedValueLexer implements ArgumentsLexer {
  private readonly value: JsonValueEnd;

  constructor(parentheses = false) {
    this.value = new JsonValueEnd(parentheses);
  }

  start(): void {
    this.value.reset();
  }

  takesPlain(chunk: string): boolean {
    return !this.value.mayEndWith(chunk);
  }

  runStops(): RunStops | undefined {
    return this.value.runStops();
  }

  closeRun(run: TextRun): void {
    this.value.closeRun(run);
  }

  next(text: string, from: number): number {
    const end = this.value.scan(text, from);
    return this.value.found ? end : -1;
  }
}

/**
 * Announces the calls of a block written in a syntax of calls with bracketed arguments (`call:f{...}`, a pythonic
 * `f(...)`, a JSON call object) while it arrives: a call starts once its header names it, and its text
 * streams to its end. At each closer where the brackets outside strings balance, the call's text up to it is read as
 * the block's reader reads it, and the call ends there when it is whole (a JSON object always is, at its first). That
 * depends only on the text up to the closer, so a stream split anywhere gives each call the same text. A call whose
 * end is not found in {@link END_CHECKS} tries streams to the block's end; text after a call that is no header ends
 * the announcing, and the calls after it come whole at the close. The calls read so are kept, for the block's reader
 * to take rather than read them again.
 */
export abstract class BracketedCallAnnouncer<Read> extends CallAnnouncer {
  private reading: "header" | "arguments" | "nothing" = "nothing";
  /** Characters of the block's body read so far; the text since the last call's end, while a header is read. */
  private bodyLength = 0;
  private header = "";
  /** Whether the header was last read as pending: more text could still make it a call's. */
  private pending = false;
  /**
   * Where the current call's text starts in the body, the text so far (kept apart from the body: reading the whole
   * body at each call's end would make a block of many calls quadratic), and how often its end was looked for.
   */
  private callStart = 0;
  private readonly callText = new TextAccumulator();
  private checks = 0;
  private readByStart = new Map<number, Read>();
  /** Whether the syntax reads its calls as they end ({@link readCall}): their text is then kept. */
  private readonly keepsCallText = this.readCall !== undefined;

  protected abstract readonly lexer: ArgumentsLexer;

  /**
   * The characters at which a pending header may become whole or be ruled out, where the syntax knows them: text
   * without one leaves the header pending unread (a stream would read it again at each character), and the stream's
   * fast path takes it, in a run. A header ruled out so is found at the next of them.
   */
  protected readonly decisive?: string;

  /** The call `header` opens; `pending` while more text could still make it one, `none` when no text can. */
  protected abstract readCallHeader(header: string): CallHeader | "pending" | "none";

  /**
   * The call whose text starts `text`, when it is whole there, and its text's length; undefined when not (yet). A
   * syntax whose calls always end at their first balanced closer (JSON's objects) leaves it out: its calls' text is
   * then not kept.
   */
  protected readCall?(text: string): { read: Read; length: number } | undefined;

  /** The calls of the block read whole while it arrived, by where their text starts in its body. */
  get readCalls(): ReadonlyMap<number, Read> {
    return this.readByStart;
  }

  /** Starts following a block that has just opened. */
  open(): void {
    this.forget();
    this.reading = "header";
  }

  /**
   * Reads block text as it arrives; calls are numbered from `nextCallIndex`. A piece may hold many calls (a block read
   * whole): they are read one after another, in a loop.
   */
  follow(text: string, nextCallIndex: number): void {
    let piece = text;
    let pieceStart = this.bodyLength;
    this.bodyLength += text.length;
    while (piece !== "") {
      if (this.reading === "header") {
        const opened = this.readHeader(piece, pieceStart - this.header.length, nextCallIndex);
        if (opened === undefined) return;
        [piece, pieceStart] = [opened, this.callStart];
      }
      if (this.reading !== "arguments") return;
      const end = this.readArguments(piece, pieceStart);
      if (end === undefined) return;
      [piece, pieceStart] = [piece.slice(end - pieceStart), end];
    }
  }

  /** Text of the current call that cannot end it, or text that leaves a pending header pending. */
  takesPlainText(chunk: string): boolean {
    if (this.reading === "header") return this.staysPending(chunk);
    return this.reading === "arguments" && (this.checks === END_CHECKS || this.lexer.takesPlain(chunk));
  }

  /**
   * In a call's arguments, a run the lexer's state lets open, or any character but the body's closer where the call's
   * end is no longer looked for (see {@link END_CHECKS}).
   */
  override openRun(body: TextAccumulator, closerStart: string): TextRun | undefined {
    if (this.reading === "header") return this.openHeaderRun(body, closerStart);
    if (this.reading !== "arguments") return undefined;
    if (this.checks === END_CHECKS) return this.openRunOf(body, closerStart, AT_CLOSER_ONLY);
    const stops = this.lexer.runStops();
    return stops === undefined ? undefined : this.openRunOf(body, closerStart, stops);
  }

  override closeRun(run: TextRun): void {
    this.bodyLength += run.kept;
    if (this.reading === "header") this.closeHeaderRun();
    else if (this.checks < END_CHECKS) this.lexer.closeRun(run);
  }

  /**
   * A pending header's run, to its next decisive character: what it takes leaves the header pending (see
   * {@link staysPending}). It may take a header past the length a header may have; {@link closeHeaderRun} then gives up
   * reading, as a character at that length would have.
   */
  private openHeaderRun(body: TextAccumulator, closerStart: string): TextRun | undefined {
    const { decisive } = this;
    if (!this.pending || decisive === undefined || this.header.length >= HEADER_LIMIT) return undefined;
    return this.openHeaderRunOf(body, closerStart, stopsAt(decisive));
  }

  private closeHeaderRun(): void {
    this.header += this.takeHeaderRunText();
    // No character of the run was decisive, so the header read at the limit was still pending, and given up there.
    if (this.header.length > HEADER_LIMIT) this.reading = "nothing";
  }

  protected override get keptText(): TextAccumulator | undefined {
    return this.keepsCallText ? this.callText : undefined;
  }

  override readPlainText(chunk: string): string {
    if (this.reading === "header") return this.addToHeader(chunk);
    this.bodyLength += chunk.length;
    if (this.keepsCallText) this.callText.append(chunk);
    if (this.checks < END_CHECKS) this.lexer.next(chunk, 0);
    return super.readPlainText(chunk);
  }

  /** Whether `added` leaves the pending header pending (see {@link decisive}), within the length a header may have. */
  private staysPending(added: string): boolean {
    const { decisive } = this;
    if (!this.pending || decisive === undefined || this.header.length + added.length > HEADER_LIMIT) return false;
    for (let index = 0; index < added.length; index += 1) {
      if (isDecisive(decisive, added.charCodeAt(index))) return false;
    }
    return true;
  }

  /** Text that leaves the pending header pending, taken on the fast path: it is no call's text (yet). */
  private addToHeader(added: string): string {
    this.bodyLength += added.length;
    this.header += added;
    return NO_CALL;
  }

  /**
   * Reads the header grown by `added`; once it opens a call, announces it and returns the header's text from the
   * call's start.
   */
  private readHeader(added: string, headerStart: number, nextCallIndex: number): string | undefined {
    const header = `${this.header}${added}`;
    if (this.staysPending(added)) {
      this.header = header;
      return undefined;
    }
    const read = this.readCallHeader(header);
    this.pending = read === "pending";
    if (read === "none" || (read === "pending" && header.length > HEADER_LIMIT)) {
      this.reading = "nothing";
      return undefined;
    }
    if (read === "pending") {
      this.header = header;
      return undefined;
    }
    this.announce(read.id ?? generatedCallId(nextCallIndex + this.announcedCount), read.name);
    this.reading = "arguments";
    this.header = "";
    this.callStart = headerStart + read.textStart;
    this.callText.reset();
    this.checks = 0;
    this.lexer.start(read.closer);
    return header.slice(read.textStart);
  }

  /**
   * Reads a piece of the current call's text (starting at `pieceStart` in the body): returns where in the body the
   * call ended, when it ended in the piece and a header may follow.
   */
  private readArguments(piece: string, pieceStart: number): number | undefined {
    if (this.keepsCallText) this.callText.append(piece);
    const end = this.findEnd(piece, pieceStart);
    if (end === undefined) {
      this.addText(piece);
      return undefined;
    }
    // The call stays current until the next one starts: its last text goes out under its id.
    this.addText(piece.slice(0, end - pieceStart));
    if (this.reading === "nothing") return undefined;
    this.reading = "header";
    return end;
  }

  /** Where in the body the current call ends, if it ends in `text` (which starts at `textStart`). */
  private findEnd(text: string, textStart: number): number | undefined {
    let index = 0;
    while (this.checks < END_CHECKS) {
      index = this.lexer.next(text, index);
      if (index === -1) return undefined;
      this.checks += 1;
      const closerEnd = textStart + index;
      if (this.readCall === undefined) return closerEnd;
      const written = this.callText.toString();
      const call = this.readCall(written.slice(0, written.length - text.length + index));
      if (call === undefined) continue;
      this.readByStart.set(this.callStart, call.read);
      // A call that ended at an earlier closer, one that looked as if in a string: its text went out past its end,
      // whatever the pieces, and the calls after it come whole at the close.
      if (this.callStart + call.length < closerEnd) this.reading = "nothing";
      return closerEnd;
    }
    return undefined;
  }

  protected override forget(): void {
    super.forget();
    this.reading = "nothing";
    this.bodyLength = 0;
    this.header = "";
    this.pending = false;
    // A new map: the block's reader may still hold the last one.
    this.readByStart = new Map();
  }
}

/** Whether the unit `code` is one of the few `characters`, compared one by one: a search is a call. */
function isDecisive(characters: string, code: number): boolean {
  for (let index = 0; index < characters.length; index += 1) if (characters.charCodeAt(index) === code) return true;
  return false;
}
