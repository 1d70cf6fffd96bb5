import type { ToolCallStreamEvent } from "../tool-call-stream-event.js";
import { TextAccumulator } from "./text-accumulator.js";

const BACKSLASH = 92;
/** The quotes a JSON value's strings may be in: models write single-quoted ones, repaired after. */
const QUOTES = "\"'";
/** The code of "between strings", where a JSON run's quote is kept. */
const NO_QUOTE = -1;

/**
 * What the fast path's readers give for text they take that adds to no call: the opening of one not yet whole. No
 * call's id is empty (a written id that is gets a generated one).
 */
export const NO_CALL = "";

/**
 * A run of characters that only add to the text being read (prose, or code in a string of a call's arguments: most of
 * a stream, by length), opened where the reader of the scanner's state knows that every character but a few (the
 * run's stops) changes nothing else. The stream's fast path keeps such a character where the reader keeps its text,
 * sends it as prose or as the text of {@link id}, and asks nothing else: no reader is called. A stop, or a chunk of
 * other than one character, ends the run and is read as every other chunk is; the reader then counts in what the run
 * took, and may open a run again.
 *
 * A run of a JSON value's text (see {@link RunStops.quote}) takes its strings whole, with their escapes (`\"`, `\\`),
 * which code is full of, and the text between them up to its stops (brackets): a quote no backslash escapes ends its
 * string, and the run goes on. A run of a literal (the rest of a marker being written) takes its characters one after
 * another, and ends at the first that differs.
 *
 * Hand-written, as the scanner is: it is the scanner's one per-character path, a handful of loads, so that a stream of
 * one character a chunk costs little more than handing each character on.
 */
export class TextRun {
  /**
   * The ASCII codes that end the run where it is (1), by code: in a JSON value, those of the string it is in, or of the
   * text between strings; a quote and a backslash there are looked at apart.
   */
  private stops: Uint8Array;
  /** Whether every character past ASCII ends the run too: one of the stops is. */
  private readonly stopsPastAscii: boolean;
  /** For a run of a JSON value's text: the code of the quote of the string it is in, or {@link NO_QUOTE} between strings. */
  private quote: number;
  /** Where the run opens (a run of a JSON value's text, in a string or between strings): its quote, and its stops there. */
  private readonly openingQuote: number;
  private readonly openingStops: Uint8Array;
  /** For a run of a JSON value's text, its stops in each place, by its quote there; undefined for any other run. */
  private readonly stopsByQuote: ReadonlyMap<number, Uint8Array> | undefined;
  /** The literal the run takes, if it is a run of one. */
  private readonly literal: string | undefined;
  /** The call the characters are text of, or {@link NO_CALL}: text of no call yet, or deltas not asked for. */
  id = NO_CALL;
  /** The parameter whose value the characters are, where the call's events name it. */
  parameter: string | undefined;
  /**
   * The consumer's sink, where each character the run takes goes straight as a delta of {@link id} when nothing else is
   * asked of it; set by the scanner at each opening.
   */
  directSink: ((event: ToolCallStreamEvent) => void) | undefined;
  /** The code of the closer's first character when nothing but the closer makes it a stop, or -1 (see {@link mayHold}). */
  private readonly holdable: number;
  /** The length of {@link text} when the run opened: what it kept since is counted, not each character as it comes. */
  private keptFrom = 0;
  /**
   * The length of {@link text} just after the last backslash that escapes the character after it, or -1: the character
   * kept at that length is escaped.
   */
  private escapedAt = -1;

