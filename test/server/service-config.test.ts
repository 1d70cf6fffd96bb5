import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ActionRecallError } from "../../src/errors/index.js";
import { loadServiceConfig } from "../../src/server/service-config.js";

const EMPTY_DIRECTORY = mkdtempSync(join(tmpdir(), "action-recall-config-"));
afterAll(() => rmSync(EMPTY_DIRECTORY, { recursive: true, force: true }));

describe("loadServiceConfig", () => {
  test("defaults: port 8080 on 127.0.0.1, catalog mode on the example catalog", () => {
    expect(loadServiceConfig({}, EMPTY_DIRECTORY)).toEqual({
      port: 8080,
      host: "127.0.0.1",
      catalogFile: join(EMPTY_DIRECTORY, "examples/action-recall.yaml"),
      mcpServers: {},
      upstreamTimeoutMs: 10_000,
      proxyTimeoutMs: 30_000,
      cacheTtlMs: 60_000,
      maxBodyBytes: 1_048_576,
      maxResponseBytes: 10_485_760,
      logLevel: "info",
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
      name: "the MCP map and bindings",
      given: {
        MCP_SERVERS: '{"notes": "http://127.0.0.1:3102/mcp"}',
        MCP_ACTION_BINDINGS: '[{"kn_id": "kn", "action_type_id": "at", "unique_identity": {"id": 1}}]',
      },
      want: {
        mcpServers: { notes: "http://127.0.0.1:3102/mcp" },
        mcpBindings: [
          { kn_id: "kn", action_type_id: "at", unique_identity: { id: 1 }, account_id: "mcp", account_type: "user" },
        ],
      },
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
    { given: { LOG_LEVEL: "loud" }, want: "LOG_LEVEL" },
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
