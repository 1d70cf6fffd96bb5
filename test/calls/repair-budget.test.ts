import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { MAX_REPAIRED_LENGTH, MAX_REPAIRED_PER_OUTPUT } from "../../src/calls/engine/repair-budget.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

/** Arguments of write_file `length` characters long, broken by a trailing comma (jsonrepair drops it). */
function brokenArguments(length: number): { text: string; content: string } {
  const frame = '{"path": "a.md", "content": "",}';
  const content = "x".repeat(length - frame.length);
  return { text: `{"path": "a.md", "content": "${content}",}`, content };
}

/** A Chat Completions message calling write_file once per arguments text. */
function completion(argumentTexts: string[]) {
  const tool_calls = argumentTexts.map((text, index) => ({
    id: `c${index}`,
    type: "function",
    function: { name: "write_file", arguments: text },
  }));
  return { choices: [{ message: { role: "assistant", content: null, tool_calls }, finish_reason: "tool_calls" }] };
}

describe("JSON is repaired within limits: jsonrepair can take seconds on long broken JSON", () => {
  test("arguments up to the longest repaired are repaired; longer ones are kept raw, with an error saying why", () => {
    const fits = brokenArguments(MAX_REPAIRED_LENGTH);
    const over = brokenArguments(MAX_REPAIRED_LENGTH + 1);
    const result = parseToolCalls(completion([fits.text, over.text]), { tools });
    expect(result.calls.map((call) => call.arguments)).toEqual([{ path: "a.md", content: fits.content }, {}]);
    expect(result.calls[1]?.rawArguments).toBe(over.text);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: "PARSE_ERROR", callIndex: 1, name: "write_file" });
    expect(result.errors[0]?.message).toContain(
      `${MAX_REPAIRED_LENGTH + 1} characters of JSON that do not parse as written: JSON is repaired only up to ${MAX_REPAIRED_LENGTH} characters`,
    );
  });

  test("one output has at most its budget repaired: the call past it is kept raw; the next output has its own", () => {
    const repairs = MAX_REPAIRED_PER_OUTPUT / MAX_REPAIRED_LENGTH;
    const texts = Array.from({ length: repairs + 1 }, () => brokenArguments(MAX_REPAIRED_LENGTH).text);
    const result = parseToolCalls(completion(texts), { tools });
    expect(result.calls.map((call) => Object.keys(call.arguments).length)).toEqual([
      ...Array.from({ length: repairs }, () => 2),
      0,
    ]);
    expect(result.errors.map(({ callIndex }) => callIndex)).toEqual([repairs]);
    expect(result.errors[0]?.message).toContain(
      `after ${MAX_REPAIRED_PER_OUTPUT} characters of this output's JSON were repaired: no more than ${MAX_REPAIRED_PER_OUTPUT} are`,
    );
    const next = parseToolCalls(completion([texts[0] ?? ""]), { tools });
    expect(next.errors).toEqual([]);
  });

  test("a stream's blocks share the budget of their output; a new stream has its own", () => {
    const repairs = MAX_REPAIRED_PER_OUTPUT / MAX_REPAIRED_LENGTH;
    const block = `<tool_call>{"name": "write_file", "arguments": ${brokenArguments(MAX_REPAIRED_LENGTH - 60).text}}</tool_call>`;
    const callsAndErrors = (blocks: number) => {
      const stream = createToolCallStream({ tools });
      const events = [...Array.from({ length: blocks }, () => stream.push(block)).flat(), ...stream.end()];
      return {
        repaired: events.filter((event) => event.type === "tool-call" && event.call.arguments.path === "a.md").length,
        errors: events.flatMap((event) =>
          event.type === "error" && event.error.withdrawn === undefined ? [event.error.message] : [],
        ),
      };
    };
    const streamed = callsAndErrors(repairs + 1);
    expect(streamed.repaired).toBe(repairs);
    expect(streamed.errors).toHaveLength(1);
    expect(streamed.errors[0]).toMatch(/^<tool_call> holds JSON that does not parse as written, after \d+ characters/);
    expect(callsAndErrors(1)).toEqual({ repaired: 1, errors: [] });
  });

  test("a block of thousands of objects with text between them is reported at once, not repaired for seconds", () => {
    const object = '{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "A"}} x ';
    const body = `[${Array.from({ length: 2000 }, () => object).join(",")}]`;
    const result = parseToolCalls(`<|START_ACTION|>${body}<|END_ACTION|>`, { tools });
    expect(result.calls).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.message).toMatch(
      new RegExp(`^<\\|START_ACTION\\|> holds ${body.length} characters of JSON that do not parse as written`),
    );
  });
});
