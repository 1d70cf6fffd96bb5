import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { closestName } from "../errors/closest-name.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { convertOperations } from "../schema/convert-operations.js";
import type { ConversionFailure, ConversionResult, ConvertedTool, ConvertOptions } from "../schema/converted-tool.js";
import { DIALECTS, type Dialect } from "../schema/tool-definition.js";
import { bundleExternalRefs } from "./bundle-external-refs.js";
import type { CliIo } from "./cli-io.js";
import { formatHelp, HELP_OPTION, OUTPUT_OPTION } from "./command-help.js";
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_FETCH_BYTES,
  type FetchDocumentOptions,
  fetchDocument,
  isUrlInput,
  MAX_REDIRECTS,
} from "./fetch-document.js";
import { writeResult } from "./write-result.js";

const HELP = formatHelp({
  usage: "action-recall convert <file|url|-> [options]",
  description:
    "Converts the operations of an OpenAPI 3.x / Swagger 2.0 document (JSON or YAML), a tool-box tool detail or an\n" +
    "api_spec into LLM tools, and prints them as JSON: one tool with --operation, otherwise an array. Operations that\n" +
    "fail are listed as {operation, error: {code, message}} and do not stop the others (the exit code is then 1).\n" +
    "The document is a file, standard input (-), or an https URL (plain http only to a loopback host), fetched\n" +
    `within --fetch-timeout and --max-fetch-bytes and at most ${MAX_REDIRECTS} redirects; the $refs in it to other files or URLs\n` +
    "are refused either way.",
  sections: [
    {
      heading: "Options",
      rows: [
        ["--operation <id>", 'operationId or "METHOD /path"'],
        ["--dialect <name>", `${DIALECTS.join(" | ")} (default openai)`],
        ["--max-depth <n>", "$ref hops followed on one path before pruning (default 2)"],
        ["--max-tokens <n>", "per-tool token budget (default 8000)"],
        [
          "--fixed <json>",
          `values the caller supplies, e.g. '{"x-account-id": "a"}'; a name\nno converted operation has is an error`,
        ],
        ["--report", "print each tool as {tool, report}"],
        ["--external-refs <dir>", "allow $refs to other files inside <dir> (never URLs); refused by default"],
        ["--fetch-timeout <ms>", `time a URL has to answer in full (default ${DEFAULT_FETCH_TIMEOUT_MS})`],
        ["--max-fetch-bytes <n>", `largest document fetched from a URL (default ${DEFAULT_MAX_FETCH_BYTES}, 64 MiB)`],
        OUTPUT_OPTION,
        HELP_OPTION,
      ],
    },
  ],
  examples: [
    "action-recall convert openapi.yaml --dialect anthropic -o tools.json",
    'action-recall convert https://petstore3.swagger.io/api/v3/openapi.json --operation "GET /pet/{petId}"',
    'cat openapi.json | action-recall convert - --operation listPets --fixed \'{"x-account-id": "a"}\' --report',
  ],
});

/** A usage mistake: exit code 2 and the help. */
class UsageError extends Error {}

/**
 * `action-recall convert <file|url|-> [options]`: a thin wrapper over `convertOperations`. Returns 0 when everything
 * converted, 1 when an operation failed or the input could not be read, 2 for a usage mistake; an input that cannot be
 * parsed or fetched, or a `--fixed` name no converted operation has, throws an ActionRecallError naming it, which
 * `runCli` prints before exiting with 1.
 */
