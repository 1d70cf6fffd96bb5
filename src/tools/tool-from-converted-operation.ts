import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { UpstreamError } from "../errors/upstream-error.js";
import { bodyExcerpt } from "../http/body-excerpt.js";
import { buildRequest, postToProxy, sendRequest, toProxyBody } from "../http/index.js";
import type { ConvertedTool } from "../schema/converted-tool.js";
import { defineTool, type Tool } from "./define-tool.js";

/** Call the operation's API directly: build the HTTP request and send it. */
export interface DirectOperationOptions {
  mode: "direct";
  /** Base URL; defaults to the operation's `serverUrl`. */
  serverUrl?: string;
  /** Hosts the request may reach; unset allows any. */
  allowedHosts?: readonly string[];
  /** How long the API has to answer (the HTTP client's default when unset). */
  timeoutMs?: number;
}

/** Post the arguments to the tool-box proxy (seed 003), which calls the API. */
export interface ProxyOperationOptions {
  mode: "proxy";
  /** The tool's `api_url`: the proxy endpoint for this tool. */
  apiUrl: string;
  /** The `timeout` (seconds) the proxy is given for the call. */
  timeoutSeconds?: number;
  /** Hosts the proxy URL may be on; unset allows any. */
  allowedHosts?: readonly string[];
}

/** Options of {@link toolFromConvertedOperation}. */
export type OperationToolOptions = DirectOperationOptions | ProxyOperationOptions;

/** What an operation tool returns: the API's status and decoded body. */
export interface OperationToolOutput {
  status: number;
  body: unknown;
}

/**
 * Makes a converted OpenAPI operation a tool like any other: its name, description and layered schema are the
 * converted definition's, and executing it sends the HTTP request (`direct`) or posts to the tool-box proxy
 * (`proxy`), with the conversion's fixed parameters merged in. An API status of 400 or more fails with
 * `UPSTREAM_ERROR` carrying the status and a body excerpt.
 *
 * @example
 * const { tools } = convertOperations(document);
 * const registry = new ToolRegistry(tools.map((converted) => toolFromConvertedOperation(converted, { mode: "direct" })));
 */
export function toolFromConvertedOperation(converted: ConvertedTool, options: OperationToolOptions): Tool {
  checkObjectArgument("toolFromConvertedOperation", "converted", converted);
  checkObjectArgument("toolFromConvertedOperation", "converted.definition", converted.definition);
  checkObjectArgument("toolFromConvertedOperation", "options", options);
  const { definition, spec, fixed } = converted;
  return defineTool({
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters,
    execute: async (args, { signal }): Promise<OperationToolOutput> => {
      if (options.mode === "proxy") {
        const proxyBody = toProxyBody(args, fixed, options.timeoutSeconds, { operation: spec });
        const answer = await postToProxy(options.apiUrl, proxyBody, {
          signal,
          ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
        });
        return { status: answer.status_code, body: answer.body };
      }
      const request = buildRequest(spec, args, {
        fixed,
        ...(options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl }),
      });
      const response = await sendRequest(request, {
        signal,
        ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      if (response.status >= 400) {
        const upstream = `${request.method} ${request.url.split("?")[0]}`;
        throw new UpstreamError("UPSTREAM_ERROR", `${upstream} answered HTTP ${response.status}`, {
          upstream,
          status: response.status,
          bodyExcerpt: bodyExcerpt(response.body ?? ""),
          operation: converted.operation,
        });
      }
      return { status: response.status, body: response.body };
    },
  });
}
