import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe("Apertus: <|tools_prefix|> blocks", () => {
  test("a JSON array of objects naming the tool by their key; the reasoning opening the output is text", () => {
    const given =
      '<|inner_prefix|>Two cities.<|inner_suffix|><|tools_prefix|>[{"get_weather": {"city": "Bern"}}, {"get_weather": {"city": "Zurich", "days": 2}}]<|tools_suffix|>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Bern" }, format: "apertus" },
        { id: "call_1", name: "get_weather", arguments: { city: "Zurich", days: 2 }, format: "apertus" },
      ],
      text: "<|inner_prefix|>Two cities.<|inner_suffix|>",
      errors: [],
    });
  });

  test("a call written inside the reasoning is not made", () => {
    const given = '<|inner_prefix|><|tools_prefix|>[{"get_weather": {}}]<|tools_suffix|><|inner_suffix|>Done.';
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test.each([
    ["arguments as a JSON string, after prose", 'Sure.<|tools_prefix|>[{"get_weather": "{\\"city\\": \\"Bern\\"}"}]'],
    [
      "a call written as other models write it",
      '<|tools_prefix|>[{"name": "get_weather", "arguments": {"city": "Bern"}}]',
    ],
    ["a lone object", '<|tools_prefix|>{"get_weather": {"city": "Bern"}}'],
  ])("%s", (_name, block) => {
    expect(parseToolCalls(`${block}<|tools_suffix|>`, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Bern" }, format: "apertus" },
    ]);
  });

  test("broken JSON is repaired and kept; an empty list calls nothing", () => {
    const broken = '[{"get_weather": {"city": "Bern",}}]';
    expect(parseToolCalls(`<|tools_prefix|>${broken}<|tools_suffix|>`, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Bern" }, rawArguments: broken, format: "apertus" },
    ]);
    expect(parseToolCalls("Nothing to do.<|tools_prefix|>[]<|tools_suffix|>", { tools })).toEqual({
      calls: [],
      text: "Nothing to do.",
      errors: [],
    });
  });

  test("an object of two keys names no tool and is reported; a call cut off is UNTERMINATED_CALL naming its tool", () => {
    expect(parseToolCalls('<|tools_prefix|>[{"a": 1, "b": 2}]<|tools_suffix|>', { tools }).errors).toEqual([
      { code: "PARSE_ERROR", message: '<|tools_prefix|> does not hold [{"tool": {arguments}}]: [{"a": 1, "b": 2}]' },
    ]);
    expect(parseToolCalls('<|tools_prefix|>[{"get_weather": {"city": "Be', { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <|tools_prefix|>; a call that did not close is not run",
          name: "get_weather",
          callId: "call_0",
        },
      ],
    });
  });

  test("format apertus reads only these; other formats leave them as text", () => {
    const given =
      '<|tools_prefix|>[{"get_weather": {"city": "Bern"}}]<|tools_suffix|><tool_call>{"name": "get_weather"}</tool_call>';
    expect(parseToolCalls(given, { tools, format: "apertus" })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Bern" }, format: "apertus" }],
      text: '<tool_call>{"name": "get_weather"}</tool_call>',
      errors: [],
    });
    expect(parseToolCalls(given, { tools, format: "hermes" }).text).toBe(
      '<|tools_prefix|>[{"get_weather": {"city": "Bern"}}]<|tools_suffix|>',
    );
  });
});
