import { ActionRecallError } from "../errors/action-recall-error.js";
import { isJsonMediaType } from "../openapi/media-type-essence.js";
import type { ParameterSpec } from "../openapi/operation-spec.js";
import { argumentJson, stringifyScalar } from "./encode-uri-component.js";
import { isPlainObject } from "./layered-arguments.js";

/** One parameter and how OAS says to serialise it. */
export interface StyledParameter {
  name: string;
  value: unknown;
  /** OAS `style`: `simple`, `label`, `matrix` (path); `form`, `spaceDelimited`, `pipeDelimited`, `deepObject`. */
  style: string;
  explode: boolean;
  /** Encodes one name, key or item; the style's delimiters are added as written. */
  encode: (text: string) => string;
}

/** One `name=value` piece of a query or form body; `key` is the raw top-level name, to let fixed names win. */
export interface QueryPiece {
  key: string;
  text: string;
}

/**
 * The value a parameter sends. One described by `content` instead of a `schema` sends its value whole, as one string
 * in that media type: JSON text for a JSON type (`?filter=%7B%22a%22%3A1%7D`, never `?a=1`), a string as it is for
 * another type. Other parameters' values are returned as they are, for their style to spread.
 *
 * @example
 * contentValue({ contentType: "application/json", ... }, { a: 1 }); // '{"a":1}'
 */
export function contentValue(parameter: ParameterSpec | undefined, value: unknown): unknown {
  const contentType = parameter?.contentType;
  if (contentType === undefined || value === undefined || value === null) return value;
  return typeof value === "string" && !isJsonMediaType(contentType) ? value : argumentJson(value);
}

/** Whether RFC 6570 holds `value` undefined: an empty list, or an object without members. No style sends one. */
export function isEmptyListOrObject(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.values(value).every((member) => member === undefined);
}

/**
 * The error for a required parameter given an empty list or object: its style sends nothing, and a request without a
 * required parameter is a wrong call.
 */
export function emptyRequiredValueError(location: string, value: unknown, operation: string): ActionRecallError {
  const [kind, unit] = Array.isArray(value) ? ["list", "item"] : ["object", "member"];
  return new ActionRecallError(
    "INVALID_ARGUMENTS",
    `${location} is required, and its style sends an empty ${kind} as nothing: give it at least one ${unit}`,
    { data: { parameter: location, operation } },
  );
}

/**
 * Serialises a query (or form body) parameter per OAS: `form` exploded or not, `spaceDelimited`, `pipeDelimited` and
 * `deepObject`, for scalars, arrays and objects. `null`, `undefined` and empty lists and objects are left out, as
 * RFC 6570 does.
 *
 * @example
 * serializeQueryStyle({ name: "id", value: [3, 4], style: "form", explode: false, encode }) // [{key: "id", text: "id=3,4"}]
 */
export function serializeQueryStyle(parameter: StyledParameter): QueryPiece[] {
  const { name, value, style, explode, encode } = parameter;
  if (value === undefined || value === null) return [];
  const piece = (key: string, text: string): QueryPiece => ({ key, text: `${encode(key)}=${text}` });
  if (style === "deepObject" && (isPlainObject(value) || Array.isArray(value))) {
    return serializeDeepObject(encode(name), value, encode).map((text) => ({ key: name, text }));
  }
  const delimiter = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "|" : ",";
  // RFC 6570, which OAS's styles follow, holds an empty list or object undefined: it is left out, exploded or not
  // (`q=` would be read as the one-item list `[""]`).
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    const items = value.map((item) => encode(stringifyScalar(item)));
    return explode ? items.map((item) => piece(name, item)) : [piece(name, items.join(delimiter))];
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, member]) => member !== undefined);
    if (entries.length === 0) return [];
    if (explode) return entries.map(([key, member]) => piece(key, encode(stringifyScalar(member))));
    return [
      piece(name, entries.flatMap(([key, member]) => [encode(key), encode(stringifyScalar(member))]).join(delimiter)),
    ];
  }
  return [piece(name, encode(stringifyScalar(value)))];
}

