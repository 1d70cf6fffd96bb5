import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { expectCaseReadEveryWay, type ModelOutputCase } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

describe("LFM2's <|tool_call_start|> blocks, as they leak into text", () => {
  test("a pythonic call list between the tokens, anywhere in the text, arguments read as Python literals", () => {
    const given =
      "Let me look.<|tool_call_start|>[get_weather(city='Paris', days=3), get_weather(city=\"Rome\")]<|tool_call_end|>Checking.";
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "lfm" },
        { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "lfm" },
      ],
      text: "Let me look.Checking.",
      errors: [],
    });
  });

  test("call objects between the tokens, as LFM2 writes them when asked for JSON; broken JSON repaired, raw text kept", () => {
    const json = '[{"name": "get_weather", "arguments": {"city": "Oslo"}}]';
    expect(parseToolCalls(`<|tool_call_start|>${json}<|tool_call_end|>`, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "lfm" },
    ]);
    const broken = '[{"name": "get_weather", "arguments": {"city": "Oslo",}}]';
    expect(parseToolCalls(`<|tool_call_start|>${broken}<|tool_call_end|>`, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, rawArguments: broken, format: "lfm" },
    ]);
  });

  test("the tokens mark calls: they are read without tools, and a tool no one declared is reported", () => {
    const given = '<|tool_call_start|>[lookup(q="x")]<|tool_call_end|>';
    expect(parseToolCalls(given).calls).toEqual([
      { id: "call_0", name: "lookup", arguments: { q: "x" }, format: "lfm" },
    ]);
    expect(parseToolCalls(given, { tools }).errors.map((error) => [error.code, error.name])).toEqual([
      ["UNKNOWN_TOOL", "lookup"],
    ]);
  });

  test("a block holding no call is a PARSE_ERROR naming what it holds; one left open is UNTERMINATED_CALL", () => {
    expect(parseToolCalls("A<|tool_call_start|>get the weather<|tool_call_end|>B", { tools })).toEqual({
      calls: [],
      text: "AB",
      errors: [
        {
          code: "PARSE_ERROR",
          message: "<|tool_call_start|> holds neither a pythonic call list nor call objects: get the weather",
        },
      ],
    });
    expect(parseToolCalls("<|tool_call_start|>[get_weather(city='Pa", { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <|tool_call_start|>; a call that did not close is not run",
          name: "get_weather",
          callId: "call_0",
        },
      ],
    });
  });

  test("format lfm reads only these blocks, and no other format reads them", () => {
    const given =
      '<|tool_call_start|>[get_weather(city="A")]<|tool_call_end|><tool_call>{"name": "get_weather"}</tool_call>';
    expect(parseToolCalls(given, { tools, format: "lfm" }).calls.map((call) => call.format)).toEqual(["lfm"]);
    const pythonic = parseToolCalls(given, { tools, format: "pythonic" });
    expect(pythonic.calls).toEqual([]);
    expect(pythonic.text).toBe(given);
  });
});

describe("the block's body LFM2 echoes after it, capped by a second <|tool_call_end|>", () => {
  const block = '<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>';
  const paris = [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "lfm" as const }];
  const source = "vLLM vllm/tool_parsers/lfm2_tool_parser.py (_strip_echo): LFM2 echoes the call body after the block";
  const read = (name: string, output: string, text: string, calls: ModelOutputCase["calls"] = paris) => ({
    name,
    source,
    output,
    calls,
    text,
    tools,
  });

  test.each([
    read("the echo is dropped", `${block}[get_weather(city="Paris")]<|tool_call_end|>`, ""),
    read(
      "after a line break, and twice",
      `${block}\n[get_weather(city="Paris")]<|tool_call_end|>[get_weather(city="Paris")]<|tool_call_end|>`,
      "",
    ),
    read(
      "the prose after it is kept",
      `${block}[get_weather(city="Paris")]<|tool_call_end|>\nIt is sunny.`,
      "\nIt is sunny.",
    ),
    read(
      "a block after it is read",
      `${block}[get_weather(city="Paris")]<|tool_call_end|><|tool_call_start|>[get_weather(city="Rome")]<|tool_call_end|>`,
      "",
      [...paris, { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "lfm" }],
    ),
  ])("$name", (given) => expectCaseReadEveryWay(given));

  test.each([
    read(
      "other calls before the token are text, not calls",
      `${block}[get_weather(city="Rome")]<|tool_call_end|>`,
      '[get_weather(city="Rome")]<|tool_call_end|>',
    ),
    read("prose before the token is text", `${block}Done.<|tool_call_end|>`, "Done.<|tool_call_end|>"),
    read("the body without the token is text", `${block}[get_weather(city="Paris")]`, '[get_weather(city="Paris")]'),
    read(
      "the body echoed in part is text",
      `${block} [get_weather(city="Paris")<|tool_call_end|>`,
      ' [get_weather(city="Paris")<|tool_call_end|>',
    ),
  ])("only the same body capped by the token is an echo: $name", (given) => expectCaseReadEveryWay(given));
});