export async function runConvertCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseConvertArguments>;
  try {
    parsed = parseConvertArguments(argv);
  } catch (error) {
    io.stderr(`action-recall convert: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (parsed === "help") {
    io.stdout(HELP);
    return 0;
  }
  const { file, options, operation, report, externalRefs, fetchLimits, output } = parsed;
  let input: string | object;
  try {
    if (externalRefs !== undefined) input = await bundleExternalRefs(file, externalRefs);
    else if (isUrlInput(file)) input = await fetchDocument(file, fetchLimits);
    else input = file === "-" ? await io.readStdin() : await readFile(file, "utf8");
  } catch (error) {
    // A document that cannot be bundled or fetched says so with its code, as `runCli` prints.
    if (error instanceof ActionRecallError) throw error;
    io.stderr(
      `action-recall convert: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const inputName = file === "-" ? "standard input" : file;
  const result = convertInput(input, options, inputName);
  assertFixedNamesPlaced(result, inputName);
  const entries: unknown[] = [
    ...result.tools.map((converted) => toEntry(converted, report)),
    ...result.failures.map(toFailureEntry),
  ];
  // An empty array alone reads like success; a components-only file or the wrong file gets a word on why.
  if (entries.length === 0) io.stderr(`action-recall convert: ${inputName} has no operations under its paths\n`);
  await writeResult(`${JSON.stringify(operation === undefined ? entries : entries[0], null, 2)}\n`, output, io);
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
      "fetch-timeout": { type: "string" },
      "max-fetch-bytes": { type: "string" },
      output: { type: "string", short: "o" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help" as const;
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError("missing <file|url|->");
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
  const options: ConvertOptions = {};
  if (values.dialect !== undefined) options.dialect = parseDialect(values.dialect);
  if (values["max-depth"] !== undefined) options.maxDepth = parseCount("--max-depth", values["max-depth"], 0);
  if (values["max-tokens"] !== undefined) options.maxTokens = parseCount("--max-tokens", values["max-tokens"], 1);
  if (values.fixed !== undefined) options.fixed = parseFixed(values.fixed);
  if (values.operation !== undefined) options.operations = [values.operation];
  if (values["external-refs"] !== undefined && (file === "-" || isUrlInput(file)))
    throw new UsageError("--external-refs needs a file, not standard input or a URL: refs are relative to it");
  const fetchLimits: FetchDocumentOptions = {
    timeoutMs:
      values["fetch-timeout"] === undefined
        ? DEFAULT_FETCH_TIMEOUT_MS
        : parseCount("--fetch-timeout", values["fetch-timeout"], 1),
    maxBytes:
      values["max-fetch-bytes"] === undefined
        ? DEFAULT_MAX_FETCH_BYTES
        : parseCount("--max-fetch-bytes", values["max-fetch-bytes"], 1),
  };
  return {
    file,
    options,
    operation: values.operation,
    report: values.report,
    externalRefs: values["external-refs"],
    fetchLimits,
    output: values.output,
  };
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

/**
 * Throws UNKNOWN_PARAMETER when a flat `--fixed` name is a parameter of none of the converted operations (with
 * `--operation`, of that one): a misspelt name would otherwise leave the parameter for the model to fill. The closest
 * parameter name is suggested. A name some operations have and others lack is fine: one value serves a whole API.
 */
function assertFixedNamesPlaced(result: ConversionResult, inputName: string): void {
  const [first, ...others] = result.tools.map((converted) => converted.report.unplacedFixed ?? []);
  const nowhere = (first ?? []).filter((name) => others.every((unplaced) => unplaced.includes(name)));
  const [name] = nowhere;
  if (name === undefined) return;
  const suggestion = closestName(name, new Set(result.tools.flatMap(argumentNames)));
  const where =
    result.tools.length === 1 ? `operation ${result.tools[0]?.operation}` : `any operation converted from ${inputName}`;
  throw new ActionRecallError(
    "UNKNOWN_PARAMETER",
    `--fixed names ${nowhere.map((each) => `"${each}"`).join(", ")}, not a parameter of ${where}${suggestion === undefined ? "" : `; did you mean "${suggestion}"?`}`,
    { data: { parameter: name } },
  );
}

/** The names a model may still give in a tool: the members of each section (`header`, `path`, `query`, `body`). */
function argumentNames(converted: ConvertedTool): string[] {
  const sections = converted.definition.parameters.properties;
  if (!isJsonObject(sections)) return [];
  return Object.values(sections).flatMap((section) =>
    isJsonObject(section) && isJsonObject(section.properties) ? Object.keys(section.properties) : [],
  );
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
