import { afterEach, describe, expect, test } from "vitest";
import { TOOL_PROXY_PATH } from "../support/upstream-servers.js";
import {
  ACCOUNT_HEADERS,
  type KweaverService,
  SEED_ACTION_RESPONSE,
  SEED_RECALL_URL,
  SEED_TOOL_REF,
  startKweaverService,
} from "./service-harness.js";

let service: KweaverService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const TOOL_CALLS_URL = "/api/action-recall/v1/tool-calls";

/** Recalls the seed's tool through the service, as an agent would before calling it. */
async function recallSeedTool(current: KweaverService): Promise<Record<string, unknown>> {
  const response = await current.app.inject({
    method: "POST",
    url: SEED_RECALL_URL,
    headers: ACCOUNT_HEADERS,
    payload: { unique_identity: { disease_id: "disease_000001" } },
  });
  return response.json()._dynamic_tools[0];
}

const ARGUMENTS = {
  path: { kn_id: "kn_medical", ot_id: "disease" },
  body: { limit: 5, sort: [{ field: "name", direction: "asc" }] },
};

/** What the proxy must receive: the model's arguments, the fixed headers at their place, the timeout in seconds. */
const EXPECTED_PROXY_BODY = {
  header: { "x-account-id": "test", "x-account-type": "user", "X-HTTP-Method-Override": "GET" },
  path: { kn_id: "kn_medical", ot_id: "disease" },
  query: {},
  body: { limit: 5, sort: [{ field: "name", direction: "asc" }] },
  timeout: 1,
};

