import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { convertOperations } from "../schema/convert-operations.js";
import type { ConversionFailure, ConversionResult, ConvertedTool, ConvertOptions } from "../schema/converted-tool.js";
import { DIALECTS, type Dialect } from "../schema/tool-definition.js";
import { bundleExternalRefs } from "./bundle-external-refs.js";
import type { CliIo } from "./cli-io.js";

const USAGE = `Usage: action-recall convert <file|-> [options]

Converts the operations of an OpenAPI 3.x / Swagger 2.0 document (JSON or YAML), a tool-box tool detail or an
api_spec into LLM tools, and prints them as JSON: one tool with --operation, otherwise an array. Operations that
fail are listed as {operation, error: {code, message}} and do not stop the others (the exit code is then 1).

Options:
  --operation <id>    operationId or "METHOD /path"
  --dialect <name>    ${DIALECTS.join(" | ")} (default openai)
  --max-depth <n>     $ref hops followed on one path before pruning (default 2)
  --max-tokens <n>    per-tool token budget (default 8000)
  --fixed <json>      values the caller supplies, e.g. '{"x-account-id": "a"}'
  --report            print each tool as {tool, report}
  --external-refs <dir>
                      allow $refs to other files inside <dir> (never URLs); refused by default
  -h, --help          show this help
`;

/** A usage mistake: exit code 2 and the usage text. */
class UsageError extends Error {}

/**
 * `action-recall convert <file|-> [--operation ...] [--dialect ...] [--max-depth N] [--max-tokens N] [--fixed json]
 * [--report]`: a thin wrapper over `convertOperations`. Returns 0 when everything converted, 1 when an operation
 * failed or the input could not be read, 2 for a usage mistake; an input that cannot be parsed throws an
 * ActionRecallError naming the input, which `runCli` prints before exiting with 1.
 */
export async function runConvertCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseConvertArguments>;
  try {
    parsed = parseConvertArguments(argv);
  } catch (error) {
    io.stderr(`action-recall convert: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (parsed === "help") {
    io.stdout(USAGE);
    return 0;
  }
  const { file, options, operation, report, externalRefs } = parsed;
  let input: string | object;
  try {
    if (externalRefs !== undefined) input = await bundleExternalRefs(file, externalRefs);
    else input = file === "-" ? await io.readStdin() : await readFile(file, "utf8");
  } catch (error) {
    // A document that cannot be bundled (a ref refused, bad text, too deep) says so with its code, as `runCli` prints.
    if (error instanceof ActionRecallError) throw error;
    io.stderr(
      `action-recall convert: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const inputName = file === "-" ? "standard input" : file;
  const result = convertInput(input, options, inputName);
  const entries: unknown[] = [
    ...result.tools.map((converted) => toEntry(converted, report)),
    ...result.failures.map(toFailureEntry),
  ];
  // An empty array alone reads like success; a components-only file or the wrong file gets a word on why.
  if (entries.length === 0) io.stderr(`action-recall convert: ${inputName} has no operations under its paths\n`);
  io.stdout(`${JSON.stringify(operation === undefined ? entries : entries[0], null, 2)}\n`);
  return result.failures.length === 0 ? 0 : 1;
}

function parseConvertArguments(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      operation: { type: "string" },
      dialect: { type: "string" },
      "max-depth": { type: "string" },
      "max-tokens": { type: "string" },
      fixed: { type: "string" },
      report: { type: "boolean", default: false },
      "external-refs": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help" as const;
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError("missing <file|->");
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
  const options: ConvertOptions = {};
  if (values.dialect !== undefined) options.dialect = parseDialect(values.dialect);
  if (values["max-depth"] !== undefined) options.maxDepth = parseCount("--max-depth", values["max-depth"], 0);
  if (values["max-tokens"] !== undefined) options.maxTokens = parseCount("--max-tokens", values["max-tokens"], 1);
  if (values.fixed !== undefined) options.fixed = parseFixed(values.fixed);
  if (values.operation !== undefined) options.operations = [values.operation];
  if (values["external-refs"] !== undefined && file === "-")
    throw new UsageError("--external-refs needs a file, not standard input: refs are relative to it");
  return { file, options, operation: values.operation, report: values.report, externalRefs: values["external-refs"] };
}

function parseDialect(value: string): Dialect {
  const dialect = DIALECTS.find((candidate) => candidate === value);
  if (dialect === undefined) throw new UsageError(`--dialect must be one of ${DIALECTS.join(", ")}, not "${value}"`);
  return dialect;
}

function parseCount(flag: string, value: string, minimum: number): number {
  // Digits only: Number() reads "" and " " as 0, "0x2" as 2 and "1e0" as 1, none of them a count as written.
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < minimum)
    throw new UsageError(`${flag} must be an integer >= ${minimum}, not "${value}"`);
  return count;
}

function parseFixed(value: string): Record<string, unknown> {
  let fixed: unknown;
  try {
    fixed = JSON.parse(value);
  } catch (error) {
    throw new UsageError(`--fixed is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof fixed !== "object" || fixed === null || Array.isArray(fixed))
    throw new UsageError("--fixed must be a JSON object");
  return fixed as Record<string, unknown>;
}

function toEntry(converted: ConvertedTool, report: boolean): unknown {
  return report ? { tool: converted.tool, report: converted.report } : converted.tool;
}

function toFailureEntry(failure: ConversionFailure): unknown {
  return { operation: failure.operation, error: failure.error };
}

/** Converts, naming the input in any error; `runCli` prints the code, message and pointer and exits with 1. */
function convertInput(input: string | object, options: ConvertOptions, inputName: string): ConversionResult {
  try {
    return convertOperations(input, options);
  } catch (error) {
    if (!(error instanceof ActionRecallError)) throw error;
    const hint = error.code === "EXTERNAL_REF_REFUSED" ? "; --external-refs <dir> reads the files inside <dir>" : "";
    throw new ActionRecallError(error.code, `${inputName}: ${error.message}${hint}`, {
      cause: error,
      data: error.data,
    });
  }
}
