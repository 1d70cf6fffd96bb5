import { afterEach, describe, expect, test } from "vitest";
import { startMcpTestServer } from "../support/mcp-test-server.js";
import {
  ACCOUNT_HEADERS,
  ACTION_QUERY_PATH,
  type KweaverService,
  SEED_ACTION_RESPONSE,
  SEED_RECALL_URL,
  SEED_TOOL_DETAIL,
  startKweaverService,
  TOOL_DETAIL_PATH,
} from "./service-harness.js";

let service: KweaverService | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await service?.close();
  service = undefined;
  for (const close of closers.splice(0)) await close();
});

const SEED_BODY = { unique_identity: { disease_id: "disease_000001" } };

describe("the seed 003 recall", () => {
  test("answers the dynamic tool of actions[0] in the seed's shape", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.statusCode).toBe(200);
    const [tool, ...others] = response.json()._dynamic_tools;
    expect(others).toEqual([]);
    expect(tool).toMatchObject({
      name: SEED_TOOL_DETAIL.name,
      description: SEED_TOOL_DETAIL.description,
      api_url: `${service.upstreams.operatorIntegration.url}/api/agent-operator-integration/internal-v1/tool-box/e59f35f8-65f3-46bb-b5f1-a428380b3edc/proxy/7acb8add-ecd0-45cf-bd4d-57674c3c69b0`,
      original_schema: SEED_TOOL_DETAIL.metadata.api_spec,
      fixed_params: { "x-account-id": "test", "x-account-type": "user" },
      fixed_params_by_location: { header: { "x-account-id": "test", "x-account-type": "user" } },
    });
    // Fixed parameters are located and removed from what the model sees.
    expect(tool.parameters.type).toBe("object");
    expect(Object.keys(tool.parameters.properties.path.properties)).toEqual(["kn_id", "ot_id"]);
    expect(tool.parameters.properties.header?.properties ?? {}).not.toHaveProperty("x-account-id");
    expect(JSON.stringify(tool.parameters)).not.toContain("$ref");
  });

  test("asks ontology-query with the object in an array, the override header and the caller's account", async () => {
    service = await startKweaverService();
    await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: { ...ACCOUNT_HEADERS, "x-request-id": "request-42" },
      payload: SEED_BODY,
    });
    const [query] = service.upstreams.ontologyQuery.requests;
    expect(query?.path).toBe(
      "/api/ontology-query/in/v1/knowledge-networks/kn_medical/action-types/generate_treatment_plan",
    );
    expect(query?.body).toEqual({ unique_identities: [{ disease_id: "disease_000001" }] });
    expect(query?.headers).toMatchObject({
      "x-http-method-override": "GET",
      "x-account-id": ACCOUNT_HEADERS["x-account-id"],
      "x-account-type": "user",
      "x-request-id": "request-42",
    });
    const [detail] = service.upstreams.operatorIntegration.requests;
    expect(detail?.headers).toMatchObject({
      "x-account-id": ACCOUNT_HEADERS["x-account-id"],
      "x-account-type": "user",
    });
  });

  test("adds the tool in the asked dialect", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: `${SEED_RECALL_URL}?dialect=openai`,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()._dynamic_tools[0].dialect_tool).toMatchObject({ type: "function" });
  });

  test("answers no tool, with a reason, when actions is empty", async () => {
    service = await startKweaverService({ actionQuery: { json: { ...SEED_ACTION_RESPONSE, actions: [] } } });
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()._dynamic_tools).toEqual([]);
    expect(response.json().reason).toEqual(expect.any(String));
    expect(service.upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(0);
  });

  test("recalls an MCP action: the server's tool, flat fixed params", async () => {
    const mcp = await startMcpTestServer();
    closers.push(() => mcp.close());
    service = await startKweaverService(
      {
        actionQuery: {
          json: {
            action_source: { type: "mcp", mcp_id: "orders", tool_name: "lookup_order" },
            actions: [{ parameters: { tenant: "acme" } }],
          },
        },
      },
      { MCP_SERVERS: JSON.stringify({ orders: mcp.url }) },
    );
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.statusCode).toBe(200);
    const [tool] = response.json()._dynamic_tools;
    expect(tool).toMatchObject({
      name: "lookup_order",
      api_url: mcp.url,
      fixed_params: { tenant: "acme" },
      mcp: { tool_name: "lookup_order" },
    });
    expect(JSON.stringify(tool.parameters)).not.toContain("$ref");
  });

  test("coalesces 100 concurrent recalls of one tool into one detail fetch", async () => {
    service = await startKweaverService();
    const { app } = service;
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.inject({ method: "POST", url: SEED_RECALL_URL, headers: ACCOUNT_HEADERS, payload: SEED_BODY }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
    expect(service.upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(1);
  });
});

