import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

describe("OLMo 3's <function_calls> holding pythonic calls, one per line", () => {
  test("each line is a call; values are Python literals, or JSON's true, false and null; prose around is kept", () => {
    const given =
      'Checking.\n<function_calls>\nwrite_file(path="a.py", content=\'x < y\', overwrite=true, note=null)\nget_weather(city="Rome", days=3)\n</function_calls>\nDone.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        {
          id: "call_0",
          name: "write_file",
          arguments: { path: "a.py", content: "x < y", overwrite: true, note: null },
          format: "olmo",
        },
        { id: "call_1", name: "get_weather", arguments: { city: "Rome", days: 3 }, format: "olmo" },
      ],
      text: "Checking.\n\nDone.",
      errors: [],
    });
  });

  test("calls separated by commas or written as a list are read too", () => {
    const given = "<function_calls>get_weather(city='A'), get_weather(city='B')</function_calls>";
    expect(parseToolCalls(given, { tools }).calls.map((call) => call.arguments)).toEqual([
      { city: "A" },
      { city: "B" },
    ]);
    const list = "<function_calls>[get_weather(city='C')]</function_calls>";
    expect(parseToolCalls(list, { tools }).calls.map((call) => call.format)).toEqual(["olmo"]);
  });

  test("a block whose first tag is an invoke is still read as <function_calls> is", () => {
    const given =
      '<function_calls>\n<invoke name="get_weather"><parameter name="city">A</parameter></invoke>\n</function_calls>';
    expect(parseToolCalls(given, { tools }).calls.map((call) => call.format)).toEqual(["xml"]);
  });

  test("a body that is no calls is read again as invokes, or reported; one cut off is UNTERMINATED_CALL naming the tool", () => {
    const junk = '<function_calls>oops <invoke name="get_weather"></invoke></function_calls>';
    expect(parseToolCalls(junk, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: {}, format: "xml" }],
      text: "",
      errors: [{ code: "PARSE_ERROR", message: "Text outside any tag inside <function_calls>: oops" }],
    });
    expect(parseToolCalls("<function_calls>get the weather()</function_calls>", { tools, format: "olmo" })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "PARSE_ERROR",
          message: "<function_calls> holds neither invokes nor pythonic calls: get the weather()",
        },
      ],
    });
    expect(parseToolCalls("<function_calls>\nget_weather(city='Pa", { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: "The output ended inside <function_calls>; a call that did not close is not run",
        name: "get_weather",
        callId: "call_0",
      },
    ]);
  });

  test("format olmo reads only these blocks; format xml reports their calls as text outside any tag", () => {
    const olmo = "<function_calls>get_weather(city='A')</function_calls>";
    expect(parseToolCalls(olmo, { tools, format: "olmo" }).calls.map((call) => call.name)).toEqual(["get_weather"]);
    const xml = '<function_calls><invoke name="get_weather"></invoke></function_calls>';
    expect(parseToolCalls(xml, { tools, format: "olmo" }).calls).toEqual([]);
    expect(parseToolCalls(olmo, { tools, format: "xml" }).errors.map((error) => error.message)).toEqual([
      "Text outside any tag inside <function_calls>: get_weather(city='A')",
    ]);
  });
});
