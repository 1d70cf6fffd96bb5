import type { FastifyRequest } from "fastify";
import { ActionRecallError } from "../errors/index.js";
import type { ProxyTransport } from "../http/index.js";
import { HTTP_PROXY_TRANSPORT } from "../http/index.js";
import {
  type DynamicTool,
  type ExecuteDynamicToolOptions,
  type RecallContext,
  resolveToolReference,
  type ToolCaller,
  type ToolReference,
} from "../recall/index.js";

/** What an execution request names: a reference to a recalled tool, or (development only) a whole tool. */
export interface ExecutionTarget {
  tool_ref?: ToolReference;
  tool?: DynamicTool;
}

/** Options of {@link createToolExecutions}. */
export interface ToolExecutionsOptions {
  recallContext: RecallContext;
  /** The hosts every outgoing call may reach (the configured upstreams). */
  egressHosts: readonly string[];
  /** How proxy bodies reach the tools the service resolved. */
  proxy: ProxyTransport;
  /** Set when client tool definitions are accepted: the only hosts they may send to. */
  clientToolHosts?: readonly string[];
  proxyTimeoutMs: number;
  maxResponseBytes: number;
}

/** Resolving and running executions as their caller (the HTTP route and `/mcp` alike). */
export interface ToolExecutions {
  /** The caller of a request: its authenticated account (UNAUTHENTICATED when none was), and its request id. */
  callerOf(request: FastifyRequest): ServiceCaller;
  /** The tool a request names, resolved as its caller, and the options its execution runs with. */
  resolve(request: FastifyRequest, target: ExecutionTarget): Promise<ResolvedExecution>;
  /** The options of executing a tool the service resolved itself, for this caller (an HTTP request's, or stdio's). */
  optionsFor(caller: ServiceCaller): ExecuteDynamicToolOptions;
}

/** Who a recall or an execution runs for: the account, and the request id sent upstream. */
export type ServiceCaller = ToolCaller & { requestId: string };

/** A tool to execute, and how. */
export interface ResolvedExecution {
  tool: DynamicTool;
  options: ExecuteDynamicToolOptions;
}

/**
 * The service executes only what it resolved itself: a reference is resolved again as the caller (from the caller's
 * cache entries or the upstreams), so `api_url`, the schema, the fixed parameters and MCP targets never come from a
 * request body. Every call carries the caller's account and request id, and reaches only the egress hosts. A whole tool
 * in the body is FORBIDDEN unless `ALLOW_CLIENT_TOOLS` is set; then it may reach only `CLIENT_TOOL_HOSTS`.
 */
export function createToolExecutions(options: ToolExecutionsOptions): ToolExecutions {
  const callerOf = (request: FastifyRequest): ServiceCaller => {
    const principal = request.principal;
    if (principal === undefined) {
      throw new ActionRecallError("UNAUTHENTICATED", "This request carries no authenticated account");
    }
    return { accountId: principal.accountId, accountType: principal.accountType, requestId: request.id };
  };
  const optionsOf = (caller: ServiceCaller, allowedHosts: readonly string[], proxy: ProxyTransport) =>
    ({
      timeoutMs: options.proxyTimeoutMs,
      proxyTimeoutSeconds: options.proxyTimeoutMs / 1000,
      maxResponseBytes: options.maxResponseBytes,
      headers: {
        "x-request-id": caller.requestId,
        "x-account-id": caller.accountId,
        "x-account-type": caller.accountType,
      },
      allowedHosts,
      proxy,
    }) satisfies ExecuteDynamicToolOptions;
  return {
    callerOf,
    optionsFor: (caller) => optionsOf(caller, options.egressHosts, options.proxy),
    async resolve(request, target) {
      if ((target.tool_ref === undefined) === (target.tool === undefined)) {
        throw new ActionRecallError("INVALID_REQUEST", "Name the tool with exactly one of tool_ref and tool", {
          data: { pointer: "/tool_ref" },
        });
      }
      if (target.tool_ref !== undefined) {
        const caller = callerOf(request);
        const tool = await resolveToolReference(target.tool_ref, caller, options.recallContext);
        return { tool, options: optionsOf(caller, options.egressHosts, options.proxy) };
      }
      if (options.clientToolHosts === undefined) {
        throw new ActionRecallError(
          "FORBIDDEN",
          "A tool definition in the request is refused: send tool_ref, the recalled action {kn_id, action_type_id, unique_identity} (ALLOW_CLIENT_TOOLS is off)",
          { data: { pointer: "/tool" } },
        );
      }
      return {
        tool: target.tool as DynamicTool,
        options: optionsOf(callerOf(request), options.clientToolHosts, HTTP_PROXY_TRANSPORT),
      };
    },
  };
}
