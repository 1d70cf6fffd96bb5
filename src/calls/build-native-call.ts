import { isJsonObject } from "../openapi/own-properties.js";
import type { BuiltCall } from "./build-xml-call.js";
import { parseJsonArguments } from "./parse-json-arguments.js";
import type { ToolCall, ToolCallFormat } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";
import { checkToolCall, type ToolCatalog } from "./tool-catalog.js";

/** A call as a provider's API returns it, before checking. */
export interface NativeCall {
  id: unknown;
  name: unknown;
  /** A JSON string (OpenAI) or an object (Anthropic `input`, Gemini `args`). */
  arguments: unknown;
  format: Extract<ToolCallFormat, "json" | "responses" | "anthropic" | "gemini">;
}

/**
 * Turns a provider's native call into a {@link ToolCall}: keeps its id (or generates `call_<index>`), reads a string
 * of arguments as JSON (repaired when broken, `""` as `{}`, the raw text kept when unreadable), and reports unknown
 * tools and parameters. The call is kept whatever is wrong with it.
 */
export function buildNativeCall(native: NativeCall, callIndex: number, catalog: ToolCatalog | undefined): BuiltCall {
  const name = typeof native.name === "string" ? native.name : "";
  const id = typeof native.id === "string" && native.id !== "" ? native.id : `call_${callIndex}`;
  const call: ToolCall = { id, name, arguments: {}, format: native.format };
  const errors: ToolCallError[] = [];
  if (name === "") errors.push({ code: "PARSE_ERROR", message: `Call ${id} has no tool name`, callIndex, name });
  if (typeof native.arguments === "string") {
    const read = parseJsonArguments(native.arguments);
    call.arguments = read.arguments;
    if (read.rawArguments !== undefined) call.rawArguments = read.rawArguments;
    if (read.message !== undefined)
      errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": ${read.message}`, callIndex, name });
  } else if (isJsonObject(native.arguments)) {
    call.arguments = native.arguments;
  } else if (native.arguments !== undefined && native.arguments !== null) {
    errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": arguments are not an object`, callIndex, name });
  }
  errors.push(...checkToolCall(call, callIndex, catalog));
  return { call, errors };
}
