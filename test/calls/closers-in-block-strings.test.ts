import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

/** The stream's events for `text` fed one character at a time, in the one-shot parser's shape (withdrawals aside). */
function streamedOneByOne(text: string) {
  const stream = createToolCallStream({ tools });
  const events: ToolCallStreamEvent[] = [...[...text].flatMap((character) => stream.push(character)), ...stream.end()];
  return {
    calls: events.flatMap((event) => (event.type === "tool-call" ? [event.call] : [])),
    text: events.map((event) => (event.type === "text" ? event.delta : "")).join(""),
    errors: events.flatMap((event) =>
      event.type === "error" && event.error.withdrawn === undefined ? [event.error] : [],
    ),
  };
}

describe("a block's closing token written inside one of its strings is the string's text", () => {
  // Each block writes a file whose content holds the block's own closing token.
  const gemma = (content: string) =>
    `<|tool_call>call:write_file{path:<|"|>a.md<|"|>,content:<|"|>${content}<|"|>}<tool_call|>`;
  const functionGemma = (content: string) =>
    `<start_function_call>call:write_file{path:<escape>a.md<escape>,content:<escape>${content}<escape>}<end_function_call>`;
  const cohere = (content: string) =>
    `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "write_file", "parameters": {"path": "a.md", "content": "${content}"}}]<|END_ACTION|>`;
  const internlm = (content: string) =>
    `<|action_start|><|plugin|>\n{"name": "write_file", "parameters": {"path": "a.md", "content": "${content}"}}<|action_end|>`;
  const apertus = (content: string) =>
    `<|tools_prefix|>[{"write_file": {"path": "a.md", "content": "${content}"}}]<|tools_suffix|>`;

  test.each([
    ["Gemma 4's <|\"|> string", gemma, "End with <tool_call|> then stop", "gemma"],
    ["FunctionGemma's <escape> string", functionGemma, "x <end_function_call> y", "gemma"],
    ["Cohere's JSON string", cohere, "ends with <|END_ACTION|> here", "cohere"],
    ["InternLM's JSON string", internlm, "x <|action_end|> y", "internlm"],
    ["Apertus' JSON string", apertus, "x <|tools_suffix|> y", "apertus"],
  ])("%s: the call is whole, and streamed it is the same", (_syntax, block, content, format) => {
    const given = `Writing.${block(content)} Done.`;
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map(({ name, arguments: written, format: read }) => [name, written, read])).toEqual([
      ["write_file", { path: "a.md", content }, format],
    ]);
    expect(result.text).toBe("Writing. Done.");
    expect(result.errors).toEqual([]);
    expect(streamedOneByOne(given)).toEqual(result);
  });

  test("escaped quotes do not end a JSON string; a quote after an even run of backslashes does", () => {
    const inString = String.raw`<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "write_file", "parameters": {"path": "a", "content": "say \"<|END_ACTION|>\" and \\"}}]<|END_ACTION|>`;
    const result = parseToolCalls(inString, { tools });
    expect(result.calls.map((call) => call.arguments.content)).toEqual(['say "<|END_ACTION|>" and \\']);
    expect(streamedOneByOne(inString)).toEqual(result);
    const closed = String.raw`<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "write_file", "parameters": {"path": "a\\", "content": "b"}}]<|END_ACTION|>after`;
    expect(parseToolCalls(closed, { tools })).toEqual({
      calls: [{ id: "0", name: "write_file", arguments: { path: "a\\", content: "b" }, format: "cohere" }],
      text: "after",
      errors: [],
    });
  });

  test("a string never closed: the first closing token closed the block after all, and what follows is prose", () => {
    const given = '<|tool_call>call:write_file{path:<|"|>a.md<|"|>,content:<|"|>cut <tool_call|>Prose after.';
    const result = parseToolCalls(given, { tools });
    expect(result.calls).toEqual([
      {
        id: "call_0",
        name: "write_file",
        arguments: {},
        format: "gemma",
        rawArguments: '{path:<|"|>a.md<|"|>,content:<|"|>cut ',
      },
    ]);
    expect(result.text).toBe("Prose after.");
    expect(result.errors.map(({ code, name }) => [code, name])).toEqual([["PARSE_ERROR", "write_file"]]);
    expect(streamedOneByOne(given)).toEqual(result);
  });

  test("a block of the same kind opening after the token shows the token closed the first block", () => {
    const given =
      '<|tool_call>call:write_file{content:<|"|>x<tool_call|> and <|tool_call>call:get_weather{city:<|"|>B<|"|>}<tool_call|>';
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map(({ name, arguments: written }) => [name, written])).toEqual([
      ["write_file", {}],
      ["get_weather", { city: "B" }],
    ]);
    expect(result.text).toBe(" and ");
    expect(streamedOneByOne(given)).toEqual(result);
  });

  test("text after such a cut keeps a last '<' the output ends on (it could have begun a closing tag)", () => {
    for (const given of [
      '<tool_call>{"name": "write_file", "arguments": {"content": "a</tool_call>x<',
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "write_file", "parameters": {"content": "a<|END_ACTION|>x</tool',
    ]) {
      const result = parseToolCalls(given, { tools });
      expect(result.text).toBe(given.slice(given.lastIndexOf("x")));
      expect(result.calls).toEqual([]);
      expect(streamedOneByOne(given)).toEqual(result);
    }
  });
});
