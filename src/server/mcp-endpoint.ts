import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ActionRecallError } from "../errors/index.js";
import { type DynamicTool, executeDynamicTool, type RecallContext, recallActions } from "../recall/index.js";
import { type McpTool, toDialect } from "../schema/dialects/index.js";
import type { ExecutionSlots } from "./execution-slots.js";
import { ROUTE_SCHEMAS } from "./route-schemas.js";
import type { McpActionBinding, McpRequestSettings } from "./service-config.js";
import type { ToolExecutions } from "./tool-executions.js";

/** Options of {@link registerMcpEndpoint}. */
export interface McpEndpointOptions {
  /** The actions exposed as tools. */
  bindings: readonly McpActionBinding[];
  recallContext: RecallContext;
  executions: ToolExecutions;
  /** The origins and host names a request may name (see {@link checkMcpRequestOrigin}). */
  requests: McpRequestSettings;
  /** The cap on executions in flight, shared with the HTTP execution route. */
  executionSlots: ExecutionSlots;
  version: string;
}

/** Recalls every bound action as the caller; one that fails to recall is logged and left out, never fatal. */
async function recallBoundTools(
  options: McpEndpointOptions,
  request: FastifyRequest,
): Promise<Map<string, DynamicTool>> {
  const caller = options.executions.callerOf(request);
  const tools = new Map<string, DynamicTool>();
  const recalled = await Promise.allSettled(
    options.bindings.map((binding) =>
      recallActions(
        {
          knId: binding.kn_id,
          actionTypeId: binding.action_type_id,
          uniqueIdentity: binding.unique_identity,
          ...caller,
        },
        options.recallContext,
      ),
    ),
  );
  recalled.forEach((outcome, index) => {
    if (outcome.status === "rejected") {
      request.log.warn({ binding: options.bindings[index], err: outcome.reason }, "mcp: action not recalled");
      return;
    }
    for (const tool of outcome.value._dynamic_tools) if (!tools.has(tool.name)) tools.set(tool.name, tool);
  });
  return tools;
}

/** A recalled tool as MCP lists it: its schema written in the `mcp` dialect; its name as recalled, which calls use. */
function toMcpTool(tool: DynamicTool): Tool {
  const { inputSchema } = toDialect(tool, "mcp").tool as McpTool;
  return { name: tool.name, description: tool.description, inputSchema: inputSchema as Tool["inputSchema"] };
}

function createMcpServer(options: McpEndpointOptions, httpRequest: FastifyRequest): Server {
  const server = new Server({ name: "action-recall", version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = await recallBoundTools(options, httpRequest);
    return { tools: [...tools.values()].map(toMcpTool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    // Tools are resolved again for every call, as the caller: what it may call is what it may list.
    const tools = await recallBoundTools(options, httpRequest);
    const tool = tools.get(request.params.name);
    if (tool === undefined) {
      return {
        isError: true,
        content: [{ type: "text", text: `Unknown tool "${request.params.name}": tools/list names the tools` }],
      };
    }
    // Every slot taken: OVERLOADED, which the SDK answers as a JSON-RPC error carrying its message and data.
    const result = await options.executionSlots.run(() =>
      executeDynamicTool(
        tool,
        { id: httpRequest.id, name: tool.name, arguments: request.params.arguments ?? {}, format: "json" },
        options.executions.optionsFor(httpRequest),
      ),
    );
    if (!result.success) httpRequest.log.warn({ code: result.error?.code, tool: tool.name }, "mcp: execution failed");
    return {
      isError: !result.success,
      content: [{ type: "text", text: JSON.stringify(result.success ? result.output : result) }],
      structuredContent: { ...result },
    };
  });
  return server;
}

/** The host name of a `Host` header, lower-cased, without its port (`[::1]:8080` is `[::1]`). */
function hostnameOf(host: string): string {
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : host.toLowerCase();
}

/**
 * Throws FORBIDDEN unless a request may drive `/mcp`: an `Origin`, when sent, is on `allowedOrigins` (the MCP
 * specification says servers MUST validate it: a web page the user visits must not call the tools), and the `Host`
 * names one of `allowedHosts` when that list is set (DNS rebinding: a hostile name resolving to this address).
 */
export function checkMcpRequestOrigin(
  headers: { origin?: string | undefined; host?: string | undefined },
  settings: McpRequestSettings,
): void {
  const { origin, host } = headers;
  if (origin !== undefined && !settings.allowedOrigins.includes(origin)) {
    throw new ActionRecallError("FORBIDDEN", `Origin ${origin} may not use /mcp (MCP_ALLOWED_ORIGINS)`, {
      data: { origin },
    });
  }
  if (settings.allowedHosts !== undefined && !settings.allowedHosts.includes(hostnameOf(host ?? ""))) {
    throw new ActionRecallError(
      "FORBIDDEN",
      `Host ${host ?? "(none)"} is not a name of this service (MCP_ALLOWED_HOSTS)`,
      {
        data: { host: host ?? null },
      },
    );
  }
}

/**
 * Serves `/mcp`: an MCP server over Streamable HTTP (stateless: a server and a transport per request) whose
 * `tools/list` recalls the bound actions as the caller and whose `tools/call` executes them through the proxy.
 * `Origin` and `Host` are checked first (see {@link checkMcpRequestOrigin}).
 */
export function registerMcpEndpoint(app: FastifyInstance, options: McpEndpointOptions): void {
  app.route({
    method: ["GET", "POST", "DELETE"],
    url: "/mcp",
    schema: ROUTE_SCHEMAS.mcp,
    config: { scope: "mcp" },
    async handler(request, reply) {
      checkMcpRequestOrigin(request.headers, options.requests);
      const server = createMcpServer(options, request);
      // No session id generator: stateless, as the SDK recommends for servers without sessions.
      const transport = new StreamableHTTPServerTransport({});
      reply.hijack();
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });
}