  /**
   * `stops`: the characters that end the run (in a JSON value, between its strings). `quote`: for a run of a JSON
   * value's text, the quote of the string it opens inside, or "" between strings. `text`, and `alsoText` where the
   * reader keeps its text twice (a block's body and its call's text): where the characters are kept; none for prose,
   * whose characters go out as they come. `literal`: the characters a run of a literal takes (every character is then a
   * stop, compared with the literal's next). `closerStart`: the first character of the closer of the body the run is
   * in, a stop too, which the run may hold (see {@link mayHold}).
   */
  constructor(
    stops: string,
    quote: string | undefined,
    readonly text: TextAccumulator | undefined,
    readonly alsoText?: TextAccumulator,
    literal?: string,
    closerStart = "",
  ) {
    const table = (characters: string): Uint8Array => {
      const codes = new Uint8Array(128);
      if (literal !== undefined) codes.fill(1);
      for (const character of `${closerStart}${characters}`)
        if (character.charCodeAt(0) < 128) codes[character.charCodeAt(0)] = 1;
      return codes;
    };
    const json = quote !== undefined;
    const otherStops = json ? `${stops}${QUOTES}\\` : stops;
    this.stopsPastAscii =
      literal !== undefined || [...`${closerStart}${stops}`].some((stop) => stop.charCodeAt(0) >= 128);
    this.stopsByQuote = json
      ? new Map([
          [NO_QUOTE, table(`${stops}${QUOTES}`)],
          ...[...QUOTES].map((inside) => [inside.charCodeAt(0), table(`${inside}\\`)] as const),
        ])
      : undefined;
    this.openingQuote = quote === undefined || quote === "" ? NO_QUOTE : quote.charCodeAt(0);
    this.openingStops = this.stopsByQuote?.get(this.openingQuote) ?? table(stops);
    this.quote = this.openingQuote;
    this.stops = this.openingStops;
    this.literal = literal;
    this.holdable =
      closerStart.length === 1 && literal === undefined && !otherStops.includes(closerStart)
        ? closerStart.charCodeAt(0)
        : -1;
  }

  /** Opens the run again, for the call `id` (and its `parameter`), having taken nothing. */
  open(id: string, parameter?: string): this {
    this.id = id;
    this.parameter = parameter;
    this.keptFrom = this.text?.length ?? 0;
    this.escapedAt = -1;
    this.quote = this.openingQuote;
    this.stops = this.openingStops;
    return this;
  }

  /**
   * Whether the run takes `code`, one of its stops, where it is: a quote or a backslash in a JSON value, a literal's next
   * character. The caller then keeps it in {@link text}; the run ends where it does not. A character that is no stop,
   * it takes anywhere ({@link takesAnywhere}). The stream's per-character path asks the two in its own test
   * (`takesAnywhere(code) || takesStop(code)`), which V8 compiles to branches: one method returning the same boolean had
   * V8 build it and test it again, 7 of about 180 machine instructions a character (callgrind, Node 22). Nothing is
   * counted here (see {@link kept}).
   */
  takesStop(code: number): boolean {
    return this.takesStopAt(code, this.textLength);
  }

