import { trimTrailingLineBreak } from "../coerce-argument.js";
import { generatedCallId, type TextToolCallFormat } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import { JsonValueEnd } from "./json-value-end.js";
import { anyOfLiterals } from "./literal-pattern.js";
import { reportCallError, type ScannedTagCall, type ScannedToolCallBody } from "./scanned-tool-call-body.js";
import { shortenText } from "./shorten-text.js";
import { TaggedBodyReader, type TaggedValueEnd } from "./tagged-body-reader.js";

/** What closes a function in every syntax of function tags. */
export const FUNCTION_END = "</function>";

/** An opening tag read: the name it gives, where its content starts, and what is wrong with it. */
export interface OpeningTag {
  name: string;
  next: number;
  problems: Array<{ message: string; parameter?: string }>;
}

/**
 * How a syntax writes a call as tags: a function tag naming the tool, a parameter tag around each argument's value,
 * then `</function>`.
 */
export interface FunctionTagSyntax {
  /** What opens a function, and a parameter. */
  readonly functionOpener: string;
  readonly parameterOpener: string;
  readonly parameterCloser: string;
  /** What closes a function: `</function>`, or a namespaced tag. */
  readonly functionCloser: string;
  /** What opens and closes the text the functions are in, in messages: `<tool_call>` and `</tool_call>`. */
  readonly bodyOpener: string;
  readonly bodyCloser: string;
  /** The format its calls carry: `xml` reads values as XML text (entities, CDATA), decoded when the call is built; any other as raw text. */
  readonly format: TextToolCallFormat;
  /** The function tag's pattern, in messages. */
  readonly functionPattern: string;
  /** Whether a function may hold a JSON object instead of parameters (`<function=name>{...}`). */
  readonly jsonArguments: boolean;
  /** Reads the function tag starting at `start` (its `<`). */
  readFunction(reader: TaggedBodyReader, start: number): OpeningTag;
  /** Reads the parameter tag starting at `start` (its `<`), in the function `functionTag`. */
  readParameter(reader: TaggedBodyReader, start: number, functionTag: string): OpeningTag;
  /** The function tag naming `name`, in messages. */
  functionTag(name: string): string;
}

/** The parameters a tool declares, by the tool's name; undefined where the tool, or its `properties`, is not known. */
export type DeclaredParameters = (toolName: string) => ReadonlySet<string> | undefined;

/**
 * Reads the calls of a body written as function tags of `syntax`; a body may hold several functions. A missing
 * parameter closer or `</function>` is reported and the call kept (vLLM accepts both silently); so is text outside
 * the tags. A closing parameter tag inside a value counts only before another parameter, or the function's end (see
 * {@link parameterValueEnd}). `declared`: the parameters of the tools known, which alone open parameters inside a
 * value of their function.
 */
export function scanFunctionTagCalls(
  body: string,
  firstCallIndex: number,
  syntax: FunctionTagSyntax,
  declared?: DeclaredParameters,
): ScannedToolCallBody {
  const reader = new TaggedBodyReader(body);
  const calls: ScannedTagCall[] = [];
  const errors: ToolCallError[] = [];
  let index = reader.skipSpace(0);
  while (index < body.length) {
    if (!reader.startsWith(syntax.functionOpener, index)) {
      const end = reader.firstOf([syntax.functionOpener], index);
      const message = `Text outside ${syntax.functionPattern} in ${syntax.bodyOpener}: ${stray(body, index, end)}`;
      errors.push({ code: "PARSE_ERROR", message });
      index = end;
      continue;
    }
    const read = readFunction(reader, index, firstCallIndex + calls.length, syntax, declared);
    calls.push(read.call);
    index = reader.skipSpace(read.next);
  }
  return { calls, errors };
}

