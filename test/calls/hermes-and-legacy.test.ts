import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe("Hermes / Qwen <tool_call>", () => {
  test.each([
    {
      name: "object arguments",
      given: 'Sure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      want: {
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" }],
        text: "Sure.\n",
      },
    },
    {
      name: "arguments as a JSON string, two calls",
      given:
        '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"A\\"}"}</tool_call><tool_call>{"name": "get_weather", "arguments": {"city": "B"}}</tool_call>',
      want: {
        calls: [
          { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" },
          { id: "call_1", name: "get_weather", arguments: { city: "B" }, format: "hermes" },
        ],
        text: "",
      },
    },
    {
      name: "several calls in one block, as a JSON array",
      given:
        '<tool_call>[{"name": "get_weather", "arguments": {"city": "E"}}, {"name": "get_weather", "arguments": {"city": "F"}}]</tool_call>',
      want: {
        calls: [
          { id: "call_0", name: "get_weather", arguments: { city: "E" }, format: "hermes" },
          { id: "call_1", name: "get_weather", arguments: { city: "F" }, format: "hermes" },
        ],
        text: "",
      },
    },
    {
      name: "several calls in one block, one object after another (the raw block kept: it was read as an array)",
      given:
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "G"}}\n{"name": "get_weather", "arguments": {}}\n</tool_call>',
      want: {
        calls: [
          {
            id: "call_0",
            name: "get_weather",
            arguments: { city: "G" },
            format: "hermes",
            rawArguments:
              '\n{"name": "get_weather", "arguments": {"city": "G"}}\n{"name": "get_weather", "arguments": {}}\n',
          },
          {
            id: "call_1",
            name: "get_weather",
            arguments: {},
            format: "hermes",
            rawArguments:
              '\n{"name": "get_weather", "arguments": {"city": "G"}}\n{"name": "get_weather", "arguments": {}}\n',
          },
        ],
        text: "",
      },
    },
    {
      name: "the call wrapped as OpenAI writes it",
      given:
        '<tool_call>{"type": "function", "function": {"name": "get_weather", "arguments": {"city": "D"}}}</tool_call>',
      want: {
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "D" }, format: "hermes" }],
        text: "",
      },
    },
    {
      name: "broken JSON is repaired, raw kept",
      given: "<tool_call>{'name': 'get_weather', 'arguments': {'city': 'C'}}</tool_call>",
      want: {
        calls: [
          {
            id: "call_0",
            name: "get_weather",
            arguments: { city: "C" },
            format: "hermes",
            rawArguments: "{'name': 'get_weather', 'arguments': {'city': 'C'}}",
          },
        ],
        text: "",
      },
    },
  ])("$name", ({ given, want }) => {
    expect(parseToolCalls(given, { tools })).toEqual({ ...want, errors: [] });
  });

  test("a body without a name is an error, not a call", () => {
    expect(parseToolCalls("<tool_call>not json at all</tool_call>", { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        { code: "PARSE_ERROR", message: '<tool_call> does not hold {"name": ..., "arguments": ...}: not json at all' },
      ],
    });
  });

  test("an unclosed <tool_call> is an UNTERMINATED_CALL error", () => {
    expect(parseToolCalls('<tool_call>{"name": "get_weather"', { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: "The output ended inside <tool_call>; a call that did not close is not run",
      },
    ]);
  });
});

describe("legacy tags read through xml.mappings", () => {
  test.each([
    {
      name: "attribute and content (the seed's create-file)",
      given: 'Creating it.\n<create-file file_path="src/main.py">\ndef main():\n    print("hi")\n</create-file>\nDone.',
      want: {
        calls: [
          {
            id: "call_0",
            name: "create_file",
            arguments: { file_path: "src/main.py", file_contents: 'def main():\n    print("hi")' },
            format: "legacy-xml",
          },
        ],
        text: "Creating it.\n\nDone.",
      },
    },
    {
      name: "single-quoted attribute and elements by path",
      given: "<str-replace file_path='a.txt'><old_str>a &lt; b</old_str><new_str>\nc\n</new_str></str-replace>",
      want: {
        calls: [
          {
            id: "call_0",
            name: "str_replace",
            arguments: { file_path: "a.txt", old_str: "a < b", new_str: "c" },
            format: "legacy-xml",
          },
        ],
        text: "",
      },
    },
    {
      name: "HTML in prose and unregistered tags stay text",
      given: '<div class="x">Hi</div> <create-files path="a">no</create-files>',
      want: { calls: [], text: '<div class="x">Hi</div> <create-files path="a">no</create-files>' },
    },
  ])("$name", ({ given, want }) => {
    expect(parseToolCalls(given, { tools })).toEqual({ ...want, errors: [] });
  });

  test("without tools, no legacy tag is known, so none is a call", () => {
    expect(parseToolCalls('<create-file file_path="a">x</create-file>').calls).toEqual([]);
  });

  test("an attribute no mapping reads is reported with the closest mapped one", () => {
    const result = parseToolCalls('<create-file file_pth="a.py">x</create-file>', { tools });
    expect(result.calls).toEqual([
      { id: "call_0", name: "create_file", arguments: { file_contents: "x" }, format: "legacy-xml" },
    ]);
    expect(result.errors).toEqual([
      {
        code: "UNKNOWN_PARAMETER",
        message: '<create-file> has no attribute "file_pth"; did you mean "file_path"?',
        callIndex: 0,
        name: "create_file",
        parameter: "file_pth",
        suggestion: "file_path",
      },
    ]);
  });

  test("format legacy-xml reads only legacy tags", () => {
    const given =
      '<create-file file_path="a">x</create-file><function_calls><invoke name="a"></invoke></function_calls>';
    const result = parseToolCalls(given, { tools, format: "legacy-xml" });
    expect(result.calls.map((call) => call.name)).toEqual(["create_file"]);
    expect(result.text).toBe('<function_calls><invoke name="a"></invoke></function_calls>');
  });
});
