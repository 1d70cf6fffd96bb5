import { HTTP_PROXY_TRANSPORT } from "../http/index.js";
import { catalogIdentityKeys } from "../recall/catalog-action-source.js";
import {
  type ActionCatalog,
  createCatalogToolDetails,
  createRecallContext,
  DEFAULT_API_URL_TEMPLATE,
  loadActionCatalog,
  type RecallContext,
  type TtlCacheStats,
} from "../recall/index.js";
import { CATALOG_PROXY_ORIGIN, createCatalogProxy } from "./catalog-proxy.js";
import { egressHostsOf } from "./egress-hosts.js";
import { createExecutionSlots, type ExecutionSlots } from "./execution-slots.js";
import type { McpActionBinding, ServiceConfig } from "./service-config.js";
import { createToolExecutions, type ToolExecutions } from "./tool-executions.js";

/** A recall context that may report its caches' figures (for `/metrics`). */
export type ServiceRecallContext = RecallContext & { cacheStats?: Record<string, TtlCacheStats | undefined> };

/** An action MCP exposes as a tool, and the `unique_identity` keys its caller gives as arguments. */
export interface McpAction extends McpActionBinding {
  /** Keys the action's fixed parameters need that `unique_identity` does not fix: required tool arguments. */
  identity_arguments: string[];
}

/** What recalling and executing actions runs on, whatever carries the requests (HTTP, `/mcp` or stdio). */
export interface ActionRuntime {
  /** The local catalog, in catalog mode (no `ONTOLOGY_QUERY_URL`). */
  catalog?: ActionCatalog;
  recallContext: ServiceRecallContext;
  executions: ToolExecutions;
  /** The cap on executions in flight (`MAX_CONCURRENT_EXECUTIONS`), shared by every transport. */
  executionSlots: ExecutionSlots;
  /** The actions MCP lists: `MCP_ACTION_BINDINGS`, or every catalog action. */
  mcpActions: McpAction[];
}

/** Every catalog action, with an empty identity: its caller gives the identity keys it needs. */
function catalogBindings(catalog: ActionCatalog | undefined): McpActionBinding[] {
  if (catalog === undefined) return [];
  return Object.entries(catalog.knowledge_networks).flatMap(([knId, network]) =>
    Object.keys(network.action_types).map((actionTypeId) => ({
      kn_id: knId,
      action_type_id: actionTypeId,
      unique_identity: {},
    })),
  );
}

/**
 * The identity keys a binding leaves to its caller: those the catalog action's templates name and the binding does
 * not fix. In KWeaver mode the upstream alone knows which keys an action needs: a binding there fixes its identity.
 */
function toMcpAction(binding: McpActionBinding, catalog: ActionCatalog | undefined): McpAction {
  const keys = catalog === undefined ? [] : catalogIdentityKeys(catalog, binding.kn_id, binding.action_type_id);
  return { ...binding, identity_arguments: keys.filter((key) => !Object.hasOwn(binding.unique_identity, key)) };
}

/** What {@link createActionRuntime} can be given instead of building it from the settings. */
export interface ActionRuntimeParts {
  /** Replaces the recall context the settings describe (tests, embedding). */
  recallContext?: ServiceRecallContext | undefined;
  /** The catalog, already read (see `startExample`); default: read from `config.catalogFile` in catalog mode. */
  catalog?: ActionCatalog | undefined;
}

/**
 * Builds what recall and execution run on from the service's settings: the catalog (read once) or the KWeaver
 * upstreams, the proxy (in process in catalog mode without a tool box), the egress hosts and the execution cap.
 *
 * @example
 * const runtime = await createActionRuntime(loadServiceConfig(process.env));
 */
export async function createActionRuntime(
  config: ServiceConfig,
  given: ActionRuntimeParts = {},
): Promise<ActionRuntime> {
  const { recallContext } = given;
  const catalog =
    recallContext === undefined && config.ontologyQueryUrl === undefined
      ? (given.catalog ?? (await loadActionCatalog(config.catalogFile)))
      : undefined;
  const egressHosts = egressHostsOf(config, catalog);
  // In catalog mode without a tool box the service is its own proxy, in process (see createCatalogProxy).
  const localProxy = catalog !== undefined && config.operatorIntegrationUrl === undefined;
  const context =
    recallContext ??
    createRecallContext({
      ...(catalog === undefined ? { ontologyQueryUrl: config.ontologyQueryUrl as string } : { catalog }),
      operatorIntegrationUrl: config.operatorIntegrationUrl ?? CATALOG_PROXY_ORIGIN,
      ...(localProxy || config.apiUrlTemplate === undefined
        ? { apiUrlTemplate: DEFAULT_API_URL_TEMPLATE }
        : { apiUrlTemplate: config.apiUrlTemplate }),
      ...(config.maxSchemaDepth === undefined ? {} : { maxDepth: config.maxSchemaDepth }),
      ...(config.mcpUrlTemplate === undefined ? {} : { mcpUrlTemplate: config.mcpUrlTemplate }),
      mcpServers: config.mcpServers,
      cacheTtlMs: config.cacheTtlMs,
      timeoutMs: config.upstreamTimeoutMs,
      maxResponseBytes: config.maxResponseBytes,
      allowedHosts: egressHosts,
      refusalTtlMs: config.egress.refusalTtlMs,
    });
  const executions = createToolExecutions({
    recallContext: context,
    egressHosts,
    proxy: localProxy
      ? createCatalogProxy({
          details: createCatalogToolDetails(catalog),
          timeoutMs: config.proxyTimeoutMs,
          maxResponseBytes: config.maxResponseBytes,
        })
      : HTTP_PROXY_TRANSPORT,
    ...(config.egress.clientToolHosts === undefined ? {} : { clientToolHosts: config.egress.clientToolHosts }),
    proxyTimeoutMs: config.proxyTimeoutMs,
    maxResponseBytes: config.maxResponseBytes,
  });
  return {
    ...(catalog === undefined ? {} : { catalog }),
    recallContext: context,
    executions,
    executionSlots: createExecutionSlots(config.maxConcurrentExecutions),
    mcpActions: (config.mcpBindings ?? catalogBindings(catalog)).map((binding) => toMcpAction(binding, catalog)),
  };
}
