#!/usr/bin/env node
import { readFile } from "node:fs/promises";
import { ActionRecallError } from "../errors/action-recall-error.js";
import type { CliCommand, CliIo } from "./cli-io.js";
import { formatHelp, HELP_OPTION } from "./command-help.js";

const HELP = formatHelp({
  usage: "action-recall <command> [options]",
  description:
    "Converts OpenAPI operations into LLM tools, reads the tool calls in model output, fills a schema's slots, and\n" +
    "serves all of it over HTTP.",
  sections: [
    {
      heading: "Commands",
      rows: [
        ["convert", "convert OpenAPI operations (a file, standard input or an https URL) into LLM tools"],
        ["parse", "parse model output into tool calls"],
        ["fill", "fill a schema's slots from data, context and an LLM"],
        ["serve", "run the action-recall HTTP service"],
        ["mcp", "serve the actions as MCP tools over stdio"],
        ["help <command>", "show a command's help (as <command> --help does)"],
      ],
    },
    { heading: "Options", rows: [["-v, --version", "print the version"], HELP_OPTION] },
  ],
  examples: ["action-recall convert openapi.yaml --dialect anthropic -o tools.json", "action-recall help convert"],
});

/** Each command lives in its own module, loaded only when it runs so `parse` does not pay for Fastify. */
const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  serve: async () => (await import("./serve-command.js")).runServeCommand,
  mcp: async () => (await import("./mcp-command.js")).runMcpCommand,
  convert: async () => (await import("./convert-command.js")).runConvertCommand,
  parse: async () => (await import("./parse-command.js")).runParseCommand,
  fill: async () => (await import("./fill-command.js")).runFillCommand,
};

const processIo: CliIo = {
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs the CLI with the given arguments and returns the exit code. */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || (name === "help" && rest.length === 0)) {
    io.stdout(HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(`${await packageVersion()}\n`);
    return 0;
  }
  // `help <command>` is `<command> --help`: one text, written once, by the command.
  const [command, args] = name === "help" ? [rest[0] ?? "", ["--help"]] : [name, rest];
  const loadCommand = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (loadCommand === undefined) {
    io.stderr(`action-recall: unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  try {
    return await (await loadCommand())(args, io);
  } catch (error) {
    io.stderr(`action-recall ${command}: ${describeError(error)}\n`);
    return 1;
  }
}

/** The version in the package's own package.json, found from this file (in `src/cli/` or `dist/cli/`), not the cwd. */
async function packageVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

function describeError(error: unknown): string {
  if (error instanceof ActionRecallError) {
    const where = error.data.pointer ?? error.data.parameter ?? error.data.operation;
    return `${error.code}: ${error.message}${where === undefined ? "" : ` (at ${where})`}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"));
if (isEntryPoint || process.argv[1]?.endsWith("/action-recall")) {
  process.exitCode = await runCli(process.argv.slice(2));
}
