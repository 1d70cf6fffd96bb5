// Issue 39, class 12: the parse route takes tools in any dialect `convert` prints, not only recalled tools.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type KweaverService, startKweaverService } from "./service-harness.js";

const byDialect = JSON.parse(
  readFileSync(new URL("../fixtures/calls/orders-tools-by-dialect.json", import.meta.url), "utf8"),
) as Record<string, Record<string, unknown>>;
const PARSE_URL = "/api/action-recall/v1/tool-calls/parse";
const OUTPUT =
  '<function_calls><invoke name="listOrders"><parameter name="query">{"limit": 5}</parameter></invoke></function_calls>';

let service: KweaverService;
beforeAll(async () => {
  service = await startKweaverService();
});
afterAll(async () => {
  await service.close();
});

describe("POST tool-calls/parse with tools as users hold them", () => {
  test.each<[string, unknown]>([
    ["OpenAI Chat", byDialect.openai],
    ["OpenAI Chat, strict", byDialect["openai-strict"]],
    ["Anthropic", byDialect.anthropic],
    ["Gemini functionDeclarations", { functionDeclarations: [byDialect.gemini] }],
    ["MCP", byDialect.mcp],
  ])("%s: the call is typed by its schema", async (_name, tool) => {
    const response = await service.app.inject({
      method: "POST",
      url: PARSE_URL,
      payload: { output: OUTPUT, tools: [tool] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      calls: [{ name: "listOrders", arguments: { query: { limit: 5 } } }],
      errors: [],
    });
  });

  test("a tool without a name is 422 INVALID_TOOL_DEFINITION naming its index", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: PARSE_URL,
      payload: { output: OUTPUT, tools: [byDialect.mcp, { inputSchema: { type: "object" } }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: "INVALID_TOOL_DEFINITION",
      message: expect.stringContaining("/1/name"),
    });
  });
});
