import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ActionRecallError } from "../errors/index.js";
import { checkObjectArgument, checkStringArgument } from "../errors/invalid-option-error.js";
import { type LlmSettings, llmSettingsFromEnv } from "../llm/index.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { type AuthConfig, readAuthConfig } from "./auth/read-auth-config.js";
import { EXAMPLE_ORDERS_API_PORT } from "./example-orders-api.js";
import { invalid, readText } from "./read-text.js";

/**
 * One action MCP (`/mcp`, `action-recall mcp`) exposes as a tool: which action of which knowledge network, for which
 * object (identity keys left out are the tool's arguments, in catalog mode). The account is the MCP caller's own, from
 * its credential (over stdio, `ACTION_RECALL_ACCOUNT_ID`).
 */
export interface McpActionBinding {
  kn_id: string;
  action_type_id: string;
  unique_identity: Record<string, unknown>;
}

/** Where the service may send requests, and what it takes from clients (see `docs/security.md`). */
export interface EgressSettings {
  /** `EGRESS_ALLOWED_HOSTS`: hosts reachable beyond the configured upstreams (`host`, `host:port`, `*.domain`). */
  extraHosts: string[];
  /**
   * `ALLOW_CLIENT_TOOLS=true` with `CLIENT_TOOL_HOSTS`: execution also takes a whole tool definition from the request
   * body (development only), whose `api_url` or MCP server must be on these hosts. Unset: such a body is refused.
   */
  clientToolHosts?: string[];
  /** `REFUSAL_CACHE_TTL_MS`: how long an upstream's 401, 403 or 404 for one account is answered again. Default 5,000. */
  refusalTtlMs: number;
}

/** Who may drive `/mcp` from a browser (DNS-rebinding and cross-origin protection). */
export interface McpRequestSettings {
  /** `MCP_ALLOWED_ORIGINS`: origins a request carrying `Origin` may come from. Default none. */
  allowedOrigins: string[];
  /** `MCP_ALLOWED_HOSTS`: host names `Host` may name. Default: the loopback names when bound to loopback. */
  allowedHosts?: string[];
}

