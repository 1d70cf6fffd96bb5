/**
 * A media type without its parameters, lower-cased: `application/json` for `Application/JSON; charset=utf-8`. Media
 * types compare by this essence (RFC 9110 names the type and subtype case-insensitive).
 *
 * @example
 * mediaTypeEssence("text/plain; charset=utf-8"); // "text/plain"
 */
export function mediaTypeEssence(mediaType: string): string {
  const end = mediaType.indexOf(";");
  return (end === -1 ? mediaType : mediaType.slice(0, end)).trim().toLowerCase();
}

/**
 * True for JSON media types, parameters ignored: `application/json`, any `+json` type (`application/problem+json`)
 * and any `/json` subtype (`text/json`).
 *
 * @example
 * isJsonMediaType("application/vnd.api+json; charset=utf-8"); // true
 */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === "application/json" || essence.endsWith("+json") || essence.endsWith("/json");
}

/**
 * True for a media range that admits JSON among other types: `*\/*` and `application/*`. Kubernetes declares its
 * create and replace bodies `*\/*` with an object schema: such a body is written as JSON and sent as
 * `application/json`, as openapi-generator's clients do.
 *
 * @example
 * isJsonWildcard("*\/*"); // true
 */
export function isJsonWildcard(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === "*/*" || essence === "application/*";
}