describe("executing a recalled tool end to end", () => {
  test.each([
    {
      name: "a parsed JSON ToolCall",
      call: (toolName: string) => ({ id: "call_1", name: toolName, arguments: ARGUMENTS, format: "json" }),
    },
    {
      name: "raw OpenAI tool_calls output",
      call: (toolName: string) => ({
        tool_calls: [
          { id: "call_1", type: "function", function: { name: toolName, arguments: JSON.stringify(ARGUMENTS) } },
        ],
      }),
    },
    {
      name: "raw XML function_calls output",
      call: (toolName: string) =>
        `<function_calls><invoke name="${toolName}"><parameter name="path">${JSON.stringify(ARGUMENTS.path)}</parameter><parameter name="body">${JSON.stringify(ARGUMENTS.body)}</parameter></invoke></function_calls>`,
    },
  ])("$name reaches the proxy with exactly {header, path, query, body}", async ({ call }) => {
    service = await startKweaverService();
    const tool = await recallSeedTool(service);
    const response = await service.app.inject({
      method: "POST",
      url: TOOL_CALLS_URL,
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: call(String(tool.name)) },
    });
    expect(response.statusCode).toBe(200);
    const proxied = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
    expect(proxied).toHaveLength(1);
    expect(proxied[0]?.path).toBe(
      "/api/agent-operator-integration/internal-v1/tool-box/e59f35f8-65f3-46bb-b5f1-a428380b3edc/proxy/7acb8add-ecd0-45cf-bd4d-57674c3c69b0",
    );
    expect(proxied[0]?.body).toEqual(EXPECTED_PROXY_BODY);
    expect(response.json()).toEqual({
      success: true,
      output: {
        status_code: 200,
        headers: { "content-type": "application/json" },
        body: EXPECTED_PROXY_BODY,
        error: null,
        duration_ms: 1,
      },
    });
  });

  test("invalid arguments answer 422 with the remaining schema, and nothing is sent", async () => {
    service = await startKweaverService();
    const tool = await recallSeedTool(service);
    const response = await service.app.inject({
      method: "POST",
      url: TOOL_CALLS_URL,
      headers: ACCOUNT_HEADERS,
      payload: {
        tool_ref: SEED_TOOL_REF,
        call: { id: "c", name: tool.name, arguments: { path: { kn_id: "kn_medical" } }, format: "json" },
      },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe("INVALID_ARGUMENTS");
    expect(body.remainingSchema).toMatchObject({ type: "object" });
    expect(JSON.stringify(body.remainingSchema)).toContain("ot_id");
    expect(service.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(0);
  });

  test.each([
    { name: "the proxy hangs", given: { hang: true }, want: { status: 504, code: "UPSTREAM_TIMEOUT" } },
    {
      name: "the proxy answers 500",
      given: { status: 500, json: { error: "boom" } },
      want: { status: 502, code: "UPSTREAM_ERROR" },
    },
    { name: "the proxy answers broken JSON", given: { text: "{" }, want: { status: 502, code: "UPSTREAM_MALFORMED" } },
  ])("$name → $want.status $want.code", async ({ given, want }) => {
    service = await startKweaverService({ proxy: given });
    const tool = await recallSeedTool(service);
    const response = await service.app.inject({
      method: "POST",
      url: TOOL_CALLS_URL,
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: { id: "c", name: tool.name, arguments: ARGUMENTS, format: "json" } },
    });
    expect(response.statusCode).toBe(want.status);
    expect(response.json().code).toBe(want.code);
  });

  test("a tool API failure the proxy carried is a 200 failed result with the proxy's answer", async () => {
    const failed = {
      status_code: 404,
      headers: {},
      body: { error: "no such object type" },
      error: null,
      duration_ms: 3,
    };
    service = await startKweaverService({ proxy: { json: failed } });
    const tool = await recallSeedTool(service);
    const response = await service.app.inject({
      method: "POST",
      url: TOOL_CALLS_URL,
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: { id: "c", name: tool.name, arguments: ARGUMENTS, format: "json" } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, output: failed, error: { code: "UPSTREAM_ERROR" } });
  });

  test("?stream=true passes the proxy's server-sent events through", async () => {
    service = await startKweaverService({
      proxy: {
        headers: { "content-type": "text/event-stream" },
        text: 'data: {"delta":"first"}\n\ndata: {"delta":"second"}\n\ndata: [DONE]\n\n',
      },
    });
    const tool = await recallSeedTool(service);
    const response = await service.app.inject({
      method: "POST",
      url: `${TOOL_CALLS_URL}?stream=true`,
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: { id: "c", name: tool.name, arguments: ARGUMENTS, format: "json" } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    expect(response.body).toBe('data: {"delta":"first"}\n\ndata: {"delta":"second"}\n\ndata: [DONE]\n\n');
    const [proxied] = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
    expect(proxied?.query).toEqual({ stream: "true" });
    expect(proxied?.body).toEqual(EXPECTED_PROXY_BODY);
  });

  test("?stream=true refuses a header the tool does not declare before anything reaches the proxy", async () => {
    service = await startKweaverService();
    const tool = await recallSeedTool(service);
    const response = await service.app.inject({
      method: "POST",
      url: `${TOOL_CALLS_URL}?stream=true`,
      headers: ACCOUNT_HEADERS,
      payload: {
        tool_ref: SEED_TOOL_REF,
        call: { id: "c", name: tool.name, arguments: { ...ARGUMENTS, header: { "X-Admin": "1" } }, format: "json" },
      },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({
      code: "UNKNOWN_PARAMETER",
      message: expect.stringContaining("header.X-Admin"),
    });
    const proxied = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
    expect(proxied).toEqual([]);
  });

  test("a tool-box reference executes the box's tool as the caller, whose account the tool's API is told", async () => {
    service = await startKweaverService();
    const [boxId, toolId] = [SEED_ACTION_RESPONSE.action_source.box_id, SEED_ACTION_RESPONSE.action_source.tool_id];
    const response = await service.app.inject({
      method: "POST",
      url: TOOL_CALLS_URL,
      headers: ACCOUNT_HEADERS,
      payload: {
        tool_ref: { box_id: boxId, tool_id: toolId },
        call: {
          id: "c",
          name: "t",
          arguments: ARGUMENTS,
          format: "json",
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(service.upstreams.ontologyQuery.requests).toEqual([]);
    const [proxied] = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
    expect(proxied?.headers["x-account-id"]).toBe(ACCOUNT_HEADERS["x-account-id"]);
    expect(proxied?.body).toMatchObject({ header: ACCOUNT_HEADERS, path: ARGUMENTS.path });
    const forged = await service.app.inject({
      method: "POST",
      url: TOOL_CALLS_URL,
      headers: ACCOUNT_HEADERS,
      payload: {
        tool_ref: { box_id: boxId, tool_id: toolId },
        call: { id: "c", name: "t", arguments: { ...ARGUMENTS, header: { "x-account-id": "victim" } }, format: "json" },
      },
    });
    expect(forged.json()).toMatchObject({ code: "FIXED_PARAMETER", parameter: "header.x-account-id" });
  });

  test("a body without a tool is 400", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({ method: "POST", url: TOOL_CALLS_URL, payload: { call: "x" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("tool_ref") });
  });
});
