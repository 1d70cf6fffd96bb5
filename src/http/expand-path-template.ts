import { InvalidArgumentsError } from "../errors/invalid-arguments-error.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import { invalidPathValueError } from "./check-path-segment.js";
import { encodeStrict } from "./encode-uri-component.js";
import { findParameter } from "./find-parameter.js";
import { contentValue, serializePathStyle } from "./serialize-parameter.js";

/**
 * Fills the operation's path template (`/pets/{petId}`) with percent-encoded values (OAS `simple`, `label` or
 * `matrix` style). A value can never add or remove a path segment: `/` is encoded, and a value that would make a
 * whole segment `.` or `..` is refused, because every URL parser (WHATWG `new URL`, undici, proxies) resolves such a
 * segment, `%2E%2E` included, and the request would reach another path.
 *
 * Real specs write more than a path in a path key. A fragment (`/phone-numbers#operation=batch-delete`, as the
 * APIs.guru AWS specs tell apart operations on one path) is left out: it is never sent, and a query string after it
 * would be lost in it. A query string (`/rest?method=flickr.photos.search`, `/history?city={city}`) is kept, its
 * placeholders filled like the path's; the caller adds the query parameters after it with `&` (see
 * {@link appendQuery}). A pair whose placeholder names a query parameter and no path parameter (Medium's
 * `/search/articles?query={query}`) is left to that parameter: the query arguments carry its value.
 */
export function expandPathTemplate(operation: OperationSpec, values: Record<string, unknown>): string {
  const [pathTemplate = "", queryTemplate] = withoutFragment(operation.path).split(/\?(.*)/s);
  const template = pathTemplate.startsWith("/") ? pathTemplate : `/${pathTemplate}`;
  const missing: string[] = [];
  const path = template
    .split("/")
    .map((segment) => fillPathSegment(operation, segment, values, missing))
    .join("/");
  const ownQuery = queryTemplate === undefined ? undefined : withoutQueryParameterPairs(operation, queryTemplate);
  const query = ownQuery === undefined ? undefined : fillTemplate(operation, ownQuery, values, { missing });
  if (missing.length > 0) throw missingValues(operation, missing);
  return query === undefined ? path : `${path}?${query}`;
}

/**
 * `url` with `query` (encoded parameters, maybe none) added: after a `?`, or after the query the URL already has. A
 * pair the path key already holds is not sent twice: Azure's `x-ms-paths` write `/?comp=list` and declare `comp` as a
 * constant query parameter, and `comp=list&comp=list` reaches no operation.
 */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const start = url.indexOf("?");
  if (start === -1) return `${url}?${query}`;
  const added = withoutPairsIn(query, url.slice(start + 1));
  if (added === "") return url;
  return url.endsWith("?") || url.endsWith("&") ? `${url}${added}` : `${url}&${added}`;
}

/** `query`'s pairs less those `written` holds, each written pair taking away one equal pair. */
function withoutPairsIn(query: string, written: string): string {
  const left = new Map<string, number>();
  for (const pair of written.split("&")) left.set(pair, (left.get(pair) ?? 0) + 1);
  return query
    .split("&")
    .filter((pair) => {
      const count = left.get(pair) ?? 0;
      if (count > 0) left.set(pair, count - 1);
      return count === 0;
    })
    .join("&");
}

/** The query template less its `name={name}` pairs for query parameters (undefined when none is left). */
function withoutQueryParameterPairs(operation: OperationSpec, template: string): string | undefined {
  const kept = template.split("&").filter((pair) => {
    const name = QUERY_PARAMETER_PAIR.exec(pair)?.[1];
    return (
      name === undefined ||
      findParameter(operation, "path", name) !== undefined ||
      findParameter(operation, "query", name) === undefined
    );
  });
  return kept.length === 0 ? undefined : kept.join("&");
}

/** A pair whose value is a placeholder of its own name (`query={query}`); the name is captured. */
const QUERY_PARAMETER_PAIR = /^([^={}]+)=\{\1\}$/;

function withoutFragment(template: string): string {
  const hash = template.indexOf("#");
  return hash === -1 ? template : template.slice(0, hash);
}

/**
 * One segment of the path template, filled. No segment the values make (a value that spans segments makes several)
 * may be empty, `.` or `..`: every URL parser (WHATWG `new URL`, undici, proxies) resolves such a segment, `%2E%2E`
 * included, and the request would reach another path. Only whole segments are resolved (RFC 3986 §5.2.4), so the
 * segments are checked once filled: `{name}.json` given `..` is `....json`, and `{a}{b}` given `.` and `.` is `..`.
 */
function fillPathSegment(
  operation: OperationSpec,
  segment: string,
  values: Record<string, unknown>,
  missing: string[],
): string {
  const name = FIRST_PLACEHOLDER.exec(segment)?.[1];
  // Most segments are literal text: nothing to fill or check.
  if (name === undefined) return segment;
  const missingBefore = missing.length;
  const filled = fillTemplate(operation, segment, values, { isPath: true, missing });
  // A missing value is reported as missing, with the others.
  if (missing.length > missingBefore) return filled;
  const parts = filled.includes("/") ? filled.split("/") : [filled];
  if (parts.some((part) => part === "" || part === "." || part === "..")) {
    throw invalidPathValue(operation, name, filled);
  }
  return filled;
}

/** A `{name}` placeholder; the name is captured. */
const PLACEHOLDER = /\{([^{}]+)\}/g;
/** The first placeholder of a text, without the global flag's state. */
const FIRST_PLACEHOLDER = /\{([^{}]+)\}/;

/** The template with each `{name}` filled, and the names without a value added to `missing`. */
function fillTemplate(
  operation: OperationSpec,
  template: string,
  values: Record<string, unknown>,
  { isPath = false, missing }: { isPath?: boolean; missing: string[] },
): string {
  return template.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null) {
      missing.push(name);
      return "";
    }
    const parameter = findParameter(operation, "path", name);
    const spansSegments = isPath && parameter?.spansSegments === true;
    return serializePathStyle({
      name,
      value: contentValue(parameter, value),
      style: parameter?.style ?? "simple",
      explode: parameter?.explode ?? false,
      encode: spansSegments
        ? (item) =>
            item
              .split("/")
              .map((segment) => encodeStrict(segment, `path.${name}`))
              .join("/")
        : (item) => encodeStrict(item, `path.${name}`),
    });
  });
}

function missingValues(operation: OperationSpec, missing: string[]): InvalidArgumentsError {
  return new InvalidArgumentsError(
    `${operation.id} needs ${missing.map((name) => `path.${name}`).join(", ")}`,
    missing.map((name) => ({
      instancePath: "/path",
      schemaPath: "#/properties/path/required",
      keyword: "required",
      params: { missingProperty: name },
      message: `must have required property '${name}'`,
      location: `path.${name}`,
    })),
    { operation: operation.id },
  );
}

function invalidPathValue(operation: OperationSpec, name: string, text: string): InvalidArgumentsError {
  const reason =
    text === ""
      ? "must not be empty"
      : text.includes("/")
        ? `must not have an empty, "." or ".." segment (${JSON.stringify(text)}): it would change the path`
        : `must not make the segment "${text}": it would change the path`;
  return invalidPathValueError(name, text, reason, operation.id);
}
