// Issue 39 class 11: Command R+'s `Action:` block and Functionary v3.2's `>>>` messages, streamed.
import { describe, expect, test } from "vitest";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { corpusTools as tools } from "./corpus/tools.js";
import { streamedEvents, summarize } from "./model-output-corpus.js";

describe("Command R+'s Action: block, streamed", () => {
  test.each([1, 2, 5, 16])(
    "a fence written inside a string that never closes is read as one-shot reads it, in %i-character chunks",
    (size) => {
      const given = 'Action: ```json\n[{"tool_name": "web_search", "parameters": {"query": "a ``` b}]\n```\nmore text';
      expect(parseToolCalls(given, { tools })).toMatchObject({
        calls: [],
        text: " b}]\n```\nmore text",
        errors: [{ code: "PARSE_ERROR" }],
      });
      // A stream also withdraws the call it announced (summarize leaves that out); the rest is what one-shot reports.
      const read = summarize(streamedEvents(given, { size }, { tools }));
      expect({ calls: read.calls, text: read.text, errors: read.errors.map((error) => error.code) }).toEqual({
        calls: [],
        text: " b}]\n```\nmore text",
        errors: ["PARSE_ERROR"],
      });
    },
  );

  test("a call starts at its parameters, before the block closes", () => {
    const stream = createToolCallStream({ tools });
    const opening = stream.push(
      'Plan: search.\nAction: ```json\n[{"tool_name": "web_search", "parameters": {"query": "a',
    );
    expect(opening.filter((event) => event.type !== "tool-call-delta")).toEqual([
      { type: "text", delta: "Plan: search.\n" },
      { type: "tool-call-start", id: "call_0", name: "web_search" },
    ]);
    expect(stream.push('"}}]\n```').filter((event) => event.type === "tool-call")).toEqual([
      {
        type: "tool-call",
        call: {
          id: "call_0",
          name: "web_search",
          arguments: { query: "a" },
          format: "cohere",
        },
      },
    ]);
  });

  test("directly_answer never starts a call: its block is text once it closes", () => {
    const stream = createToolCallStream({ tools });
    const block = 'Action: ```json\n[{"tool_name": "directly_answer", "parameters": {}}]\n```';
    expect(stream.push(block.slice(0, -3))).toEqual([]);
    expect([...stream.push(block.slice(-3)), ...stream.end()]).toEqual([{ type: "text", delta: block }]);
  });
});

describe("Functionary v3.2's messages, streamed", () => {
  test("text after a >>> is held until its recipient line is known", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push("Sure.>>")).toEqual([{ type: "text", delta: "Sure." }]);
    expect(stream.push(">all\nIt is sunny.")).toEqual([]);
    expect(stream.end()).toEqual([{ type: "text", delta: "It is sunny." }]);
  });

  test("a call starts at its recipient line and streams its message; it comes when the next >>> opens, the last at the output's end", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push('get_weather\n{"city": "Pa')).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: 'get_weather\n{"city": "Pa' },
    ]);
    expect(stream.push('ris"}')).toEqual([{ type: "tool-call-delta", id: "call_0", argumentsDelta: 'ris"}' }]);
    const atNext = stream.push('>>>get_time\n{"timezone": "CET"}');
    expect(atNext.filter((event) => event.type === "tool-call").map((event) => event.call.name)).toEqual([
      "get_weather",
    ]);
    const atEnd = stream.end();
    expect(atEnd.filter((event) => event.type === "tool-call").map((event) => event.call.name)).toEqual(["get_time"]);
  });

  test.each([1, 3, 7])(
    "a >>> inside a string of JSON that never closes cuts the call there, as one-shot reads it; the deltas start with the call's text (%i-character chunks)",
    (size) => {
      const given = 'get_weather\n{"city": "a>>>b", "note": "x\n>>>all\nDone.';
      const oneShot = parseToolCalls(given, { tools });
      expect(oneShot).toMatchObject({
        calls: [{ name: "get_weather", rawArguments: '{"city": "a' }],
        text: 'b", "note": "x\nDone.',
        errors: [{ code: "PARSE_ERROR" }],
      });
      const events = streamedEvents(given, { size }, { tools });
      const read = summarize(events);
      expect(read.calls).toEqual(oneShot.calls);
      expect(read.text).toBe(oneShot.text);
      // The deltas are what was read so far: the call's text to the cut, then on past it (see ToolCallStreamEvent).
      const deltas = events.map((event) => (event.type === "tool-call-delta" ? event.argumentsDelta : "")).join("");
      expect(deltas.startsWith('get_weather\n{"city": "a')).toBe(true);
    },
  );
});

describe("Functionary v3.2's reply start, one format read", () => {
  test.each([
    ["whitespace alone", "  \n", [], "  \n"],
    ["whitespace, then the text recipient", " \nall\nHi.", [], " \nHi."],
    ["whitespace, then a known tool's name", '\nget_time\n{"timezone": "UTC"}', ["get_time"], "\n"],
  ])("%s, streamed a character at a time, is read as one-shot", (_, given, names, text) => {
    const oneShot = parseToolCalls(given, { tools, format: "json-text" });
    expect({ names: oneShot.calls.map((call) => call.name), text: oneShot.text }).toEqual({ names, text });
    const stream = createToolCallStream({ tools, format: "json-text" });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    expect({
      names: events.flatMap((event) => (event.type === "tool-call" ? [event.call.name] : [])),
      text: events.map((event) => (event.type === "text" ? event.delta : "")).join(""),
    }).toEqual({ names, text });
  });
});
