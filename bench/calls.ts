import type { CallableTool } from "../src/calls/callable-tool.js";
import { createToolCallStream } from "../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../src/calls/parse-tool-calls.js";

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

/** About `bytes` of model output: prose, then `<function_calls>` blocks with `invokes` invokes carrying code. */
function modelOutput(bytes: number, invokes: number): string {
  const perInvoke = Math.floor(bytes / invokes);
  const parts: string[] = [];
  for (let index = 0; index < invokes; index += 1) {
    const head = `Step ${index}: writing a file, since a < b && c > d.\n<function_calls>\n<invoke name="write_file">\n<parameter name="path">src/file_${index}.ts</parameter>\n<parameter name="mode">420</parameter>\n<parameter name="content">\n`;
    const tail = "\n</parameter>\n</invoke>\n</function_calls>\n";
    const line = 'if (a < b && s !== "</parameter>") { total += values[i] * 2; } // &amp; note\n';
    const room = Math.max(0, perInvoke - head.length - tail.length);
    parts.push(head, line.repeat(Math.ceil(room / line.length)).slice(0, room), tail);
  }
  return parts.join("");
}

function parseInChunks(text: string, size: number): number {
  const stream = createToolCallStream({ tools });
  let calls = 0;
  const count = (events: ReturnType<typeof stream.push>): void => {
    for (const event of events) if (event.type === "tool-call") calls += 1;
  };
  for (let start = 0; start < text.length; start += size) count(stream.push(text.slice(start, start + size)));
  count(stream.end());
  return calls;
}

/** The floor of any 1-character consumer: slicing the chunks and appending them to a string, nothing else. */
function appendInChunks(text: string, size: number): number {
  let copy = "";
  for (let start = 0; start < text.length; start += size) copy += text.slice(start, start + size);
  return copy.length === text.length ? 1_000 : 0;
}

/** The best of `runs` timings of `work`, in milliseconds, after one warm-up. */
function best(runs: number, work: () => number, expected: number): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run <= runs; run += 1) {
    const start = performance.now();
    const calls = work();
    const elapsed = performance.now() - start;
    if (calls !== expected) throw new Error(`expected ${expected} calls, got ${calls}`);
    if (run > 0) fastest = Math.min(fastest, elapsed);
  }
  return fastest;
}

/** Tool-call parsing throughput: one-shot, and streamed in 1- and 16-character chunks, over 1 MB with 1,000 invokes. */
export async function run(): Promise<void> {
  const text = modelOutput(1_000_000, 1_000);
  const megabytes = text.length / 1_000_000;
  const oneShot = best(10, () => parseToolCalls(text, { tools }).calls.length, 1_000);
  const chunks16 = best(5, () => parseInChunks(text, 16), 1_000);
  const chunks1 = best(5, () => parseInChunks(text, 1), 1_000);
  const baseline1 = best(5, () => appendInChunks(text, 1), 1_000);
  const quarter = modelOutput(250_000, 250);
  const chunks1Quarter = best(5, () => parseInChunks(quarter, 1), 250);
  const rate = (milliseconds: number): string => `${(megabytes / (milliseconds / 1000)).toFixed(1)} MB/s`;
  console.log(`calls: ${megabytes.toFixed(2)} MB, 1,000 invokes`);
  console.log(`  one-shot parseToolCalls   ${oneShot.toFixed(1)} ms  ${rate(oneShot)}`);
  console.log(`  stream, 16-char chunks    ${chunks16.toFixed(1)} ms  ${rate(chunks16)}`);
  console.log(`  stream, 1-char chunks     ${chunks1.toFixed(1)} ms  ${rate(chunks1)}`);
  console.log(`  baseline: 1-char slice + append only  ${baseline1.toFixed(1)} ms  ${rate(baseline1)}`);
  console.log(`  1-char / one-shot time    ${(chunks1 / oneShot).toFixed(2)}x (limit 3x)`);
  console.log(`  1-char parse / 1-char baseline  ${(chunks1 / baseline1).toFixed(2)}x`);
  const perCharacter = (milliseconds: number, length: number): string =>
    `${((milliseconds * 1e6) / length).toFixed(0)} ns/char`;
  console.log(
    `  linear time: 1-char cost at 0.25 MB ${perCharacter(chunks1Quarter, quarter.length)}, at 1 MB ${perCharacter(chunks1, text.length)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
