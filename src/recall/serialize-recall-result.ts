import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import type { DynamicTool, RecallResult } from "./dynamic-tool.js";

/**
 * The answer bytes of each cached tool, built once per tool object: a cached (frozen) tool is the same object on every
 * warm recall, so its large `original_schema` and `parameters` are neither serialised nor UTF-8 encoded per request.
 * Weak keys: an entry goes with its tool when the cache drops it.
 */
const answers = new WeakMap<DynamicTool, Buffer>();

/**
 * A recall answer as UTF-8 JSON bytes, equal to `JSON.stringify(result)`. The one-tool answer of a frozen (cached)
 * tool is built once and reused; the bytes are shared, so callers only write them.
 *
 * @example
 * reply.type("application/json; charset=utf-8").send(serializeRecallResult(await recallActions(request, context)));
 */
export function serializeRecallResult(result: RecallResult): Buffer {
  checkObjectArgument("serializeRecallResult", "result", result);
  if (!Array.isArray(result._dynamic_tools)) {
    throw invalidArgumentError("serializeRecallResult", "result", result, "a recall result with _dynamic_tools");
  }
  const [tool, ...others] = result._dynamic_tools;
  // Only a frozen tool cannot change after its bytes are taken.
  if (tool === undefined || others.length > 0 || result.reason !== undefined || !Object.isFrozen(tool)) {
    return Buffer.from(JSON.stringify(result));
  }
  let bytes = answers.get(tool);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(result));
    answers.set(tool, bytes);
  }
  return bytes;
}
