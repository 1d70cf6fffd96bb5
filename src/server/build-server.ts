import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import { parseToolCalls, type ToolCallFormat } from "../calls/index.js";
import { callableToolsFromDialect } from "../calls/providers/callable-tool-from-dialect.js";
import { ActionRecallError, isActionRecallError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { HTTP_PROXY_TRANSPORT, toProxyBody } from "../http/index.js";
import { createLlmClient, type LlmClient } from "../llm/index.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { ActionCatalog } from "../recall/index.js";
import {
  executeDynamicTool,
  prepareDynamicToolCall,
  recallActions,
  serializeRecallResult,
  type TtlCacheStats,
} from "../recall/index.js";
import { type ConvertOptions, convertOperations } from "../schema/index.js";
import type { Dialect } from "../schema/tool-definition.js";
import { fillSlots } from "../slots/index.js";
import { fetchWithTraceContext } from "../telemetry/fetch-with-trace-context.js";
import { withSpan } from "../telemetry/with-span.js";
import { createActionRuntime, type ServiceRecallContext } from "./action-runtime.js";
import { registerAuthentication } from "./auth/register-authentication.js";
import { httpServerFactory } from "./http-server-factory.js";
import { httpStatusOf } from "./http-status-of.js";
import { isLoopbackHost, LOOPBACK_HOSTNAMES } from "./is-loopback-host.js";
import { registerMcpEndpoint } from "./mcp-endpoint.js";
import { readRequestId } from "./read-request-id.js";
import { REDACTED, redactUrl } from "./redact-url.js";
import { registerJsonParser } from "./register-json-parser.js";
import { registerRateLimit } from "./register-rate-limit.js";
import { ROUTE_SCHEMAS, SECURITY_SCHEMES } from "./route-schemas.js";
import { serializeRequest } from "./serialize-request.js";
import type { ServiceConfig } from "./service-config.js";
import { createServiceMetrics } from "./service-metrics.js";
import { SERVICE_VERSION } from "./service-version.js";
import type { ExecutionTarget } from "./tool-executions.js";
import { registerRequestTracing } from "./trace-requests.js";
import { upstreamNames } from "./upstream-names.js";

/** What {@link buildServer} can be given instead of building it from the config (tests, embedding). */
export interface ServerDependencies {
  /** The recall context; default: the KWeaver upstreams, or the catalog file, per the config. */
  recallContext?: ServiceRecallContext;
  /** The catalog, already read (see `startExample`); default: read from `config.catalogFile` in catalog mode. */
  catalog?: ActionCatalog;
  /** The model for slot filling; default: one built from `config.llm`, or none. */
  llm?: LlmClient;
  /** False for no logs, or where the JSON log lines go. Default: standard output, at `config.logLevel`. */
  logger?: false | { stream: { write(line: string): void } };
}

const API = "/api/action-recall/v1";

/** Secrets never reach the logs: pino replaces these paths. */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-api-key']",
  "req.headers['x-account-id']",
  "req.headers['proxy-authorization']",
  "req.headers['set-cookie']",
  "req.headers['x-gateway-secret']",
  "headers.authorization",
  "headers['x-account-id']",
  "headers['proxy-authorization']",
  "headers.cookie",
  "headers['set-cookie']",
  "headers['x-api-key']",
  "headers['x-gateway-secret']",
];

/** Writes an error as `{code, message, ...data}` with its mapped status. */
function sendError(reply: FastifyReply, code: string, message: string, data: unknown): FastifyReply {
  return reply.code(httpStatusOf(code)).send({ ...(isJsonObject(data) ? data : {}), code, message });
}

/** Streams an async iterable as server-sent events, one `data:` line per item, ending with `[DONE]`. */
async function sendEvents(reply: FastifyReply, events: AsyncIterable<string>): Promise<void> {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  try {
    for await (const data of events) reply.raw.write(`data: ${data}\n\n`);
  } catch (error) {
    const body = isActionRecallError(error)
      ? error.toJSON()
      : { code: "TOOL_FAILED", message: error instanceof Error ? error.message : String(error) };
    reply.raw.write(`event: error\ndata: ${JSON.stringify(body)}\n\n`);
  }
  reply.raw.end("data: [DONE]\n\n");
}

/**
 * Builds the action-recall service (seed 003) as a Fastify instance, without listening: recall, execution, the
 * schema engine, the parser and slot filling over HTTP, `/mcp`, health, metrics, and its own OpenAPI document at
 * `/docs/json` with Swagger UI at `/docs`.
 * Request bodies are validated by the route schemas; unknown top-level fields are ignored (removed before the
 * handler runs), and a body over `config.maxBodyBytes` (over `config.maxConvertBodyBytes` on the convert, parse and
 * slot-fill routes) is a 413.
 *
 * @example
 * const app = await buildServer(loadServiceConfig(process.env));
 * const response = await app.inject({ method: "GET", url: "/healthz" });
 */
