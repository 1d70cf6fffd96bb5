import { parseArgs } from "node:util";
import { isActionRecallError } from "../errors/index.js";
import { buildServer } from "../server/build-server.js";
import { closeWithDeadline } from "../server/close-with-deadline.js";
import { loadServiceConfig } from "../server/service-config.js";
import { type RunningExample, startExample } from "../server/start-example.js";
import { startTelemetry, type Telemetry } from "../server/start-telemetry.js";
import type { CliIo } from "./cli-io.js";
import { formatHelp, HELP_OPTION } from "./command-help.js";
import { nextSignal } from "./next-signal.js";

const HELP = formatHelp({
  usage: "action-recall serve [options]",
  description:
    "Runs the action-recall service. Settings come from the environment (PORT, HOST, ONTOLOGY_QUERY_URL,\n" +
    "OPERATOR_INTEGRATION_URL, CATALOG_FILE, UPSTREAM_TIMEOUT_MS, PROXY_TIMEOUT_MS, CACHE_TTL_MS, MAX_BODY_BYTES,\n" +
    "MAX_RESPONSE_BYTES, MAX_SCHEMA_DEPTH, MCP_SERVERS, MCP_URL_TEMPLATE, MCP_ACTION_BINDINGS, OPENAI_BASE_URL, ...);\n" +
    "the options override them. With no ONTOLOGY_QUERY_URL it recalls from the catalog file (default\n" +
    "./action-recall.yaml, else the package's example catalog); with the example catalog it also starts the example\n" +
    "orders API on 127.0.0.1, port EXAMPLE_API_PORT (default 3101; 0 any free port; off not started).\n" +
    "OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER turns on OpenTelemetry tracing. On SIGTERM or\n" +
    "SIGINT it drains in-flight requests for up to SHUTDOWN_TIMEOUT_MS (default 25,000), then closes every connection\n" +
    "still open and exits.",
  sections: [
    {
      heading: "Options",
      rows: [
        ["--port <n>", "port to listen on (PORT, default 8080)"],
        ["--host <host>", "address to listen on (HOST, default 127.0.0.1)"],
        ["--catalog <file>", "the action catalog recalled from without ONTOLOGY_QUERY_URL (CATALOG_FILE)"],
        HELP_OPTION,
      ],
    },
  ],
  examples: ["action-recall serve --port 8080", "ONTOLOGY_QUERY_URL=http://127.0.0.1:9000 action-recall serve"],
});

/** How long a closed service may take to let its process end by itself. */
const EXIT_GRACE_MS = 200;

/**
 * `action-recall serve [--port N] [--host H] [--catalog file]`: listens, prints the URL, and on SIGTERM or SIGINT
 * drains in-flight requests for at most `SHUTDOWN_TIMEOUT_MS`, then closes every socket still open and exits; a second
 * signal closes them at once.
 */
export async function runServeCommand(argv: string[], io: CliIo): Promise<number> {
  let options: {
    port?: string | undefined;
    host?: string | undefined;
    catalog?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    options = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        catalog: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    io.stderr(`action-recall serve: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (options.help === true) {
    io.stdout(HELP);
    return 0;
  }
  const env = {
    ...process.env,
    ...(options.port === undefined ? {} : { PORT: options.port }),
    ...(options.host === undefined ? {} : { HOST: options.host }),
    ...(options.catalog === undefined ? {} : { CATALOG_FILE: options.catalog }),
  };
  let example: RunningExample | undefined;
  let telemetry: Telemetry | undefined;
  try {
    const config = loadServiceConfig(env);
    const catalogMode = config.ontologyQueryUrl === undefined;
    example = await startExample(config);
    telemetry = await startTelemetry(env);
    const app = await buildServer(config, example === undefined ? {} : { catalog: example.catalog });
    // The SDK flushes its last spans once every request has drained.
    app.addHook("onClose", async () => telemetry?.shutdown());
    const url = await app.listen({ port: config.port, host: config.host });
    io.stdout(`action-recall listening on ${url}\n`);
    io.stdout(
      catalogMode
        ? `  actions from the catalog ${config.catalogFile}\n`
        : `  actions from ${config.ontologyQueryUrl}\n`,
    );
    if (example !== undefined) io.stdout(`  example orders API on ${example.url}\n`);
    const signal = await nextSignal();
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down: draining in-flight requests");
    const closing = closeWithDeadline(app, config.shutdownTimeoutMs);
    void nextSignal().then(closing.force);
    if ((await closing.done).forced) app.log.warn("shutting down: the drain deadline passed, open sockets were closed");
    await example?.close();
    // A request cut at the deadline may still wait on its upstream, which would hold the process until that
    // upstream's timeout: once the event loop had its chance to empty, exit anyway.
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
    return 0;
  } catch (error) {
    await example?.close();
    await telemetry?.shutdown();
    const message = isActionRecallError(error) ? `${error.code}: ${error.message}` : String(error);
    io.stderr(`action-recall serve: ${message}\n`);
    return 1;
  }
}
