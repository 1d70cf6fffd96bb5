// A marker's first character in prose (the `f` of `functools[`, the `A` of Command R+'s `Action: ```json`, the `>` of
// Functionary's `>>>`, the `]` of MiniMax M3's `]<]minimax[>[`) is most often prose: read so, one-shot and streamed,
// while the marker it may start still opens calls wherever it stands, right after such characters too.
import { describe, expect, test } from "vitest";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { ProseMarkerFinder } from "../../src/calls/engine/prose-marker-finder.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { call, corpusTools as tools } from "./corpus/tools.js";
import { expectCaseReadEveryWay, type ModelOutputCase, streamedEvents, summarize } from "./model-output-corpus.js";

/** A model's reply of prose only, full of the first characters of markers: `f`, `ff`, `A`, `Af`, `>`, `]`. */
const PROSE =
  "After reviewing the file, I found that the function fails for any input after the first call. A fix is to reset " +
  "the buffer before each read (see [the docs](https://example.com/a)); as a result, a > b holds and the loop no " +
  "longer falls through. Affected: staff, off-by-one diffs. Are there other files you want me to check? fu";

const cases: ModelOutputCase[] = [
  {
    name: "prose full of marker starts, and one ending the output (`fu`): all text",
    source: "a reply of prose, as models answer without a tool",
    output: PROSE,
    calls: [],
    text: PROSE,
    tools,
  },
  {
    name: "`functools[` right after `off` (its `f`s held one after another)",
    source: "functools[...] as the Firefunction v2 chat template writes it, after prose",
    output: 'Turning it off and checking: offfunctools[{"name": "get_weather", "arguments": {"city": "Oslo"}}]',
    calls: [call("get_weather", { city: "Oslo" }, "json-text")],
    text: "Turning it off and checking: off",
    tools,
  },
  {
    name: "Command R+: `Action: ```json` after prose of `A`s",
    source: "CohereLabs/c4ai-command-r-plus tool_use template, after a plan",
    output:
      'Plan: A quick look. After that, answer.\nAction: ```json\n[\n    {"tool_name": "get_weather", "parameters": {"city": "Lima"}}\n]\n```',
    calls: [call("get_weather", { city: "Lima" }, "cohere")],
    text: "Plan: A quick look. After that, answer.\n",
    tools,
  },
  {
    name: "Functionary v3.2: `>>>` after prose holding `>`",
    source: "meetkai functionary-medium-v3.2 chat template: >>>name\\n{...}",
    output: 'all\nIf a > b, I look it up.\n>>>get_weather\n{"city": "Kyiv"}',
    calls: [call("get_weather", { city: "Kyiv" }, "json-text")],
    text: "If a > b, I look it up.\n",
    tools,
  },
];

describe("marker starts in prose", () => {
  for (const given of cases) test(given.name, () => expectCaseReadEveryWay(given));

  test("a stream hands prose on as it comes: a held `f` goes out with the next character", () => {
    const stream = createToolCallStream({ tools });
    stream.push("Sure, a ");
    expect(stream.push("f")).toEqual([]);
    expect(stream.push("i")).toEqual([{ type: "text", delta: "fi" }]);
    expect(stream.push("f")).toEqual([]);
    expect(stream.push("f"), "a second `f` may start the marker in turn").toEqual([{ type: "text", delta: "f" }]);
    expect(stream.push(" ")).toEqual([{ type: "text", delta: "f " }]);
    expect(stream.push("o")).toEqual([{ type: "text", delta: "o" }]);
    expect(stream.push("f")).toEqual([]);
    expect(stream.end(), "one held at the end is text").toEqual([{ type: "text", delta: "f" }]);
  });

  test("16-character chunks cutting `functools[` and `Action: ```json` read as one-shot does", () => {
    const output = `${PROSE} offfunctools[{"name": "get_weather", "arguments": {"city": "Rome"}}] A`;
    const oneShot = parseToolCalls(output, { tools });
    expect(oneShot.calls.map((call) => call.arguments)).toEqual([{ city: "Rome" }]);
    for (let size = 2; size <= 16; size += 1) {
      const read = summarize(streamedEvents(output, { size }, { tools }));
      expect(read.text, `${size} characters a chunk`).toBe(oneShot.text);
      expect(read.calls.map((call) => call.arguments)).toEqual([{ city: "Rome" }]);
    }
  });
});

describe("ProseMarkerFinder", () => {
  const finder = new ProseMarkerFinder(["functools[", "Action: ```json", "Action:\n```json", ">>>"]);

  test("finds a marker written whole, not its first character alone", () => {
    expect(finder.find("a fix for the functools[ call", 1, 0, -1)).toBe(14);
    expect(finder.found?.first).toBe("f");
    expect(finder.find("After A, Action:\n```json", 2, 0, -1)).toBe(9);
    expect(finder.found?.literals).toEqual(["Action: ```json", "Action:\n```json"]);
  });

  test("finds the start of a marker the chunk ends with, and nothing in prose without one", () => {
    expect(finder.find("see the func", 3, 0, -1)).toBe(8);
    expect(finder.find("a > b >>", 4, 0, -1)).toBe(6);
    expect(finder.find("a fix, after all", 5, 0, -1)).toBe(-1);
    expect(finder.found).toBeUndefined();
  });

  test("finds nothing at or past `before`, where the caller has found a tag", () => {
    expect(finder.find("a <b> functools[", 6, 0, 2)).toBe(-1);
    expect(finder.find("functools[ <b>", 7, 0, 11)).toBe(0);
    expect(finder.find("a <b> func", 8, 0, 2)).toBe(-1);
    expect(finder.found).toBeUndefined();
  });

  test("holds the first characters that open nothing else, and tells whether a marker goes on", () => {
    expect(new ProseMarkerFinder(["functools[", "]<]minimax[>[<tool_call>", "<|tool_call|>"]).held).toBe("f]");
    expect([finder.holds("A"), finder.holds(">"), finder.holds("x")]).toEqual([true, true, false]);
    expect(finder.goesOn("f", "u")).toBe(true);
    expect(finder.goesOn("f", "i")).toBe(false);
    expect(finder.goesOn("A", "c")).toBe(true);
    expect(finder.goesOn(">", ">")).toBe(true);
  });
});
