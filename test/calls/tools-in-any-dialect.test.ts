// Issue 39, class 12: tools as users hold them. The tools are `convert`'s real output for `listOrders` of
// examples/orders-api.yaml, one per dialect (test/fixtures/calls/orders-tools-by-dialect.json).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { ActionRecallError } from "../../src/errors/action-recall-error.js";
import { expectCaseReadEveryWay } from "./model-output-corpus.js";

const byDialect = JSON.parse(
  readFileSync(new URL("../fixtures/calls/orders-tools-by-dialect.json", import.meta.url), "utf8"),
) as Record<"openai" | "openai-strict" | "anthropic" | "gemini" | "mcp", Record<string, unknown>>;
const openAiFunction = byDialect.openai.function as Record<string, unknown>;
const { parameters: geminiParameters, ...geminiHeader } = byDialect.gemini;

// The flat Responses tool and the Gemini declaration share the neutral `{name, parameters}` keys, which were read
// before; the others failed (a TypeError from the name hints, or no schema).
const TOOLS_AS_HELD: Array<[string, object]> = [
  ["OpenAI Chat", byDialect.openai],
  ["OpenAI Chat, strict", byDialect["openai-strict"]],
  ["OpenAI Responses (flat)", { type: "function", ...openAiFunction, strict: false }],
  ["Anthropic", byDialect.anthropic],
  ["Gemini declaration", byDialect.gemini],
  ["Gemini declaration with parametersJsonSchema", { ...geminiHeader, parametersJsonSchema: geminiParameters }],
  ["Gemini tool (functionDeclarations)", { functionDeclarations: [byDialect.gemini] }],
  ["MCP", byDialect.mcp],
];

// A call to the tool with its object parameters written as JSON, and one to a misspelt tool: the schema types the
// first (objects, and `limit` an integer), the name list gives the second its hint (its value, schemaless, stays text).
const OUTPUT = `<function_calls>
<invoke name="listOrders">
<parameter name="header">{"x-tenant-id": "acme"}</parameter>
<parameter name="query">{"status": "shipped", "limit": 5}</parameter>
</invoke>
<invoke name="listOrder">
<parameter name="query">{}</parameter>
</invoke>
</function_calls>`;

describe("tools in any dialect convert prints", () => {
  test.each(TOOLS_AS_HELD)("%s: values typed by its schema, a misspelt name hinted", (name, tool) => {
    expectCaseReadEveryWay({
      name,
      source: "convert --dialect <name> --operation listOrders examples/orders-api.yaml",
      output: OUTPUT,
      tools: [tool],
      calls: [
        {
          name: "listOrders",
          arguments: { header: { "x-tenant-id": "acme" }, query: { status: "shipped", limit: 5 } },
        },
        { name: "listOrder", arguments: { query: "{}" } },
      ],
      text: "",
      errors: [{ code: "UNKNOWN_TOOL", callIndex: 1, suggestion: "listOrders" }],
    });
  });

  test.each<[string, unknown[], string]>([
    ["a string", ["listOrders"], "Invalid tool at /1: a tool must be an object"],
    ["a tool without a name", [{ description: "x", input_schema: {} }], "Invalid tool at /1/name: a tool needs a name"],
    [
      "an OpenAI tool whose parameters are not a schema",
      [{ type: "function", function: { name: "f", parameters: "x" } }],
      'Invalid tool at /1/function/parameters: the schema of tool "f" must be an object',
    ],
    ["null", [null], "Invalid tool at /1: a tool must be an object"],
  ])("parseToolCalls: %s is an error naming its index, and the good tools are used", (_name, bad, message) => {
    const parsed = parseToolCalls(OUTPUT, { tools: [byDialect.anthropic, ...(bad as object[])] });
    expect(parsed.calls[0]?.arguments).toEqual({
      header: { "x-tenant-id": "acme" },
      query: { status: "shipped", limit: 5 },
    });
    expect(parsed.errors).toEqual([
      expect.objectContaining({ code: "UNKNOWN_TOOL", callIndex: 1 }),
      { code: "INVALID_TOOL_DEFINITION", message },
    ]);
  });

  test("parseToolCalls: tools that are not a list are an error, not a throw", () => {
    const parsed = parseToolCalls(OUTPUT, { tools: byDialect.openai as unknown as object[] });
    expect(parsed.calls).toHaveLength(2);
    expect(parsed.errors).toContainEqual({
      code: "INVALID_TOOL_DEFINITION",
      message: "Invalid tool at /: tools must be an array (or an object with a tools array)",
    });
  });

  test("createToolCallStream: a bad tool throws INVALID_TOOL_DEFINITION at its index, never a TypeError", () => {
    let caught: unknown;
    try {
      createToolCallStream({ tools: [byDialect.openai, { type: "function", function: {} }] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ActionRecallError);
    expect(caught).toMatchObject({ code: "INVALID_TOOL_DEFINITION", data: { pointer: "/1/function/name" } });
  });
});
