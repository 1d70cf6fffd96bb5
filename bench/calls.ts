import type { CallableTool } from "../src/calls/callable-tool.js";
import { createToolCallStream } from "../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../src/calls/parse-tool-calls.js";
import type { ToolCallStreamEvent } from "../src/calls/tool-call-stream-event.js";
import { alternatingMedians } from "./timing.js";

const tools: CallableTool[] = [
  {
    name: "write_file",
    description: "Write a file",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: "integer" } },
      required: ["path", "content"],
    },
  },
];

/** How a call opens, up to the code it carries, and how it closes, in each syntax the bench reads. */
const CALL_SYNTAXES = {
  xml: {
    head: (index: number) =>
      `<function_calls>\n<invoke name="write_file">\n<parameter name="path">src/file_${index}.ts</parameter>\n<parameter name="mode">420</parameter>\n<parameter name="content">\n`,
    tail: "\n</parameter>\n</invoke>\n</function_calls>\n",
  },
  qwen: {
    head: (index: number) =>
      `<tool_call>\n<function=write_file>\n<parameter=path>\nsrc/file_${index}.ts\n</parameter>\n<parameter=mode>\n420\n</parameter>\n<parameter=content>\n`,
    tail: "\n</parameter>\n</function>\n</tool_call>\n",
  },
  glm: {
    head: (index: number) =>
      `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>src/file_${index}.ts</arg_value>\n<arg_key>mode</arg_key>\n<arg_value>420</arg_value>\n<arg_key>content</arg_key>\n<arg_value>`,
    tail: "</arg_value>\n</tool_call>\n",
  },
};

/**
 * About `bytes` of model output: prose, then `invokes` calls carrying code, as `<function_calls>` blocks or in another
 * syntax.
 */
function modelOutput(bytes: number, invokes: number, syntax: keyof typeof CALL_SYNTAXES = "xml"): string {
  const perInvoke = Math.floor(bytes / invokes);
  const parts: string[] = [];
  for (let index = 0; index < invokes; index += 1) {
    const head = `Step ${index}: writing a file, since a < b && c > d.\n${CALL_SYNTAXES[syntax].head(index)}`;
    const { tail } = CALL_SYNTAXES[syntax];
    const line = 'if (a < b && s !== "</parameter>") { total += values[i] * 2; } // &amp; note\n';
    const room = Math.max(0, perInvoke - head.length - tail.length);
    parts.push(head, line.repeat(Math.ceil(room / line.length)).slice(0, room), tail);
  }
  return parts.join("");
}

/** The text cut into `size`-character chunks, as a stream delivers it: cutting is not parsing work, so it is not timed. */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

function parseChunks(chunks: readonly string[]): number {
  const stream = createToolCallStream({ tools });
  let calls = 0;
  const count = (events: ReturnType<typeof stream.push>): void => {
    for (const event of events) if (event.type === "tool-call") calls += 1;
  };
  for (const chunk of chunks) count(stream.push(chunk));
  count(stream.end());
  return calls;
}

/**
 * The same parse through `onEvent`: events go straight to the callback, no array per chunk. The callback keeps the
 * last event, as a consumer that forwards events does; one that dropped them would let V8 skip building them.
 */
let lastEvent: ToolCallStreamEvent | undefined;
function parseChunksWithCallback(chunks: readonly string[]): number {
  let calls = 0;
  const stream = createToolCallStream({
    tools,
    onEvent: (event) => {
      lastEvent = event;
      if (event.type === "tool-call") calls += 1;
    },
  });
  for (const chunk of chunks) stream.push(chunk);
  stream.end();
  return calls;
}

/**
 * The naive 1-character consumer: `+=` of every chunk onto one string, nothing else. The parser does not build its
 * values so (see `TextAccumulator`), which is why it can run faster than this.
 */
function appendChunks(chunks: readonly string[]): number {
  let copy = "";
  for (const chunk of chunks) copy += chunk;
  return copy.length > 0 ? 1_000 : 0;
}

/** `work`, checked to find `expected` calls: a parser that found none would look fast. */
function checked(work: () => number, expected: number): () => number {
  return () => {
    const calls = work();
    if (calls !== expected) throw new Error(`expected ${expected} calls, got ${calls}`);
    return calls;
  };
}

