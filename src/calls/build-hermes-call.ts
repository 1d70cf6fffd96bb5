import { isJsonObject } from "../openapi/own-properties.js";
import type { BuiltCall } from "./build-xml-call.js";
import { parseJsonArguments, parseJsonText } from "./parse-json-arguments.js";
import { shortenText } from "./shorten-text.js";
import type { ToolCall } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";
import { checkToolCall, type ToolCatalog } from "./tool-catalog.js";

/**
 * Reads the JSON inside a Hermes / Qwen `<tool_call>` block: `{"name": ..., "arguments": {...}}` (arguments may also be
 * a JSON string, or `parameters`; the call may be wrapped as OpenAI writes it, `{"type": "function", "function":
 * {...}}`). Broken JSON is repaired; a body without a readable name gives only an error.
 */
export function buildHermesCall(
  body: string,
  id: string,
  callIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltCall | { errors: ToolCallError[] } {
  const read = parseJsonText(body.trim());
  const parsed = read.success ? { ...read, value: unwrapFunction(read.value) } : read;
  if (!parsed.success || !isJsonObject(parsed.value) || typeof parsed.value.name !== "string") {
    return {
      errors: [
        {
          code: "PARSE_ERROR",
          message: `<tool_call> does not hold {"name": ..., "arguments": ...}: ${shortenText(body.trim())}`,
        },
      ],
    };
  }
  const { name } = parsed.value;
  const given = Object.hasOwn(parsed.value, "arguments") ? parsed.value.arguments : parsed.value.parameters;
  const call: ToolCall = { id, name, arguments: {}, format: "hermes" };
  const errors: ToolCallError[] = [];
  if (typeof given === "string") {
    const read = parseJsonArguments(given);
    call.arguments = read.arguments;
    if (read.rawArguments !== undefined) call.rawArguments = read.rawArguments;
    if (read.message !== undefined)
      errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": ${read.message}`, callIndex, name });
  } else if (isJsonObject(given)) {
    call.arguments = given;
  } else if (given !== undefined) {
    errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": arguments are not an object`, callIndex, name });
  }
  if (parsed.repaired) call.rawArguments = body;
  errors.unshift(...checkToolCall(call, callIndex, catalog));
  return { call, errors };
}

/** The `function` of `{"type": "function", "function": {"name": ...}}`; any other value as it is. */
function unwrapFunction(value: unknown): unknown {
  if (!isJsonObject(value) || value.name !== undefined || !isJsonObject(value.function)) return value;
  return value.function;
}
