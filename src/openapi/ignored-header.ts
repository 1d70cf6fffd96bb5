/** Headers the HTTP client sets itself: taken from arguments, they could redirect, split or desynchronise a request. */
export const CLIENT_OWNED_HEADERS: ReadonlySet<string> = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/** Header parameters OpenAPI says to ignore: a request body's media types and the security schemes say these. */
const IGNORED_BY_OPENAPI: ReadonlySet<string> = new Set(["accept", "content-type", "authorization"]);

/**
 * Why a model may not write the header parameter `name`, or undefined when it may. OpenAPI says a header parameter
 * named Accept, Content-Type or Authorization "SHALL be ignored", and a model asked for one would make up a
 * credential or a media type: the caller sets these, as fixed values. A header the HTTP client owns
 * ({@link CLIENT_OWNED_HEADERS}) is sent by no one else.
 *
 * @example
 * ignoredHeaderReason("Authorization"); // "OpenAPI ignores header parameters named Accept, ..."
 */
export function ignoredHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (IGNORED_BY_OPENAPI.has(lower)) {
    return "OpenAPI ignores header parameters named Accept, Content-Type and Authorization: the caller sets them, as fixed values";
  }
  if (CLIENT_OWNED_HEADERS.has(lower)) return "the HTTP client sets it";
  return undefined;
}
