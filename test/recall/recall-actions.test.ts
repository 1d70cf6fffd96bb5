import { afterEach, describe, expect, test } from "vitest";
import { loadActionCatalog } from "../../src/recall/action-catalog.js";
import { createRecallContext, type RecallContextOptions } from "../../src/recall/create-recall-context.js";
import type { DynamicTool } from "../../src/recall/dynamic-tool.js";
import { executeDynamicTool } from "../../src/recall/execute-dynamic-tool.js";
import { recallActions } from "../../src/recall/recall-actions.js";
import { TtlCache } from "../../src/recall/ttl-cache.js";
import actionResponse from "../fixtures/recall/action-response.json" with { type: "json" };
import golden from "../fixtures/recall/seed003-dynamic-tools.golden.json" with { type: "json" };
import toolDetail from "../fixtures/recall/tool-detail.json" with { type: "json" };
import { startMcpTestServer } from "../support/mcp-test-server.js";
import {
  ACTION_QUERY_PATH,
  type KweaverScripts,
  type KweaverUpstreams,
  startKweaverUpstreams,
  TOOL_DETAIL_PATH,
} from "../support/upstream-servers.js";

const BOX_ID = actionResponse.action_source.box_id;
const TOOL_ID = actionResponse.action_source.tool_id;

const request = {
  knId: "kn_medical",
  actionTypeId: "generate_treatment_plan",
  uniqueIdentity: { disease_id: "disease_000001" },
  accountId: "bdb78b62-6c48-11f0-af96-fa8dcc0a06b2",
  accountType: "user",
};

let upstreams: KweaverUpstreams | undefined;
afterEach(async () => {
  await upstreams?.close();
  upstreams = undefined;
});

async function start(scripts: KweaverScripts, options: Partial<RecallContextOptions> = {}) {
  upstreams = await startKweaverUpstreams({
    actionQuery: { json: actionResponse },
    toolDetail: { json: toolDetail },
    ...scripts,
  });
  const context = createRecallContext({
    ontologyQueryUrl: upstreams.ontologyQuery.url,
    operatorIntegrationUrl: upstreams.operatorIntegration.url,
    timeoutMs: 2_000,
    retries: 0,
    ...options,
  });
  return { upstreams, context };
}

