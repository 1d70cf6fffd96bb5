import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { ActionRecallError } from "../../src/errors/index.js";
import { loadServiceConfig } from "../../src/server/service-config.js";

const EMPTY_DIRECTORY = mkdtempSync(join(tmpdir(), "action-recall-config-"));
/** The package's own example catalog, wherever the working directory is. */
const EXAMPLE_CATALOG = fileURLToPath(new URL("../../examples/action-recall.yaml", import.meta.url));
afterAll(() => rmSync(EMPTY_DIRECTORY, { recursive: true, force: true }));

describe("loadServiceConfig", () => {
  test("defaults: port 8080 on 127.0.0.1, catalog mode on the package's example catalog, its API on 3101", () => {
    expect(loadServiceConfig({}, EMPTY_DIRECTORY)).toEqual({
      port: 8080,
      host: "127.0.0.1",
      catalogFile: EXAMPLE_CATALOG,
      exampleApiPort: 3101,
      mcpServers: {},
      upstreamTimeoutMs: 10_000,
      proxyTimeoutMs: 30_000,
      cacheTtlMs: 60_000,
      maxBodyBytes: 1_048_576,
      maxResponseBytes: 10_485_760,
      logLevel: "info",
      egress: { extraHosts: [], refusalTtlMs: 5_000 },
      mcp: { allowedOrigins: [] },
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      socketIdleTimeoutMs: 120_000,
      shutdownTimeoutMs: 25_000,
      rateLimitMax: 600,
      rateLimitWindowMs: 60_000,
      maxConcurrentExecutions: 64,
      maxConvertBodyBytes: 262_144,
      auth: { mode: "none" },
    });
  });

  test("an action-recall.yaml in the working directory wins over the example", () => {
    const directory = mkdtempSync(join(EMPTY_DIRECTORY, "working-"));
    writeFileSync(join(directory, "action-recall.yaml"), "knowledge_networks: {}\n");
    expect(loadServiceConfig({}, directory).catalogFile).toBe(join(directory, "action-recall.yaml"));
  });

  test.each([
    {
      name: "upstream URLs, trailing slash dropped",
      given: { ONTOLOGY_QUERY_URL: "http://oq:13018/", OPERATOR_INTEGRATION_URL: "http://oi:9000" },
      want: { ontologyQueryUrl: "http://oq:13018", operatorIntegrationUrl: "http://oi:9000" },
    },
    {
      name: "numbers",
      given: { PORT: "0", CACHE_TTL_MS: "0", MAX_SCHEMA_DEPTH: "4", MAX_BODY_BYTES: "2048" },
      want: { port: 0, cacheTtlMs: 0, maxSchemaDepth: 4, maxBodyBytes: 2048 },
    },
    {
      name: "timeouts and limits",
      given: {
        HEADERS_TIMEOUT_MS: "500",
        REQUEST_TIMEOUT_MS: "500",
        KEEP_ALIVE_TIMEOUT_MS: "1000",
        SOCKET_IDLE_TIMEOUT_MS: "0",
        SHUTDOWN_TIMEOUT_MS: "0",
        RATE_LIMIT_MAX: "0",
        RATE_LIMIT_WINDOW_MS: "1000",
        MAX_CONCURRENT_EXECUTIONS: "1",
        MAX_CONVERT_BODY_BYTES: "2048",
      },
      want: {
        headersTimeoutMs: 500,
        requestTimeoutMs: 500,
        keepAliveTimeoutMs: 1000,
        socketIdleTimeoutMs: 0,
        shutdownTimeoutMs: 0,
        rateLimitMax: 0,
        rateLimitWindowMs: 1000,
        maxConcurrentExecutions: 1,
        maxConvertBodyBytes: 2048,
      },
    },
    {
      name: "a request timeout under 10 s as the headers timeout's default",
      given: { REQUEST_TIMEOUT_MS: "2000" },
      want: { headersTimeoutMs: 2000, requestTimeoutMs: 2000 },
    },
    {
      name: "the MCP map and bindings",
      given: {
        MCP_SERVERS: '{"notes": "http://127.0.0.1:3102/mcp"}',
        MCP_ACTION_BINDINGS: '[{"kn_id": "kn", "action_type_id": "at", "unique_identity": {"id": 1}}]',
      },
      want: {
        mcpServers: { notes: "http://127.0.0.1:3102/mcp" },
        mcpBindings: [{ kn_id: "kn", action_type_id: "at", unique_identity: { id: 1 } }],
      },
    },
    {
      name: "egress and client tools",
      given: {
        EGRESS_ALLOWED_HOSTS: "api.example.com, *.corp.example:8443,",
        ALLOW_CLIENT_TOOLS: "true",
        CLIENT_TOOL_HOSTS: "127.0.0.1:9",
        REFUSAL_CACHE_TTL_MS: "0",
      },
      want: {
        egress: {
          extraHosts: ["api.example.com", "*.corp.example:8443"],
          clientToolHosts: ["127.0.0.1:9"],
          refusalTtlMs: 0,
        },
      },
    },
    { name: "the example API on any free port", given: { EXAMPLE_API_PORT: "0" }, want: { exampleApiPort: 0 } },
    { name: "the example API off", given: { EXAMPLE_API_PORT: "off" }, want: { exampleApiPort: "off" } },
    {
      name: "a catalog file relative to the working directory",
      given: { CATALOG_FILE: "catalogs/mine.yaml" },
      want: { catalogFile: join(EMPTY_DIRECTORY, "catalogs/mine.yaml") },
    },
    {
      name: "who may drive /mcp",
      given: { MCP_ALLOWED_ORIGINS: "https://app.example.com", MCP_ALLOWED_HOSTS: "Recall.Example.com" },
      want: { mcp: { allowedOrigins: ["https://app.example.com"], allowedHosts: ["recall.example.com"] } },
    },
  ])("reads $name", ({ given, want }) => {
    expect(loadServiceConfig(given, EMPTY_DIRECTORY)).toMatchObject(want);
  });

  test.each([
    { given: { PORT: "eighty" }, want: 'PORT="eighty"' },
    { given: { PORT: "70000" }, want: "PORT" },
    { given: { UPSTREAM_TIMEOUT_MS: "-5" }, want: "UPSTREAM_TIMEOUT_MS" },
    { given: { CACHE_TTL_MS: "1.5" }, want: "CACHE_TTL_MS" },
    { given: { MAX_BODY_BYTES: "12" }, want: "MAX_BODY_BYTES" },
    { given: { MAX_SCHEMA_DEPTH: "deep" }, want: "MAX_SCHEMA_DEPTH" },
    { given: { ONTOLOGY_QUERY_URL: "ontology:13018" }, want: "ONTOLOGY_QUERY_URL" },
    { given: { ONTOLOGY_QUERY_URL: "http://oq:13018" }, want: "OPERATOR_INTEGRATION_URL" },
    { given: { MCP_SERVERS: "{notes}" }, want: "MCP_SERVERS" },
    { given: { MCP_SERVERS: '{"notes": 3}' }, want: "MCP_SERVERS.notes" },
    { given: { MCP_ACTION_BINDINGS: '[{"kn_id": "kn"}]' }, want: "MCP_ACTION_BINDINGS[0]" },
    {
      given: { MCP_ACTION_BINDINGS: '[{"kn_id": "kn", "action_type_id": "at", "account_id": "admin"}]' },
      want: "the account comes from the MCP caller's credential",
    },
    { given: { ALLOW_CLIENT_TOOLS: "yes" }, want: "ALLOW_CLIENT_TOOLS" },
    { given: { ALLOW_CLIENT_TOOLS: "true" }, want: "CLIENT_TOOL_HOSTS" },
    { given: { LOG_LEVEL: "loud" }, want: "LOG_LEVEL" },
    { given: { REQUEST_TIMEOUT_MS: "0" }, want: "REQUEST_TIMEOUT_MS" },
    { given: { HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" }, want: "HEADERS_TIMEOUT_MS" },
    { given: { KEEP_ALIVE_TIMEOUT_MS: "0" }, want: "KEEP_ALIVE_TIMEOUT_MS" },
    { given: { SOCKET_IDLE_TIMEOUT_MS: "-1" }, want: "SOCKET_IDLE_TIMEOUT_MS" },
    { given: { SHUTDOWN_TIMEOUT_MS: "soon" }, want: "SHUTDOWN_TIMEOUT_MS" },
    { given: { RATE_LIMIT_MAX: "-1" }, want: "RATE_LIMIT_MAX" },
    { given: { RATE_LIMIT_WINDOW_MS: "0" }, want: "RATE_LIMIT_WINDOW_MS" },
    { given: { MAX_CONCURRENT_EXECUTIONS: "0" }, want: "MAX_CONCURRENT_EXECUTIONS" },
    { given: { MAX_CONVERT_BODY_BYTES: "1kb" }, want: "MAX_CONVERT_BODY_BYTES" },
    {
      given: { EXAMPLE_API_PORT: "no" },
      want: 'EXAMPLE_API_PORT="no" is invalid: expected an integer from 0 to 65535, or off',
    },
    { given: { EXAMPLE_API_PORT: "65536" }, want: 'EXAMPLE_API_PORT="65536"' },
  ])("$given → CONFIG_INVALID naming $want", ({ given, want }) => {
    let thrown: unknown;
    try {
      loadServiceConfig(given, EMPTY_DIRECTORY);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ActionRecallError);
    expect(thrown).toMatchObject({ code: "CONFIG_INVALID", message: expect.stringContaining(want) });
  });
});