/** The function whose opening tag is at `start`, and where reading goes on. */
function readFunction(
  reader: TaggedBodyReader,
  start: number,
  callIndex: number,
  syntax: FunctionTagSyntax,
  declared: DeclaredParameters | undefined,
): { call: ScannedTagCall; next: number } {
  const { body } = reader;
  const opened = syntax.readFunction(reader, start);
  const call: ScannedTagCall = {
    id: generatedCallId(callIndex),
    callIndex,
    name: opened.name,
    format: syntax.format,
    parameters: [],
    errors: [],
    text: "",
  };
  for (const problem of opened.problems) reportCallError(call, problem.message);
  const tag = syntax.functionTag(opened.name);
  const afterValue = [syntax.parameterOpener, syntax.functionCloser, syntax.functionOpener];
  const parameters = declared?.(opened.name);
  let index = opened.next;
  const json = syntax.jsonArguments ? readJsonArguments(reader, index, syntax) : undefined;
  if (json !== undefined) {
    call.jsonArguments = body.slice(json.start, json.end);
    index = json.end;
  }
  for (;;) {
    index = reader.skipSpace(index);
    if (reader.startsWith(syntax.functionCloser, index)) {
      index += syntax.functionCloser.length;
      break;
    }
    if (index === body.length || reader.startsWith(syntax.functionOpener, index)) {
      const before = index === body.length ? syntax.bodyCloser : `the next ${syntax.functionPattern}`;
      reportCallError(call, `${tag} was not closed before ${before}`);
      break;
    }
    if (!reader.startsWith(syntax.parameterOpener, index)) {
      const end = reader.firstOf(afterValue, index);
      reportCallError(call, `Text outside any tag inside ${tag}: ${stray(body, index, end)}`);
      index = end;
      continue;
    }
    const parameter = syntax.readParameter(reader, index, tag);
    for (const problem of parameter.problems) reportCallError(call, problem.message, problem.parameter);
    const value = parameterValueEnd(reader, parameter.next, syntax, parameters);
    if (!value.closed) {
      const message = `Parameter "${parameter.name}" was not closed by ${syntax.parameterCloser}`;
      reportCallError(call, message, parameter.name);
    }
    const raw = body.slice(parameter.next, value.end);
    // A value cut at the next tag ends with the line break the template writes after a parameter, not with its own.
    call.parameters.push([parameter.name, value.closed ? raw : trimTrailingLineBreak(raw)]);
    index = value.next;
  }
  call.text = body.slice(start, index);
  return { call, next: index };
}

/**
 * Where the value starting at `start` ends. As {@link TaggedBodyReader.valueEnd} reads values, with two readings of
 * what a value may hold, since models write files that hold tool calls: a call written whole inside it (`<tool_call>`
 * or `<function=` to its own closing tag) is its text, tags and all; and in a function of a known tool, a parameter
 * tag naming none of its `parameters` is text, neither opening a parameter nor following a closing one. vLLM's
 * parsers of such tags read both so. A call written inside a value and never closed makes the value, and every later one of the body, read as before.
 */
function parameterValueEnd(
  reader: TaggedBodyReader,
  start: number,
  syntax: FunctionTagSyntax,
  parameters: ReadonlySet<string> | undefined,
): TaggedValueEnd {
  const { parameterOpener, parameterCloser, functionOpener, functionCloser, bodyOpener, bodyCloser } = syntax;
  const opensParameter = (at: number): boolean =>
    parameters === undefined || parameters.has(syntax.readParameter(reader, at, "").name);
  const follows = (at: number): boolean =>
    at === reader.body.length ||
    reader.startsWith(functionCloser, at) ||
    reader.startsWith(functionOpener, at) ||
    (reader.startsWith(parameterOpener, at) && opensParameter(at));
  const fallback = (): TaggedValueEnd =>
    reader.valueEnd(start, parameterCloser, [parameterOpener, functionCloser, functionOpener], parameterOpener);
  if (UNCLOSED_CALL_IN_VALUE.has(reader)) return fallback();
  const pattern = tagPatternOf(syntax);
  pattern.lastIndex = start;
  let depth = 0;
  for (let found = pattern.exec(reader.body); found !== null; found = pattern.exec(reader.body)) {
    const [tag] = found;
    const at = found.index;
    if (tag === functionOpener || tag === bodyOpener) depth += 1;
    else if (depth > 0 && (tag === functionCloser || tag === bodyCloser)) depth -= 1;
    else if (depth === 0 && tag === parameterCloser && follows(reader.skipSpace(at + tag.length))) {
      return { end: at, next: at + tag.length, closed: true };
    } else if (depth === 0 && tag === parameterOpener && opensParameter(at)) {
      return { end: at, next: at, closed: false };
    }
  }
  // A call in the value never closed: every later value would be read to the body's end again, so none is read so.
  UNCLOSED_CALL_IN_VALUE.add(reader);
  return fallback();
}