describe("recallActions against KWeaver stand-ins (seed 003 payloads)", () => {
  test("the seed example gives the reviewed dynamic tool", async () => {
    const { context, upstreams } = await start({});
    const result = await recallActions(request, context);
    const apiUrl = `${upstreams.operatorIntegration.url}/api/agent-operator-integration/internal-v1/tool-box/${BOX_ID}/proxy/${TOOL_ID}`;
    expect(result).toEqual({ _dynamic_tools: [{ ...golden, api_url: apiUrl }] });
    const [tool] = result._dynamic_tools;
    // The contract, spelled out: api_spec untouched, actions[0].parameters as fixed params, located and removed.
    expect(tool?.original_schema).toEqual(toolDetail.metadata.api_spec);
    expect(tool?.fixed_params).toEqual({ "x-account-id": "test", "x-account-type": "user" });
    expect(tool?.fixed_params_by_location?.header).toMatchObject({ "x-account-id": "test", "x-account-type": "user" });
    expect(JSON.stringify(tool?.parameters)).not.toContain('"x-account-id"');
    expect(JSON.stringify(tool?.parameters)).not.toContain('"$ref"');
  });

  test("ontology-query gets the one identity as unique_identities, with the caller's headers", async () => {
    const { context, upstreams } = await start({});
    await recallActions({ ...request, requestId: "req-42" }, context);
    const [query] = upstreams.ontologyQuery.requests;
    expect(query).toMatchObject({
      method: "POST",
      path: "/api/ontology-query/in/v1/knowledge-networks/kn_medical/action-types/generate_treatment_plan",
      headers: {
        "x-http-method-override": "GET",
        "x-account-id": request.accountId,
        "x-account-type": "user",
        "x-request-id": "req-42",
      },
      body: { unique_identities: [{ disease_id: "disease_000001" }] },
    });
    const [detail] = upstreams.operatorIntegration.requests;
    expect(detail).toMatchObject({
      method: "GET",
      path: `/api/agent-operator-integration/internal-v1/tool-box/${BOX_ID}/tool/${TOOL_ID}`,
      headers: { "x-account-id": request.accountId, "x-account-type": "user" },
    });
  });

  test("path segments are encoded", async () => {
    const { context, upstreams } = await start({});
    await recallActions({ ...request, knId: "kn/../x", actionTypeId: "a b" }, context);
    expect(upstreams.ontologyQuery.requests[0]?.path).toBe(
      "/api/ontology-query/in/v1/knowledge-networks/kn%2F..%2Fx/action-types/a%20b",
    );
  });

  test("actions: [] gives no tool and a reason, without asking the tool box", async () => {
    const { context, upstreams } = await start({
      actionQuery: { json: { ...actionResponse, actions: [], total_count: 0 } },
    });
    const result = await recallActions(request, context);
    expect(result._dynamic_tools).toEqual([]);
    expect(result.reason).toContain("generate_treatment_plan");
    expect(upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(0);
  });

  test.each([
    {
      name: "ontology-query answering 500 is UPSTREAM_ERROR with the status and a body excerpt",
      given: { actionQuery: { status: 500, json: { error: "db down" } } },
      want: {
        code: "UPSTREAM_ERROR",
        data: { upstream: "ontology-query", status: 500, bodyExcerpt: expect.stringContaining("db down") },
      },
    },
    {
      name: "ontology-query hanging is UPSTREAM_TIMEOUT",
      given: { actionQuery: { hang: true } },
      want: { code: "UPSTREAM_TIMEOUT" },
    },
    {
      name: "ontology-query answering broken JSON is UPSTREAM_MALFORMED naming it",
      given: { actionQuery: { text: '{"action_source": {"type": "tool"' } },
      want: { code: "UPSTREAM_MALFORMED", data: { upstream: "ontology-query" } },
    },
    {
      name: "an action query without action_source is UPSTREAM_MALFORMED",
      given: { actionQuery: { json: { actions: [] } } },
      want: { code: "UPSTREAM_MALFORMED", data: { upstream: "ontology-query" } },
    },
    {
      name: "a tool the tool box does not have is NOT_FOUND naming it",
      given: { toolDetail: { status: 404, json: { code: "NotFound" } } },
      want: { code: "NOT_FOUND", data: { box_id: BOX_ID, tool_id: TOOL_ID } },
    },
    {
      name: "the tool box answering 500 is UPSTREAM_ERROR naming it",
      given: { toolDetail: { status: 500, text: "boom" } },
      want: { code: "UPSTREAM_ERROR", data: { upstream: "tool-box", status: 500 } },
    },
    {
      name: "an unknown action source type is UNSUPPORTED_ACTION_SOURCE naming it",
      given: { actionQuery: { json: { ...actionResponse, action_source: { type: "workflow", id: "w1" } } } },
      want: { code: "UNSUPPORTED_ACTION_SOURCE", data: { type: "workflow" } },
    },
  ])("$name", async ({ given, want }) => {
    const { context } = await start(given as KweaverScripts, { timeoutMs: 300 });
    await expect(recallActions(request, context)).rejects.toMatchObject(want);
  });

  test("100 concurrent recalls of one tool fetch its detail once", async () => {
    const { context, upstreams } = await start({});
    const results = await Promise.all(Array.from({ length: 100 }, () => recallActions(request, context)));
    expect(results.every((result) => result._dynamic_tools.length === 1)).toBe(true);
    expect(upstreams.ontologyQuery.hits(ACTION_QUERY_PATH)).toBe(100);
    expect(upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(1);
  });

  test("a failed detail fetch is not cached", async () => {
    let calls = 0;
    const { context, upstreams } = await start({
      toolDetail: () => {
        calls += 1;
        return calls === 1 ? { status: 503, text: "busy" } : { json: toolDetail };
      },
    });
    await expect(recallActions(request, context)).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
    expect((await recallActions(request, context))._dynamic_tools).toHaveLength(1);
    expect(upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(2);
  });

  test("with locating off, the seed's raw shape: full parameters, fixed params alone", async () => {
    const { context } = await start({}, { locateFixedParams: false });
    const [tool] = (await recallActions(request, context))._dynamic_tools;
    expect(tool?.fixed_params_by_location).toBeUndefined();
    expect(tool?.parameters).toMatchObject({
      properties: {
        header: { properties: { "x-account-id": { type: "string" }, "X-HTTP-Method-Override": { enum: ["GET"] } } },
      },
    });
  });

  test("fixed params the api_spec does not know are reported", async () => {
    const withTenant = {
      ...actionResponse,
      actions: [{ parameters: { "x-account-id": "test", tenant: "acme", "condition.field": "disease_id" } }],
    };
    const { context } = await start({ actionQuery: { json: withTenant } });
    const [tool] = (await recallActions(request, context))._dynamic_tools;
    expect(tool?.unlocated_fixed_params).toEqual(["tenant"]);
    expect(tool?.fixed_params_by_location).toMatchObject({
      header: { "x-account-id": "test" },
      body: { condition: { field: "disease_id" } },
    });
    expect(tool?.parameters).not.toHaveProperty("properties.body.properties.condition.properties.field");
  });

  test("a dialect adds the tool in that dialect", async () => {
    const { context } = await start({});
    const [tool] = (await recallActions({ ...request, dialect: "openai" }, context))._dynamic_tools;
    expect(tool?.dialect_tool).toMatchObject({ type: "function", function: { parameters: tool?.parameters } });
  });
});

describe("recallActions caches the built tool", () => {
  test("a warm recall answers the same deeply frozen tool without converting or fetching again", async () => {
    const { context, upstreams } = await start({});
    const [first] = (await recallActions(request, context))._dynamic_tools;
    const [second] = (await recallActions(request, context))._dynamic_tools;
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.parameters)).toBe(true);
    expect(Object.isFrozen(first?.fixed_params_by_location?.header)).toBe(true);
    // A caller cannot corrupt the tool the next caller gets.
    expect(() => {
      (first?.parameters as Record<string, unknown>).properties = {};
    }).toThrow(TypeError);
    expect(context.dynamicTools?.stats).toEqual({ hits: 1, misses: 1, coalesced: 0 });
    expect(upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(1);
    expect(upstreams.ontologyQuery.hits(ACTION_QUERY_PATH)).toBe(2);
  });

  test.each([
    { name: "another dialect", given: { dialect: "openai" as const }, parameters: {} },
    {
      name: "other fixed params",
      given: {},
      parameters: { "x-account-id": "someone-else", "x-account-type": "user" },
    },
  ])("$name builds another tool", async ({ given, parameters }) => {
    const actionQuery =
      Object.keys(parameters).length === 0 ? actionResponse : { ...actionResponse, actions: [{ parameters }] };
    const { context } = await start({});
    const [first] = (await recallActions(request, context))._dynamic_tools;
    upstreams?.ontologyQuery.route("POST", ACTION_QUERY_PATH, { json: actionQuery });
    const [second] = (await recallActions({ ...request, ...given }, context))._dynamic_tools;
    expect(second).not.toBe(first);
    expect(context.dynamicTools?.stats.misses).toBe(2);
  });

  test("the cached tool is a frozen copy: the resolver's objects (a catalog document, a cached detail) stay writable", async () => {
    const inputSchema = { type: "object", properties: { q: { type: "string" } } };
    const context = {
      actionSource: {
        recall: async () => ({ action_source: { type: "mcp", mcp_id: "m", tool_name: "t" }, actions: [{}] }),
      },
      toolResolver: {
        resolve: async () => ({
          kind: "mcp" as const,
          name: "t",
          description: "",
          inputSchema,
          originalSchema: inputSchema,
          apiUrl: "http://127.0.0.1:1/mcp",
          toolName: "t",
        }),
      },
      dynamicTools: new TtlCache<DynamicTool>({ ttlMs: 60_000 }),
    };
    const [tool] = (await recallActions(request, context))._dynamic_tools;
    expect(Object.isFrozen(tool?.original_schema)).toBe(true);
    expect(tool?.original_schema).toEqual(inputSchema);
    expect(Object.isFrozen(inputSchema)).toBe(false);
    expect(Object.isFrozen(inputSchema.properties.q)).toBe(false);
  });

  test("a cache TTL of 0 builds every recall anew", async () => {
    const { context } = await start({}, { cacheTtlMs: 0 });
    const [first] = (await recallActions(request, context))._dynamic_tools;
    const [second] = (await recallActions(request, context))._dynamic_tools;
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });
});

describe("recallActions with an MCP action source (real MCP server)", () => {
  test("type=mcp resolves the tool, converts its $defs schema and keeps fixed params flat", async () => {
    const mcp = await startMcpTestServer();
    try {
      const source = { type: "mcp", mcp_id: "orders", tool_name: "lookup_order" };
      const { context } = await start(
        { actionQuery: { json: { action_source: source, actions: [{ parameters: { tenant: "acme" } }] } } },
        { mcpServers: { orders: mcp.url } },
      );
      const [tool] = (await recallActions(request, context))._dynamic_tools;
      expect(tool).toMatchObject({
        name: "lookup_order",
        api_url: mcp.url,
        fixed_params: { tenant: "acme" },
        mcp: { tool_name: "lookup_order" },
        parameters: {
          type: "object",
          properties: {
            order: {
              type: "object",
              properties: { id: { type: "string" }, region: { type: "string", enum: ["eu", "us"] } },
            },
          },
        },
      });
      expect(tool?.fixed_params_by_location).toBeUndefined();
      expect(tool?.parameters).not.toHaveProperty("properties.tenant");
      expect(JSON.stringify(tool?.parameters)).not.toContain("$ref");
    } finally {
      await mcp.close();
    }
  });
});

describe("recallActions on the local catalog", () => {
  test("the example catalog follows the same path: located fixed params, api_url on the configured base", async () => {
    const catalog = await loadActionCatalog("examples/action-recall.yaml");
    const context = createRecallContext({ catalog, operatorIntegrationUrl: "http://127.0.0.1:9000" });
    const result = await recallActions(
      { ...request, knId: "kn_orders", actionTypeId: "annotate_order", uniqueIdentity: { order_id: "ord_1001" } },
      context,
    );
    const [tool] = result._dynamic_tools;
    expect(tool).toMatchObject({
      name: "addOrderNote",
      api_url:
        "http://127.0.0.1:9000/api/agent-operator-integration/internal-v1/tool-box/kn_orders/proxy/annotate_order",
      fixed_params: { order_id: "ord_1001", "x-tenant-id": "acme", "props.data_source": "action-recall" },
      fixed_params_by_location: {
        path: { order_id: "ord_1001" },
        header: { "x-tenant-id": "acme" },
        body: { props: { data_source: "action-recall" } },
      },
    });
    expect(tool?.parameters).not.toHaveProperty("properties.path");
    expect(tool?.parameters).toHaveProperty("properties.body.properties.text");
    expect(tool?.parameters).not.toHaveProperty("properties.body.properties.props.properties.data_source");
  });
});

describe("end to end: recall the seed's tool, then execute a model's call through the proxy", () => {
  const modelArguments = {
    path: { kn_id: "kn_medical", ot_id: "disease" },
    query: { include_type_info: true },
    body: { limit: 5, sort: [{ field: "disease_name", direction: "asc" }] },
  };
  const expectedProxyBody = {
    header: { "x-account-id": "test", "x-account-type": "user", "X-HTTP-Method-Override": "GET" },
    path: { kn_id: "kn_medical", ot_id: "disease" },
    query: { include_type_info: true },
    body: { limit: 5, sort: [{ field: "disease_name", direction: "asc" }] },
  };
  test.each([
    {
      name: "JSON (an OpenAI message)",
      given: (name: string) => ({
        role: "assistant",
        tool_calls: [{ id: "call_1", type: "function", function: { name, arguments: JSON.stringify(modelArguments) } }],
      }),
    },
    {
      name: "XML",
      given: (name: string) =>
        `<function_calls><invoke name="${name}">` +
        `<parameter name="path">${JSON.stringify(modelArguments.path)}</parameter>` +
        `<parameter name="query">${JSON.stringify(modelArguments.query)}</parameter>` +
        `<parameter name="body">${JSON.stringify(modelArguments.body)}</parameter>` +
        "</invoke></function_calls>",
    },
  ])("a call in $name reaches the proxy with exactly the expected request", async ({ given }) => {
    const { context, upstreams } = await start({});
    const [tool] = (await recallActions(request, context))._dynamic_tools;
    if (tool === undefined) throw new Error("no tool recalled");
    const result = await executeDynamicTool(tool, given(tool.name));
    expect(result).toMatchObject({ success: true, output: { status_code: 200 } });
    const proxied = upstreams.operatorIntegration.requests.filter((received) => received.path.includes("/proxy/"));
    expect(proxied).toHaveLength(1);
    expect(proxied[0]?.path).toBe(`/api/agent-operator-integration/internal-v1/tool-box/${BOX_ID}/proxy/${TOOL_ID}`);
    expect(proxied[0]?.body).toEqual(expectedProxyBody);
  });
});
