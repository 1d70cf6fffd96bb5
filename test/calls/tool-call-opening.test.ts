import { describe, expect, test } from "vitest";
import { readCallOpening } from "../../src/calls/formats/hermes.js";

describe("readCallOpening", () => {
  test.each<[string, string, ReturnType<typeof readCallOpening>]>([
    ["an empty body may still open", "", "pending"],
    ["half a JSON opening", '\n{"name": "get_wea', "pending"],
    ["half a function tag", "<funct", "pending"],
    [
      "a JSON call up to its arguments key",
      '\n {"name": "get_weather", "arguments": {"ci',
      { id: "call_3", name: "get_weather", syntax: "json", textStart: 2 },
    ],
    [
      "Llama's parameters key, and an id written first",
      '{"id": "c\\"7", "name": "f", "parameters":',
      { id: 'c"7', name: "f", syntax: "json", textStart: 0 },
    ],
    [
      "an empty id is no id",
      '{"id": "", "name": "f", "arguments":',
      { id: "call_3", name: "f", syntax: "json", textStart: 0 },
    ],
    [
      "an escaped name is read as JSON reads it",
      '{"name": "get\\u005fweather", "arguments":',
      {
        id: "call_3",
        name: "get_weather",
        syntax: "json",
        textStart: 0,
      },
    ],
    [
      "a function tag",
      "\n<function=write_file>\n",
      { id: "call_3", name: "write_file", syntax: "function-tag", textStart: 1 },
    ],
    ["arguments before the name", '{"arguments": {}, "name": "f"}', "none"],
    ["an OpenAI wrapper", '{"type": "function", "function": {"name": "f"', "none"],
    [
      "the first object of an array (Hunyuan's <tool_calls>): the call's text starts at its object",
      ' [ {"name": "f", "arguments": {}}]',
      { id: "call_3", name: "f", syntax: "json", textStart: 3 },
    ],
    ["half an array", "[ ", "pending"],
    ["an array of something else", "[1, 2]", "none"],
    ["prose", "Let me call it", "none"],
    ["a name with a bad escape", '{"name": "f\\x", "arguments":', "none"],
    ["an empty name", '{"name": "", "arguments":', "none"],
    ["an empty function name", "<function= >", "none"],
  ])("%s", (_name, body, want) => {
    expect(readCallOpening(body, 3)).toEqual(want);
  });

  test("an opening that ends past the limit is none, whole or in pieces, so that both read the block alike", () => {
    const body = `${" ".repeat(290)}{"name": "get_weather", "arguments": {}}`;
    expect(readCallOpening(body, 0)).toBe("none");
    expect(readCallOpening(body.slice(0, 301), 0)).toBe("none");
    expect(readCallOpening(body.slice(0, 295), 0)).toBe("pending");
  });
});
