// A call object's opening (`{"tool_call_id": "0", "tool_name": "f", "parameters": `) streamed a character at a time:
// text that leaves it pending is taken on the stream's fast path, and must read as the whole scanner reads it.
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { expectCaseReadEveryWay } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

function streamedByCharacter(output: string): ToolCallStreamEvent[] {
  const stream = createToolCallStream({ tools });
  return [...[...output].flatMap((character) => stream.push(character)), ...stream.end()];
}

describe("a Cohere call object's opening, streamed a character at a time", () => {
  const call = '{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}}';
  const output = `<|START_ACTION|>[\n    ${call}\n]<|END_ACTION|>`;

  test("gives nothing until it names the tool; the call starts at its arguments' colon, its text from its brace", () => {
    const events = streamedByCharacter(output);
    const start = events.findIndex((event) => event.type === "tool-call-start");
    expect(events.slice(0, start)).toEqual([]);
    expect(events[start]).toEqual({ type: "tool-call-start", id: "0", name: "get_weather" });
    const deltas = events.flatMap((event) => (event.type === "tool-call-delta" ? [event.argumentsDelta] : []));
    expect(deltas.join("")).toBe(call);
    expect(events.filter((event) => event.type === "tool-call-delta").every((event) => event.id === "0")).toBe(true);
  });

  test("one too long to be looked for (an id of 400 letters) starts no call before the block closes; then it comes whole", () => {
    const id = "a".repeat(400);
    const long = `<|START_ACTION|>[{"tool_call_id": "${id}", "tool_name": "get_weather", "parameters": {"city": "Rome"}}]<|END_ACTION|>`;
    const stream = createToolCallStream({ tools });
    const beforeClose = [...long.slice(0, -1)].flatMap((character) => stream.push(character));
    expect(beforeClose.filter((event) => event.type === "tool-call-start")).toEqual([]);
    expectCaseReadEveryWay({
      name: "Cohere: an opening past the length looked for",
      source: "written for this test",
      output: long,
      tools,
      calls: [{ id, name: "get_weather", arguments: { city: "Rome" }, format: "cohere" }],
      text: "",
    });
  });

  test("one whose length passes the length looked for between two decisive characters starts no call either", () => {
    // 400 spaces after the name's comma: nothing in them can decide the opening, so they are taken unread; the colon
    // after "parameters" would make it whole, but the header was given up where it passed the length.
    const object = `{"tool_name": "get_weather",${" ".repeat(400)}"parameters": {"city": "Rome"}}`;
    const long = ["Action: ```json", `[${object}]`, "```"].join("\n");
    const stream = createToolCallStream({ tools });
    const beforeClose = [...long.slice(0, -1)].flatMap((character) => stream.push(character));
    expect(beforeClose.filter((event) => event.type === "tool-call-start")).toEqual([]);
    expectCaseReadEveryWay({
      name: "Command R+: an opening padded past the length looked for",
      source: "written for this test",
      output: long,
      tools,
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Rome" }, format: "cohere" }],
      text: "",
    });
  });

  test("text that rules the opening out (a key of no call) leaves the block to be read whole at its close", () => {
    expectCaseReadEveryWay({
      name: "Cohere: an object that opens with another key",
      source: "written for this test",
      output:
        '<|START_ACTION|>[{"note": "first", "tool_name": "get_weather", "parameters": {"city": "Oslo"}}]<|END_ACTION|>',
      tools,
      calls: [{ name: "get_weather", arguments: { city: "Oslo" }, format: "cohere" }],
      text: "",
    });
  });

  test("a second call's opening after the first call's end is read alike, and its text is its own", () => {
    const second = '{"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Rome"}}';
    const events = streamedByCharacter(`<|START_ACTION|>[\n    ${call},\n    ${second}\n]<|END_ACTION|>`);
    const textOf = (id: string) =>
      events.flatMap((event) => (event.type === "tool-call-delta" && event.id === id ? [event.argumentsDelta] : []));
    expect(textOf("0").join("")).toBe(call);
    expect(textOf("1").join("")).toBe(second);
  });
});

describe("a <tool_call>'s opening, streamed a character at a time", () => {
  test("gives nothing after the prose until it names the tool; then its call's text comes from its brace", () => {
    const events = streamedByCharacter(
      'Checking.<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
    );
    const start = events.findIndex((event) => event.type === "tool-call-start");
    expect(events.slice(0, start).map((event) => (event.type === "text" ? event.delta : event.type))).toEqual([
      ..."Checking.",
    ]);
    // The call's text is its whole object, as the block gives it.
    const deltas = events.flatMap((event) => (event.type === "tool-call-delta" ? [event.argumentsDelta] : []));
    expect(deltas.join("")).toBe('{"name": "get_weather", "arguments": {"city": "Paris"}}');
  });

  test("an opening past the length looked for (a name of 400 letters) is read whole at the close, as one-shot", () => {
    const name = "w".repeat(400);
    expectCaseReadEveryWay({
      name: "Hermes: an opening past the length looked for",
      source: "written for this test",
      output: `<tool_call>\n{"name": "${name}", "arguments": {"city": "Paris"}}\n</tool_call>`,
      calls: [{ name, arguments: { city: "Paris" }, format: "hermes" }],
      text: "",
    });
  });

  test("a Qwen3-Coder call inside it starts at its function tag's closing bracket", () => {
    const events = streamedByCharacter(
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
    );
    expect(events.find((event) => event.type === "tool-call-start")).toMatchObject({ name: "get_weather" });
    const call = events.find((event) => event.type === "tool-call");
    expect(call?.type === "tool-call" ? call.call.arguments : undefined).toEqual({ city: "Paris" });
  });
});

