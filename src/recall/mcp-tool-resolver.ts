import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { closestNames } from "../errors/closest-name.js";
import { ActionRecallError } from "../errors/index.js";
import { checkObjectArgument, checkStringArgument } from "../errors/invalid-option-error.js";
import type { ActionRecallRequest, ActionSourceDescriptor } from "./action-source.js";
import { connectMcpClient, toMcpUpstreamError } from "./connect-mcp-client.js";
import { fillUrlTemplate } from "./fill-url-template.js";
import { readSourceId } from "./read-source-id.js";
import type { McpTool, ToolResolver } from "./resolved-tool.js";
import { TtlCache } from "./ttl-cache.js";

/** Options of {@link createMcpToolResolver}. */
export interface McpToolResolverOptions {
  /** `mcp_id` → MCP endpoint URL. Looked up first. */
  servers?: Readonly<Record<string, string>>;
  /** A URL template with `{mcp_id}`, used for ids not in `servers`. */
  urlTemplate?: string;
  /** How long a server's tool list is cached, per account. */
  cacheTtlMs: number;
  timeoutMs: number;
  /** Hosts the MCP servers may be on (see `assertAllowedHost`); unset allows any. */
  allowedHosts?: readonly string[];
}

/** The MCP server URL of `mcp_id`: the configured map first, then the template; otherwise NOT_FOUND naming it. */
export function resolveMcpServerUrl(
  mcpId: string,
  options: Pick<McpToolResolverOptions, "servers" | "urlTemplate">,
): string {
  checkStringArgument("resolveMcpServerUrl", "mcpId", mcpId);
  checkObjectArgument("resolveMcpServerUrl", "options", options);
  if (options.servers !== undefined && Object.hasOwn(options.servers, mcpId)) return options.servers[mcpId] as string;
  if (options.urlTemplate !== undefined) return fillUrlTemplate(options.urlTemplate, { mcp_id: mcpId });
  throw new ActionRecallError("NOT_FOUND", `MCP server "${mcpId}" is not configured (no map entry, no URL template)`, {
    data: { mcp_id: mcpId },
  });
}

function readSource(source: ActionSourceDescriptor): { mcpId: string; toolName: string } {
  // kweaver's newer code names the tool `tool_name`; older sources only carry `tool_id`.
  const toolKey = typeof source.tool_name === "string" && source.tool_name !== "" ? "tool_name" : "tool_id";
  return { mcpId: readSourceId(source, "mcp_id"), toolName: readSourceId(source, toolKey) };
}

/**
 * Resolves `{type: "mcp", mcp_id, tool_name}`: connects to the server as the caller's account, lists its tools (cached
 * per account and server with a TTL, concurrent lists coalesced, failures not cached) and picks the tool. A missing
 * tool is NOT_FOUND naming near names.
 */
export function createMcpToolResolver(options: McpToolResolverOptions): ToolResolver & { cache: TtlCache<Tool[]> } {
  checkObjectArgument("createMcpToolResolver", "options", options);
  const cache = new TtlCache<Tool[]>({ ttlMs: options.cacheTtlMs });

  async function listTools(serverUrl: string, mcpId: string, request: ActionRecallRequest): Promise<Tool[]> {
    const upstream = `mcp:${mcpId}`;
    const headers: Record<string, string> = {
      "x-account-id": request.accountId,
      "x-account-type": request.accountType,
    };
    if (request.requestId !== undefined) headers["x-request-id"] = request.requestId;
    const client = await connectMcpClient(serverUrl, {
      timeoutMs: options.timeoutMs,
      headers,
      upstream,
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    });
    try {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: options.timeoutMs });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    } catch (error) {
      throw toMcpUpstreamError(error, upstream);
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  return {
    cache,
    async resolve(source, request): Promise<McpTool> {
      const { mcpId, toolName } = readSource(source);
      const serverUrl = resolveMcpServerUrl(mcpId, options);
      // A server may list different tools to different accounts: the list is the account's own.
      const key = JSON.stringify([request.accountType, request.accountId, mcpId]);
      const tools = await cache.get(key, () => listTools(serverUrl, mcpId, request));
      const tool = tools.find((candidate) => candidate.name === toolName);
      if (tool === undefined) {
        const near = closestNames(
          toolName,
          tools.map((candidate) => candidate.name),
        );
        const hint = near.length > 0 ? ` Did you mean ${near.map((name) => `"${name}"`).join(", ")}?` : "";
        throw new ActionRecallError("NOT_FOUND", `MCP server "${mcpId}" has no tool "${toolName}".${hint}`, {
          data: { mcp_id: mcpId, tool_name: toolName, near },
        });
      }
      return {
        kind: "mcp",
        name: tool.name,
        description: tool.description ?? "",
        inputSchema: tool.inputSchema,
        originalSchema: tool.inputSchema,
        apiUrl: serverUrl,
        toolName: tool.name,
      };
    },
  };
}
