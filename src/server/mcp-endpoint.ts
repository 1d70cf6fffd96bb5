import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type DynamicTool, executeDynamicTool, type RecallContext, recallActions } from "../recall/index.js";
import { type McpTool, toDialect } from "../schema/dialects/index.js";
import type { McpActionBinding } from "./service-config.js";

/** Options of {@link registerMcpEndpoint}. */
export interface McpEndpointOptions {
  /** The actions exposed as tools. */
  bindings: () => readonly McpActionBinding[];
  recallContext: () => RecallContext;
  proxyTimeoutMs: number;
  version: string;
}

/** Recalls every bound action; an action that fails to recall is logged and left out, never fatal to the list. */
async function recallBoundTools(
  options: McpEndpointOptions,
  log: FastifyBaseLogger,
): Promise<Map<string, DynamicTool>> {
  const tools = new Map<string, DynamicTool>();
  const recalled = await Promise.allSettled(
    options.bindings().map((binding) =>
      recallActions(
        {
          knId: binding.kn_id,
          actionTypeId: binding.action_type_id,
          uniqueIdentity: binding.unique_identity,
          accountId: binding.account_id,
          accountType: binding.account_type,
        },
        options.recallContext(),
      ),
    ),
  );
  recalled.forEach((outcome, index) => {
    if (outcome.status === "rejected") {
      log.warn({ binding: options.bindings()[index], err: outcome.reason }, "mcp: action not recalled");
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

function createMcpServer(options: McpEndpointOptions, log: FastifyBaseLogger, requestId: string): Server {
  const server = new Server({ name: "action-recall", version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = await recallBoundTools(options, log);
    return { tools: [...tools.values()].map(toMcpTool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tools = await recallBoundTools(options, log);
    const tool = tools.get(request.params.name);
    if (tool === undefined) {
      return {
        isError: true,
        content: [{ type: "text", text: `Unknown tool "${request.params.name}": tools/list names the tools` }],
      };
    }
    const result = await executeDynamicTool(
      tool,
      { id: requestId, name: tool.name, arguments: request.params.arguments ?? {}, format: "json" },
      { timeoutMs: options.proxyTimeoutMs, headers: { "x-request-id": requestId } },
    );
    return {
      isError: !result.success,
      content: [{ type: "text", text: JSON.stringify(result.success ? result.output : result) }],
      structuredContent: { ...result },
    };
  });
  return server;
}

/**
 * Serves `/mcp`: an MCP server over Streamable HTTP (stateless: a server and a transport per request) whose
 * `tools/list` recalls the bound actions and whose `tools/call` executes them through the proxy.
 */
export function registerMcpEndpoint(app: FastifyInstance, options: McpEndpointOptions): void {
  app.route({
    method: ["GET", "POST", "DELETE"],
    url: "/mcp",
    schema: { hide: true },
    config: { scope: "mcp" },
    async handler(request, reply) {
      const server = createMcpServer(options, request.log, request.id);
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
