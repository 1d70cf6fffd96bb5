/** An RFC 9110 `token`: what a method, a header name or a cookie name may be written with. */
export const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The one of `names` that is `name` in any case, as header names compare (RFC 9110); undefined when none is.
 *
 * @example
 * findHeaderName(["X-Request-Id"], "x-request-id"); // "X-Request-Id"
 */
export function findHeaderName(names: readonly string[] | undefined, name: string): string | undefined {
  const lower = name.toLowerCase();
  return names?.find((candidate) => candidate.toLowerCase() === lower);
}