/** The service's settings, validated once at start by {@link loadServiceConfig}. */
export interface ServiceConfig {
  /** `PORT`, default 8080. */
  port: number;
  /** `HOST`, default `127.0.0.1`. */
  host: string;
  /** `ONTOLOGY_QUERY_URL`: with it, actions come from KWeaver; without it, from {@link ServiceConfig.catalogFile}. */
  ontologyQueryUrl?: string;
  /** `OPERATOR_INTEGRATION_URL`: the tool box. In catalog mode it defaults to this service, which proxies itself. */
  operatorIntegrationUrl?: string;
  /** `CATALOG_FILE`: default `action-recall.yaml` in the working directory, else the package's example catalog. */
  catalogFile: string;
  /**
   * `EXAMPLE_API_PORT`: where the example orders API listens when the example catalog is served; 0 any free port,
   * `off` not started. Default 3101, the server URL of `examples/orders-api.yaml`.
   */
  exampleApiPort: number | "off";
  /** `API_URL_TEMPLATE`: the `api_url` template of recalled tools. */
  apiUrlTemplate?: string;
  /** `MCP_URL_TEMPLATE`: the MCP endpoint of an `mcp_id` not in the map (`{mcp_id}` is filled). */
  mcpUrlTemplate?: string;
  /** `MCP_SERVERS`: JSON object `mcp_id` → MCP endpoint URL. */
  mcpServers: Record<string, string>;
  /** `MCP_ACTION_BINDINGS`: JSON array of actions MCP lists; default every catalog action (catalog mode). */
  mcpBindings?: McpActionBinding[];
  /** `UPSTREAM_TIMEOUT_MS`: each ontology-query, tool-box and MCP call. Default 10,000. */
  upstreamTimeoutMs: number;
  /** `PROXY_TIMEOUT_MS`: a tool execution through the proxy. Default 30,000. */
  proxyTimeoutMs: number;
  /** `CACHE_TTL_MS`: tool details and MCP tool lists. Default 60,000. */
  cacheTtlMs: number;
  /** `MAX_BODY_BYTES`: largest request body accepted. Default 1 MiB. */
  maxBodyBytes: number;
  /** `MAX_RESPONSE_BYTES`: largest upstream answer read. Default 10 MiB. */
  maxResponseBytes: number;
  /** `MAX_SCHEMA_DEPTH`: `$ref` hops expanded before pruning. Default the converter's. */
  maxSchemaDepth?: number;
  /** `LOG_LEVEL`: pino level, default `info`. */
  logLevel: string;
  /** `HEADERS_TIMEOUT_MS`: time to receive a request's headers. Default 10,000; at most `REQUEST_TIMEOUT_MS`. */
  headersTimeoutMs: number;
  /** `REQUEST_TIMEOUT_MS`: time to receive a whole request, body included. Default 30,000. */
  requestTimeoutMs: number;
  /** `KEEP_ALIVE_TIMEOUT_MS`: how long an idle keep-alive connection stays open. Default 5,000. */
  keepAliveTimeoutMs: number;
  /**
   * `SOCKET_IDLE_TIMEOUT_MS`: a socket silent both ways this long is closed, streams too; 0 never. Default 120,000,
   * above the longest wait on an upstream (`PROXY_TIMEOUT_MS`, `LLM_TIMEOUT_MS`), when the client's socket is silent.
   */
  socketIdleTimeoutMs: number;
  /** `SHUTDOWN_TIMEOUT_MS`: how long a shutdown drains before it closes every socket. Default 25,000. */
  shutdownTimeoutMs: number;
  /** `RATE_LIMIT_MAX`: requests per account (or client IP) per window; 0 turns the limit off. Default 600. */
  rateLimitMax: number;
  /** `RATE_LIMIT_WINDOW_MS`: the rate limit's window. Default 60,000. */
  rateLimitWindowMs: number;
  /** `MAX_CONCURRENT_EXECUTIONS`: tool executions in flight at once (HTTP and `/mcp`). Default 64. */
  maxConcurrentExecutions: number;
  /** `MAX_CONVERT_BODY_BYTES`: largest body of the convert, parse and slot-fill routes. Default 256 KiB. */
  maxConvertBodyBytes: number;
  /** `OPENAI_BASE_URL` / `OPENAI_API_KEY` / ...: the model for slot filling; none runs the deterministic phase only. */
  llm?: LlmSettings;
  egress: EgressSettings;
  mcp: McpRequestSettings;
  /** `AUTH_MODE` and its settings, `METRICS_TOKEN`: how callers authenticate; `none` only on a loopback `HOST`. */
  auth: AuthConfig;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function readInteger(
  env: Record<string, string | undefined>,
  name: string,
  bounds: { min: number; max: number; fallback: number },
): number {
  const text = readText(env, name);
  if (text === undefined) return bounds.fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw invalid(name, text, `an integer from ${bounds.min} to ${bounds.max}`);
  }
  return value;
}

function readUrl(env: Record<string, string | undefined>, name: string): string | undefined {
  const text = readText(env, name);
  if (text === undefined) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw invalid(name, text, "an http(s) URL");
  return text.replace(/\/+$/, "");
}

function readJson(env: Record<string, string | undefined>, name: string): unknown {
  const text = readText(env, name);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(name, text, "JSON");
  }
}

function readMcpServers(env: Record<string, string | undefined>): Record<string, string> {
  const value = readJson(env, "MCP_SERVERS");
  if (value === undefined) return {};
  const text = env.MCP_SERVERS ?? "";
  if (!isJsonObject(value)) throw invalid("MCP_SERVERS", text, 'a JSON object {"<mcp_id>": "<http(s) URL>"}');
  const servers: Record<string, string> = Object.create(null);
  for (const [id, url] of Object.entries(value)) {
    if (typeof url !== "string" || !URL.canParse(url)) {
      throw invalid(`MCP_SERVERS.${id}`, String(url), "an http(s) URL");
    }
    servers[id] = url;
  }
  return servers;
}

