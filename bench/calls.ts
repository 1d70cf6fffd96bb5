import { spawnSync } from "node:child_process";
import type { CallableTool } from "../src/calls/callable-tool.js";
import { createToolCallStream } from "../src/calls/create-tool-call-stream.js";
import { TextAccumulator } from "../src/calls/engine/text-accumulator.js";
import { FORMAT_FAMILIES } from "../src/calls/formats/index.js";
import { parseToolCalls } from "../src/calls/parse-tool-calls.js";
import { TEXT_TOOL_CALL_FORMATS } from "../src/calls/tool-call.js";
import type { ToolCallStreamEvent } from "../src/calls/tool-call-stream-event.js";
import { alternatingMedians, alternatingTimes, medianRatio, percentile } from "./timing.js";

/** The tool every call of this bench's outputs is to. */
export const tools: CallableTool[] = [
  {
    name: "write_file",
    description: "Write a file",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: "integer" } },
      required: ["path", "content"],
    },
    // Its own tag, for the legacy-xml format: `<write-file path="...">content</write-file>`.
    xml: {
      tag: "write-file",
      mappings: [
        { param: "path", node: "attribute", path: ".", required: true },
        { param: "content", node: "content", path: ".", required: true },
      ],
    },
  },
];

/** A line of code, as a file's content carries it: `<`, `&`, quotes and a closing tag that is text. */
const CODE_LINE = 'if (a < b && s !== "</parameter>") { total += values[i] * 2; } // &amp; note\n';

/**
 * About `bytes` of model output: prose, then `invokes` `<function_calls>` blocks, each writing a file of code.
 */
function modelOutput(bytes: number, invokes: number): string {
  const perInvoke = Math.floor(bytes / invokes);
  const parts: string[] = [];
  for (let index = 0; index < invokes; index += 1) {
    const head = `Step ${index}: writing a file, since a < b && c > d.\n<function_calls>\n<invoke name="write_file">\n<parameter name="path">src/file_${index}.ts</parameter>\n<parameter name="mode">420</parameter>\n<parameter name="content">\n`;
    const tail = "\n</parameter>\n</invoke>\n</function_calls>\n";
    const room = Math.max(0, perInvoke - head.length - tail.length);
    parts.push(head, CODE_LINE.repeat(Math.ceil(room / CODE_LINE.length)).slice(0, room), tail);
  }
  return parts.join("");
}

/** What a call of `write_file` carries in the family outputs: a path, a mode, and about a kilobyte of code. */
interface WriteFile {
  path: string;
  mode: number;
  content: string;
}

/** A JSON string of ASCII text is also a Python string literal. */
const pythonicCall = ({ path, mode, content }: WriteFile): string =>
  `write_file(path=${JSON.stringify(path)}, mode=${mode}, content=${JSON.stringify(content)})`;

/**
 * One representative output per family the parser reads, by name: how it writes one call of `write_file` after a line
 * of prose. Every text format and every family of the table (`formats/index.ts`) has one (see {@link timeFamilies}).
 */
