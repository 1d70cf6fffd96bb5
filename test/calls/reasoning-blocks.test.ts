import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { closesUnopenedReasoning } from "../../src/calls/formats/reasoning.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];
const considered = '<tool_call>{"name": "write_file", "arguments": {"path": "/etc/passwd"}}</tool_call>';
const made = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';

describe("reasoning blocks (<think>) are text: a call a model only considered is not made", () => {
  test.each([
    { name: "<think> opening the output", given: `<think>Maybe ${considered}? No.</think>\nSure. ${made}` },
    { name: "<thinking>, after blank lines", given: `\n\n<thinking>\n${considered}\n</thinking>Sure. ${made}` },
    {
      name: "Gemma 4's <|channel>thought ...<channel|>",
      given: `<|channel>thought\nPerhaps ${considered}<channel|>Sure. ${made}`,
    },
    {
      name: "Hunyuan's <think:opensource>, suffixed as its released tokens are",
      given: `<think:opensource>Maybe ${considered}? No.</think:opensource>Sure. ${made}`,
    },
    {
      name: "a </think> the chat template opened (DeepSeek-R1 distills, QwQ)",
      given: `I might ${considered} here.\n</think>\n\nSure. ${made}`,
    },
  ])("$name", ({ given }) => {
    const { calls, text, errors } = parseToolCalls(given, { tools });
    expect(calls.map((call) => [call.name, call.arguments])).toEqual([["get_weather", { city: "Oslo" }]]);
    expect(errors).toEqual([]);
    // The reasoning stays in the text, as written.
    expect(text).toContain(considered);
  });

  test("Magistral's [THINK] opening the output, in a stream too; after prose it is prose", () => {
    const consideredCall = '[TOOL_CALLS]write_file[ARGS]{"path": "/etc/passwd"}';
    const given = `[THINK]Maybe ${consideredCall}? No.[/THINK]Sure.[TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}`;
    const parsed = parseToolCalls(given, { tools });
    expect(parsed.calls.map((call) => [call.name, call.arguments])).toEqual([["get_weather", { city: "Oslo" }]]);
    expect(parsed.text).toBe(`[THINK]Maybe ${consideredCall}? No.[/THINK]Sure.`);
    const stream = createToolCallStream({ tools });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
    const inProse = parseToolCalls(`See [THINK] here ${consideredCall}`, { tools });
    expect(inProse.calls.map((call) => call.name)).toEqual(["write_file"]);
  });

  test.each([
    [
      "Kimi K3",
      "<|close|>think<|sep|>",
      `<|open|>tools<|sep|><|open|>call tool="write_file" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
    ],
    ["Apertus", "<|inner_suffix|>", '<|tools_prefix|>[{"write_file": {"path": "/etc/passwd"}}]<|tools_suffix|>'],
    ["Hunyuan", "</think:opensource>", considered],
  ])(
    "%s with its reasoning opened by the template: the considered call is not made, in one shot or told to a stream",
    (_model, closer, consideredCall) => {
      const given = `Maybe ${consideredCall}? No.${closer}Sure. ${made}`;
      const parsed = parseToolCalls(given, { tools });
      expect(parsed.calls.map((call) => call.name)).toEqual(["get_weather"]);
      const stream = createToolCallStream({ tools, startsInReasoning: closer });
      const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
      expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
    },
  );

  test("a <think> after prose is prose: the calls around it are read", () => {
    const { calls } = parseToolCalls(`Models write <think> first. ${made}`, { tools });
    expect(calls.map((call) => call.name)).toEqual(["get_weather"]);
  });

  // vLLM's MiniMax-M1 test (test_streaming_complex_scenario_with_multiple_tools) writes a <think> block after prose:
  // its </think> closes the block the text opened, not one a template opened, so the text before it is no reasoning
  // to the one-shot parser either, and both read the call in it.
  test("a <think> after prose, closed, reads the same one-shot and streamed", () => {
    const given = `Hi.<think>${made}</think>`;
    const parsed = parseToolCalls(given, { tools });
    expect(parsed.calls.map((call) => call.name)).toEqual(["get_weather"]);
    expect(parsed.text).toBe("Hi.<think></think>");
    const stream = createToolCallStream({ tools });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
  });

  test("output cut off inside reasoning made no call and is no error; its text is kept to the last character", () => {
    const given = `<think>About to ${considered} then </thi`;
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test("a stream told that the template opened the reasoning reads it as the one-shot parser does", () => {
    const given = `Let me ${considered}</think>${made}`;
    const stream = createToolCallStream({ tools, startsInReasoning: true });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    const calls = events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []));
    expect(calls).toEqual(parseToolCalls(given, { tools }).calls);
    expect(calls.map((call) => call.name)).toEqual(["get_weather"]);
  });

  test.each([
    { given: "Let me check.</think>The answer.", closer: "</think>" },
    { given: "<think>opened here</think>answer", closer: undefined },
    { given: "x[/THINK]y", closer: "[/THINK]" },
    { given: "[THINK]a[/THINK]b", closer: undefined },
    { given: "<think>a</think> then </seed:think>", closer: "</seed:think>" },
    { given: "a<|inner_suffix|>b<|END_THINKING|>", closer: "<|inner_suffix|>" },
    { given: "a</think:opensource>b", closer: "</think:opensource>" },
    { given: "no reasoning </thinking at all", closer: undefined },
    // A block opened after prose is closed by its own closer: no reasoning the template opened.
    { given: "Hi.<think>Hmm.</think>The answer.", closer: undefined },
    { given: "Hi.<think:opensource>Hmm.</think:opensource>Done.", closer: undefined },
  ])("the token closing reasoning the text did not open: $given", ({ given, closer }) => {
    expect(closesUnopenedReasoning(given)).toBe(closer);
  });
});
