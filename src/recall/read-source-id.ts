import { UpstreamError } from "../errors/index.js";
import { checkPathSegment } from "../http/check-path-segment.js";
import type { ActionSourceDescriptor } from "./action-source.js";

/** Where action sources come from; the upstream a bad id is blamed on. */
const UPSTREAM = "ontology-query";

/**
 * The id `key` of an action source (`box_id`, `tool_id`, `mcp_id`, `tool_name`), read from untrusted upstream data
 * before any request is made with it. A missing, empty or non-string id, a dot segment in any spelling (`..`,
 * `%2e%2E`) or a control character is UPSTREAM_MALFORMED (502) naming the upstream, the pointer and the value: the
 * id goes into an upstream URL, where it would reach another path.
 *
 * @example
 * readSourceId({ type: "tool", box_id: "b1", tool_id: "t1" }, "box_id"); // "b1"
 */
export function readSourceId(source: ActionSourceDescriptor, key: string): string {
  const value = source[key];
  const pointer = `/action_source/${key}`;
  if (typeof value !== "string" || value === "") {
    throw new UpstreamError("UPSTREAM_MALFORMED", `The action source of type "${source.type}" has no "${key}"`, {
      upstream: UPSTREAM,
      pointer,
    });
  }
  const problem = checkPathSegment(value);
  if (problem !== undefined) {
    throw new UpstreamError(
      "UPSTREAM_MALFORMED",
      `${UPSTREAM} answered an action source whose "${key}" ${problem}: ${JSON.stringify(value)}`,
      { upstream: UPSTREAM, pointer, value },
    );
  }
  return value;
}
