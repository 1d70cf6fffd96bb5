import type { BuiltBlockCalls } from "./build-hermes-call.js";
import { parseJsonArguments } from "./parse-json-arguments.js";
import { shortenText } from "./shorten-text.js";
import { TaggedBodyReader } from "./tagged-body-reader.js";
import type { ToolCall } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";
import { checkToolCall, type ToolCatalog } from "./tool-catalog.js";

/** Kimi K2's section markers: the plural form its chat template writes, and the singular one vLLM also accepts. */
export const KIMI_SECTIONS: ReadonlyMap<string, string> = new Map([
  ["<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"],
  ["<|tool_call_section_begin|>", "<|tool_call_section_end|>"],
]);

const CALL_BEGIN = "<|tool_call_begin|>";
const ARGUMENT_BEGIN = "<|tool_call_argument_begin|>";
const CALL_END = "<|tool_call_end|>";
/** What may follow a call's end; the first of them also cuts a call left unclosed. */
const AFTER_CALL = [CALL_BEGIN];

/** `functions.get_weather:0`: the tool's name, between the optional `functions.` and the call's index. */
const CALL_ID = /^(?:functions\.)?(.+?)(?::\d+)?$/;

/**
 * Reads the body of a Kimi K2 tool-call section (between `<|tool_calls_section_begin|>` and its end):
 * `<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>` for each
 * call. The call keeps Kimi's id (`functions.get_weather:0`), which the tool's result must name; arguments are JSON,
 * read as OpenAI's are (repaired, or read once more when encoded twice). A missing `<|tool_call_end|>` or argument
 * marker, and text between the calls, are reported; a section holding no call gives only an error.
 */
export function buildKimiCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const reader = new TaggedBodyReader(body);
  const result: BuiltBlockCalls = { calls: [], errors: [] };
  let index = reader.skipSpace(0);
  while (index < body.length) {
    if (!reader.startsWith(CALL_BEGIN, index)) {
      const end = reader.firstOf([CALL_BEGIN], index);
      const message = `Text outside ${CALL_BEGIN} in a Kimi tool-call section: ${shortenText(body.slice(index, end).trim())}`;
      result.errors.push({ code: "PARSE_ERROR", message });
      index = end;
      continue;
    }
    const start = index + CALL_BEGIN.length;
    const callEnd = reader.valueEnd(start, CALL_END, AFTER_CALL);
    const text = body.slice(start, callEnd.end);
    result.calls.push({ ...buildCall(text, callEnd.closed, firstCallIndex + result.calls.length, catalog), text });
    index = reader.skipSpace(callEnd.next);
  }
  if (result.calls.length === 0 && result.errors.length === 0) {
    result.errors.push({ code: "PARSE_ERROR", message: "A Kimi tool-call section holds no call" });
  }
  return result;
}

/** One call from the text between `<|tool_call_begin|>` and `<|tool_call_end|>`. */
function buildCall(
  text: string,
  closed: boolean,
  callIndex: number,
  catalog: ToolCatalog | undefined,
): { call: ToolCall; errors: ToolCallError[] } {
  const marker = text.indexOf(ARGUMENT_BEGIN);
  const id = (marker === -1 ? text : text.slice(0, marker)).trim();
  const name = CALL_ID.exec(id)?.[1] ?? id;
  const call: ToolCall = { id: id === "" ? `call_${callIndex}` : id, name, arguments: {}, format: "kimi" };
  const errors: ToolCallError[] = [];
  const report = (message: string) => errors.push({ code: "PARSE_ERROR", message, callIndex, name });
  if (marker === -1) {
    report(`Tool "${name}": no ${ARGUMENT_BEGIN} before its arguments`);
  } else {
    const read = parseJsonArguments(text.slice(marker + ARGUMENT_BEGIN.length));
    call.arguments = read.arguments;
    if (read.rawArguments !== undefined) call.rawArguments = read.rawArguments;
    if (read.message !== undefined) report(`Tool "${name}": ${read.message}`);
  }
  if (!closed) report(`Tool "${name}": its call was not closed by ${CALL_END}`);
  errors.unshift(...checkToolCall(call, callIndex, catalog));
  return { call, errors };
}
