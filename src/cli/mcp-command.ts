import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { pino } from "pino";
import { ActionRecallError, isActionRecallError } from "../errors/index.js";
import { createActionRuntime } from "../server/action-runtime.js";
import { createMcpToolServer } from "../server/mcp-tool-server.js";
import { readText } from "../server/read-text.js";
import { loadServiceConfig } from "../server/service-config.js";
import { SERVICE_VERSION } from "../server/service-version.js";
import { type RunningExample, startExample } from "../server/start-example.js";
import { startTelemetry, type Telemetry } from "../server/start-telemetry.js";
import type { ServiceCaller } from "../server/tool-executions.js";
import type { CliIo } from "./cli-io.js";
import { formatHelp, HELP_OPTION } from "./command-help.js";
import { nextSignal } from "./next-signal.js";

const HELP = formatHelp({
  usage: "action-recall mcp [options]",
  description:
    "Serves the actions as MCP tools over standard input and output, for MCP clients that start a command (Claude\n" +
    "Desktop, Claude Code, Cursor). Settings come from the environment, as for serve (CATALOG_FILE, ONTOLOGY_QUERY_URL,\n" +
    "OPERATOR_INTEGRATION_URL, MCP_ACTION_BINDINGS, MCP_SERVERS, UPSTREAM_TIMEOUT_MS, ...); the tools run as the account\n" +
    "ACTION_RECALL_ACCOUNT_ID of type ACTION_RECALL_ACCOUNT_TYPE (both required). AUTH_MODE must be none: the client is\n" +
    "the local user who started the process. Standard output carries the protocol; logs go to standard error. With the\n" +
    "example catalog it also starts the example orders API on 127.0.0.1, port EXAMPLE_API_PORT (default 3101; 0 any free\n" +
    "port; off not started). OTEL_EXPORTER_OTLP_ENDPOINT turns on OpenTelemetry tracing (not the console exporter,\n" +
    "which would write to standard output). It ends when its input closes, or on SIGTERM or SIGINT.",
  sections: [
    {
      heading: "Options",
      rows: [
        ["--catalog <file>", "the action catalog recalled from without ONTOLOGY_QUERY_URL (CATALOG_FILE)"],
        HELP_OPTION,
      ],
    },
  ],
  examples: [
    "ACTION_RECALL_ACCOUNT_ID=u1 ACTION_RECALL_ACCOUNT_TYPE=user action-recall mcp --catalog action-recall.yaml",
  ],
});

/**
 * The console exporter writes spans to standard output, which carries the protocol here: the client would read them
 * as broken messages. It is refused; an OTLP endpoint works as for serve.
 */
function refuseConsoleExporter(env: Record<string, string | undefined>): void {
  const exporters = (readText(env, "OTEL_TRACES_EXPORTER") ?? "").split(",").map((name) => name.trim());
  if (!exporters.includes("console")) return;
  throw new ActionRecallError(
    "CONFIG_INVALID",
    "OTEL_TRACES_EXPORTER=console writes to standard output, which carries the MCP protocol under action-recall mcp; " +
      "use otlp (OTEL_EXPORTER_OTLP_ENDPOINT)",
    { data: { setting: "OTEL_TRACES_EXPORTER" } },
  );
}

/** How long a closed server may take to let its process end by itself. */
const EXIT_GRACE_MS = 200;

/** The account every call runs as, from `ACTION_RECALL_ACCOUNT_ID` and `ACTION_RECALL_ACCOUNT_TYPE`. */
function readStdioAccount(env: Record<string, string | undefined>): Omit<ServiceCaller, "requestId"> {
  const read = (setting: string): string => {
    const value = readText(env, setting);
    if (value !== undefined) return value;
    throw new ActionRecallError(
      "CONFIG_INVALID",
      `${setting} is not set: action-recall mcp runs every tool as the account ACTION_RECALL_ACCOUNT_ID of type ACTION_RECALL_ACCOUNT_TYPE`,
      { data: { setting } },
    );
  };
  return { accountId: read("ACTION_RECALL_ACCOUNT_ID"), accountType: read("ACTION_RECALL_ACCOUNT_TYPE") };
}

/**
 * Over stdio nobody is there to authenticate: the MCP client starts this process as the local user, and the account
 * comes from the environment. An AUTH_MODE would suggest a check that never happens, so it is refused before its own
 * settings are read.
 */
function refuseAuthMode(env: Record<string, string | undefined>): void {
  const mode = readText(env, "AUTH_MODE") ?? "none";
  if (mode === "none") return;
  throw new ActionRecallError(
    "CONFIG_INVALID",
    `AUTH_MODE=${mode} does not apply to action-recall mcp: over stdio the client is the local user who started ` +
      "the process, and the account is ACTION_RECALL_ACCOUNT_ID; unset AUTH_MODE (or serve /mcp over HTTP)",
    { data: { setting: "AUTH_MODE", value: mode } },
  );
}

/** Resolves when the client closes standard input: the end of the session. */
function inputClosed(): Promise<void> {
  return new Promise((resolve) => process.stdin.once("end", resolve));
}

/**
 * `action-recall mcp [--catalog file]`: the MCP server of the configured actions over stdio (see
 * {@link createMcpToolServer}), as one account. Ends when its input closes or on SIGTERM or SIGINT.
 */
export async function runMcpCommand(argv: string[], io: CliIo): Promise<number> {
  let options: { catalog?: string | undefined; help?: boolean | undefined };
  try {
    options = parseArgs({
      args: argv,
      options: { catalog: { type: "string" }, help: { type: "boolean", short: "h" } },
    }).values;
  } catch (error) {
    io.stderr(`action-recall mcp: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (options.help === true) {
    io.stdout(HELP);
    return 0;
  }
  const env = { ...process.env, ...(options.catalog === undefined ? {} : { CATALOG_FILE: options.catalog }) };
  let example: RunningExample | undefined;
  let telemetry: Telemetry | undefined;
  try {
    refuseAuthMode(env);
    refuseConsoleExporter(env);
    const config = loadServiceConfig(env);
    const account = readStdioAccount(env);
    // Standard output is the protocol: every log line goes to standard error.
    const log = pino({ name: "action-recall", level: config.logLevel }, pino.destination(2));
    example = await startExample(config);
    telemetry = await startTelemetry(env);
    const runtime = await createActionRuntime(config, example === undefined ? {} : { catalog: example.catalog });
    const server = createMcpToolServer({
      ...runtime,
      actions: runtime.mcpActions,
      callerOf: () => ({ ...account, requestId: randomUUID() }),
      log,
      version: SERVICE_VERSION,
    });
    const ended = Promise.race([inputClosed(), nextSignal()]);
    await server.connect(new StdioServerTransport());
    log.info(
      {
        actions: runtime.mcpActions.length,
        source: config.ontologyQueryUrl ?? config.catalogFile,
        ...(example === undefined ? {} : { exampleOrdersApi: example.url }),
      },
      "action-recall mcp serving on stdio",
    );
    await ended;
    await server.close();
    await example?.close();
    await telemetry?.shutdown();
    // An execution cut by the close may still wait on its upstream: once the event loop had its chance, exit anyway.
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
    return 0;
  } catch (error) {
    await example?.close();
    await telemetry?.shutdown();
    const message = isActionRecallError(error) ? `${error.code}: ${error.message}` : String(error);
    io.stderr(`action-recall mcp: ${message}\n`);
    return 1;
  }
}
