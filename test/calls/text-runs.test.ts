// The stream's per-character path: a run of a call's text (see `TextRun`) takes characters without asking any
// reader, so each place a run ends must leave the reader as if it had read them itself. Each case is streamed a
// character at a time, and also cut right after each backslash, where a run ends inside an escape.
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { TextAccumulator } from "../../src/calls/engine/text-accumulator.js";
import { literalRun, NO_CALL, TextRun, TextRuns } from "../../src/calls/engine/text-run.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { expectCaseReadEveryWay, summarize } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

/** A path and content whose JSON is all escapes: a path ending in a backslash, a quote and a brace in the content. */
const args = { path: "C:\\dir\\", content: 'say "hi" } ] \\" \\\\ <b> é\n' };
const json = JSON.stringify(args);

/** One output of each kind of run, each holding {@link json} (or, for pythonic calls, the same string literals). */
const outputs = [
  { run: "a marker's JSON call (Mistral)", output: `[TOOL_CALLS]write_file[ARGS]${json}` },
  { run: "JSON calls a reply starts with", output: `{"name": "write_file", "arguments": ${json}}` },
  {
    run: "a <tool_call>'s JSON call (Hermes)",
    output: `<tool_call>\n{"name": "write_file", "arguments": ${json}}\n</tool_call>`,
  },
  {
    run: "a call block's call object (Cohere)",
    output: `<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "write_file", "parameters": ${json}}\n]<|END_ACTION|>`,
  },
  {
    run: "a section's call (Kimi K2)",
    output: `<|tool_calls_section_begin|><|tool_call_begin|>functions.write_file:0<|tool_call_argument_begin|>${json}<|tool_call_end|><|tool_calls_section_end|>`,
  },
  { run: "a bare function's JSON (Llama 3.1)", output: `<function=write_file>${json}</function>` },
  {
    run: "a pythonic call in single quotes (LFM2)",
    output: `<|tool_call_start|>[write_file(path='C:\\\\dir\\\\', content='say "hi" } ] \\\\" \\\\\\\\ <b> é\\n')]<|tool_call_end|>`,
  },
];

/** The output cut into single characters, but after each backslash the rest of the output comes as one chunk. */
function cutAfterEachBackslash(output: string): string[][] {
  const cuts: string[][] = [];
  for (let index = output.indexOf("\\"); index !== -1; index = output.indexOf("\\", index + 1)) {
    cuts.push([...output.slice(0, index + 1), output.slice(index + 1)]);
  }
  return cuts;
}

function chunksOf(output: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < output.length; start += size) chunks.push(output.slice(start, start + size));
  return chunks;
}

/** What a stream of `chunks` gives: its calls, text and errors, and the text each call streamed, withdrawn or not. */
function streamed(chunks: readonly string[]) {
  const stream = createToolCallStream({ tools });
  const events = [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.end()];
  const deltas: Record<string, string> = {};
  for (const event of events) {
    if (event.type === "tool-call-delta") deltas[event.id] = (deltas[event.id] ?? "") + event.argumentsDelta;
  }
  const withdrawn = events.flatMap((event) => (event.type === "error" && event.error.withdrawn ? [event.error] : []));
  return { ...summarize(events), deltas, withdrawn };
}