function readBindings(env: Record<string, string | undefined>): McpActionBinding[] | undefined {
  const value = readJson(env, "MCP_ACTION_BINDINGS");
  if (value === undefined) return undefined;
  const expected = "a JSON array of {kn_id, action_type_id, unique_identity?}";
  if (!Array.isArray(value)) throw invalid("MCP_ACTION_BINDINGS", env.MCP_ACTION_BINDINGS ?? "", expected);
  return value.map((item, index) => {
    const setting = `MCP_ACTION_BINDINGS[${index}]`;
    if (!isJsonObject(item) || typeof item.kn_id !== "string" || typeof item.action_type_id !== "string") {
      throw invalid(setting, JSON.stringify(item), expected);
    }
    // An account here would let every MCP caller act as it: the account is the caller's, from its credential.
    if (Object.hasOwn(item, "account_id") || Object.hasOwn(item, "account_type")) {
      throw invalid(setting, JSON.stringify(item), `${expected}: the account comes from the MCP caller's credential`);
    }
    return {
      kn_id: item.kn_id,
      action_type_id: item.action_type_id,
      unique_identity: isJsonObject(item.unique_identity) ? item.unique_identity : {},
    };
  });
}

/** A comma-separated list, each item trimmed, empty items left out; `undefined` when the setting is unset. */
function readList(env: Record<string, string | undefined>, name: string): string[] | undefined {
  const text = readText(env, name);
  return text?.split(",").flatMap((item) => (item.trim() === "" ? [] : [item.trim()]));
}

function readEgress(env: Record<string, string | undefined>): EgressSettings {
  const allowClientTools = readText(env, "ALLOW_CLIENT_TOOLS") ?? "false";
  if (allowClientTools !== "true" && allowClientTools !== "false") {
    throw invalid("ALLOW_CLIENT_TOOLS", allowClientTools, "true or false");
  }
  const clientToolHosts = readList(env, "CLIENT_TOOL_HOSTS") ?? [];
  if (allowClientTools === "true" && clientToolHosts.length === 0) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      "ALLOW_CLIENT_TOOLS=true needs CLIENT_TOOL_HOSTS: the hosts a client's tool definition may send requests to",
      { data: { setting: "CLIENT_TOOL_HOSTS" } },
    );
  }
  return {
    extraHosts: readList(env, "EGRESS_ALLOWED_HOSTS") ?? [],
    ...(allowClientTools === "true" ? { clientToolHosts } : {}),
    refusalTtlMs: readInteger(env, "REFUSAL_CACHE_TTL_MS", { min: 0, max: 3_600_000, fallback: 5_000 }),
  };
}

function readMcpRequests(env: Record<string, string | undefined>): McpRequestSettings {
  const allowedHosts = readList(env, "MCP_ALLOWED_HOSTS")?.map((host) => host.toLowerCase());
  return {
    allowedOrigins: readList(env, "MCP_ALLOWED_ORIGINS") ?? [],
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
  };
}

/** The HTTP server's timeouts; Node refuses a headers timeout longer than the request timeout, so it is named here. */
function readSocketTimeouts(
  env: Record<string, string | undefined>,
): Pick<ServiceConfig, "headersTimeoutMs" | "requestTimeoutMs" | "keepAliveTimeoutMs" | "socketIdleTimeoutMs"> {
  const requestTimeoutMs = readInteger(env, "REQUEST_TIMEOUT_MS", { min: 100, max: 3_600_000, fallback: 30_000 });
  const headersTimeoutMs = readInteger(env, "HEADERS_TIMEOUT_MS", {
    min: 100,
    max: requestTimeoutMs,
    fallback: Math.min(10_000, requestTimeoutMs),
  });
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: readInteger(env, "KEEP_ALIVE_TIMEOUT_MS", { min: 1, max: 600_000, fallback: 5_000 }),
    socketIdleTimeoutMs: readInteger(env, "SOCKET_IDLE_TIMEOUT_MS", { min: 0, max: 3_600_000, fallback: 120_000 }),
  };
}

/**
 * The example catalog this package ships: found beside the code (`src/` or `dist/`), not in the working directory, so
 * an installed package serves it from any folder.
 */
export const EXAMPLE_CATALOG_FILE = fileURLToPath(new URL("../../examples/action-recall.yaml", import.meta.url));

function defaultCatalogFile(cwd: string): string {
  const local = resolve(cwd, "action-recall.yaml");
  return existsSync(local) ? local : EXAMPLE_CATALOG_FILE;
}

/** `EXAMPLE_API_PORT`: a port (0 for any free one), or `off`. */
function readExampleApiPort(env: Record<string, string | undefined>): number | "off" {
  const text = readText(env, "EXAMPLE_API_PORT");
  if (text === undefined) return EXAMPLE_ORDERS_API_PORT;
  if (text === "off") return "off";
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw invalid("EXAMPLE_API_PORT", text, "an integer from 0 to 65535, or off");
  }
  return port;
}

