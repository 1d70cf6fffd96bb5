import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe('MiniCPM5\'s <function name="..."><param name="..."> calls, written bare or in <tool_call>', () => {
  test("consecutive calls after prose; values typed by the schema; either quote; CDATA and entities decoded", () => {
    const given =
      'I\'ll check.\n<function name="get_weather">\n  <param name=\'city\'>Tokyo &amp; Osaka</param>\n  <param name="days">3</param>\n</function>\n<function name="write_file"><param name="path">a.py</param><param name="content"><![CDATA[if a < b:\n  x = "</param>"]]></param></function> Done.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Tokyo & Osaka", days: 3 }, format: "xml" },
        {
          id: "call_1",
          name: "write_file",
          arguments: { path: "a.py", content: 'if a < b:\n  x = "</param>"' },
          format: "xml",
        },
      ],
      text: "I'll check.\n\n Done.",
      errors: [],
    });
  });

  test("inside <tool_call> the same calls are read", () => {
    const given = '<tool_call>\n<function name="get_weather"><param name="city">Rome</param></function>\n</tool_call>';
    expect(parseToolCalls(given, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Rome" }, format: "xml" },
    ]);
  });

  test("a <function name=...> naming no known tool, or read without tools or in the hermes format, stays text", () => {
    const unknown = '<function name="main"><param name="x">1</param></function>';
    expect(parseToolCalls(unknown, { tools })).toEqual({ calls: [], text: unknown, errors: [] });
    const known = '<function name="get_weather"><param name="city">A</param></function>';
    expect(parseToolCalls(known)).toEqual({ calls: [], text: known, errors: [] });
    expect(parseToolCalls(known, { tools, format: "hermes" })).toEqual({ calls: [], text: known, errors: [] });
    expect(parseToolCalls(known, { tools, format: "xml" }).calls.map((call) => call.name)).toEqual(["get_weather"]);
  });

  test("a missing </param> is cut at the next tag and reported; a call cut off is UNTERMINATED_CALL", () => {
    const given = '<function name="get_weather"><param name="city">A<param name="days">2</function>';
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: "A", days: 2 }]);
    expect(result.errors.map((error) => error.message)).toEqual([
      'Parameter "city" was not closed by </param>',
      'Parameter "days" was not closed by </param>',
    ]);
    expect(parseToolCalls('<function name="get_weather"><param name="city">Pa', { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: 'The output ended inside <function name="get_weather">; a call that did not close is not run',
        name: "get_weather",
      },
    ]);
  });
});