describe("a run of a call's text, streamed a character at a time, reads escapes as one-shot does", () => {
  test.each(outputs)("$run", ({ output }) => {
    expectCaseReadEveryWay({
      name: output,
      source: "written for this test",
      output,
      tools,
      calls: [{ name: "write_file", arguments: args }],
      text: "",
    });
  });

  test.each(outputs)("$run, cut after each backslash: a run that ends inside an escape", ({ output }) => {
    const oneShot = parseToolCalls(output, { tools });
    expect(oneShot.calls.map((call) => call.arguments)).toEqual([args]);
    // The text each call streams, as 7-character chunks give it.
    const want = { ...streamed(chunksOf(output, 7)), calls: oneShot.calls, text: oneShot.text, errors: oneShot.errors };
    for (const chunks of [[...output], chunksOf(output, 2), chunksOf(output, 3), ...cutAfterEachBackslash(output)]) {
      expect(streamed(chunks), `cut after ${chunks.length - 1} characters`).toEqual(want);
    }
  });

  test("pythonic calls, whose text is kept twice (in the body and for reading each call at its end), stream as their own", () => {
    const first = "write_file(path='a.txt', content='one } ] )')";
    const second = "write_file(path='b.txt', content='two')";
    const { deltas, calls } = streamed([...`<|tool_call_start|>[${first}, ${second}]<|tool_call_end|>`]);
    expect(calls.map((call) => call.arguments.path)).toEqual(["a.txt", "b.txt"]);
    expect(Object.values(deltas)).toEqual([first, second]);
  });

  test("a <function_calls> value and a legacy tag's body, whose runs end at a `<` only", () => {
    const code = 'if (a < b && s !== "</p>") { x = "\\\\"; } // &amp; é\n';
    expectCaseReadEveryWay({
      name: "a value of code",
      source: "written for this test",
      output: `<function_calls>\n<invoke name="write_file">\n<parameter name="path">a</parameter>\n<parameter name="content">${code}</parameter>\n</invoke>\n</function_calls>`,
      tools,
      calls: [{ name: "write_file", arguments: { path: "a", content: code.replace("&amp;", "&") } }],
      text: "",
    });
  });
});

describe("a closer's first character in a body's text, held on the run while the next character tells what it is", () => {
  const code = 'a > b >> c <d> e </p> f <"g}" < <\\ >}\n';
  const cases = [
    {
      body: "a Functionary message, before the next `>>>`",
      output: `>>>write_file\n${JSON.stringify({ path: "a", content: code })}\n>>>all\ndone >`,
    },
    {
      body: "a <tool_call>'s JSON (Hermes), before its `</tool_call>`",
      output: `<tool_call>\n{"name": "write_file", "arguments": ${JSON.stringify({ path: "a", content: code })}}\n</tool_call>`,
    },
    {
      body: "a GLM call's values, before its `</tool_call>`",
      output: `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a</arg_value>\n<arg_key>content</arg_key>\n<arg_value>${code}</arg_value>\n</tool_call>`,
    },
  ];

  test.each(cases)("$body: the calls, text and each call's streamed text of every cut are one-shot's", ({ output }) => {
    const oneShot = parseToolCalls(output, { tools });
    expect(oneShot.calls.map((call) => call.arguments)).toEqual([{ path: "a", content: code }]);
    const want = { ...streamed(chunksOf(output, 7)), calls: oneShot.calls, text: oneShot.text, errors: oneShot.errors };
    for (const chunks of [[...output], chunksOf(output, 2), chunksOf(output, 3), ...cutAfterEachBackslash(output)]) {
      expect(streamed(chunks), `cut into ${chunks.length} chunks`).toEqual(want);
    }
  });

  test("a held `>` the output ends with goes as one-shot's does (a closer cut off), and one before a longer chunk is read with it", () => {
    const output = ">>>all\nx > y >";
    expect(streamed([...output]).text).toBe(parseToolCalls(output).text);
    expect(streamed([">>>all\nx ", ">", ">>all\nz"]).text).toBe("x z");
  });
});

describe("runs of a tag in prose", () => {
  const legacyTools: CallableTool[] = [
    {
      name: "write_file",
      description: "Write a file",
      parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
      xml: {
        tag: "write-file",
        mappings: [
          { param: "path", node: "attribute", path: ".", required: true },
          { param: "content", node: "content", path: ".", required: true },
        ],
      },
    },
  ];

  test("a name ends at a character past ASCII no name holds: a legacy tag's name, then its attributes", () => {
    expectCaseReadEveryWay({
      name: "<write-fileé path=...>",
      source: "written for this test",
      output: '<write-fileé path="a">x</write-file>',
      tools: legacyTools,
      calls: [{ name: "write_file", arguments: { path: "a", content: "x" }, format: "legacy-xml" }],
      text: "",
    });
  });

  test("a <function=name> broken by a line break is prose", () => {
    const output = '<function=get_weather\n{"city": "Paris"}</function>';
    expectCaseReadEveryWay({ name: output, source: "written for this test", output, calls: [], text: output });
  });

  test("a <function=name> broken by a `<` is prose, and the tag at that `<` is read", () => {
    expectCaseReadEveryWay({
      name: "<function=get_weather<tool_call>...",
      source: "written for this test",
      output: '<function=get_weather<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      calls: [{ name: "get_weather", arguments: { city: "Paris" }, format: "hermes" }],
      text: "<function=get_weather",
    });
  });
});

