// Runs real model outputs through the parser one-shot and streamed (1 and 7 characters a chunk, and at seeded random
// cut points), and checks every run against the case's expected calls, text and errors.
import { expect } from "vitest";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolInAnyDialect } from "../../src/calls/providers/callable-tool-from-dialect.js";
import type { ToolCall } from "../../src/calls/tool-call.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";

/** One real output of a model family, and what must be read from it. */
export interface ModelOutputCase {
  /** The family and what the case shows (`"Llama 4: <|python_start|> after prose"`). */
  name: string;
  /** Where the output comes from: a chat template, a model card, a vendor's documentation, a recorded run. */
  source: string;
  output: string;
  /** The calls read, as `parseToolCalls` answers them (ids, `format`, `rawArguments` where kept). */
  calls: Array<Partial<ToolCall> & Pick<ToolCall, "name" | "arguments">>;
  /** The text left once the calls are taken out. */
  text: string;
  /** The errors reported, each as `{code}` plus what else it must carry (`index`, `name`, ...). Default none. */
  errors?: Array<Record<string, unknown>>;
  /** Tools known to the parser, in any dialect. */
  tools?: readonly ToolInAnyDialect[];
  /** As `createToolCallStream`'s option; `parseToolCalls` sees it in the whole text. */
  startsInReasoning?: boolean | string;
}

/** A small deterministic generator (mulberry32): the cut points are random but the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The output cut into pieces of `size` characters, or at `cuts` random points. */
function chunksOf(output: string, split: { size: number } | { cuts: number; seed: number }): string[] {
  if ("size" in split) {
    const chunks: string[] = [];
    for (let index = 0; index < output.length; index += split.size)
      chunks.push(output.slice(index, index + split.size));
    return chunks;
  }
  const random = seededRandom(split.seed);
  const points = Array.from({ length: split.cuts }, () => Math.floor(random() * output.length)).sort((a, b) => a - b);
  return [0, ...points].map((start, index) => output.slice(start, [...points, output.length][index]));
}

/** The events of a stream of `output` cut as `split` says (see {@link chunksOf}), its end's included. */
export function streamedEvents(
  output: string,
  split: Parameters<typeof chunksOf>[1],
  options: Parameters<typeof createToolCallStream>[0] = {},
): ToolCallStreamEvent[] {
  const stream = createToolCallStream(options);
  return [...chunksOf(output, split).flatMap((chunk) => stream.push(chunk)), ...stream.end()];
}

/** What a stream's events say, in `parseToolCalls`' shape. */
export function summarize(events: ToolCallStreamEvent[]) {
  return {
    calls: events.flatMap((event) => (event.type === "tool-call" ? [event.call] : [])),
    text: events.map((event) => (event.type === "text" ? event.delta : "")).join(""),
    // A stream withdraws the calls it started that a block does not give; the one-shot parser started none.
    errors: events.flatMap((event) =>
      event.type === "error" && event.error.withdrawn === undefined ? [event.error] : [],
    ),
  };
}

/**
 * Expects the case to read the same way one-shot, 1 and 7 characters at a time, and cut at 20 seeded random points
 * (five seeds): its calls, its text and its errors.
 */
export function expectCaseReadEveryWay(given: ModelOutputCase): void {
  const want = {
    calls: given.calls.map((call) => expect.objectContaining(call)),
    text: given.text,
    errors: (given.errors ?? []).map((error) => expect.objectContaining(error)),
  };
  const options = {
    ...(given.tools === undefined ? {} : { tools: given.tools }),
    ...(given.startsInReasoning === undefined ? {} : { startsInReasoning: given.startsInReasoning }),
  };
  const oneShot = parseToolCalls(given.output, given.tools === undefined ? {} : { tools: given.tools });
  expect({ calls: oneShot.calls, text: oneShot.text, errors: oneShot.errors }, "one-shot").toEqual(want);
  const splits = [{ size: 1 }, { size: 7 }, ...[1, 2, 3, 4, 5].map((seed) => ({ cuts: 20, seed }))];
  for (const split of splits) {
    expect(summarize(streamedEvents(given.output, split, options)), `streamed ${JSON.stringify(split)}`).toEqual(want);
  }
}
