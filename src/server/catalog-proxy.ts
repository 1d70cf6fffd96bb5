import { ActionRecallError, isActionRecallError } from "../errors/index.js";
import { buildRequest, type ProxyBody, type ProxyResult, type ProxyTransport, sendRequest } from "../http/index.js";
import { readProxyResult } from "../http/post-to-proxy.js";
import { operationFromToolDetail } from "../openapi/operation-from-tool-detail.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { ToolDetailProvider } from "../recall/index.js";
import { httpStatusOf } from "./http-status-of.js";

/**
 * The origin of `api_url` in catalog mode without a tool box. `.invalid` never resolves (RFC 2606): no request can
 * leave for it, and no route of the service answers it; calls run in process (see {@link createCatalogProxy}).
 */
export const CATALOG_PROXY_ORIGIN = "http://catalog-proxy.invalid";

/** The tool-box proxy path, as `api_url` names it: the box is the knowledge network, the tool the action type. */
const PROXY_PATH = /^\/api\/agent-operator-integration\/internal-v1\/tool-box\/([^/]+)\/proxy\/([^/]+)$/;

const UPSTREAM = "catalog proxy";

/** Options of {@link createCatalogProxy}. */
export interface CatalogProxyOptions {
  details: ToolDetailProvider;
  timeoutMs: number;
  maxResponseBytes: number;
}

/** The box and tool an in-process `api_url` names; anything else is not a tool of this catalog. */
function readApiUrl(apiUrl: string): { boxId: string; toolId: string } {
  const url = URL.canParse(apiUrl) ? new URL(apiUrl) : undefined;
  const match = url?.origin === CATALOG_PROXY_ORIGIN ? PROXY_PATH.exec(url.pathname) : null;
  if (match === null || match === undefined) {
    throw new ActionRecallError("HOST_NOT_ALLOWED", `${apiUrl} is not a tool of the action catalog`, {
      data: { host: url?.host ?? apiUrl },
    });
  }
  return { boxId: decodeURIComponent(match[1] as string), toolId: decodeURIComponent(match[2] as string) };
}

/**
 * In catalog mode there is no tool box, so the service is its own proxy, in process: `{header, path, query, body,
 * timeout}` becomes the catalog operation's HTTP request, sent to the server URL its OpenAPI document names, and the
 * answer is the proxy's `{status_code, headers, body, error, duration_ms}` (a failure to build or send the request is
 * its error's status inside the result, as the real proxy reports transport failures). No route serves it: only calls
 * the service resolved itself reach an operation, with their fixed parameters.
 */
export function createCatalogProxy(options: CatalogProxyOptions): ProxyTransport {
  async function post(apiUrl: string, proxyBody: ProxyBody): Promise<ProxyResult> {
    const { boxId, toolId } = readApiUrl(apiUrl);
    const detail = await options.details.getToolDetail(boxId, toolId, {
      knId: boxId,
      actionTypeId: toolId,
      uniqueIdentity: {},
      accountId: "",
      accountType: "",
    });
    const operation = operationFromToolDetail(detail);
    const { timeout, body, ...located } = proxyBody;
    // The proxy body always carries `body` ({} when empty); an operation without a request body takes none.
    const emptyBody = isJsonObject(body) && Object.keys(body).length === 0;
    const layered = operation.requestBody === undefined && emptyBody ? located : { ...located, body };
    const started = performance.now();
    let result: ProxyResult;
    try {
      const response = await sendRequest(buildRequest(operation, layered), {
        timeoutMs: timeout === undefined ? options.timeoutMs : timeout * 1000,
        maxResponseBytes: options.maxResponseBytes,
      });
      result = {
        status_code: response.status,
        headers: response.headers,
        body: response.body,
        error: null,
        duration_ms: Math.round(response.durationMs),
      };
    } catch (error) {
      if (!isActionRecallError(error)) throw error;
      result = {
        status_code: httpStatusOf(error.code),
        headers: {},
        body: null,
        error: { code: error.code, message: error.message },
        duration_ms: Math.round(performance.now() - started),
      };
    }
    return readProxyResult(result, { upstream: UPSTREAM, durationMs: result.duration_ms });
  }
  return {
    post,
    async *stream(apiUrl, proxyBody) {
      // The operations answer whole: one payload, as the HTTP proxy streams a JSON answer.
      const result = await post(apiUrl, proxyBody);
      yield typeof result.body === "string" ? result.body : JSON.stringify(result.body);
    },
  };
}
