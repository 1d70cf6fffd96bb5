#!/usr/bin/env node
import { readFile } from "node:fs/promises";
import { ActionRecallError } from "../errors/action-recall-error.js";
import type { CliCommand, CliIo } from "./cli-io.js";

const USAGE = `Usage: action-recall <command> [options]

Commands:
  serve     run the action-recall HTTP service
  mcp       serve the actions as MCP tools over stdio
  convert   convert OpenAPI operations into LLM tools
  parse     parse model output into tool calls
  fill      fill a schema's slots from data, context and an LLM

Run "action-recall <command> --help" for a command's options.
`;

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
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === "--version") {
    const manifest = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    io.stdout(`${manifest.version}\n`);
    return 0;
  }
  const loadCommand = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (loadCommand === undefined) {
    io.stderr(`action-recall: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  try {
    return await (await loadCommand())(rest, io);
  } catch (error) {
    io.stderr(`action-recall ${name}: ${describeError(error)}\n`);
    return 1;
  }
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