const FAMILY_CALLS: Record<string, (args: WriteFile, index: number) => string> = {
  xml: (args, index) =>
    `Step ${index}.<function_calls>\n<invoke name="write_file">\n<parameter name="path">${args.path}</parameter>\n<parameter name="mode">${args.mode}</parameter>\n<parameter name="content">${args.content}</parameter>\n</invoke>\n</function_calls>\n`,
  hermes: (args, index) =>
    `Step ${index}.<tool_call>\n${JSON.stringify({ name: "write_file", arguments: args })}\n</tool_call>\n`,
  "qwen3-coder": (args, index) =>
    `Step ${index}.<tool_call>\n<function=write_file>\n<parameter=path>\n${args.path}\n</parameter>\n<parameter=mode>\n${args.mode}\n</parameter>\n<parameter=content>\n${args.content}\n</parameter>\n</function>\n</tool_call>\n`,
  glm: (args, index) =>
    `Step ${index}.<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>${args.path}</arg_value>\n<arg_key>mode</arg_key>\n<arg_value>${args.mode}</arg_value>\n<arg_key>content</arg_key>\n<arg_value>${args.content}</arg_value>\n</tool_call>\n`,
  "llama-3.1": (args, index) => `Step ${index}.<function=write_file>${JSON.stringify(args)}</function>\n`,
  "legacy-xml": (args, index) => `Step ${index}.<write-file path="${args.path}">${args.content}</write-file>\n`,
  kimi: (args, index) =>
    `Step ${index}.<|tool_calls_section_begin|><|tool_call_begin|>functions.write_file:${index}<|tool_call_argument_begin|>${JSON.stringify(args)}<|tool_call_end|><|tool_calls_section_end|>\n`,
  deepseek: (args, index) =>
    `Step ${index}.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>write_file\n\`\`\`json\n${JSON.stringify(args)}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>\n`,
  step3: (args, index) =>
    `Step ${index}.<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="write_file"><steptml:parameter name="path">${args.path}</steptml:parameter><steptml:parameter name="mode">${args.mode}</steptml:parameter><steptml:parameter name="content">${args.content}</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n`,
  // The layout K2 Horizon's template teaches (`tool_call_format` `xml`, its default).
  "k2-horizon": (args, index) =>
    `Step ${index}.<ifm|tool_calls>\n<ifm|tool_call>write_file\n<ifm|arg_key>path</ifm|arg_key>\n<ifm|arg_value>${args.path}</ifm|arg_value>\n<ifm|arg_key>mode</ifm|arg_key>\n<ifm|arg_value>${args.mode}</ifm|arg_value>\n<ifm|arg_key>content</ifm|arg_key>\n<ifm|arg_value>${args.content}</ifm|arg_value>\n</ifm|tool_call>\n</ifm|tool_calls>\n`,
  harmony: (args, index) =>
    `<|start|>assistant<|channel|>analysis<|message|>Step ${index}.<|end|><|start|>assistant<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>${JSON.stringify(args)}<|call|>`,
  mistral: (args, index) => `Step ${index}: writing a file.\n[TOOL_CALLS]write_file[ARGS]${JSON.stringify(args)}\n`,
  // Call objects a reply starts with, one per line, as Ollama passes them on: no prose between them.
  "json-text": (args) => `${JSON.stringify({ name: "write_file", arguments: args })}\n`,
  pythonic: (args, index) => `${index === 0 ? "[" : ", "}${pythonicCall(args)}`,
  gemma: (args, index) =>
    `Step ${index}.<|tool_call>call:write_file{path:<|"|>${args.path}<|"|>,mode:${args.mode},content:<|"|>${args.content}<|"|>}<tool_call|>\n`,
  lfm: (args, index) => `Step ${index}.<|tool_call_start|>[${pythonicCall(args)}]<|tool_call_end|>\n`,
  olmo: (args, index) => `Step ${index}.<function_calls>\n${pythonicCall(args)}\n</function_calls>\n`,
  // dots.llm's block holding a JSON call object, as its template may write one instead of invokes.
  dots: (args, index) =>
    `Step ${index}.<dots_function_call>${JSON.stringify({ name: "write_file", arguments: args })}</dots_function_call>\n`,
  cohere: (args, index) =>
    `Step ${index}.<|START_ACTION|>[\n    ${JSON.stringify({ tool_call_id: "0", tool_name: "write_file", parameters: args })}\n]<|END_ACTION|>\n`,
  internlm: (args, index) =>
    `Step ${index}.<|action_start|><|plugin|>\n${JSON.stringify({ name: "write_file", parameters: args })}<|action_end|>\n`,
  apertus: (args, index) => `Step ${index}.<|tools_prefix|>[${JSON.stringify({ write_file: args })}]<|tools_suffix|>\n`,
  "command-r-plus": (args, index) =>
    `Plan: step ${index}.\nAction: \`\`\`json\n[\n    ${JSON.stringify({ tool_name: "write_file", parameters: args })}\n]\n\`\`\`\n`,
  // Each message after the first opens with `>>>`; the template writes the first one in the prompt.
  functionary: (args, index) =>
    `${index === 0 ? "" : ">>>"}all\nStep ${index}.\n>>>write_file\n${JSON.stringify(args)}\n`,
  "minimax-m3": (args, index) =>
    `Step ${index}.]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="write_file">]<]minimax[>[<path>${args.path}]<]minimax[>[</path>]<]minimax[>[<mode>${args.mode}]<]minimax[>[</mode>]<]minimax[>[<content>${args.content}]<]minimax[>[</content>]<]minimax[>[</invoke>]<]minimax[>[</tool_call>\n`,
};

