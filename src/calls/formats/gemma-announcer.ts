import { type ArgumentsLexer, BracketedCallAnnouncer, type CallHeader } from "../engine/bracketed-call-announcer.js";
import { GEMMA_STRING_TOKENS, type GemmaArguments, readGemmaArguments, readGemmaCallHeader } from "./gemma-values.js";

/** The string delimiters that are special tokens: outside a string, no text writes them. */
const LONGEST_DELIMITER = Math.max(...GEMMA_STRING_TOKENS.map((delimiter) => delimiter.length));

/**
 * Announces the calls of a Gemma call block (`<|tool_call>`, `<start_function_call>`) while it arrives: a call starts
 * once `call:name{` is read, and its arguments stream to their closing brace, read as {@link readGemmaCalls} reads
 * them (see {@link BracketedCallAnnouncer}).
 */
export class GemmaCallAnnouncer extends BracketedCallAnnouncer<GemmaArguments> {
  protected readonly lexer = new GemmaLexer();

  protected readCallHeader(header: string): CallHeader | "pending" | "none" {
    const read = readGemmaCallHeader(header);
    if (typeof read === "string") return read;
    const closer = header.charAt(read.argumentsStart) === "(" ? ")" : "}";
    return { name: read.name, textStart: read.argumentsStart, closer };
  }

  protected override readCall(text: string): { read: GemmaArguments; length: number } | undefined {
    const read = readGemmaArguments(text);
    return read === undefined ? undefined : { read, length: read.text.length };
  }
}

/** Gemma's arguments: strings between special tokens, and brackets outside them. */
class GemmaLexer implements ArgumentsLexer {
  private closer = "}";
  private depth = 0;
  /** The delimiter of the string being read; text held: the start of a delimiter, which the next piece completes. */
  private inString: string | undefined;
  private pending = "";

  start(closer: string): void {
    this.closer = closer;
    this.depth = 0;
    this.inString = undefined;
    this.pending = "";
  }

  takesPlain(chunk: string): boolean {
    return this.pending === "" && !chunk.includes(this.closer);
  }

  /** A quiet character is no string's delimiter (they start with `<`) and no bracket: the state stays. */
  passQuiet(): void {}

  next(text: string, from: number): number {
    let index = from === 0 ? this.readPending(text) : from;
    if (index === undefined) return -1;
    while (index < text.length) {
      if (this.inString !== undefined) {
        const close = text.indexOf(this.inString, index);
        if (close === -1) {
          this.pending = delimiterStartAtEnd(text, index, this.inString);
          return -1;
        }
        index = close + this.inString.length;
        this.inString = undefined;
        continue;
      }
      const character = text.charAt(index);
      if (character === "<") {
        const delimiter = delimiterAt(text, index);
        if (delimiter === "") {
          this.pending = text.slice(index);
          return -1;
        }
        index += delimiter?.length ?? 1;
        this.inString = delimiter;
        continue;
      }
      index += 1;
      this.depth += bracketBalance(character);
      if (character === this.closer && this.depth <= 0) return index;
    }
    return -1;
  }

  /**
   * Decides what the start of a delimiter held from the last piece is, now that `text` follows it: where reading goes
   * on in `text`, or undefined while `text` is too short to tell. Only its first character can start a delimiter, and
   * none of its characters is a bracket, so the rest is read from `text` on.
   */
  private readPending(text: string): number | undefined {
    const held = this.pending;
    if (held === "") return 0;
    this.pending = "";
    const joined = `${held}${text.slice(0, LONGEST_DELIMITER)}`;
    const delimiter = this.inString === undefined ? delimiterAt(joined, 0) : stringEndAt(joined, this.inString);
    if (delimiter === "") {
      this.pending = joined;
      return undefined;
    }
    if (delimiter === undefined) return 0;
    this.inString = this.inString === undefined ? delimiter : undefined;
    return delimiter.length - held.length;
  }
}

/**
 * The string delimiter written at `index` (its `<`); `""` when the text ends in what may still become one, undefined
 * when none is written there.
 */
function delimiterAt(text: string, index: number): string | undefined {
  for (const delimiter of GEMMA_STRING_TOKENS) {
    if (text.startsWith(delimiter, index)) return delimiter;
    if (text.length - index < delimiter.length && delimiter.startsWith(text.slice(index))) return "";
  }
  return undefined;
}

/** Like {@link delimiterAt}, for the delimiter that ends the string the text is in. */
function stringEndAt(text: string, delimiter: string): string | undefined {
  if (text.startsWith(delimiter)) return delimiter;
  return delimiter.startsWith(text) ? "" : undefined;
}

/** The end of `text` (from `from` on) that may be the start of `delimiter`, arriving in the next piece. */
function delimiterStartAtEnd(text: string, from: number, delimiter: string): string {
  // Every delimiter starts with `<`, its only `<`: the end in question starts at the text's last `<`.
  const lessThan = text.lastIndexOf("<");
  if (lessThan < from || text.length - lessThan >= delimiter.length) return "";
  const end = text.slice(lessThan);
  return delimiter.startsWith(end) ? end : "";
}

/** Opening brackets less closing ones in `text`. */
function bracketBalance(text: string): number {
  let balance = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charAt(index);
    if (character === "{" || character === "[" || character === "(") balance += 1;
    else if (character === "}" || character === "]" || character === ")") balance -= 1;
  }
  return balance;
}