/**
 * Reads and validates the service's environment once, at start: any bad value is CONFIG_INVALID naming the setting
 * and the value. With no `ONTOLOGY_QUERY_URL`, the service recalls from the local catalog file.
 *
 * @example
 * const config = loadServiceConfig(process.env); // {port: 8080, host: "127.0.0.1", catalogFile: ".../action-recall.yaml", ...}
 */
export function loadServiceConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): ServiceConfig {
  checkObjectArgument("loadServiceConfig", "env", env);
  checkStringArgument("loadServiceConfig", "cwd", cwd);
  const logLevel = readText(env, "LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) throw invalid("LOG_LEVEL", logLevel, `one of ${LOG_LEVELS.join(", ")}`);
  const catalogFile = readText(env, "CATALOG_FILE");
  const host = readText(env, "HOST") ?? "127.0.0.1";
  const config: ServiceConfig = {
    port: readInteger(env, "PORT", { min: 0, max: 65_535, fallback: 8080 }),
    host,
    catalogFile: catalogFile === undefined ? defaultCatalogFile(cwd) : resolve(cwd, catalogFile),
    exampleApiPort: readExampleApiPort(env),
    mcpServers: readMcpServers(env),
    upstreamTimeoutMs: readInteger(env, "UPSTREAM_TIMEOUT_MS", { min: 1, max: 600_000, fallback: 10_000 }),
    proxyTimeoutMs: readInteger(env, "PROXY_TIMEOUT_MS", { min: 1, max: 3_600_000, fallback: 30_000 }),
    cacheTtlMs: readInteger(env, "CACHE_TTL_MS", { min: 0, max: 86_400_000, fallback: 60_000 }),
    maxBodyBytes: readInteger(env, "MAX_BODY_BYTES", { min: 1_024, max: 100 * 1024 * 1024, fallback: 1024 * 1024 }),
    maxResponseBytes: readInteger(env, "MAX_RESPONSE_BYTES", {
      min: 1_024,
      max: 1024 * 1024 * 1024,
      fallback: 10 * 1024 * 1024,
    }),
    logLevel,
    egress: readEgress(env),
    mcp: readMcpRequests(env),
    ...readSocketTimeouts(env),
    shutdownTimeoutMs: readInteger(env, "SHUTDOWN_TIMEOUT_MS", { min: 0, max: 3_600_000, fallback: 25_000 }),
    rateLimitMax: readInteger(env, "RATE_LIMIT_MAX", { min: 0, max: 1_000_000_000, fallback: 600 }),
    rateLimitWindowMs: readInteger(env, "RATE_LIMIT_WINDOW_MS", { min: 1, max: 86_400_000, fallback: 60_000 }),
    maxConcurrentExecutions: readInteger(env, "MAX_CONCURRENT_EXECUTIONS", { min: 1, max: 100_000, fallback: 64 }),
    maxConvertBodyBytes: readInteger(env, "MAX_CONVERT_BODY_BYTES", {
      min: 1_024,
      max: 100 * 1024 * 1024,
      fallback: 256 * 1024,
    }),
    auth: readAuthConfig(env, { host, cwd }),
  };
  const optional = {
    ontologyQueryUrl: readUrl(env, "ONTOLOGY_QUERY_URL"),
    operatorIntegrationUrl: readUrl(env, "OPERATOR_INTEGRATION_URL"),
    apiUrlTemplate: readText(env, "API_URL_TEMPLATE"),
    mcpUrlTemplate: readText(env, "MCP_URL_TEMPLATE"),
    mcpBindings: readBindings(env),
    maxSchemaDepth:
      readText(env, "MAX_SCHEMA_DEPTH") === undefined
        ? undefined
        : readInteger(env, "MAX_SCHEMA_DEPTH", { min: 0, max: 32, fallback: 2 }),
    llm: llmSettingsFromEnv(env),
  };
  if (optional.ontologyQueryUrl !== undefined && optional.operatorIntegrationUrl === undefined) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      "OPERATOR_INTEGRATION_URL is required with ONTOLOGY_QUERY_URL: tool details and every api_url come from it",
      { data: { setting: "OPERATOR_INTEGRATION_URL" } },
    );
  }
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(config, { [key]: value });
  }
  return config;
}
