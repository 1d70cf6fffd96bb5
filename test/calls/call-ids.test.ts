import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { CallIds } from "../../src/calls/engine/call-ids.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { isGeneratedCallId } from "../../src/calls/tool-call.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

const ids = (output: unknown): string[] => parseToolCalls(output, { tools }).calls.map((call) => call.id);

describe("CallIds", () => {
  test("the first call keeps its id, a later one gets _2, _3, and skips a suffix another call wrote", () => {
    const callIds = new CallIds();
    expect(["c1", "c1", "c1_3", "c1", "c2"].map((id) => callIds.claim(id))).toEqual([
      "c1",
      "c1_2",
      "c1_3",
      "c1_4",
      "c2",
    ]);
  });

  test("an id released by a withdrawn call can be taken again", () => {
    const callIds = new CallIds();
    callIds.claim("call_0");
    callIds.release("call_0");
    expect(callIds.claim("call_0")).toBe("call_0");
  });

  test("an id repeated 20,000 times gives 20,000 different ids", () => {
    const callIds = new CallIds();
    const claimed = Array.from({ length: 20_000 }, () => callIds.claim("functions.f:0"));
    expect(new Set(claimed).size).toBe(20_000);
    expect(claimed.at(-1)).toBe("functions.f:0_20000");
  });

  test("a generated id with a suffix is still one made up here", () => {
    expect(["call_1", "call_1_2", "call_12_10", "call_1_1", "call_1_02", "c1_2"].map(isGeneratedCallId)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("the calls of one output never share an id", () => {
  test("ids a model writes twice, in one block or two, in Hermes' JSON, Kimi's sections and Cohere's actions", () => {
    const hermes = '{"id": "c1", "name": "get_weather", "arguments": {"city": "A"}}';
    expect(ids(`<tool_call>[${hermes}, ${hermes}]</tool_call><tool_call>${hermes}</tool_call>`)).toEqual([
      "c1",
      "c1_2",
      "c1_3",
    ]);
    const kimi = '<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "A"}<|tool_call_end|>';
    expect(ids(`<|tool_calls_section_begin|>${kimi}${kimi}<|tool_calls_section_end|>`)).toEqual([
      "functions.get_weather:0",
      "functions.get_weather:0_2",
    ]);
    const cohere = '{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "A"}}';
    expect(ids(`<|START_ACTION|>[${cohere}, ${cohere}]<|END_ACTION|>`)).toEqual(["0", "0_2"]);
  });

  test("an id a model wrote that a later call's generated id would repeat", () => {
    const written = '<tool_call>{"id": "call_1", "name": "get_weather", "arguments": {}}</tool_call>';
    const xml = '<function_calls><invoke name="get_weather"></invoke></function_calls>';
    expect(ids(`${written}${xml}`)).toEqual(["call_1", "call_1_2"]);
  });

  test("a provider's parallel calls that share an id, and a call in its text with that id", () => {
    const toolCall = { id: "x", type: "function", function: { name: "get_weather", arguments: "{}" } };
    const message = {
      role: "assistant",
      content: '<tool_call>{"id": "x", "name": "get_weather", "arguments": {}}</tool_call>',
      tool_calls: [toolCall, toolCall],
    };
    expect(ids(message)).toEqual(["x", "x_2", "x_3"]);
  });

  test("a stream starts, streams and gives each call under the id it keeps, as the one-shot parser gives it", () => {
    const call = '{"id": "c1", "name": "get_weather", "arguments": {"city": "A"}}';
    const text = `<tool_call>[${call}, ${call}]</tool_call>`;
    for (const chunks of [[...text], [text]]) {
      const stream = createToolCallStream({ tools });
      const events: ToolCallStreamEvent[] = [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.end()];
      const deltas = (id: string) =>
        events.flatMap((event) => (event.type === "tool-call-delta" && event.id === id ? [event.argumentsDelta] : []));
      expect(events.filter((event) => event.type !== "tool-call-delta").map((event) => event.type)).toEqual([
        "tool-call-start",
        "tool-call-start",
        "tool-call",
        "tool-call",
      ]);
      expect([deltas("c1").join(""), deltas("c1_2").join("")]).toEqual([call, call]);
      const calls = events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []));
      expect(calls).toEqual(parseToolCalls(text, { tools }).calls);
      expect(calls.map((each) => each.id)).toEqual(["c1", "c1_2"]);
    }
  });
});
