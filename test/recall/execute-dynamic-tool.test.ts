import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DynamicTool } from "../../src/recall/dynamic-tool.js";
import { executeDynamicTool } from "../../src/recall/execute-dynamic-tool.js";
import { startMcpTestServer } from "../support/mcp-test-server.js";
import { startUpstreamServer, TOOL_PROXY_PATH, type UpstreamServer } from "../support/upstream-servers.js";

/** A recalled tool written out by hand (the seed's operation, fixed params located), so this test needs no recall. */
function seedTool(apiUrl: string): DynamicTool {
  return {
    name: "search_object_instance",
    description: "Query object instances of one object type.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "object", properties: { ot_id: { type: "string" } }, required: ["ot_id"] },
        query: { type: "object", properties: { include_type_info: { type: "boolean" } }, required: [] },
        body: {
          type: "object",
          properties: {
            limit: { type: "integer", default: 10 },
            sort: {
              type: "array",
              items: {
                type: "object",
                properties: { field: { type: "string" }, direction: { type: "string", enum: ["asc", "desc"] } },
                required: ["field", "direction"],
              },
            },
          },
          required: ["sort"],
        },
      },
      required: ["path", "body"],
    },
    api_url: apiUrl,
    original_schema: {},
    fixed_params: { "x-account-id": "test", "x-account-type": "user" },
    fixed_params_by_location: {
      header: { "x-account-id": "test", "x-account-type": "user", "X-HTTP-Method-Override": "GET" },
      path: { kn_id: "kn_medical" },
    },
  };
}

const ARGUMENTS = {
  path: { ot_id: "disease" },
  query: { include_type_info: true },
  body: { sort: [{ field: "name", direction: "asc" }] },
};

/** What the proxy must receive: the model's arguments, the schema default, and the fixed params at their places. */
const EXPECTED_PROXY_BODY = {
  header: { "x-account-id": "test", "x-account-type": "user", "X-HTTP-Method-Override": "GET" },
  path: { kn_id: "kn_medical", ot_id: "disease" },
  query: { include_type_info: true },
  body: { sort: [{ field: "name", direction: "asc" }], limit: 10 },
};

const PROXY_ANSWER = {
  status_code: 200,
  headers: { "content-type": "application/json" },
  body: { datas: [] },
  error: null,
  duration_ms: 7,
};

let proxy: UpstreamServer;
let apiUrl: string;
beforeAll(async () => {
  proxy = await startUpstreamServer();
  apiUrl = `${proxy.url}/api/agent-operator-integration/internal-v1/tool-box/box-1/proxy/tool-1`;
});
afterAll(async () => {
  await proxy.close();
});

describe("executeDynamicTool: the call reaches the proxy with exactly the expected request", () => {
  const xml = `Let me look.
<function_calls>
<invoke name="search_object_instance">
<parameter name="path">{"ot_id": "disease"}</parameter>
<parameter name="query">{"include_type_info": true}</parameter>
<parameter name="body">{"sort": [{"field": "name", "direction": "asc"}]}</parameter>
</invoke>
</function_calls>`;
  const openAiMessage = {
    role: "assistant",
    content: null,
    tool_calls: [
      {
        id: "call_1",
        type: "function",
        function: { name: "search_object_instance", arguments: JSON.stringify(ARGUMENTS) },
      },
    ],
  };
  test.each([
    {
      name: "a parsed ToolCall",
      given: { id: "call_0", name: "search_object_instance", arguments: ARGUMENTS, format: "json" },
    },
    { name: "an OpenAI JSON message", given: openAiMessage },
    { name: "model text with an XML call", given: xml },
  ])("$name", async ({ given }) => {
    proxy.route("POST", TOOL_PROXY_PATH, { json: PROXY_ANSWER });
    const before = proxy.requests.length;
    const result = await executeDynamicTool(seedTool(apiUrl), given);
    expect(result).toEqual({ success: true, output: PROXY_ANSWER });
    const received = proxy.requests.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toEqual(EXPECTED_PROXY_BODY);
    expect(received[0]?.params).toEqual({ box_id: "box-1", tool_id: "tool-1" });
  });

  test("the proxy timeout is sent in seconds when set", async () => {
    proxy.route("POST", TOOL_PROXY_PATH, { json: PROXY_ANSWER });
    const before = proxy.requests.length;
    await executeDynamicTool(
      seedTool(apiUrl),
      { id: "c", name: "x", arguments: ARGUMENTS, format: "json" },
      { proxyTimeoutSeconds: 30 },
    );
    expect(proxy.requests[before]?.body).toEqual({ ...EXPECTED_PROXY_BODY, timeout: 30 });
  });
});

