// Issue 39, class 13, through the service's execution path: an Anthropic tool_use with an integer written as a
// string is typed by the recalled tool's schema, so the proxy gets the integer (it was a 422 before).
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DynamicTool } from "../../src/recall/dynamic-tool.js";
import { executeDynamicTool } from "../../src/recall/execute-dynamic-tool.js";
import { startUpstreamServer, TOOL_PROXY_PATH, type UpstreamServer } from "../support/upstream-servers.js";

let proxy: UpstreamServer;
beforeAll(async () => {
  proxy = await startUpstreamServer();
});
afterAll(async () => {
  await proxy.close();
});

const forecastTool = (apiUrl: string): DynamicTool => ({
  name: "get_forecast",
  description: "Weather forecast for a city.",
  parameters: {
    type: "object",
    properties: {
      query: {
        type: "object",
        properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 7 } },
        required: ["city", "days"],
      },
    },
    required: ["query"],
  },
  api_url: apiUrl,
  original_schema: {},
  fixed_params: {},
});

test('an Anthropic tool_use with days: "3" reaches the proxy as 3', async () => {
  const answer = { status_code: 200, headers: {}, body: { forecast: [] }, error: null, duration_ms: 1 };
  proxy.route("POST", TOOL_PROXY_PATH, { json: answer });
  const before = proxy.requests.length;
  const output = {
    role: "assistant",
    content: [
      { type: "tool_use", id: "toolu_01", name: "get_forecast", input: { query: { city: "Hangzhou", days: "3" } } },
    ],
  };
  const apiUrl = `${proxy.url}/api/agent-operator-integration/internal-v1/tool-box/box-1/proxy/tool-1`;
  const result = await executeDynamicTool(forecastTool(apiUrl), output);
  expect(result).toEqual({ success: true, output: answer });
  expect(proxy.requests[before]?.body).toMatchObject({ query: { city: "Hangzhou", days: 3 } });
});
