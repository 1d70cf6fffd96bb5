import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe("Cohere's Command R7B and Command A: <|START_ACTION|> blocks", () => {
  test("a JSON array of tool_name and parameters, ids kept; the thinking block opening the output is text", () => {
    const given =
      '<|START_THINKING|>I need the weather.<|END_THINKING|><|START_ACTION|>[\n  {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},\n  {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Rome"}}\n]<|END_ACTION|>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "0", name: "get_weather", arguments: { city: "Paris" }, format: "cohere" },
        { id: "1", name: "get_weather", arguments: { city: "Rome" }, format: "cohere" },
      ],
      text: "<|START_THINKING|>I need the weather.<|END_THINKING|>",
      errors: [],
    });
  });

  test("a call written inside the thinking block is not made", () => {
    const given =
      '<|START_THINKING|><|START_ACTION|>[{"tool_name": "get_weather", "parameters": {"city": "A"}}]<|END_ACTION|><|END_THINKING|>Done.';
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test("a block holding no call is reported; a call cut off is UNTERMINATED_CALL naming its tool", () => {
    expect(parseToolCalls("<|START_ACTION|>I will call it<|END_ACTION|>", { tools }).errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: '<|START_ACTION|> does not hold {"name": ..., "arguments": ...}: I will call it',
      },
    ]);
    expect(parseToolCalls('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather"', { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <|START_ACTION|>; a call that did not close is not run",
        },
      ],
    });
  });
});

describe("InternLM: <|action_start|><|plugin|> blocks", () => {
  test("one JSON object with name and parameters (or arguments), after prose, with or without a space between tokens", () => {
    const given =
      'Let me look.<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Oslo"}}<|action_end|> <|action_start|> <|plugin|>{"name": "get_weather", "arguments": {"city": "Bergen"}}<|action_end|>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "internlm" },
        { id: "call_1", name: "get_weather", arguments: { city: "Bergen" }, format: "internlm" },
      ],
      text: "Let me look. ",
      errors: [],
    });
  });

  test("the code interpreter's block is text, closed or not", () => {
    const closed = "<|action_start|><|interpreter|>\nprint(1)<|action_end|> Done.";
    expect(parseToolCalls(closed, { tools })).toEqual({ calls: [], text: closed, errors: [] });
    const open = "<|action_start|><|interpreter|>\nprint(1)";
    expect(parseToolCalls(open, { tools })).toEqual({ calls: [], text: open, errors: [] });
  });

  test("a plugin call cut off is UNTERMINATED_CALL naming its tool; format internlm reads only these", () => {
    expect(parseToolCalls('<|action_start|><|plugin|>{"name": "get_weather", "parameters": {', { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <|action_start|>; a call that did not close is not run",
          name: "get_weather",
          callId: "call_0",
        },
      ],
    });
    const given = '<|action_start|><|plugin|>{"name": "get_weather"}<|action_end|><|START_ACTION|>[]<|END_ACTION|>';
    const result = parseToolCalls(given, { tools, format: "internlm" });
    expect(result.calls.map((call) => call.format)).toEqual(["internlm"]);
    expect(result.text).toBe("<|START_ACTION|>[]<|END_ACTION|>");
  });
});
