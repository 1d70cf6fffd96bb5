import { describe, expect, test } from "vitest";
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

  test("an output JSON cannot hold is sent as its string form, not a throw", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatToolResult(call, { success: true, output: cyclic }, { dialect: "openai" }).content).toBe(
      "[object Object]",
    );
  });
});