describe("runs of a special token's header", () => {
  // A header longer than Harmony's 300 characters is prose: what comes after its limit is read as prose is, and a tag
  // or a marker there opens its call, however the header's characters were taken.
  test.each([
    {
      after: "a <tool_call>",
      rest: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      format: "hermes" as const,
    },
    {
      after: "a [TOOL_CALLS] marker",
      rest: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
      format: "mistral" as const,
    },
  ])("past its length, then $after", ({ rest, format }) => {
    const header = `<|start|>assistant<|channel|>commentary ${"x".repeat(320)}`;
    expectCaseReadEveryWay({
      name: `a header too long, then ${format}`,
      source: "written for this test",
      output: `${header}${rest}`,
      calls: [{ name: "get_weather", arguments: { city: "Paris" }, format }],
      text: header,
    });
  });
});

describe("runs of an XML block's tags and of the closing tags' names in its values", () => {
  test("a closing tag in a value whose name holds a character past ASCII that no name holds is value, as one-shot reads it", () => {
    expectCaseReadEveryWay({
      name: "a value holding </é> before the next parameter's tag",
      source: "written for this test",
      output:
        '<function_calls>\n<invoke name="write_file">\n<parameter name="path">a</é>\n<parameter name="content">x</parameter>\n</invoke>\n</function_calls>',
      calls: [{ name: "write_file", arguments: { path: 'a</é>\n<parameter name="content">x' }, format: "xml" }],
      text: "",
    });
  });

  test("a tag's attribute holding `>` and the other quote, and a value's closing tag spaced out, as one-shot reads them", () => {
    expectCaseReadEveryWay({
      name: "quoted > in a parameter's name, and </parameter > written with a space",
      source: "written for this test",
      output:
        '<function_calls>\n<invoke name="write_file">\n<parameter name="a>\'b">x</parameter >\n<parameter name=\'c"d\'>y</parameter>\n</invoke>\n</function_calls>',
      calls: [{ name: "write_file", arguments: { "a>'b": "x", 'c"d': "y" }, format: "xml" }],
      text: "",
    });
  });
});