/** Tool-call parsing throughput: one-shot, and streamed in 1- and 16-character chunks, over 1 MB with 1,000 invokes. */
export async function run(): Promise<void> {
  const text = modelOutput(1_000_000, 1_000);
  const megabytes = text.length / 1_000_000;
  const by16 = chunksOf(text, 16);
  const by1 = chunksOf(text, 1);
  const quarterBy1 = chunksOf(modelOutput(250_000, 250), 1);
  const quarterLength = quarterBy1.length;

  // Timed in alternation, so that each ratio to one-shot comes from the same minutes of a shared machine.
  const times = alternatingMedians(9, 3, {
    oneShot: checked(() => parseToolCalls(text, { tools }).calls.length, 1_000),
    chunks16: checked(() => parseChunks(by16), 1_000),
    chunks1: checked(() => parseChunks(by1), 1_000),
    callback16: checked(() => parseChunksWithCallback(by16), 1_000),
    callback1: checked(() => parseChunksWithCallback(by1), 1_000),
    baseline1: checked(() => appendChunks(by1), 1_000),
    chunks1Quarter: checked(() => parseChunksWithCallback(quarterBy1), 250),
  });
  const { oneShot, chunks16, chunks1, callback16, callback1, baseline1, chunks1Quarter } = times;
  if (lastEvent === undefined) throw new Error("the callback saw no event");
  const rate = (milliseconds: number): string => `${(megabytes / (milliseconds / 1000)).toFixed(1)} MB/s`;
  console.log(
    `calls: ${megabytes.toFixed(2)} MB, 1,000 invokes (medians of 9 alternating rounds after 3 warm-ups; chunks cut before timing)`,
  );
  const line = (label: string, milliseconds: number): void =>
    console.log(
      `  ${label.padEnd(37)}${milliseconds.toFixed(1)} ms  ${rate(milliseconds)}  ${(milliseconds / oneShot).toFixed(2)}x one-shot`,
    );
  line("one-shot parseToolCalls", oneShot);
  line("stream onEvent, 16-char chunks", callback16);
  line("stream onEvent, 1-char chunks", callback1);
  line("stream push arrays, 16-char chunks", chunks16);
  line("stream push arrays, 1-char chunks", chunks1);
  line("baseline: += of every 1-char chunk", baseline1);
  console.log(`  1-char onEvent / one-shot time  ${(callback1 / oneShot).toFixed(2)}x (limit 3x)`);
  console.log(`  1-char onEvent parse / 1-char baseline  ${(callback1 / baseline1).toFixed(2)}x`);
  const perCharacter = (milliseconds: number, length: number): string =>
    `${((milliseconds * 1e6) / length).toFixed(0)} ns/char`;
  console.log(
    `  linear time: 1-char cost at 0.25 MB ${perCharacter(chunks1Quarter, quarterLength)}, at 1 MB ${perCharacter(callback1, text.length)}`,
  );
  timeTagBodies(text);
  timeHostileProse();
}

/**
 * Replies that make a scanner stop at every character: all `[` (held as JSON that may be calls, then read again as
 * prose, each `[` a possible `[TOOL_CALLS]`), all `<b>` tags without a bracket, and all `]<` (each read again from its
 * `<`). The cost per character must not grow with the length.
 */
function timeHostileProse(): void {
  const brackets = (length: number) => "[".repeat(length);
  const tags = (length: number) => "<b>x ".repeat(length / 5);
  // `]` may open MiniMax M3's marker: `]<` is read again from its `<`, a chunk inside the chunk, at every step.
  const readAgain = (length: number) => ']<"parameters": '.repeat(length / 16);
  const inputs = {
    bracketsQuarter: brackets(250_000),
    brackets: brackets(1_000_000),
    tagsQuarter: tags(250_000),
    tags: tags(1_000_000),
    readAgainQuarter: readAgain(250_000),
    readAgain: readAgain(1_000_000),
  };
  const times = alternatingMedians(
    9,
    3,
    Object.fromEntries(
      Object.entries(inputs).map(([name, input]) => [
        name,
        checked(() => parseToolCalls(input, { tools }).calls.length, 0),
      ]),
    ) as Record<keyof typeof inputs, () => number>,
  );
  const perCharacter = (name: keyof typeof inputs): string =>
    `${((times[name] * 1e6) / inputs[name].length).toFixed(0)} ns/char`;
  console.log(
    `  linear time: a reply of nothing but [ at 0.25 MB ${perCharacter("bracketsQuarter")}, at 1 MB ${perCharacter("brackets")}; of nothing but <b> tags at 0.25 MB ${perCharacter("tagsQuarter")}, at 1 MB ${perCharacter("tags")}; of ]< read again at 0.25 MB ${perCharacter("readAgainQuarter")}, at 1 MB ${perCharacter("readAgain")}`,
  );
}