  /** Whether the run takes every character of `chunk`: it takes them all then, or none. */
  takesAll(chunk: string): boolean {
    const { escapedAt, quote, stops } = this;
    const length = this.textLength;
    for (let index = 0; index < chunk.length; index += 1) {
      const code = chunk.charCodeAt(index);
      if (this.isStop(code) && !this.takesStopAt(code, length + index)) {
        this.escapedAt = escapedAt;
        this.quote = quote;
        this.stops = stops;
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the run may go on past `code`, a stop only as its body's closer's first character (a `>` in code, before a
   * `>>>`): the reader holds it, and when the next character rules the closer out and is no stop, both are the run's
   * text and the run goes on. Nothing else reads such a character: it is text or the closer's start.
   */
  mayHold(code: number): boolean {
    return code === this.holdable;
  }

  /** Whether `code` ends the run nowhere: no stop, whatever the run has taken. */
  takesAnywhere(code: number): boolean {
    return !this.isStop(code);
  }

  /** How many characters the run kept since it opened: the reader counts them in when the run ends. */
  get kept(): number {
    return this.textLength - this.keptFrom;
  }

  /** Whether the text the run kept ends with a backslash that escapes the next character. */
  get endsInEscape(): boolean {
    return this.escapedAt === this.textLength;
  }

  /** For a run of a JSON value's text, the quote of the string its text ends in; "" between strings. */
  get endsInQuote(): string {
    return this.quote === NO_QUOTE ? "" : String.fromCharCode(this.quote);
  }

  private isStop(code: number): boolean {
    return code < 128 ? this.stops[code] === 1 : this.stopsPastAscii;
  }

  /** The length of the text runs of prose keep none of; only runs inside strings, which keep theirs, look at it. */
  private get textLength(): number {
    return this.text?.length ?? 0;
  }

  /**
   * A stop the run still takes, to be kept at `length`: a literal's next character; in a JSON value, a backslash in a
   * string, a quote that ends its string or, between strings, starts one.
   */
  private takesStopAt(code: number, length: number): boolean {
    const { literal, stopsByQuote } = this;
    if (literal !== undefined) return code === literal.charCodeAt(length - this.keptFrom);
    if (stopsByQuote === undefined) return false;
    if (this.quote === NO_QUOTE) return this.enters(stopsByQuote, code);
    if (code === BACKSLASH) {
      if (this.escapedAt !== length) this.escapedAt = length + 1;
      return true;
    }
    if (code !== this.quote) return false;
    if (this.escapedAt !== length) this.enters(stopsByQuote, NO_QUOTE);
    return true;
  }

  /**
   * Whether the run goes on into the place `code` leads to: the string a quote opens, or ({@link NO_QUOTE}) the text
   * after one; any other code leads nowhere, and the run ends there.
   */
  private enters(stopsByQuote: ReadonlyMap<number, Uint8Array>, code: number): boolean {
    const stops = stopsByQuote.get(code);
    if (stops === undefined) return false;
    this.quote = code;
    this.stops = stops;
    return true;
  }
}

/**
 * Where a run ends, beside the first character of its body's closer: at these `stops`; or, for a run of a `literal`, at
 * the first character that differs from it.
 */
export interface RunStops {
  readonly stops: string;
  /**
   * For a run of a JSON value's text: the quote of the string it opens inside, or "" between strings. It goes on
   * through strings, in either quote, whole, and `stops` are those between them.
   */
  readonly quote?: string;
  readonly literal?: string;
}

const STOPS_AT = new Map<string, RunStops>();

/** The {@link RunStops} of runs that `characters` end, one object for each, so that runs of it are found again. */
export function stopsAt(characters: string): RunStops {
  let shape = STOPS_AT.get(characters);
  if (shape === undefined) {
    shape = { stops: characters };
    STOPS_AT.set(characters, shape);
  }
  return shape;
}

/** A run that only the body's closer ends. */
export const AT_CLOSER_ONLY = stopsAt("");

/**
 * The {@link RunStops} of runs of the ASCII characters `takes` holds (a name's): every other ends them, and so does every
 * character past ASCII (the few a name may hold there are read off the run).
 */
export function stopsAtAllBut(takes: (character: string) => boolean): RunStops {
  const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
  return stopsAt(`${ascii.filter((character) => !takes(character)).join("")}\u0080`);
}

/** A run of a word's characters (`\w`, ASCII's). */
export const TO_WORD_END = stopsAtAllBut((character) => /\w/.test(character));

const LITERALS = new Map<string, RunStops>();

/** The {@link RunStops} of a run of `literal`, one object for each. */
export function literalRun(literal: string): RunStops {
  let shape = LITERALS.get(literal);
  if (shape === undefined) {
    shape = { stops: "", literal };
    LITERALS.set(literal, shape);
  }
  return shape;
}

/**
 * The runs one reader opens, one for each closer start and {@link RunStops} it opens with, kept to be opened again: a
 * reader opens a run after every character that ended one. Looked up by identity, a handful at most, without a key
 * built: this is the stream's path after each such character.
 */
export class TextRuns {
  private readonly runs: Array<{ closerStart: string; shape: RunStops; run: TextRun }> = [];

  /** `text` and `alsoText`: where the reader keeps its text, the same at every opening. */
  constructor(
    private readonly text: TextAccumulator,
    private readonly alsoText?: TextAccumulator,
  ) {}

  /** The run `shape` gives beside `closerStart` (a body's closer's first character, or ""), opened for `id`. */
  open(closerStart: string, shape: RunStops, id: string, parameter?: string): TextRun {
    for (const kept of this.runs) {
      if (kept.shape === shape && kept.closerStart === closerStart) return kept.run.open(id, parameter);
    }
    const { stops, quote, literal } = shape;
    const run = new TextRun(stops, quote, this.text, this.alsoText, literal, closerStart);
    this.runs.push({ closerStart, shape, run });
    return run.open(id, parameter);
  }
}

/**
 * The runs of text a reader holds while it reads it (a tag, a header, a marker being written): no call's text. What each
 * run took is kept here, beside the body where the reader keeps its text, if it does, and taken out when the run ends.
 */
export class HeldTextRuns {
  private readonly held = new TextAccumulator();
  private readonly runs: TextRuns;

  /** `body`: where the reader keeps all its text, the held text too; none where it keeps only what it holds. */
  constructor(body?: TextAccumulator) {
    this.runs = body === undefined ? new TextRuns(this.held) : new TextRuns(body, this.held);
  }

  /** The run `shape` gives (beside `closerStart`, a body's closer's first character). */
  open(shape: RunStops, closerStart = ""): TextRun {
    return this.runs.open(closerStart, shape, NO_CALL);
  }

  /** The text the last run took, forgotten here. */
  take(): string {
    const text = this.held.toString();
    this.held.reset();
    return text;
  }
}
