import { findDeepNesting, MAX_VALUE_DEPTH } from "../../openapi/find-deep-nesting.js";
import { shortPointer } from "../../openapi/json-pointer.js";
import type { ToolCall } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";

/**
 * Arguments nested deeper than {@link MAX_VALUE_DEPTH} levels are not read: the call keeps `{}`, and an error says
 * where. `JSON.parse` reads any depth, but writing the call again (our service's answer, the assistant message sent
 * back to the model), copying or validating it recurses: 100,000 levels, 200 KB of brackets, overflow the stack.
 *
 * @example
 * limitArgumentNesting(call, 0); // [] for arguments of a few levels
 */
export function limitArgumentNesting(call: ToolCall, callIndex: number): ToolCallError[] {
  const pointer = findDeepNesting(call.arguments);
  if (pointer === undefined) return [];
  call.arguments = {};
  const message = `Tool "${call.name}": ${tooDeepArguments(pointer)}`;
  return [{ code: "PARSE_ERROR", message, callIndex, name: call.name }];
}

/** Why arguments whose value at `pointer` is nested too deep are not read. */
export function tooDeepArguments(pointer: string): string {
  return `its arguments nest deeper than ${MAX_VALUE_DEPTH} levels, at ${shortPointer(pointer)}; they are not read`;
}
