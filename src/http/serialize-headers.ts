import { ActionRecallError } from "../errors/action-recall-error.js";
import { HTTP_TOKEN } from "../openapi/http-names.js";
import { CLIENT_OWNED_HEADERS } from "../openapi/ignored-header.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import { setOwnProperty } from "../openapi/own-properties.js";
import { encodeStrict } from "./encode-uri-component.js";
import { findParameter } from "./find-parameter.js";
import {
  contentValue,
  emptyRequiredValueError,
  isEmptyListOrObject,
  serializePathStyle,
} from "./serialize-parameter.js";

/** Any control character, CR and LF included: each could split or smuggle a header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Throws INVALID_HEADER_VALUE unless `name` is a valid header name (an RFC 9110 token). */
export function assertValidHeaderName(name: string): void {
  if (!HTTP_TOKEN.test(name)) {
    throw invalidHeader(name, `"${printable(name)}" is not a valid header name`);
  }
}

/** Throws INVALID_HEADER_VALUE unless arguments may set this header: a valid name the HTTP client does not own. */
function assertArgumentHeaderName(name: string): void {
  assertValidHeaderName(name);
  if (CLIENT_OWNED_HEADERS.has(name.toLowerCase())) {
    throw invalidHeader(name, `Header "${name}" is set by the HTTP client and cannot come from arguments`);
  }
}

/** Throws INVALID_HEADER_VALUE when a header value holds a control character (CR and LF included). */
export function assertValidHeaderValue(name: string, value: string): void {
  if (CONTROL_CHARACTER.test(value)) {
    throw invalidHeader(name, `Header "${name}" has a control character (such as CR or LF) in its value`);
  }
}

/**
 * Serialises header arguments (OAS `simple` style) into header text, and cookie arguments into the `cookie` header
 * (joined to a `cookie` header argument when there is one, whose pairs of the same names they replace). Values are
 * checked for control characters; characters outside ASCII are percent-encoded as UTF-8, since header values are bytes
 * and most servers decode that.
 */
export function serializeHeaders(
  operation: OperationSpec | undefined,
  values: Record<string, unknown>,
  cookies: Record<string, unknown> = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    assertArgumentHeaderName(name);
    const encode = (text: string): string => {
      assertValidHeaderValue(name, text);
      return text.replace(/[^\u0020-\u007e]+/g, (run) => encodeStrict(run, `header.${name}`));
    };
    const parameter = findParameter(operation, "header", name);
    const explode = parameter?.explode ?? false;
    const sent = contentValue(parameter, value);
    if (isEmptyListOrObject(sent)) {
      // Left out, as in a query (RFC 6570): an empty header would be read as the one-item list `[""]`.
      if (parameter?.required === true) throw emptyRequiredValueError(`header.${name}`, sent, operation?.id ?? "");
      continue;
    }
    setOwnProperty(headers, name, serializePathStyle({ name, value: sent, style: "simple", explode, encode }));
  }
  const pairs = serializeCookies(operation, cookies);
  if (pairs.size > 0) {
    const existing = Object.keys(headers).find((name) => name.toLowerCase() === "cookie");
    const written = existing === undefined ? undefined : headers[existing];
    if (existing !== undefined) delete headers[existing];
    // A cookie parameter wins over a pair of the same name in a `Cookie` header: servers read the first one sent, and
    // a fixed cookie must not lose to a header the model wrote.
    const kept = (written ?? "").split(";").filter((pair) => pair.trim() !== "" && !pairs.has(cookieName(pair)));
    headers.cookie = [...kept.map((pair) => pair.trim()), ...pairs.values()].join("; ");
  }
  return headers;
}

/** The name of one `name=value` pair of a `Cookie` header, as a server reads it (RFC 6265: up to `=`, trimmed). */
export function cookieName(pair: string): string {
  const equals = pair.indexOf("=");
  return (equals === -1 ? pair : pair.slice(0, equals)).trim();
}

/**
 * Serialises cookie arguments into `name=value` pairs by name (none when there are no cookies). Names must be tokens;
 * values are percent-encoded, so `;`, CR and LF in a value stay inside it.
 */
function serializeCookies(operation: OperationSpec | undefined, values: Record<string, unknown>): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (!HTTP_TOKEN.test(name)) throw invalidHeader("cookie", `"${printable(name)}" is not a valid cookie name`);
    const encode = (text: string): string => encodeStrict(text, `cookie.${name}`);
    const parameter = findParameter(operation, "cookie", name);
    const sent = contentValue(parameter, value);
    if (isEmptyListOrObject(sent)) {
      if (parameter?.required === true) throw emptyRequiredValueError(`cookie.${name}`, sent, operation?.id ?? "");
      continue;
    }
    pairs.set(name, `${name}=${serializePathStyle({ name, value: sent, style: "simple", explode: false, encode })}`);
  }
  return pairs;
}

function invalidHeader(name: string, message: string): ActionRecallError {
  return new ActionRecallError("INVALID_HEADER_VALUE", message, { data: { parameter: `header.${printable(name)}` } });
}

/** The name with control characters shown as escapes, so the message itself cannot be split. */
function printable(name: string): string {
  return JSON.stringify(name).slice(1, -1);
}
