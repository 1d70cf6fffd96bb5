import { holdsCharacter } from "./holds-character.js";
import type { RunStops, TextRun } from "./text-run.js";

/**
 * Finds where a JSON object or array that arrives in chunks ends: its brackets are counted outside strings, so a `}`
 * inside a string (code in an argument) does not end it. Strings in single quotes count too: models write them in
 * JSON that is then repaired, and in pythonic call lists (`[f(code='}')]`). It does not check the JSON; whoever reads the value parses
 * it. Hand-written because it must stop at the value's end while the text is still arriving, which no JSON parser
 * does without the whole text.
 *
 * @example
 * const end = new JsonValueEnd();
 * end.scan('{"a": "}"} and prose', 0); // 10, and end.found is true
 */
export class JsonValueEnd {
  /** Whether the last {@link scan} reached the end of the value. */
  found = false;
  private depth = 0;
  /** The quote of the string being read, or "". */
  private quote = "";
  private escaped = false;

  /** `parentheses`: they bracket too, as in a pythonic call `f(x=[1])` (whose end is then its closing one). */
  constructor(private readonly parentheses = false) {}

  /** Whether the text read so far ends inside a string. */
  get inString(): boolean {
    return this.quote !== "";
  }

  /** How many brackets the text read so far left open: 0 between values. */
  get openBrackets(): number {
    return this.depth;
  }

  /**
   * Where a run of the value's text may go from here (see `TextRun`): through strings and what is between them, to a
   * bracket between strings (or a backslash, which only a string holds). None where an escape is begun.
   */
  runStops(): RunStops | undefined {
    if (this.quote === "") return BETWEEN_STRINGS;
    if (this.escaped) return undefined;
    return this.quote === '"' ? IN_DOUBLE_QUOTES : IN_SINGLE_QUOTES;
  }

  /**
   * Whether reading `chunk` next may end the value: it holds a closing bracket, and is not all inside the string being
   * read (a stream's characters of a string are then passed by without a look for the end).
   */
  mayEndWith(chunk: string): boolean {
    if (this.quote !== "" && !holdsCharacter(chunk, this.quote)) return false;
    return holdsClosingBracket(chunk, this.parentheses);
  }

  /**
   * Counts in a run opened where {@link runStops} said: the string its text ends in, if any, and a backslash it took last
   * that escapes the next character.
   */
  closeRun(run: TextRun): void {
    this.quote = run.endsInQuote;
    if (run.endsInEscape) this.escaped = true;
  }

  /** Starts a new value. */
  reset(): void {
    this.found = false;
    this.depth = 0;
    this.quote = "";
    this.escaped = false;
  }

  /**
   * Reads `chunk` from `start` and returns where it stopped: just after the value's closing bracket when `found`,
   * else the end of the chunk. The value must start with `{` or `[`.
   */
  scan(chunk: string, start: number): number {
    this.found = false;
    // Where the string being read has its next quote, and its next backslash before that quote: a long string (a
    // file's content) is skipped to them natively. Each stretch is searched once, however many backslashes a string
    // holds, and a backslash is looked for only up to the quote (not to the end of a chunk of many strings).
    let quoteAt = -1;
    let backslashAt = -1;
    for (let index = start; index < chunk.length; index += 1) {
      if (this.quote !== "" && !this.escaped && chunk.length - index > SKIPPED_STRING) {
        if (quoteAt < index) quoteAt = foundOrEnd(chunk, chunk.indexOf(this.quote, index));
        if (backslashAt < index) {
          const backslash = chunk.substring(index, quoteAt).indexOf("\\");
          backslashAt = backslash === -1 ? quoteAt : index + backslash;
        }
        index = Math.min(quoteAt, backslashAt);
        if (index === chunk.length) break;
      }
      const character = chunk.charAt(index);
      if (this.quote !== "") {
        if (this.escaped) this.escaped = false;
        else if (character === "\\") this.escaped = true;
        else if (character === this.quote) this.quote = "";
      } else if (character === '"' || character === "'") {
        this.quote = character;
      } else if (character === "{" || character === "[" || (character === "(" && this.parentheses)) {
        this.depth += 1;
      } else if (
        (character === "}" || character === "]" || (character === ")" && this.parentheses)) &&
        --this.depth === 0
      ) {
        this.found = true;
        return index + 1;
      }
    }
    return chunk.length;
  }
}

/** What ends a run of a value's text between its strings: a bracket, and a backslash, which only a string holds. */
const BETWEEN = "{}[]()\\";
const IN_DOUBLE_QUOTES: RunStops = { stops: BETWEEN, quote: '"' };
const IN_SINGLE_QUOTES: RunStops = { stops: BETWEEN, quote: "'" };
const BETWEEN_STRINGS: RunStops = { stops: BETWEEN, quote: "" };

const CLOSING_BRACKET = /[}\]]/;
const CLOSING_BRACKET_OR_PARENTHESIS = /[}\])]/;

/**
 * Whether `chunk` holds a bracket that may end a value {@link JsonValueEnd} reads (with `parentheses`, a `)` too): text
 * without one only adds to the value. A stream's single characters are compared, not searched.
 */
export function holdsClosingBracket(chunk: string, parentheses = false): boolean {
  if (chunk.length === 1) return chunk === "}" || chunk === "]" || (parentheses && chunk === ")");
  return (parentheses ? CLOSING_BRACKET_OR_PARENTHESIS : CLOSING_BRACKET).test(chunk);
}

/** Strings longer than this are skipped to their quote natively, not read a character at a time. */
const SKIPPED_STRING = 32;

function foundOrEnd(chunk: string, at: number): number {
  return at === -1 ? chunk.length : at;
}

/**
 * Whether JSON text, one value or several, ends inside a string. Between a tag and its closing tag, that means the
 * closing tag was written inside a value (or a quote was never closed): what precedes it is not the value meant.
 *
 * @example
 * endsInsideString('{"content": "close with '); // true: the text was cut at a `</tool_call>` inside the value
 */
export function endsInsideString(text: string): boolean {
  const end = new JsonValueEnd();
  let index = 0;
  while (index < text.length) index = end.scan(text, index);
  return end.inString;
}

/**
 * How many brackets JSON text, one value or several, leaves open at its end: the objects and arrays its last value ends
 * inside, outermost first. 0 when it ends between values.
 *
 * @example
 * openBracketsAtEnd('[{"name": "f", "arguments": {'); // 3
 */
export function openBracketsAtEnd(text: string): number {
  const end = new JsonValueEnd();
  let index = 0;
  while (index < text.length) index = end.scan(text, index);
  return end.openBrackets;
}

/**
 * Whether text ends before the JSON object or array it opens does (or opens none): arguments a token limit cut off.
 *
 * @example
 * endsBeforeItsValue('{"path": "a", "content": "abc"'); // true
 */
export function endsBeforeItsValue(text: string): boolean {
  const start = text.search(/[[{]/);
  if (start === -1) return true;
  const end = new JsonValueEnd();
  end.scan(text, start);
  return !end.found;
}
