import { describe, expect, test } from "vitest";
import { openBracketsAtEnd } from "../../src/calls/engine/json-value-end.js";
import { parseClosedJsonArguments, parseJsonArguments } from "../../src/calls/parse-json-arguments.js";
import { expectCaseReadEveryWay } from "./model-output-corpus.js";

/** An error saying the entry's arguments were cut off, by the block's marker and the entry's index. */
const cutOff = (marker: string, entry: number) => ({
  code: "PARSE_ERROR",
  message: expect.stringContaining(`${marker}: the arguments of entry ${entry} end before their object closes`),
});
const weather = (args: Record<string, unknown>) => ({ name: "get_weather", arguments: args });

describe("a block that closes while a call's JSON arguments are still open makes no call of it", () => {
  // Each output, and the marker of the block its error names (its entry 0).
  test.each<[string, string]>([
    ['<|action_start|><|plugin|>{"name": "get_weather", "parameters": {<|action_end|>', "<|action_start|><|plugin|>"],
    ['<tool_call>{"name": "get_weather", "arguments": {</tool_call>', "<tool_call>"],
    [
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {<|END_ACTION|>',
      "<|START_ACTION|>",
    ],
    ['<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"</tool_call>', "<tool_call>"],
    // A member whose value never came is cut off as much as an object left open.
    ['<tool_call>{"name": "get_weather", "arguments": </tool_call>', "<tool_call>"],
    ['<|tools_prefix|>[{"get_weather": {"city": "Paris", <|tools_suffix|>', "<|tools_prefix|>"],
    [
      '<dots_function_call>{"name": "get_weather", "arguments": {"city": "Paris", </dots_function_call>',
      "<dots_function_call>",
    ],
    ['Action: ```json\n[{"tool_name": "get_weather", "parameters": {"city": "Paris",\n```', "Action: ```json"],
  ])("%s", (output, marker) => {
    expectCaseReadEveryWay({
      name: output,
      source: "constructed",
      output,
      calls: [],
      text: "",
      errors: [cutOff(marker, 0)],
    });
  });

  test.each([
    {
      output:
        '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_time", "parameters": {}}, {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Paris", <|END_ACTION|>',
      errors: [cutOff("<|START_ACTION|>", 1)],
    },
    {
      output:
        '<tool_call>{"name": "get_time", "arguments": {}}\n{"name": "get_weather", "arguments": {"city": "Paris", </tool_call>',
      errors: [cutOff("<tool_call>", 1)],
    },
    {
      output:
        '<tool_call>[{"name": "get_time", "arguments": {}}, {invalid}, {"name": "get_weather", "arguments": {"city": "Paris", </tool_call>',
      errors: [{ code: "PARSE_ERROR", message: expect.stringContaining("entry 1 is no") }, cutOff("<tool_call>", 2)],
    },
  ])("the calls before the one cut off are made ($output)", ({ output, errors }) => {
    const calls = [{ name: "get_time", arguments: {} }];
    expectCaseReadEveryWay({ name: output, source: "constructed", output, calls, text: "", errors });
  });

  test.each([
    // Only the call object's own brace is missing: its arguments are whole.
    '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}</tool_call>',
    '<tool_call>{"type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}</tool_call>',
    '<|tools_prefix|>[{"get_weather": {"city": "Paris"}<|tools_suffix|>',
    '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris", }]<|END_ACTION|>',
    '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris",}}</tool_call>',
    "<tool_call>{'name': 'get_weather', 'arguments': {'city': 'Paris'}}</tool_call>",
  ])("a repair that loses nothing still makes the call: %s", (output) => {
    const calls = [weather({ city: "Paris" })];
    expectCaseReadEveryWay({ name: output, source: "constructed", output, calls, text: "", errors: [] });
  });

  test.each([
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris", <|tool_call_end|><|tool_calls_section_end|>',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris", <｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris", \n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris", <|call|>',
  ])("arguments a section's tokens close while open are not read, as those cut in a string are not: %s", (output) => {
    const calls = [{ ...weather({}), rawArguments: expect.stringContaining('{"city": "Paris",') }];
    const message = 'Tool "get_weather": Arguments end before their object closes: they were cut off, and are not read';
    const errors = [{ code: "PARSE_ERROR", message, callIndex: 0 }];
    expectCaseReadEveryWay({ name: output, source: "constructed", output, calls, text: "", errors });
  });
});

describe("the rule's parts", () => {
  test.each([
    ['{"a": 1}', 0],
    ['{"a": 1}\n{"b": ', 1],
    ['[{"name": "f", "arguments": {', 3],
    ['{"a": "{[("', 1],
  ])("openBracketsAtEnd(%s) is %i", (text, open) => {
    expect(openBracketsAtEnd(text)).toBe(open);
  });

  test("closed arguments that end before their object closes are not read; a provider's are repaired", () => {
    const message = "Arguments end before their object closes: they were cut off, and are not read";
    expect(parseClosedJsonArguments('{"a": 1')).toEqual({
      arguments: {},
      rawArguments: '{"a": 1',
      message,
    });
    expect(parseJsonArguments('{"a": 1')).toEqual({ arguments: { a: 1 }, rawArguments: '{"a": 1' });
    expect(parseClosedJsonArguments('{"a": 1,}')).toEqual({
      arguments: { a: 1 },
      rawArguments: '{"a": 1,}',
    });
  });
});
