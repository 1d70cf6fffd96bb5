import { JsonValueEnd } from "./json-value-end.js";
import { reportCallError, type ScannedTagCall, type ScannedToolCallBody } from "./scanned-tool-call-body.js";
import { shortenText } from "./shorten-text.js";
import { TaggedBodyReader } from "./tagged-body-reader.js";
import type { ToolCallError } from "./tool-call-error.js";

const FUNCTION = "<function=";
const FUNCTION_END = "</function>";
const PARAMETER = "<parameter=";
const PARAMETER_END = "</parameter>";
/** What may follow a parameter's closing tag; the first of them also cuts a value left unclosed. */
const AFTER_VALUE = [PARAMETER, FUNCTION_END, FUNCTION];
/** What ends the name in `<function=name>` and `<parameter=name>`: its `>`, or a sign that the `>` was left out. */
const NAME_ENDS = [">", "<", "\n"];

/** Whether a `<tool_call>` body is written in Qwen3-Coder's syntax: it opens with `<function=`. */
export function isQwenXmlBody(body: string): boolean {
  return body.trimStart().startsWith(FUNCTION);
}

/**
 * Reads a `<tool_call>` body in Qwen3-Coder's syntax (as vLLM's `qwen3_coder` parser and llama.cpp read it):
 * `<function=name>`, then `<parameter=name>value</parameter>` for each argument, then `</function>`; a body may hold
 * several functions. Values are raw text, as the chat template writes them. A function may hold a JSON object instead
 * of parameters, as Llama 3.1 writes its custom tools' calls (`<function=name>{"city": "Paris"}</function>`). A missing `</parameter>` or `</function>`
 * is reported and the call kept (vLLM accepts both silently); text outside the tags is reported.
 */
export function scanQwenXmlCalls(body: string, firstCallIndex: number): ScannedToolCallBody {
  const reader = new TaggedBodyReader(body);
  const calls: ScannedTagCall[] = [];
  const errors: ToolCallError[] = [];
  let index = reader.skipSpace(0);
  while (index < body.length) {
    if (!reader.startsWith(FUNCTION, index)) {
      const end = reader.firstOf([FUNCTION], index);
      errors.push({
        code: "PARSE_ERROR",
        message: `Text outside <function=...> in <tool_call>: ${stray(body, index, end)}`,
      });
      index = end;
      continue;
    }
    const read = readFunction(reader, index, firstCallIndex + calls.length);
    calls.push(read.call);
    index = reader.skipSpace(read.next);
  }
  return { calls, errors };
}

/** The function whose `<function=` is at `start`, and where reading goes on. */
function readFunction(
  reader: TaggedBodyReader,
  start: number,
  callIndex: number,
): { call: ScannedTagCall; next: number } {
  const { body } = reader;
  const opened = readName(reader, start + FUNCTION.length);
  const call: ScannedTagCall = {
    id: `call_${callIndex}`,
    callIndex,
    name: opened.name,
    format: "hermes",
    parameters: [],
    errors: [],
    text: "",
  };
  const tag = `<function=${opened.name}>`;
  if (opened.name === "") reportCallError(call, `${tag} has no name`);
  if (!opened.closed) reportCallError(call, `${tag} is missing its ">"`);
  let index = opened.next;
  const json = readJsonArguments(reader, index);
  if (json !== undefined) {
    call.jsonArguments = body.slice(json.start, json.end);
    index = json.end;
  }
  for (;;) {
    index = reader.skipSpace(index);
    if (reader.startsWith(FUNCTION_END, index)) {
      index += FUNCTION_END.length;
      break;
    }
    if (index === body.length || reader.startsWith(FUNCTION, index)) {
      reportCallError(
        call,
        `${tag} was not closed before ${index === body.length ? "</tool_call>" : "the next <function=...>"}`,
      );
      break;
    }
    if (!reader.startsWith(PARAMETER, index)) {
      const end = reader.firstOf(AFTER_VALUE, index);
      reportCallError(call, `Text outside any tag inside ${tag}: ${stray(body, index, end)}`);
      index = end;
      continue;
    }
    const parameter = readParameterName(reader, index + PARAMETER.length);
    if (parameter.name === "") reportCallError(call, `<parameter=> in ${tag} has no name`);
    if (!parameter.closed) reportCallError(call, `<parameter=${parameter.name}> is missing its ">"`, parameter.name);
    const value = reader.valueEnd(parameter.next, PARAMETER_END, AFTER_VALUE);
    if (!value.closed)
      reportCallError(call, `Parameter "${parameter.name}" was not closed by </parameter>`, parameter.name);
    call.parameters.push([parameter.name, body.slice(parameter.next, value.end)]);
    index = value.next;
  }
  call.text = body.slice(start, index);
  return { call, next: index };
}

/**
 * A JSON object written as a function's whole content (Llama 3.1's custom tools, and servers that pass it on), from its
 * `{` to its last `}`; undefined when the content, up to the function's end or the next function, is not one object.
 * The object is looked for only up to there, as parameters are, so each function's content is read once.
 */
function readJsonArguments(reader: TaggedBodyReader, start: number): { start: number; end: number } | undefined {
  const open = reader.skipSpace(start);
  if (!reader.startsWith("{", open)) return undefined;
  const contentEnd = reader.firstOf([FUNCTION_END, FUNCTION], open);
  const valueEnd = new JsonValueEnd();
  const end = valueEnd.scan(reader.body.slice(0, contentEnd), open);
  return valueEnd.found && reader.skipSpace(end) >= contentEnd ? { start: open, end } : undefined;
}

/** The name starting at `start` (up to its `>`), whether the `>` was there, and where the tag's content starts. */
function readName(reader: TaggedBodyReader, start: number): { name: string; closed: boolean; next: number } {
  const end = reader.firstOf(NAME_ENDS, start);
  const closed = reader.startsWith(">", end);
  return { name: reader.body.slice(start, end).trim(), closed, next: closed ? end + 1 : end };
}

/**
 * A parameter's name, as {@link readName} reads it. Qwen3-Coder sometimes writes the value where the `>` belongs
 * (`<parameter=command=view</parameter>`, OpenHands #10039): the name then ends at its `=`, and the value follows.
 */
function readParameterName(reader: TaggedBodyReader, start: number): { name: string; closed: boolean; next: number } {
  const read = readName(reader, start);
  const equals = read.name.indexOf("=");
  if (read.closed || equals === -1) return read;
  return { name: read.name.slice(0, equals).trim(), closed: false, next: reader.body.indexOf("=", start) + 1 };
}

function stray(body: string, start: number, end: number): string {
  return shortenText(body.slice(start, end).trim());
}
