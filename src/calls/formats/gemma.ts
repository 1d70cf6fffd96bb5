import { setOwnProperty } from "../../openapi/own-properties.js";
import { type ArgumentsLexer, BracketedCallAnnouncer, type CallHeader } from "../engine/bracketed-call-announcer.js";
import { buildJsonCall } from "../engine/build-json-call.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { shortenText } from "../engine/shorten-text.js";
import { type RunStops, stopsAt } from "../engine/text-run.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";

// Gemma 4 and FunctionGemma: how their values are written and read, how their calls are announced while they
// arrive, and how a block of them is built.

/** One call read from a Gemma call block: its tool's name and arguments, or why its arguments could not be read. */
export interface GemmaCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The arguments' text, as written. */
  text: string;
  /** Set when the arguments could not be read; they are then empty. */
  problem?: string;
}

/** What a Gemma call block holds: its calls, and what in it is not a call. */
export interface GemmaBlock {
  calls: GemmaCall[];
  problem?: string;
}

/** Values nested deeper than this are not read (the reader recurses). */
const MAX_NESTING = 100;

/** The special tokens Gemma writes around a string: Gemma 4's `<|"|>`, FunctionGemma's `<escape>`. */
export const GEMMA_STRING_TOKENS: readonly string[] = ['<|"|>', "<escape>"];

/** The string delimiters Gemma 4 (`<|"|>`) and FunctionGemma (`<escape>`) write, and ordinary quotes. */
const STRING_DELIMITERS = [...GEMMA_STRING_TOKENS, '"', "'"];

/** A key written bare: up to its colon. */
const BARE_KEY = /[^:,{}()[\]]*/y;

/**
 * `call:get_weather`, with the name written twice as some runtimes leak it (`call:f:f`), or after a stray colon
 * (`:call:f`), as Gemma 4 sometimes writes it after `<|tool_call>`.
 */
const CALL_NAME = /\s*:?call:([\w.-]+)(?::\1(?![\w.-]))?\s*/y;

/**
 * The token that ends Gemma 4's turn. Written where a block's closing token was left out, after its last call, it
 * closes the block, as vLLM's `gemma4_utils` reads it.
 */
const TURN_END = "<turn|>";

/**
 * The calls of a Gemma call block: the text between `<|tool_call>` and `<tool_call|>` (Gemma 4), or between
 * `<start_function_call>` and `<end_function_call>` (FunctionGemma): `call:get_weather{city:<|"|>Paris<|"|>,days:3}`.
 * Keys are bare; strings are written between delimiters (`<|"|>`, `<escape>`) and taken as they are; other values are
 * numbers, `true`, `false`, `null` (or `none`, `nil`), objects in braces and arrays in brackets; any other bare value is
 * a string, as vLLM reads it. Arguments in parentheses and strings in quotes, which Gemma also writes, are read too.
 * The block's body may end in `<turn|>`, written for its closing token.
 *
 * `readBefore` holds arguments already read (by where they start): they are taken, not read again.
 *
 * Hand-written: the syntax is Gemma's own, neither JSON nor a language a library reads.
 *
 * @example
 * readGemmaCalls('call:add{a:1,note:<|"|>x, y<|"|>}').calls[0]?.arguments; // { a: 1, note: "x, y" }
 */
export function readGemmaCalls(body: string, readBefore?: ReadonlyMap<number, GemmaArguments>): GemmaBlock {
  const calls: GemmaCall[] = [];
  let index = 0;
  for (;;) {
    CALL_NAME.lastIndex = index;
    const named = CALL_NAME.exec(body);
    if (named === null) {
      const stray = body.slice(index).trim();
      if (stray !== "" && stray !== TURN_END) {
        return { calls, problem: `expected call:name{...}, found: ${shortenText(stray)}` };
      }
      return calls.length === 0 ? { calls, problem: "it holds no call:name{...}" } : { calls };
    }
    const start = CALL_NAME.lastIndex;
    const reader = new GemmaArgumentsReader(body, start);
    const name = named[1] ?? "";
    // Arguments read whole as the block arrived (from this same text) are not read again.
    const known = readBefore?.get(start);
    if (known !== undefined) {
      calls.push({ name, arguments: known.arguments, text: known.text });
      index = start + known.text.length;
      continue;
    }
    try {
      const args = reader.argumentList();
      calls.push({ name, arguments: args, text: body.slice(start, reader.index) });
      index = reader.index;
    } catch (error) {
      if (!(error instanceof NotGemma)) throw error;
      // The call is kept without its arguments: the rest of the block cannot be told apart from them.
      calls.push({ name, arguments: {}, text: body.slice(start), problem: error.message });
      return { calls };
    }
  }
}

/** The tool the first call of a Gemma call block names, even one cut off: `get_weather` in `call:get_weather{ci`. */
export function firstGemmaCallName(body: string): string | undefined {
  CALL_NAME.lastIndex = 0;
  return CALL_NAME.exec(body)?.[1];
}

