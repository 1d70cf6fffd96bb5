import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { convertMcpTool } from "../schema/convert-mcp-tool.js";
import { convertOperation } from "../schema/convert-operation.js";
import type { ConvertedTool, ConvertOptions } from "../schema/converted-tool.js";
import type { Dialect } from "../schema/tool-definition.js";
import { withSpan } from "../telemetry/with-span.js";
import type { ActionRecallRequest, ActionSource, ActionSourceDescriptor } from "./action-source.js";
import { deepFreeze } from "./deep-freeze.js";
import type { DynamicTool, RecallResult } from "./dynamic-tool.js";
import { locateFixedParams } from "./locate-fixed-params.js";
import type { McpTool, OperationTool, ToolResolver } from "./resolved-tool.js";
import type { TtlCache } from "./ttl-cache.js";

/** What {@link recallActions} runs on: where actions come from, how their tools resolve, and conversion settings. */
export interface RecallContext {
  actionSource: ActionSource;
  toolResolver: ToolResolver;
  /** `$ref` hops followed before pruning (`MAX_SCHEMA_DEPTH`). Default: the converter's (2). */
  maxDepth?: number;
  /**
   * Place fixed parameters at their location and remove them from `parameters` (the seed's TODO hook). Default true;
   * false answers the seed's raw shape: the full schema, and `fixed_params` alone.
   */
  locateFixedParams?: boolean;
  /**
   * Built dynamic tools, by account, action source, fixed parameters, dialect and depth: a warm recall skips resolving
   * and converting. Cached tools are deeply frozen (shared by the account's calls). Default: none (every recall
   * converts).
   */
  dynamicTools?: TtlCache<DynamicTool>;
  /**
   * Whether `{box_id, tool_id}` references resolve (see `resolveToolReference`): in KWeaver mode, where a tool box
   * holds the tools. In catalog mode a box is a knowledge network whose actions fix parameters, which a box reference
   * would skip. Default false.
   */
  toolBoxReferences?: boolean;
}

/** One recall: the action, the object, the caller, and optionally a dialect to add the tool in. */
export interface RecallActionsRequest extends ActionRecallRequest {
  dialect?: Dialect;
}

function buildOperationTool(
  tool: OperationTool,
  fixed: Record<string, unknown>,
  context: RecallContext,
  dialect: Dialect | undefined,
): DynamicTool {
  const locate = context.locateFixedParams ?? true;
  const located = locate ? locateFixedParams(fixed, tool.operation) : undefined;
  const converted = convertOperation(tool.operation, {
    ...conversionOptions(context, dialect),
    ...(located === undefined ? { fixConstants: false } : { fixed: located.byLocation }),
  });
  const dynamicTool = dynamicToolOf(tool, converted, fixed);
  if (located !== undefined) {
    // The converter's `fixed` holds the located values plus the constants it fixed: all go back into the request.
    dynamicTool.fixed_params_by_location = converted.fixed;
    if (located.unlocated.length > 0) dynamicTool.unlocated_fixed_params = located.unlocated;
  }
  if (dialect !== undefined) dynamicTool.dialect_tool = converted.tool;
  return dynamicTool;
}