describe("TextRun", () => {
  const opened = (stops: string, quote?: string, closerStart?: string) =>
    new TextRun(stops, quote, new TextAccumulator(), undefined, undefined, closerStart).open("call_0");
  /** Each character offered to the run, and kept where it takes it, as the stream does. */
  const takes = (run: TextRun, text: string) =>
    [...text].map((character) => {
      const code = character.charCodeAt(0);
      const taken = run.takesAnywhere(code) || run.takesStop(code);
      if (taken) run.text?.append(character);
      return taken;
    });
  const takesAll = (run: TextRun, chunk: string) => {
    const taken = run.takesAll(chunk);
    if (taken) run.text?.append(chunk);
    return taken;
  };

  test("ends at its stops; takes every other character, past ASCII too", () => {
    const run = opened("<");
    expect(takes(run, "ab é<")).toEqual([true, true, true, true, false]);
    expect(run.kept).toBe(4);
  });

  test("a stop past ASCII makes every character past ASCII a stop", () => {
    expect(takes(opened("｜"), "aé")).toEqual([true, false]);
  });

  test.each([
    { given: '\\"', want: [true, true], endsInEscape: false, endsInQuote: '"' },
    { given: '\\\\"', want: [true, true, true], endsInEscape: false, endsInQuote: "" },
    { given: '\\\\\\"', want: [true, true, true, true], endsInEscape: false, endsInQuote: '"' },
    { given: "a\\", want: [true, true], endsInEscape: true, endsInQuote: '"' },
    { given: "\\\\\\", want: [true, true, true], endsInEscape: true, endsInQuote: '"' },
    { given: "'}", want: [true, true], endsInEscape: false, endsInQuote: '"' },
    { given: '"}', want: [true, false], endsInEscape: false, endsInQuote: "" },
    {
      given: "\": '}', \"x",
      want: Array.from({ length: 10 }, () => true),
      endsInEscape: false,
      endsInQuote: '"',
    },
    { given: '", \\', want: [true, true, true, false], endsInEscape: false, endsInQuote: "" },
  ])("in a JSON value, from inside a double-quoted string: $given", ({ given, want, endsInEscape, endsInQuote }) => {
    const run = opened("{}[]()\\", '"');
    expect(takes(run, given)).toEqual(want);
    expect(run.endsInEscape).toBe(endsInEscape);
    expect(run.endsInQuote).toBe(endsInQuote);
  });

  test("in a JSON value, from between strings: takes strings whole, to a bracket between them", () => {
    const run = opened("{}[]()\\", "");
    expect(takes(run, ' "a}", 1, "b\\"]"]')).toEqual([...Array.from({ length: 16 }, () => true), false]);
    expect(run.endsInQuote).toBe("");
    expect(run.kept).toBe(16);
  });

  test("an escaped character that is another stop (a closer's start) still ends the run, which ends in its escape", () => {
    const run = opened("{}", '"', "<");
    expect(takes(run, "a\\<")).toEqual([true, true, false]);
    expect(run.endsInEscape).toBe(true);
    expect(takes(run, '"')).toEqual([true]);
    expect(run.endsInEscape).toBe(false);
    expect(run.endsInQuote).toBe('"');
  });

  test("a run of a literal takes its characters one after another, ends at the first that differs, and again from its start", () => {
    const runs = new TextRuns(new TextAccumulator());
    const run = runs.open("", literalRun("OOL_"), NO_CALL);
    expect(takes(run, "OOL_C")).toEqual([true, true, true, true, false]);
    expect(takes(runs.open("", literalRun("OOL_"), NO_CALL), "OX")).toEqual([true, false]);
  });

  test("takes a chunk whole or not at all", () => {
    const run = opened("{}", '"', "<");
    expect([takesAll(run, "ab\\"), run.kept, run.endsInEscape]).toEqual([true, 3, true]);
    expect([takesAll(run, '"c<d'), run.kept, run.endsInEscape]).toEqual([false, 3, true]);
    expect([takesAll(run, '"c'), run.kept, run.endsInEscape]).toEqual([true, 5, false]);
    expect([takesAll(run, '", }'), run.kept, run.endsInQuote], "a chunk not taken leaves the string it is in").toEqual([
      false,
      5,
      '"',
    ]);
    expect([takesAll(run, '", "'), run.kept, run.endsInQuote]).toEqual([true, 9, '"']);
  });

  test("opening again forgets what was kept, an escape and the string it was in", () => {
    const run = opened("{}", '"');
    takes(run, "a\", '");
    expect(run.endsInQuote).toBe("'");
    run.open("call_1");
    expect([run.kept, run.endsInEscape, run.id, run.endsInQuote, takes(run, '"}')]).toEqual([
      0,
      false,
      "call_1",
      '"',
      [true, false],
    ]);
  });
});

describe("a chunk that is not text, while a run is open or a character held", () => {
  test.each([
    { where: "in prose", before: "Checking the weather", rest: " now." },
    {
      where: "in a call's string",
      before: '<tool_call>\n{"name": "write_file", "arguments": {"path": "a", "content": "ab',
      rest: 'c"}}\n</tool_call>',
    },
    { where: "in prose, right after a marker's first character", before: "Checking the f", rest: "ile now." },
    {
      where: "in a call's string, right after a closer's first character",
      before: '<tool_call>\n{"name": "write_file", "arguments": {"path": "a", "content": "a <',
      rest: ' b"}}\n</tool_call>',
    },
  ])("$where: a typed error naming the chunk, and the stream reads on", ({ before, rest }) => {
    const stream = createToolCallStream({ tools });
    const events = [...before].flatMap((character) => stream.push(character));
    let thrown: unknown;
    try {
      stream.push(new Uint8Array([99]) as unknown as string);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "INVALID_ARGUMENTS", data: { parameter: "chunk" } });
    events.push(...[...rest].flatMap((character) => stream.push(character)), ...stream.end());
    const oneShot = parseToolCalls(before + rest, { tools });
    expect(oneShot.calls).toHaveLength(before.startsWith("<tool_call>") ? 1 : 0);
    expect(summarize(events)).toEqual({ calls: oneShot.calls, text: oneShot.text, errors: oneShot.errors });
  });
});
