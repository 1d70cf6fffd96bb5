import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance } from "fastify";
import { ActionRecallError } from "../errors/index.js";
import { createMcpToolServer, type McpToolServerOptions } from "./mcp-tool-server.js";
import { ROUTE_SCHEMAS } from "./route-schemas.js";
import type { McpRequestSettings } from "./service-config.js";

/** Options of {@link registerMcpEndpoint}: the MCP server's, but its caller and log, which each request gives. */
export interface McpEndpointOptions extends Omit<McpToolServerOptions, "callerOf" | "log"> {
  /** The origins and host names a request may name (see {@link checkMcpRequestOrigin}). */
  requests: McpRequestSettings;
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
 * Serves `/mcp`: the MCP server of {@link createMcpToolServer} over Streamable HTTP (stateless: a server and a
 * transport per request), as the request's authenticated caller.
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
      const server = createMcpToolServer({
        ...options,
        callerOf: () => options.executions.callerOf(request),
        log: request.log,
      });
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