describe("executeDynamicTool: failures come back as failed results", () => {
  test("invalid arguments are INVALID_ARGUMENTS carrying the remaining schema, and nothing is sent", async () => {
    const before = proxy.requests.length;
    const result = await executeDynamicTool(seedTool(apiUrl), {
      id: "c",
      name: "search_object_instance",
      arguments: { path: {}, body: { sort: [{ field: "name", direction: "up" }] } },
      format: "json",
    });
    expect(result).toMatchObject({ success: false, output: null, error: { code: "INVALID_ARGUMENTS" } });
    const details = result.error?.details as { issues: Array<{ location?: string }>; remainingSchema: unknown };
    expect(details.issues.map((issue) => issue.location)).toEqual(["path.ot_id", "body.sort.0.direction"]);
    // The slot processor's remaining schema (seed 004): one property per JSON pointer still missing or invalid.
    expect(details.remainingSchema).toEqual({
      type: "object",
      properties: {
        "/path/ot_id": { type: "string" },
        "/body/sort/0/direction": { type: "string", enum: ["asc", "desc"] },
      },
      required: ["/path/ot_id", "/body/sort/0/direction"],
    });
    expect(proxy.requests.length).toBe(before);
  });

  test.each([
    {
      name: "the proxy reporting a failed call inside HTTP 200",
      given: {
        json: { status_code: 500, headers: {}, body: "connection refused", error: "dial tcp: refused", duration_ms: 3 },
      },
      want: {
        success: false,
        output: { status_code: 500, error: "dial tcp: refused" },
        error: { code: "UPSTREAM_ERROR", details: { status: 500 } },
      },
    },
    {
      name: "the proxy answering 502",
      given: { status: 502, text: "bad gateway" },
      want: {
        success: false,
        error: {
          code: "UPSTREAM_ERROR",
          details: { upstream: "tool-box proxy", status: 502, bodyExcerpt: "bad gateway" },
        },
      },
    },
    {
      name: "the proxy answering broken JSON",
      given: { text: '{"status_code": 2' },
      want: { success: false, error: { code: "UPSTREAM_MALFORMED" } },
    },
    {
      name: "the proxy answering JSON without status_code",
      given: { json: { ok: true } },
      want: { success: false, error: { code: "UPSTREAM_MALFORMED", details: { upstream: "tool-box proxy" } } },
    },
    {
      name: "the proxy hanging",
      given: { hang: true },
      want: { success: false, error: { code: "UPSTREAM_TIMEOUT" } },
    },
  ])("$name", async ({ given, want }) => {
    proxy.route("POST", TOOL_PROXY_PATH, given);
    const call = { id: "c", name: "search_object_instance", arguments: ARGUMENTS, format: "json" as const };
    expect(await executeDynamicTool(seedTool(apiUrl), call, { timeoutMs: 300 })).toMatchObject(want);
  });

  test.each([
    { name: "an invented header", section: "header", written: { Authorization: "Bearer made-up" } },
    { name: "a query parameter the tool lacks", section: "query", written: { include_type_infos: true } },
  ])("$name is UNKNOWN_PARAMETER, and nothing is sent", async ({ section, written }) => {
    const before = proxy.requests.length;
    const call = {
      id: "c",
      name: "search_object_instance",
      arguments: { ...ARGUMENTS, [section]: written },
      format: "json" as const,
    };
    const result = await executeDynamicTool(seedTool(apiUrl), call);
    const [name = ""] = Object.keys(written);
    expect(result).toMatchObject({
      success: false,
      error: { code: "UNKNOWN_PARAMETER", details: { parameter: `${section}.${name}` } },
    });
    expect(proxy.requests.length).toBe(before);
  });

  test("a section that admits other members takes them", async () => {
    proxy.route("POST", TOOL_PROXY_PATH, { json: PROXY_ANSWER });
    const tool = seedTool(apiUrl);
    const properties = tool.parameters.properties as Record<string, Record<string, unknown>>;
    properties.query = { ...properties.query, additionalProperties: true };
    const call = {
      id: "c",
      name: "search_object_instance",
      arguments: { ...ARGUMENTS, query: { include_type_info: true, extra: 1 } },
      format: "json" as const,
    };
    expect(await executeDynamicTool(tool, call)).toMatchObject({ success: true });
    expect(proxy.requests.at(-1)?.body).toMatchObject({ query: { include_type_info: true, extra: 1 } });
  });

  test("output with no readable call is PARSE_ERROR", async () => {
    const result = await executeDynamicTool(seedTool(apiUrl), "I would rather not call anything.");
    expect(result).toMatchObject({ success: false, error: { code: "PARSE_ERROR" } });
  });
});

describe("executeDynamicTool on an MCP tool (real MCP server)", () => {
  test("tools/call gets the model's arguments with the flat fixed params", async () => {
    const mcp = await startMcpTestServer();
    try {
      const tool: DynamicTool = {
        name: "lookup_order",
        description: "Look up one order by its reference.",
        parameters: {
          type: "object",
          properties: { order: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
          required: ["order"],
        },
        api_url: mcp.url,
        original_schema: {},
        fixed_params: { tenant: "acme" },
        mcp: { tool_name: "lookup_order" },
      };
      const result = await executeDynamicTool(tool, {
        id: "c",
        name: "lookup_order",
        arguments: { order: { id: "ord_1" } },
        format: "json",
      });
      expect(mcp.calls).toEqual([{ name: "lookup_order", arguments: { order: { id: "ord_1" }, tenant: "acme" } }]);
      expect(result).toMatchObject({ success: true, output: { content: [{ type: "text" }] } });
    } finally {
      await mcp.close();
    }
  });
});
