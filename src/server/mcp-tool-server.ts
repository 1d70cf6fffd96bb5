import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { ActionRecallError, isActionRecallError } from "../errors/index.js";
import { setOwnProperty } from "../openapi/own-properties.js";
import {
  type DynamicTool,
  executeDynamicTool,
  type RecallContext,
  type RecallResult,
  recallActions,
} from "../recall/index.js";
import { type McpTool, toDialect } from "../schema/dialects/index.js";
import type { ToolResult } from "../tools/tool-result.js";
import type { McpAction } from "./action-runtime.js";
import type { ExecutionSlots } from "./execution-slots.js";
import {
  type IdentityArgumentNames,
  identityArgumentNames,
  takeIdentityArguments,
  withIdentityArguments,
} from "./mcp-identity-arguments.js";
import type { ServiceCaller, ToolExecutions } from "./tool-executions.js";

/** Where the MCP server reports what it leaves out or what failed (a pino logger fits). */
export interface McpLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Options of {@link createMcpToolServer}. */
export interface McpToolServerOptions {
  /** The actions listed as tools. */
  actions: readonly McpAction[];
  recallContext: RecallContext;
  executions: ToolExecutions;
  /** The cap on executions in flight, shared with the other transports. */
  executionSlots: ExecutionSlots;
  /** Who an MCP request runs as (asked once per request): the HTTP request's account, or the stdio process's. */
  callerOf(): ServiceCaller;
  log: McpLog;
  version: string;
}

/** A listed tool: the action it came from, the tool recalled for it, and its identity arguments. */
interface ListedTool {
  action: McpAction;
  tool: DynamicTool;
  identityNames: IdentityArgumentNames;
}

/**
 * Stands in for identity values an MCP caller gives with each call: the tool's schema does not depend on them (the
 * fixed parameters they fill are taken out of it), and in catalog mode, the only one with identity arguments, no
 * upstream sees them.
 */
function placeholderIdentity(action: McpAction): Record<string, unknown> {
  const identity = { ...action.unique_identity };
  for (const key of action.identity_arguments) setOwnProperty(identity, key, `{unique_identity.${key}}`);
  return identity;
}

/** Recalls one action for one object, as the caller. */
function recallFor(
  action: McpAction,
  identity: Record<string, unknown>,
  caller: ServiceCaller,
  context: RecallContext,
): Promise<RecallResult> {
  const request = { knId: action.kn_id, actionTypeId: action.action_type_id, uniqueIdentity: identity, ...caller };
  return recallActions(request, context);
}

/** The tool's schema written in the `mcp` dialect, without identity arguments. */
function mcpInputSchema(tool: DynamicTool): Record<string, unknown> {
  return (toDialect(tool, "mcp").tool as McpTool).inputSchema;
}

/** Recalls every action as the caller; one that fails to recall is logged and left out, never fatal. */
async function listTools(options: McpToolServerOptions, caller: ServiceCaller): Promise<Map<string, ListedTool>> {
  const listed = new Map<string, ListedTool>();
  const recalled = await Promise.allSettled(
    options.actions.map((action) => recallFor(action, placeholderIdentity(action), caller, options.recallContext)),
  );
  recalled.forEach((outcome, index) => {
    const action = options.actions[index] as McpAction;
    if (outcome.status === "rejected") {
      options.log.warn(
        { binding: { kn_id: action.kn_id, action_type_id: action.action_type_id }, err: outcome.reason },
        "mcp: action not recalled",
      );
      return;
    }
    for (const tool of outcome.value._dynamic_tools) {
      if (listed.has(tool.name)) continue;
      const identityNames = identityArgumentNames(action.identity_arguments, mcpInputSchema(tool));
      listed.set(tool.name, { action, tool, identityNames });
    }
  });
  return listed;
}

/** A listed tool as MCP shows it: its schema in the `mcp` dialect, identity arguments first; its name as recalled. */
function toMcpTool({ tool, identityNames }: ListedTool): Tool {
  const inputSchema = withIdentityArguments(mcpInputSchema(tool), identityNames);
  return { name: tool.name, description: tool.description, inputSchema: inputSchema as Tool["inputSchema"] };
}

/** A result as `tools/call` answers it: the output (or the failure) as text, and the whole result as structure. */
function toCallToolResult(result: ToolResult): CallToolResult {
  return {
    isError: !result.success,
    content: [{ type: "text", text: JSON.stringify(result.success ? result.output : result) }],
    structuredContent: { ...result },
  };
}

/**
 * The tool to execute and its arguments: the listed one, or, for an action with identity arguments, the one recalled
 * for the identity the call carries (its fixed parameters filled from it).
 */
async function toolForCall(
  listed: ListedTool,
  args: Record<string, unknown>,
  caller: ServiceCaller,
  context: RecallContext,
): Promise<{ tool: DynamicTool; args: Record<string, unknown> }> {
  if (listed.identityNames.size === 0) return { tool: listed.tool, args };
  const taken = takeIdentityArguments(args, listed.identityNames);
  const identity = { ...listed.action.unique_identity, ...taken.identity };
  const recalled = await recallFor(listed.action, identity, caller, context);
  const tool = recalled._dynamic_tools.find((candidate) => candidate.name === listed.tool.name);
  if (tool === undefined) {
    throw new ActionRecallError("NOT_FOUND", recalled.reason ?? "The action does not apply to this object", {
      data: { unique_identity: taken.identity },
    });
  }
  return { tool, args: taken.args };
}

/**
 * The MCP server of the bound actions, whatever transport carries it (`/mcp` over Streamable HTTP, or stdio):
 * `tools/list` recalls each action as the caller, listing an action whose fixed parameters need `unique_identity` keys
 * with those keys as required arguments; `tools/call` recalls again (what a caller may call is what it may list),
 * fills the identity from those arguments and executes through the proxy.
 *
 * @example
 * const server = createMcpToolServer({ ...runtime, actions: runtime.mcpActions, callerOf: () => caller, log, version });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpToolServer(options: McpToolServerOptions): Server {
  const server = new Server({ name: "action-recall", version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const listed = await listTools(options, options.callerOf());
    return { tools: [...listed.values()].map(toMcpTool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    // One caller, one request id, for the recalls and the execution of this call.
    const caller = options.callerOf();
    const listed = (await listTools(options, caller)).get(name);
    if (listed === undefined) {
      return { isError: true, content: [{ type: "text", text: `Unknown tool "${name}": tools/list names the tools` }] };
    }
    let target: { tool: DynamicTool; args: Record<string, unknown> };
    try {
      target = await toolForCall(listed, request.params.arguments ?? {}, caller, options.recallContext);
    } catch (error) {
      if (!isActionRecallError(error)) throw error;
      options.log.warn({ code: error.code, tool: name }, "mcp: call refused");
      return toCallToolResult({
        success: false,
        output: null,
        error: { code: error.code, message: error.message, details: error.data },
      });
    }
    // Every slot taken: OVERLOADED, which the SDK answers as a JSON-RPC error carrying its message and data.
    const result = await options.executionSlots.run(() =>
      executeDynamicTool(
        target.tool,
        { id: caller.requestId, name, arguments: target.args, format: "json" },
        options.executions.optionsFor(caller),
      ),
    );
    if (!result.success) options.log.warn({ code: result.error?.code, tool: name }, "mcp: execution failed");
    return toCallToolResult(result);
  });
  return server;
}
