import type { FastifyInstance } from "fastify";
import { isActionRecallError } from "../errors/index.js";
import { buildRequest, type ProxyResult, sendRequest } from "../http/index.js";
import { operationFromToolDetail } from "../openapi/operation-from-tool-detail.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { ToolDetailProvider } from "../recall/index.js";
import { httpStatusOf } from "./http-status-of.js";

/** The tool-box proxy path, as `api_url` points at it. */
const CATALOG_PROXY_ROUTE = "/api/agent-operator-integration/internal-v1/tool-box/:box_id/proxy/:tool_id";

/** Options of {@link registerCatalogProxy}. */
export interface CatalogProxyOptions {
  details: ToolDetailProvider;
  timeoutMs: number;
  maxResponseBytes: number;
}

const PROXY_BODY_SCHEMA = {
  type: "object",
  properties: {
    header: { type: "object" },
    path: { type: "object" },
    query: { type: "object" },
    body: {},
    timeout: { type: "number", exclusiveMinimum: 0 },
  },
} as const;

/**
 * In catalog mode there is no tool box, so the service stands in for its proxy: `{header, path, query, body,
 * timeout}` becomes the catalog operation's HTTP request, and the answer is the proxy's
 * `{status_code, headers, body, error, duration_ms}` (a failure to build or send the request is its error's
 * status inside an HTTP 200, as the real proxy reports transport failures).
 */
export function registerCatalogProxy(app: FastifyInstance, options: CatalogProxyOptions): void {
  app.post<{ Params: { box_id: string; tool_id: string }; Body: Record<string, unknown> }>(
    CATALOG_PROXY_ROUTE,
    { schema: { hide: true, body: PROXY_BODY_SCHEMA }, config: { scope: "execute" } },
    async (request): Promise<ProxyResult> => {
      const { box_id: boxId, tool_id: toolId } = request.params;
      const detail = await options.details.getToolDetail(boxId, toolId, {
        knId: boxId,
        actionTypeId: toolId,
        uniqueIdentity: {},
        accountId: "",
        accountType: "",
      });
      const operation = operationFromToolDetail(detail);
      const { timeout, body, ...located } = request.body;
      // The proxy body always carries `body` ({} when empty); an operation without a request body takes none.
      const emptyBody = isJsonObject(body) && Object.keys(body).length === 0;
      const layered = operation.requestBody === undefined && emptyBody ? located : { ...located, body };
      const started = performance.now();
      try {
        const response = await sendRequest(buildRequest(operation, layered), {
          timeoutMs: typeof timeout === "number" ? timeout * 1000 : options.timeoutMs,
          maxResponseBytes: options.maxResponseBytes,
        });
        return {
          status_code: response.status,
          headers: response.headers,
          body: response.body,
          error: null,
          duration_ms: Math.round(response.durationMs),
        };
      } catch (error) {
        if (!isActionRecallError(error)) throw error;
        return {
          status_code: httpStatusOf(error.code),
          headers: {},
          body: null,
          error: { code: error.code, message: error.message },
          duration_ms: Math.round(performance.now() - started),
        };
      }
    },
  );
}
