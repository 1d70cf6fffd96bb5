import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

// Each test pins one bug of AgentPress's parser that this one must not have.
describe("AgentPress pitfalls", () => {
  test("every invoke in a block runs, not only the first", () => {
    const given = [
      "<function_calls>",
      '<invoke name="get_weather"><parameter name="city">A</parameter></invoke>',
      '<invoke name="get_weather"><parameter name="city">B</parameter></invoke>',
      '<invoke name="get_weather"><parameter name="city">C</parameter></invoke>',
      "</function_calls>",
    ].join("\n");
    expect(parseToolCalls(given, { tools }).calls.map((call) => call.arguments)).toEqual([
      { city: "A" },
      { city: "B" },
      { city: "C" },
    ]);
  });

  test("a literal </parameter> in code does not truncate the value", () => {
    const code = 'xml = "<parameter>1</parameter>"\nprint(xml)';
    const given = `<function_calls><invoke name="write_file"><parameter name="path">a.py</parameter><parameter name="content">${code}</parameter></invoke></function_calls>`;
    expect(parseToolCalls(given, { tools }).calls[0]?.arguments).toEqual({ path: "a.py", content: code });
  });

  test.each([
    { given: "0123", want: "0123" },
    { given: "1.0", want: "1.0" },
    { given: "true", want: "true" },
    { given: "null", want: "null" },
  ])("a string parameter given $given stays the string $want", ({ given, want }) => {
    const text = `<function_calls><invoke name="write_file"><parameter name="path">${given}</parameter></invoke></function_calls>`;
    expect(parseToolCalls(text, { tools }).calls[0]?.arguments).toEqual({ path: want });
  });

  test("HTML in prose never becomes a tool call, even with a tool-like tag name", () => {
    const given = 'Write <invoke name="get_weather"> or <create_file path="x">y</create_file> or <p>hi</p>.';
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test("an unclosed block is reported, not silently dropped", () => {
    const result = parseToolCalls('<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Par', {
      tools,
    });
    expect(result.calls).toEqual([]);
    expect(result.errors.map((error) => error.code)).toEqual(["UNTERMINATED_CALL"]);
  });

  test("an unclosed block with complete invokes keeps them and still reports the block", () => {
    const result = parseToolCalls('<function_calls><invoke name="get_weather"></invoke>', { tools });
    expect(result.calls).toHaveLength(1);
    expect(result.errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: "The output ended inside <function_calls>; a call that did not close is not run",
      },
    ]);
  });

  test("a misspelled parameter name is reported, not silently ignored", () => {
    const given =
      '<function_calls><invoke name="get_weather"><parameter name="ctiy">Oslo</parameter></invoke></function_calls>';
    const result = parseToolCalls(given, { tools });
    expect(result.calls[0]?.arguments).toEqual({ ctiy: "Oslo" });
    expect(result.errors).toEqual([
      {
        code: "UNKNOWN_PARAMETER",
        message: 'Tool "get_weather" has no parameter "ctiy"; did you mean "city"?',
        callIndex: 0,
        name: "get_weather",
        parameter: "ctiy",
        suggestion: "city",
      },
    ]);
  });

  test("the first 64 misspelt names of a reply get a hint, a name repeated gets the same; later ones are still errors", () => {
    const misspelt = Array.from({ length: 100 }, (_, index) => `get_weathr${index}`);
    const calls = [...misspelt, "get_weathr0"].map(
      (name) => `<tool_call>{"name": "${name}", "arguments": {}}</tool_call>`,
    );
    const { errors } = parseToolCalls(calls.join(""), { tools });
    expect(errors.map((error) => error.code)).toEqual(Array(101).fill("UNKNOWN_TOOL"));
    expect(errors.map((error) => error.suggestion !== undefined)).toEqual([
      ...Array(64).fill(true),
      ...Array(36).fill(false),
      true,
    ]);
    expect(errors[100]).toEqual({ ...errors[0], callIndex: 100 });
  });
});