describe("a marker and its head, streamed a character at a time", () => {
  const getWeather = tools.filter((tool) => tool.name === "get_weather");

  test("Mistral's head with its call id starts the call, as one-shot reads it", () => {
    expectCaseReadEveryWay({
      name: "Mistral: [TOOL_CALLS] head with [CALL_ID]",
      source: "written for this test",
      output: 'Sure.[TOOL_CALLS]get_weather[CALL_ID]abc123456[ARGS]{"city": "Paris"}',
      tools: getWeather,
      calls: [{ id: "abc123456", name: "get_weather", arguments: { city: "Paris" }, format: "mistral" }],
      text: "Sure.",
    });
  });

  // A name's characters and a marker's rest are taken in runs: where the head breaks off, or passes the length a head
  // may have, the `{` after it must not open a call.
  test.each([
    { head: "followed by prose", output: "Done.[TOOL_CALLS]hello world, nothing here" },
    { head: "whose marker breaks off ([ARXS])", output: 'Sure.[TOOL_CALLS]get_weather[ARXS]{"city": "Paris"}' },
    { head: "whose name passes its length", output: `[TOOL_CALLS]${"w".repeat(250)}{"city": "Paris"}` },
  ])("a head $head is the marker's error, its text kept, as one-shot reads it", ({ output }) => {
    expectCaseReadEveryWay({
      name: `Mistral: ${output.slice(0, 60)}`,
      source: "written for this test",
      output,
      tools: getWeather,
      calls: [],
      text: output,
      errors: [{ code: "PARSE_ERROR" }],
    });
  });

  test("a marker broken off before its end is text, and a special token's header cut by a line break is text", () => {
    expectCaseReadEveryWay({
      name: "a broken marker and a broken header",
      source: "written for this test",
      output: "See [TOOL_CALL here.\n<|start|>assistant<|channel|>comm\nentary",
      tools: getWeather,
      calls: [],
      text: "See [TOOL_CALL here.\n<|start|>assistant<|channel|>comm\nentary",
    });
  });
});

describe("a Kimi section's begin markers and headers, streamed a character at a time", () => {
  const getWeather = tools.filter((tool) => tool.name === "get_weather");
  const call = (index: number, city: string) =>
    `<|tool_call_begin|>functions.get_weather:${index}<|tool_call_argument_begin|>{"city": "${city}"}<|tool_call_end|>`;

  test("two calls, space between them, each starting at its separator, read as one-shot reads them", () => {
    const output = `<|tool_calls_section_begin|> ${call(0, "Paris")} ${call(1, "Rome")}<|tool_calls_section_end|>`;
    expectCaseReadEveryWay({
      name: "Kimi K2: two calls",
      source: "written for this test",
      output,
      tools: getWeather,
      calls: [
        { id: "functions.get_weather:0", name: "get_weather", arguments: { city: "Paris" }, format: "kimi" },
        { id: "functions.get_weather:1", name: "get_weather", arguments: { city: "Rome" }, format: "kimi" },
      ],
      text: "",
    });
    // Each call's text runs from its header to its end marker; the space between calls is no call's.
    const events = streamedByCharacter(output);
    const textOf = (id: string) =>
      events.flatMap((event) => (event.type === "tool-call-delta" && event.id === id ? [event.argumentsDelta] : []));
    expect(textOf("functions.get_weather:0").join("")).toBe(
      'functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}',
    );
    expect(textOf("functions.get_weather:1").join("")).toBe(
      'functions.get_weather:1<|tool_call_argument_begin|>{"city": "Rome"}',
    );
  });

  test("a begin marker broken off, then a whole call: the broken one is reported, the call is kept", () => {
    expectCaseReadEveryWay({
      name: "Kimi K2: a broken begin marker",
      source: "written for this test",
      output: `<|tool_calls_section_begin|><|tool_call_bx${call(0, "Paris")}<|tool_calls_section_end|>`,
      tools: getWeather,
      calls: [{ id: "functions.get_weather:0", name: "get_weather", arguments: { city: "Paris" }, format: "kimi" }],
      text: "",
      errors: [{ code: "PARSE_ERROR" }],
    });
  });

  test("a header its end marker cuts before the separator: the call has no arguments, and says so", () => {
    expectCaseReadEveryWay({
      name: "Kimi K2: no separator",
      source: "written for this test",
      output:
        "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_end|><|tool_calls_section_end|>",
      tools: getWeather,
      calls: [{ id: "functions.get_weather:0", name: "get_weather", arguments: {}, format: "kimi" }],
      text: "",
      errors: [{ code: "PARSE_ERROR", name: "get_weather" }],
    });
  });
});

describe("Functionary's recipient lines and messages, streamed a character at a time", () => {
  const getWeather = tools.filter((tool) => tool.name === "get_weather");

  test("text to all, a call, then text holding a Python prompt: read as one-shot reads them", () => {
    expectCaseReadEveryWay({
      name: "Functionary v3.2: all, a call, all",
      source: "written for this test",
      output: 'all\nLet me check.\n>>>get_weather\n{"city": "Paris"}\n>>>all\nDone, see >>> x = 1 here.',
      tools: getWeather,
      calls: [{ name: "get_weather", arguments: { city: "Paris" }, format: "json-text" }],
      text: "Let me check.\nDone, see >>> x = 1 here.",
    });
  });

  test("a recipient line a space breaks names no tool: the message is text", () => {
    expectCaseReadEveryWay({
      name: "Functionary v3.2: a recipient with a space",
      source: "written for this test",
      output: "all\nA word\n>>>get weather\n{}",
      tools: getWeather,
      calls: [],
      text: "A word\n>>>get weather\n{}",
    });
  });
});
