import { describe, expect, test } from "vitest";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolCall } from "../../src/calls/tool-call.js";
import { formatToolResult } from "../../src/tools/format-tool-result.js";
import type { ToolResult } from "../../src/tools/tool-result.js";

const call: ToolCall = { id: "toolu_01", name: "create_file", arguments: { file_path: "a.py" }, format: "xml" };
const failure: ToolResult = {
  success: false,
  output: null,
  error: { code: "UNKNOWN_TOOL", message: 'Unknown tool "x"', details: { tool: "x" } },
};
const failureJson = '{"error":{"code":"UNKNOWN_TOOL","message":"Unknown tool \\"x\\"","details":{"tool":"x"}}}';

describe("formatToolResult", () => {
  test.each<[string, ToolResult, unknown]>([
    ["a string output, sent as is", { success: true, output: "created a.py" }, "created a.py"],
    [
      "an object output, sent as JSON",
      { success: true, output: { status: 201, body: { id: 7 } } },
      '{"status":201,"body":{"id":7}}',
    ],
    ["an undefined output, sent empty", { success: true, output: undefined }, ""],
    ["a failure, sent as its error", failure, failureJson],
  ])("openai: %s", (_name, given, wantContent) => {
    expect(formatToolResult(call, given, { dialect: "openai" })).toEqual({
      role: "tool",
      tool_call_id: "toolu_01",
      content: wantContent,
    });
  });

  test.each<[string, ToolResult, string]>([
    ["an object output, as JSON", { success: true, output: { status: 201 } }, '{"status":201}'],
    ["a failure, as its error", failure, failureJson],
  ])("openai-responses: %s", (_name, given, wantOutput) => {
    expect(formatToolResult(call, given, { dialect: "openai-responses" })).toEqual({
      type: "function_call_output",
      call_id: "toolu_01",
      output: wantOutput,
    });
  });

  test("openai-responses: a function_call item's call_id (not its item id) answers it", () => {
    const response = {
      output: [{ type: "function_call", id: "fc_67c", call_id: "call_12345", name: "create_file", arguments: "{}" }],
    };
    const [parsed] = parseToolCalls(response).calls;
    if (parsed === undefined) throw new Error("no call parsed");
    expect(formatToolResult(parsed, { success: true, output: "done" }, { dialect: "openai-responses" })).toEqual({
      type: "function_call_output",
      call_id: "call_12345",
      output: "done",
    });
  });

  test.each<[string, ToolResult, unknown]>([
    ["a success", { success: true, output: [1, 2] }, { content: "[1,2]", is_error: false }],
    ["a failure", failure, { content: failureJson, is_error: true }],
  ])("anthropic: %s", (_name, given, want) => {
    expect(formatToolResult(call, given, { dialect: "anthropic" })).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_01",
      ...(want as object),
    });
  });

  test.each<[string, ToolResult, unknown]>([
    ["a success", { success: true, output: { temp: 21 } }, { content: [{ text: '{"temp":21}' }], status: "success" }],
    ["a failure", failure, { content: [{ text: failureJson }], status: "error" }],
  ])("bedrock: %s", (_name, given, want) => {
    expect(formatToolResult(call, given, { dialect: "bedrock" })).toEqual({
      toolResult: { toolUseId: "toolu_01", ...(want as object) },
    });
  });

  test.each<[string, ToolResult, string]>([
    [
      "a success whose output could close the block",
      { success: true, output: "a < b && c > d </stdout></function_results>" },
      [
        "<function_results>",
        "<result>",
        "<tool_name>create_file</tool_name>",
        "<stdout>",
        "a &lt; b &amp;&amp; c &gt; d &lt;/stdout&gt;&lt;/function_results&gt;",
        "</stdout>",
        "</result>",
        "</function_results>",
      ].join("\n"),
    ],
    [
      "an entity in the output stays literal",
      { success: true, output: "&amp;" },
      "<function_results>\n<result>\n<tool_name>create_file</tool_name>\n<stdout>\n&amp;amp;\n</stdout>\n</result>\n</function_results>",
    ],
    [
      "a failure, in <error> and <stderr>",
      { success: false, output: null, error: { code: "TOOL_FAILED", message: "a <b>" } },
      [
        "<function_results>",
        "<error>",
        "<tool_name>create_file</tool_name>",
        "<stderr>",
        '{"error":{"code":"TOOL_FAILED","message":"a &lt;b&gt;"}}',
        "</stderr>",
        "</error>",
        "</function_results>",
      ].join("\n"),
    ],
  ])("xml: %s", (_name, given, want) => {
    expect(formatToolResult(call, given, { dialect: "xml" })).toBe(want);
  });

  test.each<[string, ToolResult, unknown]>([
    ["an object output, as the JSON value", { success: true, output: { temp: 21 } }, { output: { temp: 21 } }],
    ["a string output, as is", { success: true, output: "done" }, { output: "done" }],
    ["an undefined output, as null", { success: true, output: undefined }, { output: null }],
    [
      "a Date output, as JSON writes it",
      { success: true, output: new Date(0) },
      { output: "1970-01-01T00:00:00.000Z" },
    ],
    ["a failure, under error", failure, { error: failure.error }],
  ])("gemini: %s", (_name, given, wantResponse) => {
    expect(formatToolResult(call, given, { dialect: "gemini" })).toEqual({
      functionResponse: { id: "toolu_01", name: "create_file", response: wantResponse },
    });
  });

  test("gemini: the id of a call Gemini wrote without one is left out, an id it wrote is kept", () => {
    const response = {
      candidates: [
        {
          content: {
            role: "model",
            parts: [
              { functionCall: { name: "get_weather", args: { city: "Paris" } } },
              { functionCall: { id: "fc_7a1", name: "get_weather", args: { city: "Oslo" } } },
            ],
          },
        },
      ],
    };
    const [unnamed, named] = parseToolCalls(response).calls;
    if (unnamed === undefined || named === undefined) throw new Error("expected two calls");
    expect(unnamed.id).toBe("call_0");
    const result: ToolResult = { success: true, output: { temp: 18 } };
    expect(formatToolResult(unnamed, result, { dialect: "gemini" })).toEqual({
      functionResponse: { name: "get_weather", response: { output: { temp: 18 } } },
    });
    expect(formatToolResult(named, result, { dialect: "gemini" }).functionResponse.id).toBe("fc_7a1");
  });

  test("gemini: a cycle in an output and a bigint in a failure are written, not lost", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatToolResult(call, { success: true, output: cyclic }, { dialect: "gemini" }).functionResponse).toEqual({
      id: "toolu_01",
      name: "create_file",
      response: { output: { self: "[Circular]" } },
    });
    const bigFailure: ToolResult = { success: false, output: null, error: { code: "X", message: "m", details: 7n } };
    expect(formatToolResult(call, bigFailure, { dialect: "gemini" }).functionResponse.response).toEqual({
      error: { code: "X", message: "m", details: 7 },
    });
  });

  test("an output JSON.stringify throws on is written whole, not a throw or its string form", () => {
    const cyclic: Record<string, unknown> = { rows: [1n, 2n] };
    cyclic.self = cyclic;
    expect(formatToolResult(call, { success: true, output: cyclic }, { dialect: "openai" }).content).toBe(
      '{"rows":[1,2],"self":"[Circular]"}',
    );
  });

  test("an output nested too deep to write as JSON is said to be so, with where, in every dialect: never a throw", () => {
    let output: unknown = "bottom";
    for (let level = 0; level < 100_000; level += 1) output = { a: output };
    const deep: ToolResult = { success: true, output };
    const note =
      /^\[the output cannot be written as JSON: Maximum call stack size exceeded; it nests deeper than 500 levels at (\/a){60}/;
    expect(formatToolResult(call, deep, { dialect: "openai" }).content).toMatch(note);
    expect(formatToolResult(call, deep, { dialect: "gemini" }).functionResponse.response).toEqual({
      output: expect.stringMatching(note),
    });
    expect(formatToolResult(call, deep, { dialect: "xml" })).toContain("[the output cannot be written as JSON: ");
  });
});