/** The bodies where a value held a call it never closed: their values are read without looking for calls in them. */
const UNCLOSED_CALL_IN_VALUE = new WeakSet<TaggedBodyReader>();

/** The pattern of each syntax's tags, as {@link parameterValueEnd} reads a value, made once. */
const TAG_PATTERNS = new WeakMap<FunctionTagSyntax, RegExp>();

function tagPatternOf(syntax: FunctionTagSyntax): RegExp {
  let pattern = TAG_PATTERNS.get(syntax);
  if (pattern === undefined) {
    const { parameterCloser, parameterOpener, functionOpener, bodyOpener, functionCloser, bodyCloser } = syntax;
    pattern = anyOfLiterals([parameterCloser, parameterOpener, functionOpener, bodyOpener, functionCloser, bodyCloser]);
    TAG_PATTERNS.set(syntax, pattern);
  }
  return pattern;
}

/**
 * A JSON object written as a function's whole content (a model's custom tools, and servers that pass it on), from its
 * `{` to its last `}`; undefined when the content, up to the function's end or the next function, is not one object.
 * The object is looked for only up to there, as parameters are, so each function's content is read once.
 */
function readJsonArguments(
  reader: TaggedBodyReader,
  start: number,
  syntax: FunctionTagSyntax,
): { start: number; end: number } | undefined {
  const open = reader.skipSpace(start);
  if (!reader.startsWith("{", open)) return undefined;
  const tags = [syntax.functionCloser, syntax.functionOpener];
  // The object is read to the first tag; when it is not whole there, a `</function>` was written in one of its
  // strings, and it is read to the next function (no further: text is read once, however many objects are broken).
  const end =
    jsonValueEnd(reader.body.slice(0, reader.firstOf(tags, open)), open) ??
    jsonValueEnd(reader.body.slice(0, reader.firstOf([syntax.functionOpener], open)), open);
  if (end === undefined) return undefined;
  const next = reader.skipSpace(end);
  const endsCall = next === reader.body.length || tags.some((tag) => reader.startsWith(tag, next));
  return endsCall ? { start: open, end } : undefined;
}

/** Where the JSON value opening at `start` in `text` ends, if it ends there. */
function jsonValueEnd(text: string, start: number): number | undefined {
  const valueEnd = new JsonValueEnd();
  const end = valueEnd.scan(text, start);
  return valueEnd.found ? end : undefined;
}

/** The opening tag at `start`, to its `>` (outside quotes), and where its content starts. */
export function readTag(reader: TaggedBodyReader, start: number): { tag: string; next: number } {
  const { body } = reader;
  let quote = "";
  for (let index = start; index < body.length; index += 1) {
    const character = body.charAt(index);
    if (quote !== "") {
      if (character === quote) quote = "";
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === ">") {
      return { tag: body.slice(start, index + 1), next: index + 1 };
    }
  }
  return { tag: body.slice(start), next: body.length };
}

function stray(body: string, start: number, end: number): string {
  return shortenText(body.slice(start, end).trim());
}