/**
 * One parameter's pieces less those an exploded object wrote under a fixed name: a model's `{filter: {user: "x"}}`
 * must not shadow a fixed `user`. Pieces under the parameter's own name stay.
 */
export function withoutFixedNames(name: string, pieces: QueryPiece[], fixedNames: ReadonlySet<string>): QueryPiece[] {
  return pieces.filter((piece) => piece.key === name || !fixedNames.has(piece.key));
}

/**
 * Serialises an OpenAPI 3.2 `in: "querystring"` parameter, whose value is the whole query string. With JSON content,
 * its JSON text, percent-encoded, is the one piece. Otherwise (form-urlencoded) an object's members become
 * `name=value` pieces in form style, exploded, and a string written as a query string (`a=1&b=2`) is split at its `&`
 * and `=` and each part encoded, so that no character it holds can end the query or start a fragment.
 *
 * @example
 * serializeWholeQueryString("q", { a: 1, b: [2, 3] }, "application/x-www-form-urlencoded", encode) // a=1, b=2, b=3
 */
export function serializeWholeQueryString(
  name: string,
  value: unknown,
  contentType: string | undefined,
  encode: (text: string) => string,
): QueryPiece[] {
  if (value === undefined || value === null) return [];
  if (contentType !== undefined && isJsonMediaType(contentType)) {
    return [{ key: name, text: encode(argumentJson(value)) }];
  }
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, member]) =>
      serializeQueryStyle({ name: key, value: member, style: "form", explode: true, encode }),
    );
  }
  return stringifyScalar(value)
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals === -1 ? pair : pair.slice(0, equals);
      const text = equals === -1 ? encode(key) : `${encode(key)}=${encode(pair.slice(equals + 1))}`;
      return { key, text };
    });
}

/**
 * Serialises a path or header parameter per OAS: `simple` (the header style), `label` or `matrix`, exploded or not.
 *
 * @example
 * serializePathStyle({ name: "id", value: [3, 4], style: "matrix", explode: true, encode }) // ";id=3;id=4"
 */
export function serializePathStyle(parameter: StyledParameter): string {
  const { name, value, style, explode, encode } = parameter;
  const entries = isPlainObject(value) ? Object.entries(value).filter(([, member]) => member !== undefined) : undefined;
  const items = entries
    ? entries.flatMap(([key, member]) =>
        explode
          ? [`${encode(key)}=${encode(stringifyScalar(member))}`]
          : [encode(key), encode(stringifyScalar(member))],
      )
    : (Array.isArray(value) ? value : [value]).map((item) => encode(stringifyScalar(item)));
  if (style === "label") return `.${items.join(explode ? "." : ",")}`;
  if (style === "matrix") {
    // An empty value is the name alone, as OAS's style table and RFC 6570's `{;name}` write it.
    if (items.length === 0 || (items.length === 1 && items[0] === "")) return `;${encode(name)}`;
    if (!explode || (!entries && !Array.isArray(value))) return `;${encode(name)}=${items.join(",")}`;
    return items.map((item) => (entries ? `;${item}` : `;${encode(name)}=${item}`)).join("");
  }
  return items.join(",");
}

/** `name[key]=value` pieces, nesting brackets for nested objects and indices for arrays (as `qs` writes them). */
function serializeDeepObject(prefix: string, value: unknown, encode: (text: string) => string): string[] {
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, member]) =>
      serializeDeepObject(`${prefix}[${encode(key)}]`, member, encode),
    );
  }
  if (Array.isArray(value)) {
    return value.flatMap((member, index) => serializeDeepObject(`${prefix}[${index}]`, member, encode));
  }
  if (value === undefined || value === null) return [];
  return [`${prefix}=${encode(stringifyScalar(value))}`];
}
