import { CallAnnouncer } from "./call-announcer.js";
import { gemmaArgumentsEnd, readGemmaCallHeader } from "./read-gemma-calls.js";
import { generatedCallId } from "./tool-call.js";

/** How far after a call's end (or the block's start) the next call's header is looked for. */
const HEADER_LIMIT = 300;
/** How many times a call's end is looked for before its text is streamed to the block's end. */
const END_CHECKS = 8;
/** The string delimiters that are special tokens: outside a string, no text writes them. */
const TOKEN_DELIMITERS = ['<|"|>', "<escape>"];
const LONGEST_DELIMITER = Math.max(...TOKEN_DELIMITERS.map((delimiter) => delimiter.length));

/**
 * Announces the calls of a Gemma call block (`<|tool_call>`, `<start_function_call>`) while it arrives: a call starts
 * once `call:name{` is read, and its arguments stream to their closing brace. Where the brackets outside
 * special-token strings balance at a closing brace, the arguments up to it are read as {@link readGemmaCalls} reads
 * them, and the call ends there when they are whole. That depends only on the text up to the brace, so a stream split
 * anywhere gives each call the same text. A call whose end is not found in {@link END_CHECKS} tries streams to the
 * block's end; text after a call that is no `call:` ends the announcing, and the calls after it come whole at the close.
 */
export class GemmaCallAnnouncer extends CallAnnouncer {
  private reading: "header" | "arguments" | "nothing" = "nothing";
  /** Characters of the block's body read so far; the text since the last call's end, while a header is read. */
  private bodyLength = 0;
  private header = "";
  /** Where the current call's arguments start in the body, and what closes them: `}`, or `)` after a `(`. */
  private argumentsStart = 0;
  private closer = "}";
  /** Text not looked at yet: the start of a string delimiter, which the next text completes or not. */
  private pending = "";
  /** Brackets opened and not closed, outside strings; the delimiter of the string the arguments are in. */
  private depth = 0;
  private inString: string | undefined;
  private checks = 0;

  /** Starts following a block that has just opened. */
  open(): void {
    this.forget();
    this.reading = "header";
  }

  /**
   * Reads block text as it arrives, after the scanner appended it to the body that `body` gives; calls are numbered
   * from `nextCallIndex`.
   */
  follow(text: string, body: () => string, nextCallIndex: number): void {
    const textStart = this.bodyLength;
    this.bodyLength += text.length;
    if (this.reading === "header") {
      this.readHeader(`${this.header}${text}`, textStart - this.header.length, body, nextCallIndex);
    } else if (this.reading === "arguments") {
      this.readArguments(text, textStart, body, nextCallIndex);
    }
  }

  /** Plain text (no `<`) without the arguments' closer cannot end them, when no delimiter is half read. */
  takesPlainText(chunk: string): boolean {
    return this.reading === "arguments" && this.pending === "" && !chunk.includes(this.closer);
  }

  override readPlainText(chunk: string): string {
    this.bodyLength += chunk.length;
    if (this.inString === undefined) this.depth += bracketBalance(chunk);
    return super.readPlainText(chunk);
  }

  private readHeader(header: string, headerStart: number, body: () => string, nextCallIndex: number): void {
    const read = readGemmaCallHeader(header);
    if (read === "none" || (read === "pending" && header.length > HEADER_LIMIT)) {
      this.reading = "nothing";
      return;
    }
    if (read === "pending") {
      this.header = header;
      return;
    }
    this.announce(generatedCallId(nextCallIndex + this.announcedCount), read.name);
    this.reading = "arguments";
    this.header = "";
    this.argumentsStart = headerStart + read.argumentsStart;
    this.closer = header.charAt(read.argumentsStart) === "(" ? ")" : "}";
    this.pending = "";
    this.depth = 0;
    this.inString = undefined;
    this.checks = 0;
    this.readArguments(header.slice(read.argumentsStart), this.argumentsStart, body, nextCallIndex);
  }

  private readArguments(text: string, textStart: number, body: () => string, nextCallIndex: number): void {
    const end = this.findEnd(text, textStart, body);
    if (end === undefined) {
      this.addText(text);
      return;
    }
    // The call stays current until the next one starts: its last text goes out under its id.
    this.addText(text.slice(0, end - textStart));
    if (this.reading === "nothing") return;
    this.reading = "header";
    this.readHeader(text.slice(end - textStart), end, body, nextCallIndex);
  }

  /**
   * Where in the body the current call's arguments end, if they end in `text` (which starts at `textStart`). Each
   * character is looked at once, whatever pieces the text comes in.
   */
  private findEnd(text: string, textStart: number, body: () => string): number | undefined {
    let index = this.readPending(text);
    if (index === undefined) return undefined;
    while (index < text.length) {
      if (this.inString !== undefined) {
        const close = text.indexOf(this.inString, index);
        if (close === -1) {
          this.pending = delimiterStartAtEnd(text, index, this.inString);
          return undefined;
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
          return undefined;
        }
        index += delimiter?.length ?? 1;
        this.inString = delimiter;
        continue;
      }
      index += 1;
      this.depth += bracketBalance(character);
      if (character !== this.closer || this.depth > 0 || this.checks === END_CHECKS) continue;
      this.checks += 1;
      const braceEnd = textStart + index;
      const end = gemmaArgumentsEnd(body().slice(this.argumentsStart, braceEnd));
      if (end === undefined) continue;
      // Arguments that closed at an earlier brace, one in what looked like a string: their text went out past their
      // end, whatever the pieces, and the calls after them come whole at the close.
      if (this.argumentsStart + end < braceEnd) this.reading = "nothing";
      return braceEnd;
    }
    return undefined;
  }

  /**
   * Decides what the start of a delimiter held from the last text is, now that `text` follows it: where reading goes
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

  protected override forget(): void {
    super.forget();
    this.reading = "nothing";
    this.bodyLength = 0;
    this.header = "";
  }
}

/**
 * The string delimiter written at `index` (its `<`); `""` when the text ends in what may still become one, undefined
 * when none is written there.
 */
function delimiterAt(text: string, index: number): string | undefined {
  for (const delimiter of TOKEN_DELIMITERS) {
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
  for (let length = Math.min(delimiter.length - 1, text.length - from); length > 0; length -= 1) {
    const end = text.slice(text.length - length);
    if (delimiter.startsWith(end)) return end;
  }
  return "";
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