describe("upstream failures map to statuses", () => {
  test.each([
    {
      name: "ontology-query 500",
      given: { actionQuery: { status: 500, json: { error: "database down" } } },
      want: { status: 502, code: "UPSTREAM_ERROR" },
    },
    {
      name: "ontology-query hangs",
      given: { actionQuery: { hang: true } },
      want: { status: 504, code: "UPSTREAM_TIMEOUT" },
    },
    {
      name: "ontology-query answers malformed JSON",
      given: { actionQuery: { text: '{"action_source": ' } },
      want: { status: 502, code: "UPSTREAM_MALFORMED", upstream: "ontology-query" },
    },
    {
      name: "the tool box has no such tool",
      given: { toolDetail: { status: 404, json: { error: "no such tool" } } },
      want: { status: 404, code: "NOT_FOUND" },
    },
    {
      name: "an action source of an unknown type",
      given: { actionQuery: { json: { action_source: { type: "workflow" }, actions: [{ parameters: {} }] } } },
      want: { status: 422, code: "UNSUPPORTED_ACTION_SOURCE" },
    },
  ])("$name → $want.status $want.code", async ({ given, want }) => {
    service = await startKweaverService(given);
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.statusCode).toBe(want.status);
    expect(response.json()).toMatchObject({ code: want.code, message: expect.any(String) });
    if ("upstream" in want) expect(response.json().upstream).toBe(want.upstream);
  });

  test("an upstream error carries the upstream status and an excerpt of its body", async () => {
    service = await startKweaverService({ actionQuery: { status: 500, json: { error: "database down" } } });
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.json()).toMatchObject({ status: 500, bodyExcerpt: expect.stringContaining("database down") });
  });

  test("the unsupported type is named", async () => {
    service = await startKweaverService({
      actionQuery: { json: { action_source: { type: "workflow" }, actions: [{ parameters: {} }] } },
    });
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: SEED_BODY,
    });
    expect(response.json().message).toContain("workflow");
  });
});

describe("request validation", () => {
  test.each([
    {
      name: "an array identity",
      given: { payload: { unique_identity: [{ disease_id: "d1" }] } },
      want: "unique_identity",
    },
    { name: "a string identity", given: { payload: { unique_identity: "d1" } }, want: "unique_identity" },
    { name: "no identity", given: { payload: { unique_identities: [{ disease_id: "d1" }] } }, want: "unique_identity" },
    { name: "an array body", given: { payload: [{ disease_id: "d1" }] }, want: "object" },
    { name: "an unknown dialect", given: { payload: SEED_BODY, query: "?dialect=cobol" }, want: "dialect" },
  ])("$name → 400 INVALID_REQUEST naming $want", async ({ given, want }) => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: `${SEED_RECALL_URL}${given.query ?? ""}`,
      headers: ACCOUNT_HEADERS,
      payload: given.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining(want) });
    expect(service.upstreams.ontologyQuery.hits(ACTION_QUERY_PATH)).toBe(0);
  });

  test("a body over the size limit is refused with 413", async () => {
    service = await startKweaverService({}, { MAX_BODY_BYTES: "1024" });
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: { unique_identity: { note: "x".repeat(2048) } },
    });
    expect(response.statusCode).toBe(413);
  });
});