function buildMcpTool(
  tool: McpTool,
  fixed: Record<string, unknown>,
  context: RecallContext,
  dialect: Dialect | undefined,
): DynamicTool {
  const locate = context.locateFixedParams ?? true;
  const converted = convertMcpTool(
    { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
    { fixConstants: false, ...conversionOptions(context, dialect), ...(locate ? { fixed } : {}) },
  );
  // MCP arguments are flat, so are its fixed parameters (as in kweaver): execution merges them by name.
  const dynamicTool = dynamicToolOf(tool, converted, fixed);
  dynamicTool.mcp = { tool_name: tool.toolName };
  const properties = isJsonObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const unlocated = Object.keys(fixed).filter((name) => !Object.hasOwn(properties, name));
  if (locate && unlocated.length > 0) dynamicTool.unlocated_fixed_params = unlocated;
  if (dialect !== undefined) dynamicTool.dialect_tool = converted.tool;
  return dynamicTool;
}

/**
 * Recalls the tool of one action (seed 003): asks the action source, uses only `actions[0]`, resolves its tool (tool
 * box, MCP server or catalog) and builds the dynamic tool. No action gives no tool, with a reason. Traced as a
 * `recall` span.
 *
 * @example
 * const { _dynamic_tools } = await recallActions({ knId, actionTypeId, uniqueIdentity, accountId, accountType }, context);
 */
export async function recallActions(request: RecallActionsRequest, context: RecallContext): Promise<RecallResult> {
  checkObjectArgument("recallActions", "request", request);
  checkObjectArgument("recallActions", "context", context);
  checkObjectArgument("recallActions", "context.actionSource", context.actionSource);
  const attributes = { "action_recall.kn_id": request.knId, "action_recall.action_type_id": request.actionTypeId };
  return withSpan("recall", attributes, async () => {
    const query = await context.actionSource.recall(request);
    const action = query.actions[0];
    if (action === undefined) {
      return {
        _dynamic_tools: [],
        reason: `No action of type "${request.actionTypeId}" applies to this object in knowledge network "${request.knId}"`,
      };
    }
    const fixed = isJsonObject(action.parameters) ? action.parameters : {};
    return { _dynamic_tools: [await buildDynamicTool(query.action_source, fixed, request, context)] };
  });
}

/**
 * The dynamic tool of one action source with its fixed parameters, for one caller: resolved and converted, or taken
 * from `context.dynamicTools`. The cache key holds the caller's account: the upstreams decide per account which tools
 * it may see, so one account's tool is never another's answer. Resolving is traced as a `fetch tool detail` span,
 * building as a `convert` span; a cached tool needs neither.
 */
export async function buildDynamicTool(
  source: ActionSourceDescriptor,
  fixed: Record<string, unknown>,
  request: RecallActionsRequest,
  context: RecallContext,
): Promise<DynamicTool> {
  checkObjectArgument("buildDynamicTool", "source", source);
  checkObjectArgument("buildDynamicTool", "fixed", fixed);
  checkObjectArgument("buildDynamicTool", "request", request);
  checkObjectArgument("buildDynamicTool", "context", context);
  const build = async (): Promise<DynamicTool> => {
    const tool = await withSpan("fetch tool detail", { "action_recall.source_type": source.type }, async () =>
      context.toolResolver.resolve(source, request),
    );
    return withSpan("convert", { "action_recall.tool": tool.name }, async () =>
      tool.kind === "operation"
        ? buildOperationTool(tool, fixed, context, request.dialect)
        : buildMcpTool(tool, fixed, context, request.dialect),
    );
  };
  const cache = context.dynamicTools;
  if (cache === undefined) return build();
  // The source names the tool (box and tool, or MCP server and tool); JSON keeps the key unambiguous.
  const key = JSON.stringify([
    request.accountType,
    request.accountId,
    source,
    fixed,
    request.dialect ?? null,
    context.maxDepth ?? null,
    context.locateFixedParams ?? true,
  ]);
  // A copy is frozen, not the built tool: that shares objects with the cached detail or the catalog's documents.
  return cache.get(key, async () => deepFreeze(structuredClone(await build())));
}

/** What both sources pass to the converter: the configured depth and the requested dialect. */
function conversionOptions(context: RecallContext, dialect: Dialect | undefined): ConvertOptions {
  return {
    ...(context.maxDepth === undefined ? {} : { maxDepth: context.maxDepth }),
    ...(dialect === undefined ? {} : { dialect }),
  };
}

/** The fields every dynamic tool has, whatever its source (seed 003's shape). */
function dynamicToolOf(
  tool: OperationTool | McpTool,
  converted: ConvertedTool,
  fixed: Record<string, unknown>,
): DynamicTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: converted.definition.parameters,
    api_url: tool.apiUrl,
    original_schema: tool.originalSchema,
    fixed_params: fixed,
  };
}
