import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import $RefParser from "@apidevtools/json-schema-ref-parser";
import { listOperations } from "../src/openapi/list-operations.js";
import { convertOperation } from "../src/schema/convert-operation.js";
import { convertOperations } from "../src/schema/convert-operations.js";
import { DEFAULT_MAX_TOKENS } from "../src/schema/fit-token-budget.js";
import { jsonBytesBound } from "../src/schema/json-bytes-bound.js";
import type { JsonObject } from "../src/schema/json-schema.js";
import { fitsTokenBudget } from "../src/schema/measure-tool-size.js";
import { DIALECTS } from "../src/schema/tool-definition.js";
import { alternatingMedians, medianOf, percentile, timeOnce, timesOfAsync } from "./timing.js";

const require = createRequire(import.meta.url);
const GITHUB_SPEC = require.resolve("@octokit/openapi/generated/api.github.com.json");
const ROUNDS = 15;
const WARM_UP_ROUNDS = 3;
/** Fresh processes the conversion and `JSON.parse` are timed in; see {@link timeInFreshProcesses}. */
const PROCESSES = 5;

/**
 * Converts every operation of GitHub's REST spec, in the `openai` dialect and then in all dialects, and prints the
 * time (total, ops/s, ms per op at p50 and p99) and the tool sizes in tokens, next to two baselines measured in the
 * same run: `JSON.parse` of the file and `@apidevtools/json-schema-ref-parser`'s `dereference` of the document. The
 * headline is what a user pays: the first conversion of a document just parsed. A conversion keeps per-document caches
 * (the resolver, the schema index), so converting the same object again is faster; that figure is printed beside it,
 * labelled warm.
 */
export async function run(): Promise<void> {
  const { parseMs, firstMs, warmMs, firstRatios, warmRatios } = timeInFreshProcesses();
  const text = readFileSync(GITHUB_SPEC, "utf8");
  const document = JSON.parse(text) as JsonObject;
  const convert = () => convertOperations(document, { dialect: "openai" });
  // Warmed as each timing process is, so that the figures timed here run with the JIT as warm.
  for (let round = 1; round < WARM_UP_ROUNDS + ROUNDS; round += 1) convert();
  const { tools, failures } = convert();
  const operations = tools.length + failures.length;

  // Per operation: each operation converted on its own, from the listed operations (listing is not counted).
  const perOperation = listOperations(document).map((operation) =>
    timeOnce(() => convertOperation(operation, { dialect: "openai" })),
  );
  // Token counts are exact but lazy: counted in the conversion only for tools that might be over the budget, and
  // for the others when `size.tokens` is first read. Reading every one is timed here, apart from the conversion.
  let tokens: number[] = [];
  const readTokensMs = timeOnce(() => {
    tokens = tools.map(({ report }) => report.size.tokens);
  });
  // What sizing costs inside the conversion: a bound of every tool's bytes, and the JSON and tokens of those whose
  // bound is over the budget (counted until they are proved to fit).
  const sizingMs = medianOf(ROUNDS, () => {
    const memo = new Map<string, number>();
    for (const { tool } of tools) {
      if (jsonBytesBound(tool, DEFAULT_MAX_TOKENS) > DEFAULT_MAX_TOKENS) {
        fitsTokenBudget(JSON.stringify(tool), DEFAULT_MAX_TOKENS, memo);
      }
    }
  });
  const allDialectsMs = medianOf(3, () => {
    for (const dialect of DIALECTS) convertOperations(document, { dialect });
  });
  const dereferenceMs = percentile(await timesOfAsync(3, () => $RefParser.dereference(structuredClone(document))), 50);
  // Hostile documents: an allOf of many branches, and many operations sharing one operationId, at two sizes.
  const hostile = (build: (count: number) => JsonObject) =>
    [2_000, 8_000].map((count) => {
      const built = build(count);
      return (medianOf(3, () => convertOperations(built, { dialect: "openai", maxTokens: 1e9 })) * 1e3) / count;
    });
  const allOfMicros = hostile(wideAllOf);
  const sharedIdMicros = hostile(sharedOperationIds);
  const constantMicros = hostile(constantParameters);

  const range = (ratios: number[]) =>
    `${percentile(ratios, 50).toFixed(2)}x JSON.parse (median of ${PROCESSES} processes, from ${Math.min(...ratios).toFixed(2)}x to ${Math.max(...ratios).toFixed(2)}x)`;
  const lines = [
    `schema: GitHub REST spec, ${operations} operations (${failures.length} failed), ${(text.length / 1e6).toFixed(1)} MB`,
    `  openai dialect, first conversion of a freshly parsed document: ${firstMs.toFixed(1)} ms total, ${Math.round((operations / firstMs) * 1000)} ops/s = ${range(firstRatios)}`,
    `    warm (repeat over the same object):                         ${warmMs.toFixed(1)} ms total = ${range(warmRatios)}`,
    `  baseline JSON.parse:   ${parseMs.toFixed(1)} ms (the same text, timed in the same rounds; each process the median of ${ROUNDS} rounds)`,
    `  ms per op (alone, warm): p50 ${percentile(perOperation, 50).toFixed(3)}, p99 ${percentile(perOperation, 99).toFixed(3)}`,
    `  all ${DIALECTS.length} dialects (warm):  ${allDialectsMs.toFixed(1)} ms total`,
    `  tokens per tool:       median ${percentile(tokens, 50)}, p95 ${percentile(tokens, 95)}, max ${Math.max(...tokens)}; reading all ${tokens.length} counts afterwards: ${readTokensMs.toFixed(1)} ms`,
    `  baseline ref-parser dereference of a fresh copy: ${dereferenceMs.toFixed(1)} ms -> a first openai conversion is ${(firstMs / dereferenceMs).toFixed(3)}x`,
    `  of which sizing (a bytes bound of every tool; JSON and tokens where it is over budget): ${sizingMs.toFixed(1)} ms = ${(sizingMs / parseMs).toFixed(2)}x JSON.parse`,
    `  linear time: an allOf of 2,000 branches ${allOfMicros[0]?.toFixed(1)} µs a branch, of 8,000 ${allOfMicros[1]?.toFixed(1)}; 2,000 operations sharing an operationId ${sharedIdMicros[0]?.toFixed(1)} µs an operation, 8,000 ${sharedIdMicros[1]?.toFixed(1)}; 2,000 one-value parameters fixed ${constantMicros[0]?.toFixed(1)} µs a parameter, 8,000 ${constantMicros[1]?.toFixed(1)}`,
  ];
  console.log(lines.join("\n"));
}

