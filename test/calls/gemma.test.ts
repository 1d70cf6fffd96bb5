import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe("Gemma's call blocks, as they leak into text", () => {
  test('Gemma 4: one call per <|tool_call> block, bare keys, <|"|> strings taken as written, prose kept', () => {
    const given =
      'Checking.<|tool_call>call:get_weather{city:<|"|>Paris, "FR" {x}<|"|>,days:3}<tool_call|><|tool_call>call:get_weather{city:<|"|>Rome<|"|>}<tool_call|> Done.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: 'Paris, "FR" {x}', days: 3 }, format: "gemma" },
        { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "gemma" },
      ],
      text: "Checking. Done.",
      errors: [],
    });
  });

  test("values: numbers, true, false, null and its spellings, nested objects and arrays, other bare text (0x10 too) as a string", () => {
    const given =
      '<|tool_call>call:write_file{path:<|"|>a.py<|"|>,mode:-2.5,overwrite:false,note:None,tags:[1,<|"|>x]<|"|>,true,nil],options:{depth:{level:2}},ratio:fast,content:0x10}<tool_call|>';
    expect(parseToolCalls(given, { tools }).calls[0]?.arguments).toEqual({
      path: "a.py",
      mode: -2.5,
      overwrite: false,
      note: null,
      tags: [1, "x]", true, null],
      options: { depth: { level: 2 } },
      ratio: "fast",
      content: "0x10",
    });
  });

  test("FunctionGemma's <start_function_call> block with <escape> strings", () => {
    const given = "<start_function_call>call:get_weather{city:<escape>Oslo, NO<escape>,days:2}<end_function_call>";
    expect(parseToolCalls(given, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Oslo, NO", days: 2 }, format: "gemma" },
    ]);
  });

  test("what Gemma also writes: arguments in parentheses, quoted strings with escapes, the name twice, a stray colon", () => {
    const result = parseToolCalls('<|tool_call>call:get_weather:get_weather(city: "Q \\"q\\"", days: 2)<tool_call|>', {
      tools,
    });
    expect(result.calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: 'Q "q"', days: 2 }, format: "gemma" },
    ]);
    expect(result.errors).toEqual([]);
    expect(parseToolCalls('<|tool_call>:call:get_weather{city:<|"|>Oslo<|"|>}<tool_call|>', { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "gemma" }],
      text: "",
      errors: [],
    });
  });

  test("arguments that cannot be read keep the call, with its raw text and a PARSE_ERROR saying where", () => {
    expect(parseToolCalls('<|tool_call>call:get_weather{city:<|"|>Paris}<tool_call|>', { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: {}, format: "gemma", rawArguments: '{city:<|"|>Paris}' }],
      text: "",
      errors: [
        {
          code: "PARSE_ERROR",
          message:
            'Tool "get_weather": its arguments in <|tool_call> cannot be read: a string is not closed at character 22',
          callIndex: 0,
          name: "get_weather",
        },
      ],
    });
  });

  test("a block holding no call, an unknown tool and a block cut off are each reported", () => {
    expect(parseToolCalls("<|tool_call>I will check<tool_call|>", { tools }).errors).toEqual([
      { code: "PARSE_ERROR", message: "<|tool_call>: expected call:name{...}, found: I will check" },
    ]);
    expect(parseToolCalls("<|tool_call>call:get_wether{city:1}<tool_call|>", { tools }).errors[0]).toMatchObject({
      code: "UNKNOWN_TOOL",
      suggestion: "get_weather",
    });
    expect(parseToolCalls('<|tool_call>call:get_weather{city:<|"|>Pa', { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: "The output ended inside <|tool_call>; a call that did not close is not run",
        name: "get_weather",
        callId: "call_0",
      },
    ]);
  });

  test("a block whose calls are whole is a call without its closing token, at the output's end or at <turn|>", () => {
    const gdb = { id: "call_0", name: "gdb", arguments: { args: "-batch" }, format: "gemma" };
    for (const end of ["", "<turn|>", "<turn|>\n"]) {
      expect(parseToolCalls(`<|tool_call>call:gdb{args:<|"|>-batch<|"|>}${end}`)).toEqual({
        calls: [gdb],
        text: "",
        errors: [],
      });
    }
    const functionGemma = "<start_function_call>call:get_weather{city:<escape>Oslo<escape>}";
    expect(parseToolCalls(functionGemma, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "gemma" },
    ]);
  });

  test("a call cut inside its arguments stays unterminated, <turn|> or not", () => {
    for (const given of ['<|tool_call>call:gdb{args:<|"|>-batch<turn|>', "<|tool_call>call:gdb{args:1<turn|>"]) {
      expect(parseToolCalls(given)).toEqual({
        calls: [],
        text: "",
        errors: [expect.objectContaining({ code: "UNTERMINATED_CALL", name: "gdb" })],
      });
    }
  });

  test("a stream announces such a call as it arrives, and gives it only at the end: the closing token may still come", () => {
    const stream = createToolCallStream();
    const pushed = stream.push('<|tool_call>call:gdb{args:<|"|>-batch<|"|>}<turn|>');
    expect(pushed.map((event) => event.type)).toEqual(["tool-call-start", "tool-call-delta"]);
    expect(stream.end()).toEqual([
      { type: "tool-call", call: { id: "call_0", name: "gdb", arguments: { args: "-batch" }, format: "gemma" } },
    ]);
  });

  test("format gemma reads only these; another format leaves them as text", () => {
    const given = '<|tool_call>call:get_weather{city:<|"|>A<|"|>}<tool_call|>';
    expect(parseToolCalls(given, { tools, format: "gemma" }).calls).toHaveLength(1);
    expect(parseToolCalls(given, { tools, format: "hermes" })).toEqual({ calls: [], text: given, errors: [] });
  });
});
