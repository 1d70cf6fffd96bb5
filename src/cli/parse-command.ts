import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { CallableTool } from "../calls/callable-tool.js";
import { parseToolCalls } from "../calls/index.js";
import { callableToolsFromDialect } from "../calls/providers/callable-tool-from-dialect.js";
import { TOOL_CALL_FORMATS, type ToolCallFormat } from "../calls/tool-call.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import type { CliIo } from "./cli-io.js";

const USAGE = `Usage: action-recall parse [--format <format>] [--tools <file>] [file|-]

Reads model output (text, or a provider's JSON response) from a file or standard input and prints the tool calls
in it as JSON: {"calls": [...], "text": "...", "errors": [...]}.

Options:
  --format <format>  auto (default), or one syntax only:
                     ${TOOL_CALL_FORMATS.join(", ")}
  --tools <file>     a JSON array of tools in any dialect "convert" prints: arguments are typed by their schemas,
                     legacy XML tags are recognised, unknown tool and parameter names are reported
  -h, --help         show this help
`;

const FORMATS: ReadonlySet<string> = new Set(["auto", ...TOOL_CALL_FORMATS]);

/**
 * `action-recall parse`: prints the tool calls in model output as JSON. Exit code 0 when the output was read (parse
 * problems are in `errors`), 2 for bad usage.
 */
export async function runParseCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof readArguments>;
  try {
    parsed = readArguments(argv);
  } catch (error) {
    io.stderr(`action-recall parse: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const format = parsed.values.format ?? "auto";
  const [source = "-", ...extra] = parsed.positionals;
  if (!FORMATS.has(format) || extra.length > 0) {
    const problem =
      extra.length > 0 ? `one input at most, got ${parsed.positionals.length}` : `unknown format "${format}"`;
    io.stderr(`action-recall parse: ${problem}\n\n${USAGE}`);
    return 2;
  }
  const tools = parsed.values.tools === undefined ? undefined : await readTools(parsed.values.tools);
  const text = source === "-" ? await io.readStdin() : await readFile(source, "utf8");
  const result = parseToolCalls(text, {
    format: format as "auto" | ToolCallFormat,
    ...(tools === undefined ? {} : { tools }),
  });
  io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

function readArguments(argv: string[]) {
  return parseArgs({
    args: argv,
    options: { format: { type: "string" }, tools: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    strict: true,
  });
}

async function readTools(file: string): Promise<CallableTool[]> {
  const text = await readFile(file, "utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ActionRecallError("INVALID_DOCUMENT", `--tools ${file} is not JSON: ${reason}`, { cause });
  }
  return callableToolsFromDialect(value);
}
