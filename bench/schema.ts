import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import $RefParser from "@apidevtools/json-schema-ref-parser";
import { listOperations } from "../src/openapi/list-operations.js";
import { convertOperation } from "../src/schema/convert-operation.js";
import { convertOperations } from "../src/schema/convert-operations.js";
import type { JsonObject } from "../src/schema/json-schema.js";
import { DIALECTS } from "../src/schema/tool-definition.js";

const require = createRequire(import.meta.url);
const GITHUB_SPEC = require.resolve("@octokit/openapi/generated/api.github.com.json");
const ROUNDS = 5;

/**
 * Converts every operation of GitHub's REST spec, in the `openai` dialect and then in all dialects, and prints the
 * time (total, ops/s, ms per op at p50 and p99) and the tool sizes in tokens, next to two baselines measured in the
 * same run: `JSON.parse` of the file and `@apidevtools/json-schema-ref-parser`'s `dereference` of the document.
 */
export async function run(): Promise<void> {
  const text = readFileSync(GITHUB_SPEC, "utf8");
  const parseMs = medianOf(ROUNDS, () => JSON.parse(text));
  const document = JSON.parse(text) as JsonObject;

  // Warm up once so the figures measure steady-state code, not the JIT's first pass.
  convertOperations(document, { dialect: "openai" });
  const openaiMs = medianOf(ROUNDS, () => convertOperations(document, { dialect: "openai" }));
  const { tools, failures } = convertOperations(document, { dialect: "openai" });
  const operations = tools.length + failures.length;

  // Per operation: each operation converted on its own, from the listed operations (listing is not counted).
  const perOperation = listOperations(document).map((operation) =>
    timeOnce(() => convertOperation(operation, { dialect: "openai" })),
  );
  // `size.tokens` is counted when first read (here, outside the timed conversions), as a caller reading it would.
  const tokens = tools.map(({ report }) => report.size.tokens);
  const allDialectsMs = medianOf(3, () => {
    for (const dialect of DIALECTS) convertOperations(document, { dialect });
  });
  const dereferenceMs = await medianOfAsync(3, () => $RefParser.dereference(structuredClone(document)));

  const lines = [
    `schema: GitHub REST spec, ${operations} operations (${failures.length} failed), ${(text.length / 1e6).toFixed(1)} MB`,
    `  openai dialect:        ${openaiMs.toFixed(1)} ms total, ${Math.round((operations / openaiMs) * 1000)} ops/s`,
    `  ms per op (alone):     p50 ${percentile(perOperation, 50).toFixed(3)}, p99 ${percentile(perOperation, 99).toFixed(3)}`,
    `  all ${DIALECTS.length} dialects:        ${allDialectsMs.toFixed(1)} ms total`,
    `  tokens per tool:       median ${percentile(tokens, 50)}, p95 ${percentile(tokens, 95)}, max ${Math.max(...tokens)}`,
    `  baseline JSON.parse:   ${parseMs.toFixed(1)} ms  -> openai conversion is ${(openaiMs / parseMs).toFixed(2)}x JSON.parse (target < 0.5x)`,
    `  baseline ref-parser dereference: ${dereferenceMs.toFixed(1)} ms -> openai conversion is ${(openaiMs / dereferenceMs).toFixed(3)}x`,
  ];
  console.log(lines.join("\n"));
}

function timeOnce(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function medianOf(rounds: number, work: () => unknown): number {
  return percentile(
    Array.from({ length: rounds }, () => timeOnce(work)),
    50,
  );
}

async function medianOfAsync(rounds: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], rank: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? Number.NaN;
}
