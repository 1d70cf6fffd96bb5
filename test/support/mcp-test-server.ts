import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

/** The tools the test server lists: their input schemas use `$defs`, as real MCP servers written with zod do. */
export const MCP_TEST_TOOLS: Tool[] = [
  {
    name: "lookup_order",
    description: "Look up one order by its reference.",
    inputSchema: {
      type: "object",
      properties: {
        order: { $ref: "#/$defs/OrderReference" },
        include_items: { type: "boolean", description: "Also return the order lines." },
        tenant: { type: "string", description: "The tenant the order belongs to." },
      },
      required: ["order", "tenant"],
      $defs: {
        OrderReference: {
          type: "object",
          description: "Which order.",
          properties: { id: { type: "string" }, region: { $ref: "#/$defs/Region" } },
          required: ["id"],
        },
        Region: { type: "string", enum: ["eu", "us"] },
      },
    },
  },
  {
    name: "add_note",
    description: "Attach a note to an order.",
    inputSchema: {
      type: "object",
      properties: {
        order_id: { type: "string" },
        note: { $ref: "#/$defs/Note" },
      },
      required: ["order_id", "note"],
      $defs: {
        Note: {
          type: "object",
          properties: { text: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
          required: ["text"],
        },
      },
    },
  },
];

/** A running MCP test server. */
export interface McpTestServer {
  /** The MCP endpoint: `http://127.0.0.1:<port>/mcp` (Streamable HTTP) or `.../sse` (SSE only). */
  url: string;
  /** How many `tools/list` requests reached the server. */
  listCount(): number;
  /** The arguments of every `tools/call`, in order. */
  calls: Array<{ name: string; arguments: unknown }>;
  /** The method and headers of every HTTP request received, in order. */
  requests: Array<{ method: string; headers: IncomingMessage["headers"] }>;
  close(): Promise<void>;
}

/** Options of {@link startMcpTestServer}. */
export interface McpTestServerOptions {
  /** `streamable-http` (default), or `sse` for a legacy server that only speaks HTTP+SSE. */
  transport?: "streamable-http" | "sse";
  /** The tools to list. Default {@link MCP_TEST_TOOLS}. */
  tools?: Tool[];
  /** How long `tools/list` waits before answering (a slow server). Default 0. */
  listDelayMs?: number;
}

/**
 * Starts a real MCP server (the SDK's low-level `Server`, so input schemas are served exactly as written) on
 * 127.0.0.1 port 0. `tools/call` answers with the arguments it received, as JSON text.
 */
export async function startMcpTestServer(options: McpTestServerOptions = {}): Promise<McpTestServer> {
  const tools = options.tools ?? MCP_TEST_TOOLS;
  const calls: McpTestServer["calls"] = [];
  let listed = 0;

  function createMcpServer(): Server {
    const server = new Server({ name: "mcp-test-server", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      listed += 1;
      if (options.listDelayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.listDelayMs));
      return { tools };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      calls.push({ name: request.params.name, arguments: request.params.arguments });
      return {
        content: [
          { type: "text", text: JSON.stringify({ tool: request.params.name, arguments: request.params.arguments }) },
        ],
      };
    });
    return server;
  }

  const sseSessions = new Map<string, SSEServerTransport>();

  async function handleStreamable(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Stateless: one server and transport per request, as the SDK recommends for servers without sessions.
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({});
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  }

  async function handleSse(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method === "GET" && url.pathname === "/sse") {
      const transport = new SSEServerTransport("/messages", response);
      sseSessions.set(transport.sessionId, transport);
      response.on("close", () => sseSessions.delete(transport.sessionId));
      await createMcpServer().connect(transport);
      return;
    }
    const transport = sseSessions.get(url.searchParams.get("sessionId") ?? "");
    if (request.method === "POST" && url.pathname === "/messages" && transport !== undefined) {
      await transport.handlePostMessage(request, response);
      return;
    }
    response.writeHead(404).end();
  }

  const transportKind = options.transport ?? "streamable-http";
  const requests: McpTestServer["requests"] = [];
  const http: HttpServer = createServer((request, response) => {
    requests.push({ method: request.method ?? "GET", headers: request.headers });
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const handled =
      transportKind === "sse"
        ? handleSse(request, response, url)
        : url.pathname === "/mcp"
          ? handleStreamable(request, response)
          : Promise.resolve(void response.writeHead(404).end());
    handled.catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${transportKind === "sse" ? "sse" : "mcp"}`,
    listCount: () => listed,
    calls,
    requests,
    close() {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(() => resolve()));
    },
  };
}