/** A document whose one operation's body is an allOf of `count` branches, each adding a required property. */
function wideAllOf(count: number): JsonObject {
  const allOf = Array.from({ length: count }, (_, index) => ({
    type: "object",
    properties: { [`p${index}`]: { type: "string" } },
    required: [`p${index}`],
  }));
  const requestBody = { content: { "application/json": { schema: { allOf } } } };
  return { openapi: "3.0.3", info: { title: "allOf", version: "1" }, paths: { "/x": { post: { requestBody } } } };
}

/** A document whose one operation has `count` required query parameters of one allowed value each (all fixed). */
function constantParameters(count: number): JsonObject {
  const parameters = Array.from({ length: count }, (_, index) => ({
    name: `p${index}`,
    in: "query",
    required: true,
    schema: { enum: ["only"] },
  }));
  return { openapi: "3.0.3", info: { title: "constants", version: "1" }, paths: { "/x": { get: { parameters } } } };
}

/** A document of `count` operations that all have the same operationId. */
function sharedOperationIds(count: number): JsonObject {
  const paths = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`/p${index}`, { get: { operationId: "same", responses: {} } }]),
  );
  return { openapi: "3.0.3", info: { title: "ids", version: "1" }, paths };
}

/** Medians of one process: `JSON.parse` of the spec, the first conversion of what it parsed, and a repeat of it. */
interface ParseAndConvertTimes {
  parseMs: number;
  firstMs: number;
  warmMs: number;
}

/**
 * `JSON.parse` and the conversion, timed in alternation in this process after the same warm-up, so that all run with
 * the JIT warm and in the same state of the heap (parsing 13 MB leaves garbage that a later collection pays for).
 * Each round parses the text anew, converts that new object (its first conversion: no per-document cache holds it
 * yet), then converts the same object again (warm).
 */
export function timeAgainstParse(): ParseAndConvertTimes {
  return timeFirstAndWarm(readFileSync(GITHUB_SPEC, "utf8"), (document) =>
    convertOperations(document, { dialect: "openai" }),
  );
}

/** {@link timeAgainstParse} of any text and conversion: each round parses, converts that object, converts it again. */
export function timeFirstAndWarm(
  text: string,
  convert: (document: JsonObject) => unknown,
  rounds = ROUNDS,
  warmUps = WARM_UP_ROUNDS,
): ParseAndConvertTimes {
  let document = JSON.parse(text) as JsonObject;
  // The works run in this order within each round.
  return alternatingMedians(rounds, warmUps, {
    parseMs: () => {
      document = JSON.parse(text) as JsonObject;
    },
    firstMs: () => convert(document),
    warmMs: () => convert(document),
  });
}

/**
 * {@link timeAgainstParse} in {@link PROCESSES} fresh processes: medians of the two timings, and the ratio of each
 * process. The conversion's median differs more from one process to the next than within one (21.4 to 24.3 ms over
 * eight processes on a quiet machine: where the young generation's collections fall among the rounds), so the median
 * ratio of several processes is the figure to compare, and their range shows the spread.
 */
function timeInFreshProcesses(): ParseAndConvertTimes & { firstRatios: number[]; warmRatios: number[] } {
  const script = `const { timeAgainstParse } = await import(${JSON.stringify(import.meta.url)}); console.log(JSON.stringify(timeAgainstParse()));`;
  const timings = Array.from({ length: PROCESSES }, () => {
    const child = spawnSync(process.execPath, ["--input-type=module", "--eval", script], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`timing process failed: ${child.stderr}`);
    return JSON.parse(child.stdout) as ParseAndConvertTimes;
  });
  const median = (name: keyof ParseAndConvertTimes) =>
    percentile(
      timings.map((timing) => timing[name]),
      50,
    );
  return {
    parseMs: median("parseMs"),
    firstMs: median("firstMs"),
    warmMs: median("warmMs"),
    firstRatios: timings.map((timing) => timing.firstMs / timing.parseMs),
    warmRatios: timings.map((timing) => timing.warmMs / timing.parseMs),
  };
}
