import { UpstreamError, type UpstreamErrorData } from "../errors/upstream-error.js";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { shortPointer } from "../openapi/json-pointer.js";

/**
 * Throws `UPSTREAM_MALFORMED` when JSON an upstream answered nests deeper than {@link MAX_VALUE_DEPTH} levels.
 * `JSON.parse` reads any depth, but writing the value again (the answer of our service, the result sent back to the
 * model), copying or validating it recurses: 100,000 levels, 200 KB of brackets, overflow the stack.
 *
 * @example
 * rejectDeepJson(JSON.parse(text), { upstream: "tool-box proxy", status: 200 });
 */
export function rejectDeepJson(value: unknown, data: UpstreamErrorData): void {
  const pointer = findDeepNesting(value);
  if (pointer === undefined) return;
  throw new UpstreamError(
    "UPSTREAM_MALFORMED",
    `${data.upstream} answered JSON nested deeper than ${MAX_VALUE_DEPTH} levels, at ${shortPointer(pointer)}`,
    { ...data, pointer: pointer.slice(0, 2000) },
  );
}