/**
 * The same calls written inside `<tool_call>` as Qwen3-Coder and GLM write them, one-shot, against `<function_calls>`
 * (timed apart from the figures above: their garbage would be collected during those), and the worst body for
 * reading such tags.
 */
function timeTagBodies(xmlText: string): void {
  const qwenText = modelOutput(1_000_000, 1_000, "qwen");
  const glmText = modelOutput(1_000_000, 1_000, "glm");
  const qwenBy1 = chunksOf(qwenText, 1);
  const mistralText = jsonCallOutput(1_000_000, 1_000, "mistral");
  const jsonText = jsonCallOutput(1_000_000, 1_000, "json-text");
  const pythonicText = jsonCallOutput(1_000_000, 1_000, "pythonic");
  const gemmaText = jsonCallOutput(1_000_000, 1_000, "gemma");
  const gemmaBy1 = chunksOf(gemmaText, 1);
  const lfmText = jsonCallOutput(1_000_000, 1_000, "lfm");
  const lfmBy1 = chunksOf(lfmText, 1);
  const llamaText = jsonCallOutput(1_000_000, 1_000, "llama");
  const olmoText = jsonCallOutput(1_000_000, 1_000, "olmo");
  const hermesText = jsonCallOutput(1_000_000, 1_000, "hermes");
  const hermesBy1 = chunksOf(hermesText, 1);
  const cohereText = jsonCallOutput(1_000_000, 1_000, "cohere");
  const cohereBy1 = chunksOf(cohereText, 1);
  const unclosedQuarter = unclosedParameters(250_000);
  const unclosed = unclosedParameters(1_000_000);
  const openObjectsQuarter = unclosedJsonFunctions(250_000);
  const openObjects = unclosedJsonFunctions(1_000_000);
  const unclosedBlocksQuarter = blocksClosedInValues(250_000);
  const unclosedBlocks = blocksClosedInValues(1_000_000);
  const manyCallsQuarter = oneBlockOfManyCalls(250_000);
  const manyCalls = oneBlockOfManyCalls(1_000_000);
  const times = alternatingMedians(9, 3, {
    xml: checked(() => parseToolCalls(xmlText, { tools }).calls.length, 1_000),
    qwen: checked(() => parseToolCalls(qwenText, { tools }).calls.length, 1_000),
    qwenStream1: checked(() => parseChunksWithCallback(qwenBy1), 1_000),
    glm: checked(() => parseToolCalls(glmText, { tools }).calls.length, 1_000),
    mistral: checked(() => parseToolCalls(mistralText, { tools }).calls.length, 1_000),
    jsonText: checked(() => parseToolCalls(jsonText, { tools }).calls.length, 1_000),
    pythonic: checked(() => parseToolCalls(pythonicText, { tools }).calls.length, 1_000),
    gemma: checked(() => parseToolCalls(gemmaText, { tools }).calls.length, 1_000),
    gemmaStream1: checked(() => parseChunksWithCallback(gemmaBy1), 1_000),
    lfm: checked(() => parseToolCalls(lfmText, { tools }).calls.length, 1_000),
    lfmStream1: checked(() => parseChunksWithCallback(lfmBy1), 1_000),
    llama: checked(() => parseToolCalls(llamaText, { tools }).calls.length, 1_000),
    olmo: checked(() => parseToolCalls(olmoText, { tools }).calls.length, 1_000),
    hermes: checked(() => parseToolCalls(hermesText, { tools }).calls.length, 1_000),
    hermesStream1: checked(() => parseChunksWithCallback(hermesBy1), 1_000),
    cohere: checked(() => parseToolCalls(cohereText, { tools }).calls.length, 1_000),
    cohereStream1: checked(() => parseChunksWithCallback(cohereBy1), 1_000),
    unclosedQuarter: checked(() => parseToolCalls(unclosedQuarter).calls.length, 1),
    unclosed: checked(() => parseToolCalls(unclosed).calls.length, 1),
    openObjectsQuarter: checked(() => parseToolCalls(openObjectsQuarter).calls.length, 11_364),
    openObjects: checked(() => parseToolCalls(openObjects).calls.length, 45_455),
    unclosedBlocksQuarter: checked(() => parseToolCalls(unclosedBlocksQuarter).calls.length, 3_788),
    unclosedBlocks: checked(() => parseToolCalls(unclosedBlocks).calls.length, 15_152),
    manyCallsQuarter: checked(() => parseToolCalls(manyCallsQuarter, { tools }).calls.length, 4_808),
    manyCalls: checked(() => parseToolCalls(manyCalls, { tools }).calls.length, 19_231),
  });
  console.log("  <tool_call> bodies written with tags, one-shot, 1,000 calls in 1 MB:");
  for (const [label, milliseconds] of [
    ["Qwen3-Coder", times.qwen],
    ["GLM", times.glm],
  ] as const) {
    console.log(
      `    ${label.padEnd(12)}${milliseconds.toFixed(1)} ms  ${(milliseconds / times.xml).toFixed(2)}x <function_calls>`,
    );
  }
  // Each call's text streams as deltas from its `<function=name>`, a delta per character here.
  console.log(
    `    Qwen3-Coder 1-char onEvent stream ${times.qwenStream1.toFixed(1)} ms = ${(times.qwenStream1 / times.qwen).toFixed(2)}x its one-shot`,
  );
  console.log("  calls written as JSON, as Python, or in Gemma's syntax, one-shot, 1,000 calls in 1 MB:");
  for (const [label, milliseconds] of [
    ["Mistral", times.mistral],
    ["JSON text", times.jsonText],
    ["pythonic", times.pythonic],
    ["Gemma 4", times.gemma],
    ["LFM2", times.lfm],
    ["Llama 3.1", times.llama],
    ["OLMo 3", times.olmo],
    ["Hermes", times.hermes],
    ["Cohere", times.cohere],
  ] as const) {
    console.log(
      `    ${label.padEnd(12)}${milliseconds.toFixed(1)} ms  ${(milliseconds / times.xml).toFixed(2)}x <function_calls>`,
    );
  }
  // Each call's JSON streams as deltas from its `{"name": ..., "arguments":`, a delta per character here.
  console.log(
    `    Hermes 1-char onEvent stream ${times.hermesStream1.toFixed(1)} ms = ${(times.hermesStream1 / times.hermes).toFixed(2)}x its one-shot`,
  );
  // Each Gemma call's arguments stream from its `call:name{` to their closing brace, each LFM2 call from its `name(`.
  console.log(
    `    Gemma 4 1-char onEvent stream ${times.gemmaStream1.toFixed(1)} ms = ${(times.gemmaStream1 / times.gemma).toFixed(2)}x its one-shot`,
  );
  console.log(
    `    LFM2 1-char onEvent stream ${times.lfmStream1.toFixed(1)} ms = ${(times.lfmStream1 / times.lfm).toFixed(2)}x its one-shot`,
  );
  // Each Cohere call object streams from its `{"tool_call_id": ..., "parameters":` to its closing brace.
  console.log(
    `    Cohere 1-char onEvent stream ${times.cohereStream1.toFixed(1)} ms = ${(times.cohereStream1 / times.cohere).toFixed(2)}x its one-shot`,
  );
  const perCharacter = (milliseconds: number, length: number): string =>
    `${((milliseconds * 1e6) / length).toFixed(0)} ns/char`;
  console.log(
    `  linear time: a body whose every <parameter=...> is unclosed: at 0.25 MB ${perCharacter(times.unclosedQuarter, unclosedQuarter.length)}, at 1 MB ${perCharacter(times.unclosed, unclosed.length)}`,
  );
  console.log(
    `  linear time: a body of functions whose every JSON object is unclosed: at 0.25 MB ${perCharacter(times.openObjectsQuarter, openObjectsQuarter.length)}, at 1 MB ${perCharacter(times.openObjects, openObjects.length)}`,
  );
  console.log(
    `  linear time: blocks whose every </tool_call> comes inside a value: at 0.25 MB ${perCharacter(times.unclosedBlocksQuarter, unclosedBlocksQuarter.length)}, at 1 MB ${perCharacter(times.unclosedBlocks, unclosedBlocks.length)}`,
  );
  console.log(
    `  linear time: one <tool_calls> block of a call object per line: at 0.25 MB ${perCharacter(times.manyCallsQuarter, manyCallsQuarter.length)}, at 1 MB ${perCharacter(times.manyCalls, manyCalls.length)}`,
  );
}

