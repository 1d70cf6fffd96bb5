import { isJsonObject } from "../openapi/own-properties.js";
import type { BuiltCall } from "./build-xml-call.js";
import { parseJsonArguments, parseJsonText } from "./parse-json-arguments.js";
import type { ToolCall } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";
import { checkToolCall, type ToolCatalog } from "./tool-catalog.js";

/** What ends a Harmony message's header, and what ends a message that calls a tool. */
export const HARMONY_MESSAGE = "<|message|>";
export const HARMONY_CALL_END = "<|call|>";

/** A tool call's recipient in a header: `to=functions.get_weather`. */
const RECIPIENT = /\bto=functions\.([^\s<]+)/;

/**
 * The tool a Harmony message header (gpt-oss: `<|channel|>commentary to=functions.get_weather <|constrain|>json`, or
 * `<|start|>assistant to=functions.get_weather<|channel|>commentary json`) sends its message to; undefined for a
 * message to the user or the model's own reasoning (`<|channel|>analysis`, `<|channel|>final`).
 */
export function harmonyRecipient(header: string): string | undefined {
  return RECIPIENT.exec(header)?.[1];
}

/** Whether `text` is a JSON object as written, with nothing cut off or repaired. */
export function isWholeJsonObject(text: string): boolean {
  const parsed = parseJsonText(text);
  return parsed.success && !parsed.repaired && isJsonObject(parsed.value);
}

/** The call of a Harmony message to a tool: its body (up to `<|call|>`) is the arguments' JSON. */
export function buildHarmonyCall(
  name: string,
  body: string,
  callIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltCall {
  const call: ToolCall = { id: `call_${callIndex}`, name, arguments: {}, format: "harmony" };
  const errors: ToolCallError[] = [];
  const read = parseJsonArguments(body);
  call.arguments = read.arguments;
  if (read.rawArguments !== undefined) call.rawArguments = read.rawArguments;
  if (read.message !== undefined) {
    errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": ${read.message}`, callIndex, name });
  }
  errors.unshift(...checkToolCall(call, callIndex, catalog));
  return { call, errors };
}