/** About `bytes` of `family`'s output: `calls` calls of `write_file`, each carrying code. */
export function familyOutput(family: string, bytes: number, calls: number): string {
  const write = FAMILY_CALLS[family];
  if (write === undefined) throw new Error(`no output of ${family} to time`);
  const content = CODE_LINE.repeat(Math.ceil(bytes / calls / CODE_LINE.length));
  const parts = Array.from({ length: calls }, (_, index) =>
    write({ path: `src/file_${index}.ts`, mode: 420, content }, index),
  );
  return family === "pythonic" ? `${parts.join("")}]` : parts.join("");
}

/** The text cut into `size`-character chunks, as a stream delivers it: cutting is not parsing work, so it is not timed. */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

/**
 * Each stream below is handed its chunks by index, not by `for...of`, as the floor's is: V8 inlines `push` into the
 * loop, and inside the iterator's implied `try`/`finally` each call it inlines gets an exception edge. The same stream
 * of JSON replies measured 16 to 18 ns a character through `for...of` and 12 by index (Node 22), a cost of the bench's
 * loop rather than of the parser; a consumer's chunks come from a socket, through neither loop.
 */
function parseChunks(chunks: readonly string[]): number {
  const stream = createToolCallStream({ tools });
  let calls = 0;
  const count = (events: ReturnType<typeof stream.push>): void => {
    for (const event of events) if (event.type === "tool-call") calls += 1;
  };
  for (let index = 0; index < chunks.length; index += 1) count(stream.push(chunks[index] ?? ""));
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
  for (let index = 0; index < chunks.length; index += 1) stream.push(chunks[index] ?? "");
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
  timeFamilies();
  timeProse();
  timeWorstBodies();
  timeHostileProse();
}

/** The text formats and the families of the table this bench has no output of: it must time every one. */
export function familiesWithoutOutput(): string[] {
  const families = Object.keys(FAMILY_CALLS);
  return [...TEXT_TOOL_CALL_FORMATS, ...Object.keys(FORMAT_FAMILIES)].filter((name) => !families.includes(name));
}

/**
 * How many fresh processes time each family: one process's ratio moves more between processes than within one. Five,
 * so that the median holds when two of them land in a noisy stretch of a shared machine.
 */
const FAMILY_PROCESSES = 5;

/**
 * Each family's output, one-shot and in 1-character chunks through `onEvent`, timed in alternation: its one-shot rate,
 * and its 1-character time against its one-shot (the limit is 3x). Every text format and every family of the table has
 * an output here, or the bench stops. Each family is timed in processes of its own: in one process the families timed
 * last were up to 1.4x slower at 1 character than timed first, from what the JIT had learnt of the others, so a
 * family's figure depended on its place in the list. The figures are the medians of {@link FAMILY_PROCESSES}
 * processes, the ratio printed with its range. The processes are run in passes over all the families, not one family's
 * back to back, so that a noisy stretch of a shared machine lands on one process of each family it meets, not on all of
 * one family's: three processes back to back gave Mistral medians from 2.64x to 3.03x in bench runs of the same code.
 */
function timeFamilies(): void {
  const [missing] = familiesWithoutOutput();
  if (missing !== undefined) throw new Error(`bench/calls.ts has no output of ${missing} to time`);
  const families = Object.keys(FAMILY_CALLS);
  console.log("  each family, 1,000 calls in about 1 MB: one-shot, and 1-char onEvent stream against it (limit 3x),");
  console.log(
    "  beside the least a 1-char stream of the same events can cost (see streamFloor); each ratio the median",
  );
  console.log(
    `  of 15 rounds' ratios (both sides timed in the same round), then of ${FAMILY_PROCESSES} fresh processes, with its range:`,
  );
  const over: string[] = [];
  for (const { family, figures } of timeInPasses(families, FAMILY_PROCESSES, 1_000)) {
    const median = medianOf(figures);
    const ratios = figures.map((figure) => figure.ratio);
    const ratio = median("ratio");
    if (ratio > 3) over.push(family);
    console.log(
      `    ${family.padEnd(15)}${median("rate").toFixed(1).padStart(6)} MB/s one-shot  1-char ${ratio.toFixed(2)}x` +
        ` (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})` +
        `  (one-shot + floor ${median("least").toFixed(2)}x)${ratio > 3 ? "  over 3x" : ""}`,
    );
  }
  console.log(`  over 3x at 1 char: ${over.length === 0 ? "none" : over.join(", ")}`);
  timeLongCalls(families);
}

