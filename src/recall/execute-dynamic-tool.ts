import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parseToolCalls } from "../calls/parse-tool-calls.js";
import type { ToolCall } from "../calls/tool-call.js";
import { ActionRecallError, isActionRecallError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { ProxyBody } from "../http/proxy-body.js";
import { HTTP_PROXY_TRANSPORT, type ProxyTransport } from "../http/proxy-transport.js";
import { toProxyBody } from "../http/to-proxy-body.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { markSpanFailed, withSpan } from "../telemetry/with-span.js";
import type { ToolResult } from "../tools/tool-result.js";
import { completeAndValidateArguments } from "./complete-and-validate-arguments.js";
import { connectMcpClient, toMcpUpstreamError } from "./connect-mcp-client.js";
import type { DynamicTool } from "./dynamic-tool.js";
import { refuseFixedArguments } from "./refuse-fixed-arguments.js";

/** Options of {@link executeDynamicTool}. */
export interface ExecuteDynamicToolOptions {
  /** How long the proxy (or MCP server) has to answer us. Default: the proxy `timeout` plus a grace period, else 30 s. */
  timeoutMs?: number;
  /** The `timeout` (seconds) the proxy may spend on the tool API; sent in the proxy body when set. */
  proxyTimeoutSeconds?: number;
  /** Largest proxy answer read. Default 10 MiB. */
  maxResponseBytes?: number;
  /** Extra headers to the proxy (`x-request-id`, the caller's account). */
  headers?: Record<string, string>;
  /** Hosts `api_url` (the proxy, or the MCP server) may point at; unset allows any. */
  allowedHosts?: readonly string[];
  /** How the proxy body reaches the tool. Default: posted to `api_url` over HTTP. */
  proxy?: ProxyTransport;
  signal?: AbortSignal;
}

function isToolCall(value: unknown): value is ToolCall {
  return (
    isJsonObject(value) &&
    typeof value.name === "string" &&
    isJsonObject(value.arguments) &&
    typeof value.format === "string"
  );
}

/** The call to run: a parsed `ToolCall` as given, or the first call read from raw model output (JSON or XML). */
function readCall(tool: DynamicTool, call: unknown): ToolCall {
  if (isToolCall(call)) return call;
  const parsed = parseToolCalls(call, {
    tools: [{ name: tool.name, description: tool.description, parameters: tool.parameters }],
  });
  const [first] = parsed.calls;
  if (first === undefined) {
    const reasons = parsed.errors.map((error) => error.message).join("; ");
    throw new ActionRecallError(
      "PARSE_ERROR",
      `No tool call could be read from the model output${reasons === "" ? "" : `: ${reasons}`}`,
      {
        data: { errors: parsed.errors },
      },
    );
  }
  if (first.argumentErrors !== undefined && first.argumentErrors.length > 0) {
    throw new ActionRecallError(
      "PARSE_ERROR",
      `Arguments of "${first.name}" could not be read: ${first.argumentErrors.map((error) => `${error.parameter}: ${error.message}`).join("; ")}`,
      {
        data: { argumentErrors: first.argumentErrors },
      },
    );
  }
  return first;
}

async function postToToolBoxProxy(
  tool: DynamicTool,
  proxyBody: ProxyBody,
  options: ExecuteDynamicToolOptions,
): Promise<ToolResult> {
  try {
    const result = await (options.proxy ?? HTTP_PROXY_TRANSPORT).post(tool.api_url, proxyBody, {
      maxResponseBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return { success: true, output: result };
  } catch (error) {
    // A failure reported inside the proxy's answer keeps that answer as the output: the agent may read its body.
    if (isActionRecallError(error, "UPSTREAM_ERROR") && error.data.result !== undefined) {
      return {
        success: false,
        output: error.data.result,
        error: { code: error.code, message: error.message, details: error.data },
      };
    }
    throw error;
  }
}

async function callMcpTool(
  tool: DynamicTool,
  toolName: string,
  args: Record<string, unknown>,
  options: ExecuteDynamicToolOptions,
): Promise<ToolResult> {
  const upstream = `mcp:${tool.api_url}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const client = await connectMcpClient(tool.api_url, {
    timeoutMs,
    upstream,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
  });
  try {
    // MCP arguments are flat: fixed params are merged by name, and win.
    const result = (await client.callTool({ name: toolName, arguments: { ...args, ...tool.fixed_params } }, undefined, {
      timeout: timeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    })) as CallToolResult;
    if (result.isError !== true) return { success: true, output: result };
    return {
      success: false,
      output: result,
      error: { code: "TOOL_FAILED", message: `MCP tool "${toolName}" reported an error`, details: result.content },
    };
  } catch (error) {
    throw toMcpUpstreamError(error, upstream);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * The arguments a call of a recalled tool executes with: the call read (a `ToolCall`, or raw model output in JSON or
 * XML), refused when it writes a fixed parameter (FIXED_PARAMETER), completed with defaults and validated against
 * `parameters` (INVALID_ARGUMENTS with the remaining schema; a parameter the tool does not declare is
 * UNKNOWN_PARAMETER).
 */
export function prepareDynamicToolCall(tool: DynamicTool, call: ToolCall | unknown): Record<string, unknown> {
  checkObjectArgument("prepareDynamicToolCall", "tool", tool);
  const toolCall = readCall(tool, call);
  refuseFixedArguments(tool, toolCall.arguments);
  // A tool the proxy calls may only be given the parameters it declares; an MCP tool's schema is flat.
  return completeAndValidateArguments(tool.parameters, toolCall.arguments, {
    tool: tool.name,
    declaredParametersOnly: tool.mcp === undefined,
  });
}

/**
 * Executes a recalled tool: reads the call (a `ToolCall`, or raw model output in JSON or XML), completes and
 * validates its arguments against `parameters`, merges `fixed_params_by_location`, and posts
 * `{header, path, query, body, timeout}` to `api_url` (MCP tools: `tools/call` on the server). Never throws: a bad
 * call or a failed upstream gives a failed {@link ToolResult} whose error says why (INVALID_ARGUMENTS carries
 * `details.remainingSchema`). Traced as an `execute` span holding a `proxy call` (or `mcp call`) span; a failed result
 * marks its spans failed.
 *
 * @example
 * const result = await executeDynamicTool(tool, '<function_calls><invoke name="search">...</invoke></function_calls>');
 * if (result.success) console.log(result.output); // {status_code, headers, body, error, duration_ms}
 */
export async function executeDynamicTool(
  tool: DynamicTool,
  call: ToolCall | unknown,
  options: ExecuteDynamicToolOptions = {},
): Promise<ToolResult> {
  return withResultSpan("execute", tool, async () => {
    try {
      const args = prepareDynamicToolCall(tool, call);
      const { mcp } = tool;
      if (mcp !== undefined) {
        return await withResultSpan("mcp call", tool, () => callMcpTool(tool, mcp.tool_name, args, options));
      }
      const proxyBody = toProxyBody(args, tool.fixed_params_by_location, options.proxyTimeoutSeconds);
      return await withResultSpan("proxy call", tool, () => postToToolBoxProxy(tool, proxyBody, options));
    } catch (error) {
      if (isActionRecallError(error)) {
        return {
          success: false,
          output: null,
          error: { code: error.code, message: error.message, details: error.data },
        };
      }
      const message = error instanceof Error ? error.message : String(error);
      return { success: false, output: null, error: { code: "TOOL_FAILED", message } };
    }
  });
}

/** Runs one step of an execution in a span named `name`; a failed result marks the span failed, as a throw does. */
function withResultSpan(name: string, tool: DynamicTool, run: () => Promise<ToolResult>): Promise<ToolResult> {
  // A JavaScript caller's junk `tool` is refused inside `run` with a typed result; naming the span must not throw first.
  const toolName: unknown = (tool as Partial<DynamicTool> | null | undefined)?.name;
  return withSpan(name, { "action_recall.tool": typeof toolName === "string" ? toolName : "" }, async (span) => {
    const result = await run();
    if (!result.success && result.error !== undefined) markSpanFailed(span, result.error.code, result.error.message);
    return result;
  });
}