/**
 * About `bytes` of calls written as JSON, Python or Gemma's syntax, each carrying code: after prose and Mistral's
 * `[TOOL_CALLS]`, as the call objects a reply starts with (one per line, as Ollama passes them on), as one pythonic
 * call list, or after prose in Gemma 4's blocks, in LFM2's (a pythonic list each), in OLMo 3's `<function_calls>` (a
 * pythonic call each), in Llama 3.1's `<function=f>`, in Hermes' `<tool_call>` or in Cohere's `<|START_ACTION|>`.
 */
function jsonCallOutput(
  bytes: number,
  calls: number,
  syntax: "mistral" | "json-text" | "pythonic" | "gemma" | "lfm" | "olmo" | "llama" | "hermes" | "cohere",
): string {
  const line = 'if (a < b && s !== "</parameter>") { total += values[i] * 2; } // &amp; note\n';
  const content = line.repeat(Math.ceil(bytes / calls / line.length));
  const parts: string[] = [];
  for (let index = 0; index < calls; index += 1) {
    const args = { path: `src/file_${index}.ts`, mode: 420, content };
    if (syntax === "mistral")
      parts.push(`Step ${index}: writing a file.\n[TOOL_CALLS]write_file[ARGS]${JSON.stringify(args)}\n`);
    else if (syntax === "json-text") parts.push(`${JSON.stringify({ name: "write_file", arguments: args })}\n`);
    else if (syntax === "gemma")
      parts.push(
        `Step ${index}.<|tool_call>call:write_file{path:<|"|>${args.path}<|"|>,mode:420,content:<|"|>${content}<|"|>}<tool_call|>\n`,
      );
    else if (syntax === "llama") parts.push(`Step ${index}.<function=write_file>${JSON.stringify(args)}</function>\n`);
    else if (syntax === "hermes")
      parts.push(
        `Step ${index}.<tool_call>\n${JSON.stringify({ name: "write_file", arguments: args })}\n</tool_call>\n`,
      );
    else if (syntax === "cohere") {
      const call = { tool_call_id: "0", tool_name: "write_file", parameters: args };
      parts.push(`Step ${index}.<|START_ACTION|>[\n    ${JSON.stringify(call)}\n]<|END_ACTION|>\n`);
    } else {
      // A JSON string of ASCII text is also a Python string literal.
      const call = `write_file(path=${JSON.stringify(args.path)}, mode=420, content=${JSON.stringify(content)})`;
      if (syntax === "lfm") parts.push(`Step ${index}.<|tool_call_start|>[${call}]<|tool_call_end|>\n`);
      else if (syntax === "olmo") parts.push(`Step ${index}.<function_calls>\n${call}\n</function_calls>\n`);
      else parts.push(call);
    }
  }
  return syntax === "pythonic" ? `[${parts.join(", ")}]` : parts.join("");
}