/**
 * The call a Gemma call's header opens, `call:get_weather{` (or its `(`): its tool's name, and where its arguments
 * start; `pending` while more text could still make the header one, `none` when no text can.
 *
 * @example
 * readGemmaCallHeader("call:get_weather{ci"); // { name: "get_weather", argumentsStart: 16 }
 */
export function readGemmaCallHeader(header: string): { name: string; argumentsStart: number } | "pending" | "none" {
  CALL_NAME.lastIndex = 0;
  const named = CALL_NAME.exec(header);
  const next = named === null ? "" : header.charAt(CALL_NAME.lastIndex);
  if (named !== null && (next === "{" || next === "(")) {
    return { name: named[1] ?? "", argumentsStart: CALL_NAME.lastIndex };
  }
  return HEADER_START.test(header) ? "pending" : "none";
}

/**
 * The start of a header: some of `call:` (perhaps after a stray colon), then perhaps a name (written twice, `call:f:f`,
 * as the reader allows).
 */
const HEADER_START = /^\s*:?(?:c(?:a(?:l(?:l(?::[\w.:-]*\s*)?)?)?)?)?$/;

/** Arguments of a Gemma call read whole, and their text. */
export interface GemmaArguments {
  arguments: Record<string, unknown>;
  text: string;
}

/**
 * The arguments written at the start of `text`, when they are whole there as {@link readGemmaCalls} reads them (up to
 * their closing brace or parenthesis); undefined when they are not (yet).
 *
 * @example
 * readGemmaArguments('{a:<|"|>}<|"|>} call:'); // { arguments: { a: "}" }, text: '{a:<|"|>}<|"|>}' }
 */
export function readGemmaArguments(text: string): GemmaArguments | undefined {
  const reader = new GemmaArgumentsReader(text, 0);
  try {
    const read = reader.argumentList();
    return { arguments: read, text: text.slice(0, reader.index) };
  } catch (error) {
    if (error instanceof NotGemma) return undefined;
    throw error;
  }
}

/** Thrown inside the reader where the text stops being Gemma's syntax; caught at its entry. */
class NotGemma extends Error {}

class GemmaArgumentsReader {
  private depth = 0;

  constructor(
    private readonly text: string,
    public index: number,
  ) {}

  /** `{key:value,...}` or `(key:value,...)`. */
  argumentList(): Record<string, unknown> {
    const opening = this.text.charAt(this.index);
    if (opening !== "{" && opening !== "(") throw this.problem("expected { after the tool's name");
    return this.members(opening === "{" ? "}" : ")");
  }

  private members(closer: string): Record<string, unknown> {
    this.enter();
    this.index += 1;
    const members: Record<string, unknown> = {};
    for (;;) {
      this.skipSpaceAndCommas();
      if (this.take(closer)) break;
      const key = this.key();
      this.skipSpace();
      if (!this.take(":")) throw this.problem(`expected : after the key "${key}"`);
      setOwnProperty(members, key, this.value([",", closer]));
      this.skipSpace();
      if (!this.take(",") && this.text.charAt(this.index) !== closer) throw this.problem(`expected , or ${closer}`);
    }
    this.depth -= 1;
    return members;
  }

  private items(): unknown[] {
    this.enter();
    this.index += 1;
    const items: unknown[] = [];
    for (;;) {
      this.skipSpaceAndCommas();
      if (this.take("]")) break;
      items.push(this.value([",", "]"]));
      this.skipSpace();
      if (!this.take(",") && this.text.charAt(this.index) !== "]") throw this.problem("expected , or ]");
    }
    this.depth -= 1;
    return items;
  }

  private key(): string {
    const quoted = this.delimitedString();
    if (quoted !== undefined) return quoted;
    BARE_KEY.lastIndex = this.index;
    const written = BARE_KEY.exec(this.text)?.[0] ?? "";
    const key = written.trim();
    if (key === "") throw this.problem("expected a key");
    this.index += written.length;
    return key;
  }

  private value(enders: readonly string[]): unknown {
    this.skipSpace();
    const quoted = this.delimitedString();
    if (quoted !== undefined) return quoted;
    const character = this.text.charAt(this.index);
    if (character === "{") return this.members("}");
    if (character === "[") return this.items();
    let end = this.index;
    while (end < this.text.length && !enders.includes(this.text.charAt(end))) end += 1;
    if (end === this.text.length) throw this.problem("the value is not closed");
    const written = this.text.slice(this.index, end).trim();
    this.index = end;
    return bareValue(written);
  }

  /** A string between one of the delimiters, as written (a quoted one with JSON escapes read); undefined if none. */
  private delimitedString(): string | undefined {
    const delimiter = STRING_DELIMITERS.find((candidate) => this.text.startsWith(candidate, this.index));
    if (delimiter === undefined) return undefined;
    const start = this.index + delimiter.length;
    let end = this.text.indexOf(delimiter, start);
    // In quotes, an escaped quote does not end the string.
    while (delimiter.length === 1 && end !== -1 && isEscaped(this.text, end))
      end = this.text.indexOf(delimiter, end + 1);
    if (end === -1) throw this.problem("a string is not closed");
    this.index = end + delimiter.length;
    const written = this.text.slice(start, end);
    if (delimiter !== '"') return written;
    try {
      return JSON.parse(`"${written}"`) as string;
    } catch {
      return written;
    }
  }

