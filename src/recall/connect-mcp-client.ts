import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UpstreamError } from "../errors/index.js";
import { checkObjectArgument, checkStringArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { assertAllowedHost } from "../http/assert-allowed-host.js";
import { fetchWithTraceContext } from "../telemetry/fetch-with-trace-context.js";

/** Options of {@link connectMcpClient}. */
export interface McpConnectOptions {
  timeoutMs: number;
  /** Headers sent with every MCP request (account, request id). */
  headers?: Record<string, string>;
  /** The upstream's name, for errors (`mcp:<mcp_id>`). */
  upstream: string;
  /** Hosts the server may be on (see `assertAllowedHost`): checked before connecting; unset allows any. */
  allowedHosts?: readonly string[];
}

/**
 * The SDK's transports use `fetch`, which follows redirects: a server (or anything answering in its place) could send
 * the connection, with the account's headers, to a host the allow-list refuses. Every request is checked against the
 * list and a redirect is returned to the SDK as the failure it is. Each request carries the active trace context.
 */
function guardedFetch(allowedHosts: readonly string[] | undefined): typeof fetch {
  return (input, init) => {
    assertAllowedHost(new URL(input instanceof Request ? input.url : String(input)), allowedHosts);
    return fetchWithTraceContext(input, { ...init, redirect: "manual" });
  };
}

const CLIENT_INFO = { name: "action-recall", version: "0.1.0" };

/**
 * The MCP SDK takes longer to load than Node takes to start: it is loaded at the first connection, not with the
 * package. Until then nothing can have thrown an `McpError`.
 */
let mcpTypes: typeof import("@modelcontextprotocol/sdk/types.js") | undefined;

/** Turns an MCP SDK failure into UPSTREAM_TIMEOUT or UPSTREAM_ERROR naming the server. */
export function toMcpUpstreamError(error: unknown, upstream: string): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (
    mcpTypes !== undefined &&
    error instanceof mcpTypes.McpError &&
    error.code === mcpTypes.ErrorCode.RequestTimeout
  ) {
    return new UpstreamError("UPSTREAM_TIMEOUT", `${upstream} did not answer in time`, { upstream }, { cause: error });
  }
  return new UpstreamError("UPSTREAM_ERROR", `${upstream} failed: ${message}`, { upstream }, { cause: error });
}

/**
 * Connects an MCP client to `url` over Streamable HTTP, falling back to the legacy HTTP+SSE transport when the server
 * does not speak Streamable HTTP (as the SDK's own client examples do). A host off `allowedHosts` is HOST_NOT_ALLOWED
 * before anything is sent; redirects are never followed.
 */
export async function connectMcpClient(url: string, options: McpConnectOptions): Promise<Client> {
  checkStringArgument("connectMcpClient", "url", url);
  checkObjectArgument("connectMcpClient", "options", options);
  if (!URL.canParse(url)) throw invalidArgumentError("connectMcpClient", "url", url, "an http(s) URL");
  assertAllowedHost(new URL(url), options.allowedHosts);
  const requestInit: RequestInit = { headers: options.headers ?? {} };
  const transportOptions = { requestInit, fetch: guardedFetch(options.allowedHosts) };
  const requestOptions = { timeout: options.timeoutMs };
  const [{ Client }, { SSEClientTransport }, { StreamableHTTPClientTransport }, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/sse.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  mcpTypes = types;
  const streamable = new Client(CLIENT_INFO);
  try {
    await streamable.connect(new StreamableHTTPClientTransport(new URL(url), transportOptions), requestOptions);
    return streamable;
  } catch (streamableError) {
    await streamable.close().catch(() => undefined);
    const sse = new Client(CLIENT_INFO);
    try {
      await sse.connect(new SSEClientTransport(new URL(url), transportOptions), requestOptions);
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
