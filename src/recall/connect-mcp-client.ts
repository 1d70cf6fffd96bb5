import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, ErrorCode as McpErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { UpstreamError } from "../errors/index.js";

/** Options of {@link connectMcpClient}. */
export interface McpConnectOptions {
  timeoutMs: number;
  /** Headers sent with every MCP request (account, request id). */
  headers?: Record<string, string>;
  /** The upstream's name, for errors (`mcp:<mcp_id>`). */
  upstream: string;
}

const CLIENT_INFO = { name: "action-recall", version: "0.1.0" };

/** Turns an MCP SDK failure into UPSTREAM_TIMEOUT or UPSTREAM_ERROR naming the server. */
export function toMcpUpstreamError(error: unknown, upstream: string): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof McpError && error.code === McpErrorCode.RequestTimeout) {
    return new UpstreamError("UPSTREAM_TIMEOUT", `${upstream} did not answer in time`, { upstream }, { cause: error });
  }
  return new UpstreamError("UPSTREAM_ERROR", `${upstream} failed: ${message}`, { upstream }, { cause: error });
}

/**
 * Connects an MCP client to `url` over Streamable HTTP, falling back to the legacy HTTP+SSE transport when the server
 * does not speak Streamable HTTP (as the SDK's own client examples do).
 */
export async function connectMcpClient(url: string, options: McpConnectOptions): Promise<Client> {
  const requestInit: RequestInit = { headers: options.headers ?? {} };
  const requestOptions = { timeout: options.timeoutMs };
  const streamable = new Client(CLIENT_INFO);
  try {
    await streamable.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }), requestOptions);
    return streamable;
  } catch (streamableError) {
    await streamable.close().catch(() => undefined);
    const sse = new Client(CLIENT_INFO);
    try {
      await sse.connect(new SSEClientTransport(new URL(url), { requestInit }), requestOptions);
      return sse;
    } catch (sseError) {
      await sse.close().catch(() => undefined);
      throw toMcpUpstreamError(
        new AggregateError([streamableError, sseError], "Streamable HTTP and SSE both failed"),
        options.upstream,
      );
    }
  }
}
