import { ActionRecallError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { ActionCatalog } from "./action-catalog.js";
import type { ActionSource } from "./action-source.js";
import { createCatalogActionSource, createCatalogToolDetails } from "./catalog-action-source.js";
import type { DynamicTool } from "./dynamic-tool.js";
import { createMcpToolResolver } from "./mcp-tool-resolver.js";
import { createOntologyQuerySource } from "./ontology-query-source.js";
import type { RecallContext } from "./recall-actions.js";
import { createToolResolver } from "./resolve-tool.js";
import { createToolBoxClient, type ToolDetailProvider } from "./tool-box-client.js";
import { createToolBoxResolver } from "./tool-box-resolver.js";
import { TtlCache, type TtlCacheStats } from "./ttl-cache.js";

/** Settings of a recall context; the service maps its environment variables onto these. */
export interface RecallContextOptions {
  /** `ONTOLOGY_QUERY_URL`. With `operatorIntegrationUrl` and no `catalog`: the KWeaver upstreams are used. */
  ontologyQueryUrl?: string;
  /** `OPERATOR_INTEGRATION_URL`: the tool box, and the base of every `api_url` (also in catalog mode). */
  operatorIntegrationUrl?: string;
  /** A loaded local catalog: when given, actions and OpenAPI tools come from it instead of the upstreams. */
  catalog?: ActionCatalog;
  /** The `api_url` template; see `DEFAULT_API_URL_TEMPLATE`. */
  apiUrlTemplate?: string;
  /** `MAX_SCHEMA_DEPTH`. */
  maxDepth?: number;
  /** Tool detail, MCP tool list and built dynamic tool cache TTL. Default 60,000 ms. */
  cacheTtlMs?: number;
  /** Each upstream call's timeout. Default 10,000 ms. */
  timeoutMs?: number;
  /** Largest upstream answer read. Default 10 MiB. */
  maxResponseBytes?: number;
  /** Retries of idempotent GETs (tool details). Default 1. */
  retries?: number;
  /** See {@link RecallContext.locateFixedParams}. Default true. */
  locateFixedParams?: boolean;
  /** `mcp_id` → MCP endpoint URL (merged over the catalog's `mcp_servers`). */
  mcpServers?: Readonly<Record<string, string>>;
  /** MCP endpoint template with `{mcp_id}`, for ids not in the map. */
  mcpUrlTemplate?: string;
  /**
   * The hosts every upstream call (ontology-query, the tool box, MCP servers) may reach (see `assertAllowedHost`):
   * the service passes its configured upstreams. Unset allows any.
   */
  allowedHosts?: readonly string[];
  /** How long an upstream's refusal (401, 403, 404) of one account is answered again to it. Default 5,000 ms. */
  refusalTtlMs?: number;
}

/** A recall context plus its caches' counters, for metrics. */
export interface ConfiguredRecallContext extends RecallContext {
  cacheStats: { toolDetails?: TtlCacheStats; mcpTools: TtlCacheStats; dynamicTools: TtlCacheStats };
}

/**
 * Wires a {@link RecallContext}: the local catalog when one is given, otherwise ontology-query and the tool box; MCP
 * sources in both. Missing URLs are CONFIG_INVALID naming the setting.
 */
export function createRecallContext(options: RecallContextOptions): ConfiguredRecallContext {
  checkObjectArgument("createRecallContext", "options", options);
  const operatorIntegrationUrl = options.operatorIntegrationUrl;
  if (operatorIntegrationUrl === undefined) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      "OPERATOR_INTEGRATION_URL is required: every api_url is built on it",
      {
        data: { setting: "OPERATOR_INTEGRATION_URL" },
      },
    );
  }
  const limits = {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxResponseBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
    retries: options.retries ?? 1,
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
  };
  const cacheTtlMs = options.cacheTtlMs ?? 60_000;
  let actionSource: ActionSource;
  let details: ToolDetailProvider;
  let toolDetailStats: TtlCacheStats | undefined;
  if (options.catalog !== undefined) {
    actionSource = createCatalogActionSource(options.catalog);
    details = createCatalogToolDetails(options.catalog);
  } else {
    if (options.ontologyQueryUrl === undefined) {
      throw new ActionRecallError("CONFIG_INVALID", "ONTOLOGY_QUERY_URL is required when no action catalog is given", {
        data: { setting: "ONTOLOGY_QUERY_URL" },
      });
    }
    actionSource = createOntologyQuerySource({ ...limits, baseUrl: options.ontologyQueryUrl });
    const client = createToolBoxClient({
      ...limits,
      baseUrl: operatorIntegrationUrl,
      cacheTtlMs,
      refusalTtlMs: options.refusalTtlMs ?? 5_000,
    });
    details = client;
    toolDetailStats = client.cache.stats;
  }
  const mcp = createMcpToolResolver({
    servers: { ...options.catalog?.mcp_servers, ...options.mcpServers },
    ...(options.mcpUrlTemplate === undefined ? {} : { urlTemplate: options.mcpUrlTemplate }),
    cacheTtlMs,
    timeoutMs: limits.timeoutMs,
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
  });
  const toolBox = createToolBoxResolver({
    details,
    operatorIntegrationUrl,
    ...(options.apiUrlTemplate === undefined ? {} : { apiUrlTemplate: options.apiUrlTemplate }),
  });
  // Same TTL as the details: a changed tool is seen once both its detail and its built tool have expired.
  const dynamicTools = new TtlCache<DynamicTool>({ ttlMs: cacheTtlMs });
  return {
    actionSource,
    toolResolver: createToolResolver({ tool: toolBox, mcp }),
    dynamicTools,
    toolBoxReferences: options.catalog === undefined,
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.locateFixedParams === undefined ? {} : { locateFixedParams: options.locateFixedParams }),
    cacheStats: {
      ...(toolDetailStats === undefined ? {} : { toolDetails: toolDetailStats }),
      mcpTools: mcp.cache.stats,
      dynamicTools: dynamicTools.stats,
    },
  };
}
