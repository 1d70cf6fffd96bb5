import { ActionRecallError, isActionRecallError } from "../errors/index.js";

/**
 * An upstream's refusal of the caller's account, as the caller's own error: a 401 or 403 is FORBIDDEN (the upstream
 * decided this account may not), a 404 NOT_FOUND, each naming what was asked for. Any other failure is returned as
 * it is (a 5xx stays UPSTREAM_ERROR: the upstream failed, not the caller).
 *
 * @example
 * throw toUpstreamRefusal(error, 'tool "t1" of tool box "b1"', { box_id: "b1", tool_id: "t1" });
 */
export function toUpstreamRefusal(error: unknown, what: string, data: Record<string, unknown>): unknown {
  if (!isActionRecallError(error, "UPSTREAM_ERROR")) return error;
  const { status, upstream } = error.data;
  if (status === 404) {
    return new ActionRecallError("NOT_FOUND", `${upstream} has no ${what}`, {
      cause: error,
      data: { ...data, upstream, status },
    });
  }
  if (status === 401 || status === 403) {
    return new ActionRecallError("FORBIDDEN", `${upstream} refused ${what} to this account (${status})`, {
      cause: error,
      data: { ...data, upstream, status },
    });
  }
  return error;
}

/** True for the errors {@link toUpstreamRefusal} makes of a refusal: worth remembering briefly, per account. */
export function isUpstreamRefusal(error: unknown): boolean {
  return (
    isActionRecallError(error) &&
    (error.code === "NOT_FOUND" || error.code === "FORBIDDEN") &&
    typeof error.data.upstream === "string"
  );
}
