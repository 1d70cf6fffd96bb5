// Issue 39, class 13: JSON arguments are typed by the tool's schema where that loses nothing, as XML values are, and
// each conversion is listed on the call.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolCall } from "../../src/calls/tool-call.js";
import { expectCaseReadEveryWay, type ModelOutputCase } from "./model-output-corpus.js";

const weather: CallableTool = {
  name: "get_weather",
  description: "Weather forecast",
  parameters: {
    type: "object",
    properties: {
      location: { type: "string" },
      days: { type: "integer" },
      metric: { type: "boolean" },
      zip: { type: "string" },
    },
    required: ["location"],
  },
};
const geminiOrders = (
  JSON.parse(readFileSync(new URL("../fixtures/calls/orders-tools-by-dialect.json", import.meta.url), "utf8")) as {
    gemini: object;
  }
).gemini;

const days = (raw: string, value: unknown) => ({ parameter: "days", pointer: "/days", raw, value });

describe("provider JSON calls typed by schema", () => {
  test.each<[string, { output: unknown; tools: readonly object[] }, Partial<ToolCall>]>([
    [
      "Anthropic tool_use with an integer written as a string (message from Anthropic's tool-use docs, days added)",
      {
        output: {
          id: "msg_01Aq9w938a90dw8q",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          stop_reason: "tool_use",
          content: [
            { type: "text", text: "I'll check the forecast for San Francisco." },
            {
              type: "tool_use",
              id: "toolu_01A09q90qw90lq917835lq9",
              name: "get_weather",
              input: { location: "San Francisco, CA", days: "3" },
            },
          ],
        },
        tools: [weather],
      },
      { name: "get_weather", arguments: { location: "San Francisco, CA", days: 3 }, conversions: [days("3", 3)] },
    ],
    [
      "OpenAI Chat tool_calls, a boolean and an integer as strings (shape of OpenAI's function-calling guide)",
      {
        output: {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_12345xyz",
              type: "function",
              function: {
                name: "get_weather",
                arguments: '{"location":"Paris, France","days":"5","metric":"true","zip":"75001"}',
              },
            },
          ],
        },
        tools: [weather],
      },
      {
        arguments: { location: "Paris, France", days: 5, metric: true, zip: "75001" },
        conversions: [days("5", 5), { parameter: "metric", pointer: "/metric", raw: "true", value: true }],
      },
    ],
    [
      "Gemini functionCall, nested in a layered schema, with the Gemini tool convert prints",
      {
        output: {
          candidates: [
            {
              content: {
                role: "model",
                parts: [{ functionCall: { name: "listOrders", args: { query: { status: "shipped", limit: "20" } } } }],
              },
              finishReason: "STOP",
            },
          ],
        },
        tools: [geminiOrders],
      },
      {
        arguments: { query: { status: "shipped", limit: 20 } },
        conversions: [{ parameter: "query", pointer: "/query/limit", raw: "20", value: 20 }],
      },
    ],
  ])("%s", (_name, given, want) => {
    const parsed = parseToolCalls(given.output, { tools: given.tools });
    expect(parsed.errors).toEqual([]);
    expect(parsed.calls).toEqual([expect.objectContaining(want)]);
  });
});

/** A schema with one parameter `x`, for the rules of what converts. */
const oneParameter = (schema: object): CallableTool => ({
  name: "f",
  description: "",
  parameters: { type: "object", properties: { x: schema } },
});