/**
 * The worst body for a reader that looks for a function's JSON object to its last bracket: functions (one per 22
 * characters) whose every `{` is left open.
 */
function unclosedJsonFunctions(bytes: number): string {
  return `<tool_call>${"<function=write_file>{".repeat(Math.ceil(bytes / 22))}</tool_call>`;
}

/**
 * The worst body for a reader that looks ahead for closing tags: one function whose parameters all leave theirs out,
 * so each value is cut at the next parameter and no closing tag is ever found.
 */
function unclosedParameters(bytes: number): string {
  const parameters: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index += 1) {
    const parameter = `<parameter=p${index}>value ${index}\n`;
    parameters.push(parameter);
    length += parameter.length;
  }
  return `<tool_call><function=write_file>${parameters.join("")}</function></tool_call>`;
}

/**
 * The worst reply for a reader that reads a `</tool_call>` inside a value as the value's text: blocks whose value is
 * never closed, each block's closing tag read on past until the output ends, then read again once.
 */
function blocksClosedInValues(bytes: number): string {
  const block = "<tool_call><function=get_weather><parameter=city>Oslo</tool_call>\n";
  return block.repeat(Math.ceil(bytes / block.length));
}

/** About `bytes` of one `<tool_calls>` block holding a small call object per line (MiniMax-M1's way). */
function oneBlockOfManyCalls(bytes: number): string {
  const call = '{"name": "get_weather", "arguments": {"city": "A"}}\n';
  return `<tool_calls>\n${call.repeat(Math.ceil(bytes / call.length))}</tool_calls>`;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
