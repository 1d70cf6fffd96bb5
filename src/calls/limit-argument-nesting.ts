import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import type { ToolCall } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";

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
  const where = `${pointer.slice(0, 200)}${pointer.length > 200 ? "..." : ""}`;
  const message = `Tool "${call.name}": its arguments nest deeper than ${MAX_VALUE_DEPTH} levels, at ${where}; they are not read`;
  return [{ code: "PARSE_ERROR", message, callIndex, name: call.name }];
}