// The cases that convert failed before; those that stay pin the limits (lossless only, never a value the schema takes).
describe("only lossless conversions, never of a value the schema takes", () => {
  test.each<[string, object, unknown, unknown]>([
    ["an integer", { type: "integer" }, "3", 3],
    ["a negative number", { type: "number" }, "-2.5", -2.5],
    ["a leading zero stays", { type: "integer" }, "03", "03"],
    ["3.0 stays for an integer", { type: "integer" }, "3.0", "3.0"],
    ["an exponent stays", { type: "number" }, "1e3", "1e3"],
    ["spaces stay", { type: "integer" }, " 3", " 3"],
    ["an integer past 2^53 stays", { type: "integer" }, "9007199254740993", "9007199254740993"],
    ["false", { type: "boolean" }, "false", false],
    ["True stays", { type: "boolean" }, "True", "True"],
    ["null for a null-only type", { type: "null" }, "null", null],
    ["null stays where an integer may be null too", { type: ["integer", "null"] }, "null", "null"],
    ["a string stays a string", { type: "string" }, "3", "3"],
    ["a string or integer takes the string", { type: ["string", "integer"] }, "3", "3"],
    ["Gemini's upper-case INTEGER", { type: "INTEGER" }, "7", 7],
    // The gemini dialect has a model write an object without properties as JSON text.
    ["an object written as JSON text", { type: "object" }, '{"a": [1]}', { a: [1] }],
    ["an array's text stays for an object", { type: "object" }, "[1]", "[1]"],
    ["broken JSON text stays", { type: "object" }, '{"a": ', '{"a": '],
    ["items", { type: "array", items: { type: "integer" } }, ["1", "x", 2], [1, "x", 2]],
    ["a oneOf whose one branch takes it", { oneOf: [{ type: "integer" }, { type: "boolean" }] }, "10", 10],
    ["a oneOf with a string branch", { oneOf: [{ type: "integer" }, { type: "string" }] }, "10", "10"],
    ["an anyOf two branches take", { anyOf: [{ type: "integer" }, { type: "number" }] }, "10", "10"],
    [
      "a nested oneOf object (the issue's {max})",
      {
        type: "object",
        properties: {
          range: { oneOf: [{ type: "object", properties: { max: { type: "integer" } } }, { type: "null" }] },
        },
      },
      { range: { max: "10" } },
      { range: { max: 10 } },
    ],
  ])("%s", (_name, schema, given, want) => {
    const input = { x: given };
    const copy = structuredClone(input);
    const [call] = parseToolCalls(
      { type: "tool_use", id: "t", name: "f", input },
      { tools: [oneParameter(schema)] },
    ).calls;
    expect(call?.arguments).toEqual({ x: want });
    expect(call?.conversions === undefined).toBe(JSON.stringify(given) === JSON.stringify(want));
    expect(input, "the caller's input is not changed").toEqual(copy);
  });
});

const TEXT_CASES: ModelOutputCase[] = [
  {
    name: "Hermes: <tool_call> JSON with an integer as a string",
    source: "Qwen2.5 function-calling docs (Hermes-style template), days written as a string",
    output:
      'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Tokyo", "days": "3"}}\n</tool_call>',
    tools: [weather],
    calls: [{ name: "get_weather", arguments: { location: "Tokyo", days: 3 }, conversions: [days("3", 3)] }],
    text: "Let me check.\n",
  },
  {
    name: "Mistral: [TOOL_CALLS] with a boolean as a string",
    source: "Mistral function-calling docs ([TOOL_CALLS] list), metric written as a string",
    output: '[TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "Paris", "metric": "false"}}]',
    tools: [weather],
    calls: [
      {
        name: "get_weather",
        arguments: { location: "Paris", metric: false },
        conversions: [{ parameter: "metric", pointer: "/metric", raw: "false", value: false }],
      },
    ],
    text: "",
  },
  {
    name: "Llama 3.1: JSON call a reply starts with, parameters key",
    source: "Meta Llama 3.1 model card (JSON-based tool calling), days written as a string",
    output: '{"name": "get_weather", "parameters": {"location": "San Francisco, CA", "days": "2"}}',
    tools: [weather],
    calls: [
      { name: "get_weather", arguments: { location: "San Francisco, CA", days: 2 }, conversions: [days("2", 2)] },
    ],
    text: "",
  },
];

describe("JSON calls in model text typed by schema, one-shot and streamed", () => {
  test.each(TEXT_CASES.map((given) => [given.name, given] as const))("%s", (_name, given) => {
    expectCaseReadEveryWay(given);
  });
});