export async function buildServer(
  config: ServiceConfig,
  dependencies: ServerDependencies = {},
): Promise<FastifyInstance> {
  checkObjectArgument("buildServer", "config", config);
  checkObjectArgument("buildServer", "dependencies", dependencies, true);
  const app = Fastify({
    logger:
      dependencies.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: REDACTED },
            serializers: { req: serializeRequest },
            ...(dependencies.logger === undefined ? {} : { stream: dependencies.logger.stream }),
          },
    bodyLimit: config.maxBodyBytes,
    serverFactory: httpServerFactory(config),
    requestIdHeader: false,
    genReqId: readRequestId,
  });
  registerRequestTracing(app);
  registerJsonParser(app);

  const runtime = await createActionRuntime(config, dependencies);
  const { catalog, recallContext, executions, executionSlots } = runtime;
  /** Converting, parsing and filling cost CPU by the size of the body: their bodies are capped lower. */
  const cpuHeavyBodyLimit = Math.min(config.maxConvertBodyBytes, config.maxBodyBytes);
  const llm = dependencies.llm ?? (config.llm === undefined ? undefined : createLlmClient(config.llm));

  const metrics = createServiceMetrics(() => {
    const stats = recallContext.cacheStats;
    return isJsonObject(stats) ? (stats as Record<string, TtlCacheStats | undefined>) : {};
  }, upstreamNames(config));
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  // Draining: close() waits for every connection, so a keep-alive connection answered while closing must not stay.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
  });
  app.addHook("onClose", async () => metrics.close());
  registerAuthentication(app, { auth: config.auth, timeoutMs: config.upstreamTimeoutMs });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isActionRecallError(error)) {
      request.log.warn({ code: error.code, err: error }, "request failed");
      if (typeof error.data.retryAfterSeconds === "number") reply.header("retry-after", error.data.retryAfterSeconds);
      return sendError(reply, error.code, error.message, error.data);
    }
    if (error.validation !== undefined) {
      return sendError(reply, "INVALID_REQUEST", `Invalid request: ${error.message}`, {
        issues: error.validation,
      });
    }
    if (typeof error.statusCode === "number" && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ code: "INVALID_REQUEST", message: error.message });
    }
    request.log.error({ err: error }, "unexpected failure");
    return reply.code(500).send({ code: "INTERNAL", message: "Unexpected failure; see the service logs" });
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "action-recall",
        version: SERVICE_VERSION,
        description:
          "Knowledge-network actions as ready-to-call LLM tools, and their calls carried to the API. Every route but the health probes needs a credential: a bearer token (an API key or a JWT, per AUTH_MODE) or X-API-Key; behind a gateway, the gateway's headers.",
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] })),
    },
  });
  // The UI and its document need a credential like every other route (fail closed): the document maps the whole
  // service, and a browser reaches it with AUTH_MODE=none on loopback, or through the gateway that authenticates.
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  app.setNotFoundHandler((request, reply) => {
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
    return sendError(reply, "NOT_FOUND", `Route ${request.method}:${request.url} not found`, {});
  });
  await registerRateLimit(app, { max: config.rateLimitMax, windowMs: config.rateLimitWindowMs });

  app.get("/healthz", { schema: ROUTE_SCHEMAS.health, config: { auth: "public" } }, async () => ({ status: "ok" }));

  // Open to anyone, so it names each upstream and whether it answers, never its address or error: those are logged.
  app.get("/readyz", { schema: ROUTE_SCHEMAS.ready, config: { auth: "public" } }, async (request, reply) => {
    const upstreams = Object.entries({
      "ontology-query": config.ontologyQueryUrl,
      "operator-integration": config.operatorIntegrationUrl,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const checks = await Promise.all(
      upstreams.map(async ([name, url]) => {
        try {
          // Any HTTP answer proves the upstream reachable; only a transport failure or a timeout does not.
          const response = await fetchWithTraceContext(url, {
            method: "GET",
            signal: AbortSignal.timeout(config.upstreamTimeoutMs),
          });
          await response.body?.cancel();
          return { name, reachable: true };
        } catch (error) {
          request.log.warn({ upstream: name, url, err: error }, "readyz: upstream unreachable");
          return { name, reachable: false };
        }
      }),
    );
    const ready = checks.every((check) => check.reachable);
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? "ready" : "not ready", mode: catalog ? "catalog" : "kweaver", upstreams: checks });
  });

  app.get(
    "/metrics",
    { schema: ROUTE_SCHEMAS.metrics, config: { auth: "metrics-token", scope: "admin" } },
    async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );

  app.post<{
    Params: { kn_id: string; action_type_id: string };
    Querystring: { dialect?: Dialect };
    Body: { unique_identity: Record<string, unknown> };
  }>(
    `${API}/knowledge-networks/:kn_id/action-types/:action_type_id`,
    { schema: ROUTE_SCHEMAS.recall, config: { scope: "recall" } },
    async (request, reply) => {
      const result = await recallActions(
        {
          knId: request.params.kn_id,
          actionTypeId: request.params.action_type_id,
          uniqueIdentity: request.body.unique_identity,
          ...executions.callerOf(request),
          ...(request.query.dialect === undefined ? {} : { dialect: request.query.dialect }),
        },
        recallContext,
      );
      // A warm recall writes its cached tool's pre-built JSON text instead of serialising the large schemas again.
      return reply.type("application/json; charset=utf-8").send(serializeRecallResult(result));
    },
  );

  app.post<{ Querystring: { stream?: boolean }; Body: ExecutionTarget & { call: unknown } }>(
    `${API}/tool-calls`,
    { schema: ROUTE_SCHEMAS.toolCall, config: { scope: "execute" } },
    async (request, reply) => {
      const { tool, options } = await executions.resolve(request, request.body);
      const { call } = request.body;
      if (request.query.stream === true) {
        if (tool.mcp !== undefined) {
          throw new ActionRecallError(
            "INVALID_REQUEST",
            `MCP tool ${tool.name} does not stream: call it without ?stream`,
          );
        }
        // Traced as executeDynamicTool traces a whole call: execute > proxy call > the request.
        const attributes = { "action_recall.tool": tool.name };
        return withSpan("execute", attributes, async () => {
          const args = prepareDynamicToolCall(tool, call);
          const body = toProxyBody(args, tool.fixed_params_by_location, options.proxyTimeoutSeconds);
          const proxy = options.proxy ?? HTTP_PROXY_TRANSPORT;
          return withSpan("proxy call", attributes, () =>
            executionSlots.run(() => sendEvents(reply, proxy.stream(tool.api_url, body, options))),
          );
        });
      }
      const result = await executionSlots.run(() => executeDynamicTool(tool, call, options));
      if (!result.success) request.log.warn({ code: result.error?.code, tool: tool.name }, "execution failed");
      // A call the proxy carried answers 200 whatever the tool said (the agent reads `output.status_code`); a call
      // that could not be carried answers its error's status.
      if (result.success || result.output !== null || result.error === undefined) return result;
      return sendError(reply, result.error.code, result.error.message, result.error.details);
    },
  );

  app.post<{ Body: { document: string | Record<string, unknown> } & ConvertOptions }>(
    `${API}/tools/convert`,
    { schema: ROUTE_SCHEMAS.convert, bodyLimit: cpuHeavyBodyLimit, config: { scope: "recall" } },
    async (request) => {
      const { document, ...options } = request.body;
      return withSpan("convert", {}, async () =>
        convertOperations(document, {
          ...(config.maxSchemaDepth === undefined ? {} : { maxDepth: config.maxSchemaDepth }),
          ...options,
        }),
      );
    },
  );

  app.post<{ Body: { output: unknown; tools?: unknown[]; format?: "auto" | ToolCallFormat } }>(
    `${API}/tool-calls/parse`,
    { schema: ROUTE_SCHEMAS.parse, bodyLimit: cpuHeavyBodyLimit, config: { scope: "recall" } },
    async (request) =>
      parseToolCalls(request.body.output, {
        format: request.body.format ?? "auto",
        ...(request.body.tools === undefined ? {} : { tools: callableToolsFromDialect(request.body.tools) }),
      }),
  );

  app.post<{
    Body: {
      schema: Record<string, unknown>;
      data?: Record<string, unknown>;
      question?: string;
      language?: "zh" | "en";
      tool?: { name: string; description?: string };
    };
  }>(
    `${API}/slots/fill`,
    { schema: ROUTE_SCHEMAS.fillSlots, bodyLimit: cpuHeavyBodyLimit, config: { scope: "recall" } },
    async (request, reply) => {
      const { schema, data, question, language, tool } = request.body;
      const controller = new AbortController();
      request.raw.on("close", () => controller.abort());
      const chunks = fillSlots({
        schema,
        ...(data === undefined ? {} : { data }),
        ...(question === undefined ? {} : { question }),
        ...(language === undefined ? {} : { language }),
        ...(tool === undefined ? {} : { tool }),
        ...(llm === undefined ? {} : { llm }),
        signal: controller.signal,
      });
      return sendEvents(
        reply,
        (async function* () {
          for await (const chunk of chunks) yield JSON.stringify(chunk);
        })(),
      );
    },
  );

  registerMcpEndpoint(app, {
    actions: runtime.mcpActions,
    recallContext,
    executions,
    requests: {
      ...config.mcp,
      // Bound to loopback, the service is only ever "localhost" and its addresses: any other name is a rebinding.
      ...(config.mcp.allowedHosts === undefined && isLoopbackHost(config.host)
        ? { allowedHosts: [...LOOPBACK_HOSTNAMES] }
        : {}),
    },
    executionSlots,
    version: SERVICE_VERSION,
  });

  return app;
}
