// The public API of action recall (seed 003), by name.

/** The local catalog (`action-recall.yaml`): its shape and its loader. */
export {
  type ActionCatalog,
  type CatalogAction,
  type CatalogMcpTool,
  type CatalogOpenApiTool,
  loadActionCatalog,
} from "./action-catalog.js";
/** Where actions come from, and the action-query shape every source answers. */
export type {
  ActionEntry,
  ActionQueryResult,
  ActionRecallRequest,
  ActionSource,
  ActionSourceDescriptor,
} from "./action-source.js";
/** The local catalog as an action source and a tool-detail provider. */
export { createCatalogActionSource, createCatalogToolDetails } from "./catalog-action-source.js";
/** Completes and validates a tool's arguments (INVALID_ARGUMENTS carries the remaining schema). */
export { completeAndValidateArguments } from "./complete-and-validate-arguments.js";
/** Connects an MCP client over Streamable HTTP, with SSE as fallback. */
export { connectMcpClient, type McpConnectOptions } from "./connect-mcp-client.js";
/** Wires a recall context from settings: the catalog, or ontology-query and the tool box; MCP in both. */
export {
  type ConfiguredRecallContext,
  createRecallContext,
  type RecallContextOptions,
} from "./create-recall-context.js";
/** A recalled tool and the recall answer, in the seed's wire names. */
export type { DynamicTool, RecallResult } from "./dynamic-tool.js";
/** Executes a recalled tool through the tool-box proxy (or MCP `tools/call`). */
export {
  type ExecuteDynamicToolOptions,
  executeDynamicTool,
  prepareDynamicToolCall,
} from "./execute-dynamic-tool.js";
/** The seed's parameter conversion hook: fixed params placed at their location. */
export { type LocatedFixedParams, locateFixedParams } from "./locate-fixed-params.js";
/** Resolves MCP action sources. */
export { createMcpToolResolver, type McpToolResolverOptions, resolveMcpServerUrl } from "./mcp-tool-resolver.js";
/** The KWeaver ontology-query action source. */
export { createOntologyQuerySource, type OntologyQuerySourceOptions } from "./ontology-query-source.js";
/** Recalls the dynamic tool of one action; builds the dynamic tool of an action source for one caller. */
export { buildDynamicTool, type RecallActionsRequest, type RecallContext, recallActions } from "./recall-actions.js";
/** Refuses model arguments that write a fixed parameter (FIXED_PARAMETER). */
export { refuseFixedArguments } from "./refuse-fixed-arguments.js";
/** Dispatches action sources to resolvers by type (others are UNSUPPORTED_ACTION_SOURCE). */
export { createToolResolver } from "./resolve-tool.js";
/** Resolves a reference to a recalled tool (an action and object, or a tool-box tool) as the caller. */
export { resolveToolReference, type ToolCaller, type ToolReference } from "./resolve-tool-reference.js";
/** What an action source resolves to. */
export type { McpTool, OperationTool, ResolvedTool, ToolResolver } from "./resolved-tool.js";
/** A recall answer as JSON text, reusing each cached tool's text. */
export { serializeRecallResult } from "./serialize-recall-result.js";
/** The KWeaver tool-box detail client (cached, coalesced). */
export { createToolBoxClient, type ToolBoxClientOptions, type ToolDetailProvider } from "./tool-box-client.js";
/** Resolves tool-box action sources; the default `api_url` template. */
export { createToolBoxResolver, DEFAULT_API_URL_TEMPLATE, type ToolBoxResolverOptions } from "./tool-box-resolver.js";
/** The TTL cache with request coalescing. */
export { TtlCache, type TtlCacheOptions, type TtlCacheStats } from "./ttl-cache.js";