  private skipSpace(): void {
    while (/\s/.test(this.text.charAt(this.index))) this.index += 1;
  }

  private skipSpaceAndCommas(): void {
    while (/[\s,]/.test(this.text.charAt(this.index))) this.index += 1;
  }

  private take(character: string): boolean {
    if (this.text.charAt(this.index) !== character) return false;
    this.index += 1;
    return true;
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw this.problem(`values nest deeper than ${MAX_NESTING} levels`);
  }

  private problem(message: string): NotGemma {
    return new NotGemma(`${message} at character ${this.index}`);
  }
}

/** A bare value as vLLM reads it: `true`, `false`, `null`/`none`/`nil`, a number, else the text itself. */
function bareValue(written: string): unknown {
  if (written === "true") return true;
  if (written === "false") return false;
  if (/^(?:null|none|nil)$/i.test(written)) return null;
  return DECIMAL.test(written) ? Number(written) : written;
}

/** A decimal number, as Python's `int` and `float` read one (not `0x10`, which stays text). */
const DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Whether the character at `index` follows an odd number of backslashes. */
function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  while (text.charAt(index - 1 - backslashes) === "\\") backslashes += 1;
  return backslashes % 2 === 1;
}

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

/** Where a run of Gemma's arguments ends: strings have no escapes, and every delimiter starts with `<`. */
const GEMMA_IN_STRING = stopsAt("<");
const GEMMA_BETWEEN_STRINGS = stopsAt("<{}[]()");

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

  /** Text without a delimiter's start (`<`) nor the closer leaves the state as it is. */
  takesPlain(chunk: string): boolean {
    return this.pending === "" && !chunk.includes(this.closer) && !chunk.includes("<");
  }

  /**
   * With no delimiter's start held: inside a string, every character but a `<` leaves it open; outside, every one but
   * a `<` and a bracket leaves the state as it is.
   */
  runStops(): RunStops | undefined {
    if (this.pending !== "") return undefined;
    return this.inString === undefined ? GEMMA_BETWEEN_STRINGS : GEMMA_IN_STRING;
  }

  /** Nothing a run takes changes the state. */
  closeRun(): void {}

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

/**
 * The calls of a Gemma call block (see {@link readGemmaCalls}) opened by `opener` (`<|tool_call>`,
 * `<start_function_call>`). A call whose arguments cannot be read is kept without them, with its raw text and a
 * `PARSE_ERROR`; so is text in the block that is no call. `readBefore`: arguments read as the block arrived.
 */
export function buildGemmaCalls(
  opener: string,
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  readBefore?: ReadonlyMap<number, GemmaArguments>,
): BuiltBlockCalls {
  const block = readGemmaCalls(body, readBefore);
  const calls = block.calls.map((read, offset) => {
    const callIndex = firstCallIndex + offset;
    const built = buildJsonCall(
      { id: undefined, name: read.name, arguments: read.arguments, format: "gemma" },
      callIndex,
      catalog,
    );
    if (read.problem !== undefined) {
      built.call.rawArguments = read.text;
      const message = `Tool "${read.name}": its arguments in ${opener} cannot be read: ${read.problem}`;
      built.errors.push({ code: "PARSE_ERROR", message, callIndex, name: read.name });
    }
    return { ...built, text: read.text };
  });
  const errors =
    block.problem === undefined ? [] : [{ code: "PARSE_ERROR" as const, message: `${opener}: ${block.problem}` }];
  return { calls, errors };
}

/** Whether a block's body holds its calls whole, each read without a problem, and nothing else. */
function holdsWholeGemmaCalls(body: string): boolean {
  const block = readGemmaCalls(body);
  return block.problem === undefined && block.calls.every((call) => call.problem === undefined);
}

/**
 * Gemma 4's `<|tool_call>call:f{city:<|"|>Paris<|"|>}<tool_call|>` and FunctionGemma's `<start_function_call>`: its
 * strings are written between special tokens, so a closing token inside one is its text.
 */
export const GEMMA: CallBlockSyntax<GemmaArguments> = {
  format: "gemma",
  tags: new Map([
    ["|tool_call", "<tool_call|>"],
    ["start_function_call", "<end_function_call>"],
  ]),
  valueStrings: GEMMA_STRING_TOKENS,
  build: (opener, body, firstCallIndex, catalog, readBefore) =>
    buildGemmaCalls(opener, body, firstCallIndex, catalog, readBefore),
  firstCallName: firstGemmaCallName,
  // The closing token is left out when the model ends its turn instead (`<turn|>`) or the server stops before it: a
  // block whose calls are whole is complete without it.
  endsWhole: holdsWholeGemmaCalls,
  announcer: (deltas, sink) => new GemmaCallAnnouncer(deltas, sink),
};