/**
 * Each family's figures from `processes` fresh processes timing its output of `calls` calls in about 1 MB, run in
 * passes over all the families (see {@link timeFamilies}).
 */
function timeInPasses(
  families: readonly string[],
  processes: number,
  calls: number,
): Array<{ family: string; figures: FamilyFigures[] }> {
  const url = import.meta.url;
  const runs = families.map((family) => ({ family, figures: [] as FamilyFigures[] }));
  for (let pass = 0; pass < processes; pass += 1) {
    for (const { family, figures } of runs) figures.push(timeFamilyInProcess(url, family, calls));
  }
  return runs;
}

/** The median of one figure over a family's processes. */
function medianOf(figures: readonly FamilyFigures[]): (key: keyof FamilyFigures) => number {
  return (key) =>
    percentile(
      figures.map((figure) => figure[key]),
      50,
    );
}

/** Times `family`'s output of `calls` calls in a fresh process (see {@link timeFamily}); `url`: this module's. */
function timeFamilyInProcess(url: string, family: string, calls: number): FamilyFigures {
  const script = `const { timeFamily } = await import(${JSON.stringify(url)}); console.log(JSON.stringify(timeFamily(${JSON.stringify(family)}, ${calls})));`;
  const { status, stdout } = spawnSync(process.execPath, ["--input-type=module", "--eval", script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (status !== 0) throw new Error(`timing ${family} failed`);
  return JSON.parse(stdout) as FamilyFigures;
}

/** One family's figures in one process: its one-shot MB/s, its 1-char ratio, and the floor's (see streamFloor). */
interface FamilyFigures {
  rate: number;
  ratio: number;
  least: number;
}

/** Times one family's output of `calls` calls in about 1 MB in this process (see {@link timeFamilies}). */
export function timeFamily(family: string, calls = 1_000): FamilyFigures {
  const text = familyOutput(family, 1_000_000, calls);
  const by1 = chunksOf(text, 1);
  const { oneShot, stream1, floor } = alternatingTimes(15, 3, {
    oneShot: checked(() => parseToolCalls(text, { tools }).calls.length, calls),
    stream1: checked(() => parseChunksWithCallback(by1), calls),
    floor: () => streamFloor(by1),
  });
  return {
    rate: text.length / 1_000_000 / (percentile(oneShot, 50) / 1000),
    ratio: medianRatio(stream1, oneShot),
    least: 1 + medianRatio(floor, oneShot),
  };
}

/** How many calls carry about 1 MB of code in {@link timeLongCalls}: 4 KB each. */
const LONG_CALLS = 250;
/** How many fresh processes time each family's long calls: three, a median that one noisy process does not move. */
const LONG_CALL_PROCESSES = 3;

/**
 * The same ratios where each call carries 4 KB of code, as a coding agent's writes of whole files do. A 1-character
 * stream costs about the same a character whatever the calls' length, while most of a one-shot parse's cost comes once
 * a call (its JSON, its typing, its building), so the longer the calls the higher the ratio: for the fastest
 * one-shots, the floor alone is over 3x here. The 3x limit is read at 1 KB a call (see {@link timeFamilies}); these
 * are printed beside it as what a user streaming long calls pays, not against the limit.
 */
function timeLongCalls(families: readonly string[]): void {
  console.log(
    `  the same at 4 KB a call (${LONG_CALLS} calls in about 1 MB; the limit is read at 1 KB), 1-char ratio (floor),` +
      ` each the median of ${LONG_CALL_PROCESSES} processes:`,
  );
  const cells = timeInPasses(families, LONG_CALL_PROCESSES, LONG_CALLS).map(({ family, figures }) => {
    const median = medianOf(figures);
    return `${family} ${median("ratio").toFixed(2)}x (${median("least").toFixed(2)}x)`;
  });
  for (let start = 0; start < cells.length; start += 4) console.log(`    ${cells.slice(start, start + 4).join(", ")}`);
}

/**
 * The least a stream of 1-character chunks costs, with no parsing at all: each character kept for the call it belongs
 * to, and handed on in an event of its own to a callback that keeps it. A 1-character stream pays this on top of the
 * reading one-shot does, so `(one-shot + floor) / one-shot` is the lowest ratio any parser of the same events reaches.
 */
function streamFloor(chunks: readonly string[]): number {
  const kept = new TextAccumulator();
  const onEvent = (event: ToolCallStreamEvent): void => {
    lastEvent = event;
  };
  for (let index = 0; index < chunks.length; index += 1) {
    const chunk = chunks[index] ?? "";
    kept.append(chunk);
    onEvent({ type: "tool-call-delta", id: "call_0", argumentsDelta: chunk });
  }
  return kept.toString().length;
}

/**
 * A reply of English prose and no call, full of the first characters of markers that open calls in prose (the `f` of
 * `functools[`, the `A` of `Action: ```json`): most of what models write. One-shot, and in 1-character chunks through
 * `onEvent` beside the least such a stream costs (see {@link streamFloor}).
 */
function timeProse(): void {
  const paragraph =
    "After reviewing the file, I found that the function fails for any input after the first call. A fix is to reset " +
    "the buffer before each read; as a result, the loop no longer falls through. Furthermore, the test suite flagged " +
    "a few other failures, so I will look at those before proceeding. Are there other files you want me to check?\n\n";
  const text = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
  const by1 = chunksOf(text, 1);
  const { oneShot, stream1, floor } = alternatingMedians(9, 3, {
    oneShot: checked(() => parseToolCalls(text, { tools }).calls.length, 0),
    stream1: checked(() => parseChunksWithCallback(by1), 0),
    floor: () => streamFloor(by1),
  });
  const rate = (milliseconds: number): string => `${(text.length / 1_000 / milliseconds).toFixed(1)} MB/s`;
  console.log(
    `  prose, English and no call (${(text.length / 1e6).toFixed(2)} MB): one-shot ${rate(oneShot)}; 1-char onEvent stream ${rate(stream1)}, the floor of such a stream ${rate(floor)}`,
  );
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

/** The worst bodies for readers that look ahead for closing tags or brackets: the cost per character must not grow. */
function timeWorstBodies(): void {
  const unclosedQuarter = unclosedParameters(250_000);
  const unclosed = unclosedParameters(1_000_000);
  const openObjectsQuarter = unclosedJsonFunctions(250_000);
  const openObjects = unclosedJsonFunctions(1_000_000);
  const unclosedBlocksQuarter = blocksClosedInValues(250_000);
  const unclosedBlocks = blocksClosedInValues(1_000_000);
  const manyCallsQuarter = oneBlockOfManyCalls(250_000);
  const manyCalls = oneBlockOfManyCalls(1_000_000);
  const times = alternatingMedians(9, 3, {
    unclosedQuarter: checked(() => parseToolCalls(unclosedQuarter).calls.length, 1),
    unclosed: checked(() => parseToolCalls(unclosed).calls.length, 1),
    openObjectsQuarter: checked(() => parseToolCalls(openObjectsQuarter).calls.length, 11_364),
    openObjects: checked(() => parseToolCalls(openObjects).calls.length, 45_455),
    unclosedBlocksQuarter: checked(() => parseToolCalls(unclosedBlocksQuarter).calls.length, 3_788),
    unclosedBlocks: checked(() => parseToolCalls(unclosedBlocks).calls.length, 15_152),
    manyCallsQuarter: checked(() => parseToolCalls(manyCallsQuarter, { tools }).calls.length, 4_808),
    manyCalls: checked(() => parseToolCalls(manyCalls, { tools }).calls.length, 19_231),
  });
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
