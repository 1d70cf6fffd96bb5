import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe("Kimi K2's tool-call section, as it leaks into text", () => {
  test("each call keeps Kimi's id, its name is read from it, and its JSON arguments are read as OpenAI's", () => {
    const given =
      'Checking. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "Rome", "days": 3}<|tool_call_end|><|tool_calls_section_end|> Done.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "functions.get_weather:0", name: "get_weather", arguments: { city: "Paris" }, format: "kimi" },
        { id: "functions.get_weather:1", name: "get_weather", arguments: { city: "Rome", days: 3 }, format: "kimi" },
      ],
      text: "Checking.  Done.",
      errors: [],
    });
  });

  test("spaces between the markers, arguments encoded twice, and a literal end marker inside a string are read", () => {
    const encodedTwice = JSON.stringify(JSON.stringify({ city: "<|tool_call_end|>" }));
    const given = `<|tool_calls_section_begin|> <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> ${encodedTwice} <|tool_call_end|> <|tool_calls_section_end|>`;
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["get_weather", { city: "<|tool_call_end|>" }],
    ]);
    expect(result.errors).toEqual([]);
  });

  test("the singular section marker and an id without functions. are read; a missing end marker is reported", () => {
    const result = parseToolCalls(
      "<|tool_call_section_begin|><|tool_call_begin|>get_weather:2<|tool_call_argument_begin|>{'city': 'Oslo'}<|tool_call_section_end|>",
      { tools },
    );
    expect(result.calls).toEqual([
      {
        id: "get_weather:2",
        name: "get_weather",
        arguments: { city: "Oslo" },
        format: "kimi",
        rawArguments: "{'city': 'Oslo'}",
      },
    ]);
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: 'Tool "get_weather": its call was not closed by <|tool_call_end|>',
        callIndex: 0,
        name: "get_weather",
      },
    ]);
  });

  test("a section without calls, an unknown tool and an unterminated section are errors, never silent", () => {
    expect(parseToolCalls("<|tool_calls_section_begin|>none<|tool_calls_section_end|>", { tools }).errors).toEqual([
      { code: "PARSE_ERROR", message: "Text outside <|tool_call_begin|> in a tool-call section: none" },
    ]);
    const unknown = parseToolCalls(
      "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_wether:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
      { tools },
    );
    expect(unknown.errors).toEqual([expect.objectContaining({ code: "UNKNOWN_TOOL", suggestion: "get_weather" })]);
    expect(parseToolCalls("<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0", { tools })).toEqual(
      {
        calls: [],
        text: "",
        errors: [
          {
            code: "UNTERMINATED_CALL",
            message: "The output ended inside <|tool_calls_section_begin|>; a call that did not close is not run",
          },
        ],
      },
    );
  });

  test("other special tokens stay text, and format hermes leaves a section as text", () => {
    expect(parseToolCalls("a <|im_end|> b", { tools }).text).toBe("a <|im_end|> b");
    const section =
      "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>";
    expect(parseToolCalls(section, { tools, format: "hermes" })).toEqual({ calls: [], text: section, errors: [] });
    expect(parseToolCalls(section, { tools, format: "kimi" }).calls).toHaveLength(1);
  });
});

describe("DeepSeek V3's and V3.1's tool-call section, as it leaks into text", () => {
  test("V3 and R1: function<｜tool▁sep｜>name, then the arguments fenced as JSON", () => {
    const given =
      'Sure.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris", "days": 3}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "deepseek" }],
      text: "Sure.",
      errors: [],
    });
  });

  test("V3.1: name<｜tool▁sep｜>arguments, several calls; DeepSeek's other special tokens stay text", () => {
    const given =
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "A"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "B"}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>';
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((call) => [call.id, call.arguments, call.format])).toEqual([
      ["call_0", { city: "A" }, "deepseek"],
      ["call_1", { city: "B" }, "deepseek"],
    ]);
    expect(result.text).toBe("<｜end▁of▁sentence｜>");
    expect(result.errors).toEqual([]);
  });

  test("a call without its separator is reported; format kimi leaves DeepSeek's section as text", () => {
    const result = parseToolCalls(
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather{"city": "A"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      { tools },
    );
    expect(result.errors).toContainEqual({
      code: "PARSE_ERROR",
      message: 'Tool "get_weather{"city": "A"}": no <｜tool▁sep｜> before its arguments',
      callIndex: 0,
      name: 'get_weather{"city": "A"}',
    });
    const section =
      "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>";
    expect(parseToolCalls(section, { tools, format: "kimi" })).toEqual({ calls: [], text: section, errors: [] });
  });
});

describe("gpt-oss's Harmony messages to tools, as they leak into text", () => {
  test("a message to functions.<name> is a call; the reasoning before it stays text, markers and all", () => {
    const given =
      '<|channel|>analysis<|message|>Use get_weather for Berlin.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Berlin"}<|call|>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Berlin" }, format: "harmony" }],
      text: "<|channel|>analysis<|message|>Use get_weather for Berlin.<|end|>",
      errors: [],
    });
  });

  test("the recipient may stand in the <|start|> header, and the <|call|> the model stops on may be missing", () => {
    const given =
      '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Rome", "days": 3}';
    expect(parseToolCalls(given, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Rome", days: 3 }, format: "harmony" },
    ]);
  });

  test("arguments cut off before <|call|> are UNTERMINATED_CALL; the answer's channel and broken headers are text", () => {
    expect(
      parseToolCalls('<|channel|>commentary to=functions.get_weather<|message|>{"city": "Ro', { tools }).errors,
    ).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message:
          "The output ended inside <|channel|>commentary to=functions.get_weather<|message|>; a call that did not close is not run",
        name: "get_weather",
      },
    ]);
    for (const text of ["<|channel|>final<|message|>Four.<|return|>", "a <|channel|> b\nc to=functions.x<|message|>"]) {
      expect(parseToolCalls(text, { tools })).toEqual({ calls: [], text, errors: [] });
    }
  });
});
