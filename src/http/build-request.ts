import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { isOperationSpec, OPERATION_EXPECTED, type OperationSpec } from "../openapi/operation-spec.js";
import type { FixedParams } from "../schema/tool-definition.js";
import { classifyArguments } from "./classify-arguments.js";
import { encodeBody } from "./encode-body.js";
import { encodeAllowingReserved, encodeStrict } from "./encode-uri-component.js";
import { appendQuery, expandPathTemplate } from "./expand-path-template.js";
import { findParameter } from "./find-parameter.js";
import type { HttpRequest } from "./http-request.js";
import { createLayeredArguments, isPlainObject, type LayeredArguments } from "./layered-arguments.js";
import { mergeFixedParams } from "./merge-fixed-params.js";
import { serializeHeaders } from "./serialize-headers.js";
import {
  contentValue,
  emptyRequiredValueError,
  isEmptyListOrObject,
  serializeQueryStyle,
  serializeWholeQueryString,
  withoutFixedNames,
} from "./serialize-parameter.js";

/** Options of {@link buildRequest}. */
export interface BuildRequestOptions {
  /** Caller-fixed values, layered (`{header: {...}}`) or flat (seed 003's `actions[0].parameters`). They always win. */
  fixed?: FixedParams | Record<string, unknown>;
  /**
   * The base URL to call; defaults to the operation's `serverUrl`. Its origin is the only origin the request may use.
   */
  serverUrl?: string;
}

/**
 * Builds the HTTP request for one operation call from model arguments (layered or flat) and caller-fixed values:
 * the path templated with encoded values, the query in its OAS style, headers and cookies checked, the body encoded
 * by media type. Model-written values can never change the scheme, host or port, nor override a fixed value.
 *
 * @example
 * buildRequest(operation, { path: { kn_id: "kn 1" }, query: { limit: 10 } }, { fixed: { header: { "x-account-id": "a" } } })
 * // {method: "POST", url: "http://svc/api/kn/kn%201?limit=10", headers: {"x-account-id": "a"}}
 */
export function buildRequest(
  operation: OperationSpec,
  args: Record<string, unknown>,
  options: BuildRequestOptions = {},
): HttpRequest {
  if (!isOperationSpec(operation))
    throw invalidArgumentError("buildRequest", "operation", operation, OPERATION_EXPECTED);
  checkObjectArgument("buildRequest", "options", options, true);
  const modelArguments = classifyArguments(args, { operation, declaredOnly: true });
  const fixed =
    options.fixed === undefined
      ? createLayeredArguments()
      : classifyArguments(options.fixed, { operation, subject: "fixed parameters" });
  const merged = mergeFixedParams(modelArguments, fixed);

  const server = resolveServerUrl(operation, options.serverUrl);
  const query = buildQueryString(operation, merged, new Set(Object.keys(fixed.query)));
  const url = appendQuery(`${server.base}${expandPathTemplate(operation, merged.path)}`, query);
  assertSameOrigin(url, server.origin, operation);

  const headers = serializeHeaders(operation, merged.header, merged.cookie);
  const fixedBodyNames = isPlainObject(fixed.body) ? new Set(Object.keys(fixed.body)) : undefined;
  const encoded = encodeBody(operation, merged.body, fixedBodyNames);
  if (encoded !== undefined) setHeader(headers, "content-type", encoded.contentType);

  const request: HttpRequest = { method: operation.method, url, headers };
  if (encoded !== undefined) request.body = encoded.body;
  return request;
}

function buildQueryString(operation: OperationSpec, args: LayeredArguments, fixedNames: Set<string>): string {
  return Object.entries(args.query)
    .flatMap(([name, value]) => {
      const parameter = findParameter(operation, "query", name);
      const style = parameter?.style ?? "form";
      const location = `query.${name}`;
      const encode = parameter?.allowReserved
        ? (text: string) => encodeAllowingReserved(text, location)
        : (text: string) => encodeStrict(text, location);
      const pieces =
        parameter?.wholeQueryString === true
          ? serializeWholeQueryString(name, value, parameter.contentType, encode)
          : serializeQueryStyle({
              name,
              value: contentValue(parameter, value),
              style,
              explode: parameter?.explode ?? style === "form",
              encode,
            });
      if (pieces.length === 0 && parameter?.required === true && isEmptyListOrObject(value)) {
        throw emptyRequiredValueError(location, value, operation.id);
      }
      return withoutFixedNames(name, pieces, fixedNames);
    })
    .map((piece) => piece.text)
    .join("&");
}

interface ServerUrl {
  /** Origin and base path without a trailing slash, such as `http://svc:8080/api`. */
  base: string;
  origin: string;
}

function resolveServerUrl(operation: OperationSpec, serverUrl: string | undefined): ServerUrl {
  const text = serverUrl ?? operation.serverUrl;
  if (text === undefined || text === "") {
    throw new ActionRecallError("CONFIG_INVALID", `${operation.id} has no server URL: pass the serverUrl option`, {
      data: { operation: operation.id },
    });
  }
  // WHATWG URLs take `{region}` as part of a host name: a variable left without a value must be refused here.
  const variable = /\{[^{}]*\}/.exec(text);
  if (variable !== null) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      `Server URL "${text}" of ${operation.id} has a variable with no default value, ${variable[0]}: pass the serverUrl option`,
      { data: { operation: operation.id } },
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch (cause) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      `Server URL "${text}" of ${operation.id} is not an absolute URL (a relative one is read against where the document was served, which is not known here): pass the serverUrl option`,
      { cause, data: { operation: operation.id } },
    );
  }
  if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.search !== "" || parsed.hash !== "") {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      `Server URL "${text}" of ${operation.id} must be http(s) without a query or fragment`,
      { data: { operation: operation.id } },
    );
  }
  return { base: `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`, origin: parsed.origin };
}

/** The last line of defence: whatever the arguments held, the request goes to the server's origin or nowhere. */
function assertSameOrigin(url: string, origin: string, operation: OperationSpec): void {
  const actual = URL.canParse(url) ? new URL(url).origin : "an unparsable URL";
  if (actual !== origin) {
    throw new ActionRecallError("HOST_NOT_ALLOWED", `The request of ${operation.id} left ${origin} for ${actual}`, {
      data: { operation: operation.id },
    });
  }
}

/** Sets a header, replacing any spelling of the same name. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key];
  headers[name] = value;
}
