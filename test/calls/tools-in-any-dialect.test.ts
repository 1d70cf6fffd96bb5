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
    [
      "a Responses namespace without a name",
      [{ type: "namespace", tools: [] }],
      "Invalid tool at /1/name: a namespace needs a name",
    ],
    [
      "a Responses namespace without tools",
      [{ type: "namespace", name: "crm", description: "x" }],
      'Invalid tool at /1/tools: namespace "crm" must hold a tools array',
    ],
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

  // vLLM's iquest_coder test (test_type_conversion_responses_namespace_tool) gives its tools so; the OpenAI Responses
  // API names the namespace of a call to one apart, in `namespace`.
  test("a Responses namespace's tools are named namespace__name, typed by their schemas, as a Responses call names them", () => {
    const namespace = {
      type: "namespace",
      name: "agents",
      description: "Agent tools",
      tools: [
        {
          type: "function",
          name: "shell_command",
          parameters: {
            type: "object",
            properties: { command: { type: "string" }, timeout_ms: { type: "integer" } },
          },
        },
      ],
    };
    expectCaseReadEveryWay({
      name: "Qwen3-Coder calling a namespace's tool",
      source:
        "vllm-project/vllm tests/tool_parsers/test_iquest_coder_tool_parser.py::test_type_conversion_responses_namespace_tool",
      output:
        "<tool_call>\n<function=agents__shell_command>\n<parameter=command>\napt-get update\n</parameter>\n<parameter=timeout_ms>\n300000\n</parameter>\n</function>\n</tool_call>",
      tools: [namespace],
      calls: [{ name: "agents__shell_command", arguments: { command: "apt-get update", timeout_ms: 300000 } }],
      text: "",
    });
    const responses = {
      output: [
        {
          type: "function_call",
          call_id: "call_1",
          namespace: "agents",
          name: "shell_command",
          arguments: '{"command": "ls", "timeout_ms": "5"}',
        },
      ],
    };
    const parsed = parseToolCalls(responses, { tools: [namespace] });
    expect(parsed.calls).toEqual([
      expect.objectContaining({ name: "agents__shell_command", arguments: { command: "ls", timeout_ms: 5 } }),
    ]);
    expect(parsed.errors).toEqual([]);
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
