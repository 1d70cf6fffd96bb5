import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];
const LEVELS = 100_000;
const deepArray = `${"[".repeat(LEVELS)}${"]".repeat(LEVELS)}`;
const deepObject = `${'{"a":'.repeat(LEVELS)}1${"}".repeat(LEVELS)}`;

/** The error of arguments nested too deep, at `pointer` (its first 200 characters, then "..."). */
function tooDeep(pointer: string): RegExp {
  const escaped = pointer.slice(0, 200).replaceAll("/", "\\/");
  return new RegExp(`nest deeper than 500 levels, at ${escaped}\\.\\.\\.; they are not read$`);
}

describe("arguments nested deeper than 500 levels are not read: writing them again would overflow the stack", () => {
  test.each([
    ["Hermes JSON", `<tool_call>{"name": "write_file", "arguments": {"tags": ${deepArray}}}</tool_call>`, "/tags"],
    ["Mistral", `[TOOL_CALLS]write_file[ARGS]{"options": ${deepObject}}`, "/options"],
    [
      "an XML parameter typed object",
      `<function_calls><invoke name="write_file"><parameter name="options">${deepObject}</parameter></invoke></function_calls>`,
      "/options",
    ],
    [
      "an XML invoke whose text is one JSON object",
      `<function_calls><invoke name="write_file">{"options": ${deepObject}}</invoke></function_calls>`,
      "/options",
    ],
    [
      "Kimi K3's typed argument",
      `<|open|>tools<|sep|><|open|>call tool="write_file" index="1"<|sep|><|open|>argument key="options" type="object"<|sep|>${deepObject}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
      "/options",
    ],
  ])("%s: the call keeps {}, an error says where, and the result can be written", (_syntax, output, at) => {
    const result = parseToolCalls(output, { tools });
    expect(result.calls.map(({ name, arguments: args }) => [name, args])).toEqual([["write_file", {}]]);
    const nested = at === "/tags" ? "/0".repeat(LEVELS) : "/a".repeat(LEVELS);
    expect(result.errors.map((error) => [error.code, error.name])).toEqual([["PARSE_ERROR", "write_file"]]);
    expect(result.errors[0]?.message).toMatch(tooDeep(`${at}${nested}`));
    expect(result.errors[0]?.message).toMatch(/^Tool "write_file": its arguments nest deeper than 500 levels/);
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  test("a provider's arguments as a parsed object: the raw text is kept when it was text", () => {
    const text = `{"options": ${deepObject}}`;
    const completion = (args: unknown) => ({
      choices: [
        {
          message: { tool_calls: [{ id: "c1", type: "function", function: { name: "write_file", arguments: args } }] },
        },
      ],
    });
    const fromText = parseToolCalls(completion(text), { tools });
    expect(fromText.calls).toEqual([
      { id: "c1", name: "write_file", arguments: {}, format: "json", rawArguments: text },
    ]);
    expect(fromText.errors[0]?.message).toMatch(tooDeep(`/options${"/a".repeat(LEVELS)}`));
    const fromObject = parseToolCalls(completion(JSON.parse(text)), { tools });
    expect(fromObject.calls[0]?.arguments).toEqual({});
    expect(fromObject.errors[0]?.message).toMatch(tooDeep(`/options${"/a".repeat(LEVELS)}`));
  });

  test("MiniMax M3 elements nested deeper than 500 levels: the block is not read, and says why", () => {
    const element = (name: string) => `]<]minimax[>[<${name}>`;
    const closing = (name: string) => `]<]minimax[>[</${name}>`;
    const output = `${element("tool_call")}]<]minimax[>[<invoke name="write_file">${element("options")}${element("a").repeat(LEVELS)}1${closing("a").repeat(LEVELS)}${closing("options")}]<]minimax[>[</invoke>${closing("tool_call")}`;
    const result = parseToolCalls(output, { tools });
    expect(result.calls).toEqual([]);
    expect(result.errors.map(({ code }) => code)).toEqual(["PARSE_ERROR"]);
    expect(result.errors[0]?.message).toMatch(/^MiniMax M3 elements nest deeper than 500 levels: /);
  });

  test("a stream reads such a call as the one-shot parser does", () => {
    const output = `<tool_call>{"name": "write_file", "arguments": {"tags": ${deepArray}}}</tool_call>`;
    const stream = createToolCallStream({ tools });
    const events = [...stream.push(output), ...stream.end()];
    const call = events.find((event) => event.type === "tool-call");
    expect(call?.type === "tool-call" && call.call.arguments).toEqual({});
    expect(events.filter((event) => event.type === "error" && event.error.withdrawn === undefined)).toHaveLength(1);
  });
});
