import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { CallableTool } from "../calls/callable-tool.js";
import { parseToolCalls } from "../calls/index.js";
import { callableToolsFromDialect } from "../calls/providers/callable-tool-from-dialect.js";
import { TOOL_CALL_FORMATS, type ToolCallFormat } from "../calls/tool-call.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import type { CliIo } from "./cli-io.js";
import { formatHelp, HELP_OPTION, OUTPUT_OPTION } from "./command-help.js";
import { writeResult } from "./write-result.js";

const HELP = formatHelp({
  usage: "action-recall parse [options] [file|-]",
  description:
    "Reads model output (text, or a provider's JSON response) from a file or standard input and prints the tool calls\n" +
    'in it as JSON: {"calls": [...], "text": "...", "errors": [...]}.',
  sections: [
    {
      heading: "Options",
      rows: [
        ["--format <format>", `auto (default), or one syntax only:\n${TOOL_CALL_FORMATS.join(", ")}`],
        [
          "--tools <file>",
          'a JSON array of tools in any dialect "convert" prints: arguments are typed by their\n' +
            "schemas, legacy XML tags are recognised, unknown tool and parameter names are reported",
        ],
        OUTPUT_OPTION,
        HELP_OPTION,
      ],
    },
  ],
  examples: [
    "action-recall parse reply.txt --tools tools.json",
    `echo '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>' | action-recall parse -o calls.json`,
  ],
});

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
    io.stderr(`action-recall parse: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (parsed.values.help === true) {
    io.stdout(HELP);
    return 0;
  }
  const format = parsed.values.format ?? "auto";
  const [source = "-", ...extra] = parsed.positionals;
  if (!FORMATS.has(format) || extra.length > 0) {
    const problem =
      extra.length > 0 ? `one input at most, got ${parsed.positionals.length}` : `unknown format "${format}"`;
    io.stderr(`action-recall parse: ${problem}\n\n${HELP}`);
    return 2;
  }
  const tools = parsed.values.tools === undefined ? undefined : await readTools(parsed.values.tools);
  const text = source === "-" ? await io.readStdin() : await readFile(source, "utf8");
  const result = parseToolCalls(text, {
    format: format as "auto" | ToolCallFormat,
    ...(tools === undefined ? {} : { tools }),
  });
  await writeResult(`${JSON.stringify(result, null, 2)}\n`, parsed.values.output, io);
  return 0;
}

function readArguments(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      format: { type: "string" },
      tools: { type: "string" },
      output: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
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
