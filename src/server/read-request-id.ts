import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What a caller's `x-request-id` may be: 1 to 128 characters that are safe in a header, a log line and a URL. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The id of a request: the caller's `x-request-id` when it is 1 to 128 characters of `[A-Za-z0-9._-]`, otherwise a
 * new UUID. The service answers with this id and forwards it upstream, so a caller's 8,000-character or CR-laden id
 * never reaches a log line or another service.
 *
 * @example
 * readRequestId(request); // "trace-7" for `x-request-id: trace-7`, a UUID for `x-request-id: a b`
 */
export function readRequestId(request: Pick<IncomingMessage, "headers">): string {
  const value = request.headers["x-request-id"];
  return typeof value === "string" && REQUEST_ID.test(value) ? value : randomUUID();
}
