import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { ACCOUNT_HEADERS, type KweaverService, SEED_RECALL_URL, startKweaverService } from "./service-harness.js";

/**
 * The `METHOD path` of every route in Fastify's route tree (`printRoutes({commonPrefix: false})`): each line is a
 * path segment under its parent's, indented four characters a level, with its methods in parentheses.
 */
function registeredRoutes(tree: string): string[] {
  const parents: string[] = [];
  return tree
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => {
      const match = /^([│├└─\s]*)(\S+) \(([^)]+)\)$/.exec(line);
      if (match === null) throw new Error(`unreadable route line: ${line}`);
      const [, indent = "", segment = "", methods = ""] = match;
      const depth = Math.floor(indent.length / 4);
      parents.length = depth;
      const path = `${parents[depth - 1] ?? ""}${segment}`;
      parents[depth] = path;
      return methods.split(", ").map((method) => `${method} ${path}`);
    });
}

let service: KweaverService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe("health, readiness, metrics, docs", () => {
  test("healthz answers ok", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  test("readyz is 200 when both upstreams answer", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ready", mode: "kweaver" });
  });

  test("readyz is 503 naming the upstream that does not answer, but not its address: the route is open", async () => {
    service = await startKweaverService();
    const unreachable = service.upstreams.ontologyQuery.url;
    await service.upstreams.ontologyQuery.close();
    const response = await service.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json().upstreams).toEqual([
      { name: "ontology-query", reachable: false },
      { name: "operator-integration", reachable: true },
    ]);
    expect(response.body).not.toContain(new URL(unreachable).port);
  });

  test("metrics count requests by route and status, and cache hits", async () => {
    service = await startKweaverService();
    for (let round = 0; round < 2; round++) {
      await service.app.inject({
        method: "POST",
        url: SEED_RECALL_URL,
        headers: ACCOUNT_HEADERS,
        payload: { unique_identity: { disease_id: "d1" } },
      });
    }
    const response = await service.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain(
      'action_recall_http_requests_total{method="POST",route="/api/action-recall/v1/knowledge-networks/:kn_id/action-types/:action_type_id",status="200"} 2',
    );
    // The second recall is served whole from the built-tool cache: the detail was fetched (and missed) once.
    expect(response.body).toContain('action_recall_cache_events{cache="toolDetails",outcome="miss"} 1');
    expect(response.body).toContain('action_recall_cache_events{cache="dynamicTools",outcome="hit"} 1');
    expect(response.body).toContain("action_recall_upstream_duration_seconds_count");
  });

  test("/docs/json describes every route the service registered, /mcp and /metrics included", async () => {
    service = await startKweaverService();
    await service.app.ready();
    const response = await service.app.inject({ method: "GET", url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const want = [
      "GET /healthz",
      "GET /readyz",
      "GET /metrics",
      "GET /mcp",
      "POST /mcp",
      "DELETE /mcp",
      "POST /api/action-recall/v1/knowledge-networks/{kn_id}/action-types/{action_type_id}",
      "POST /api/action-recall/v1/tool-calls",
      "POST /api/action-recall/v1/tool-calls/parse",
      "POST /api/action-recall/v1/tools/convert",
      "POST /api/action-recall/v1/slots/fill",
    ];
    expect(described.sort()).toEqual([...want].sort());
    // Every route Fastify holds is in the document, but HEAD (added for each GET) and the documentation's own.
    const registered = registeredRoutes(service.app.printRoutes({ commonPrefix: false }))
      .filter((route) => !route.startsWith("HEAD ") && !/^GET \/docs(\/|$)/.test(route))
      .map((route) => route.replace(/:([^/]+)/g, "{$1}"));
    expect(registered.sort()).toEqual([...want].sort());
  });

  test("/docs answers Swagger UI as HTML, under a content security policy, reading /docs/json", async () => {
    service = await startKweaverService();
    const page = await service.app.inject({ method: "GET", url: "/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain('<div id="swagger-ui"></div>');
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    const initializer = await service.app.inject({ method: "GET", url: "/docs/static/swagger-initializer.js" });
    expect(initializer.body).toContain("resolveUrl('./json')");
  });

  test("the request id is accepted from x-request-id and echoed", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "abc-1" } });
    expect(response.headers["x-request-id"]).toBe("abc-1");
  });
});

describe("the engine over HTTP", () => {
  test("tools/convert converts an OpenAPI document's operations", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: "/api/action-recall/v1/tools/convert",
      payload: {
        document: readFileSync(new URL("../fixtures/server/catalog/orders-api.yaml", import.meta.url), "utf8"),
        operations: ["getOrder"],
        dialect: "anthropic",
      },
    });
    expect(response.statusCode).toBe(200);
    const [converted, ...others] = response.json().tools;
    expect(others).toEqual([]);
    expect(converted.operation).toBe("getOrder");
    expect(converted.tool).toMatchObject({ name: "getOrder", input_schema: { type: "object" } });
    expect(Object.keys(converted.definition.parameters.properties)).toEqual(["header", "path", "query"]);
  });

  test("tools/convert refuses a document that is not one with 400 INVALID_DOCUMENT", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: "/api/action-recall/v1/tools/convert",
      payload: { document: "[1, 2, 3]" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("INVALID_DOCUMENT");
  });

  test("tool-calls/parse reads XML calls typed by the tool's schema", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: "/api/action-recall/v1/tool-calls/parse",
      payload: {
        output: '<function_calls><invoke name="count"><parameter name="limit">5</parameter></invoke></function_calls>',
        tools: [
          {
            name: "count",
            description: "Counts.",
            api_url: "http://127.0.0.1:1/",
            parameters: { type: "object", properties: { limit: { type: "integer" } } },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().calls).toEqual([
      expect.objectContaining({ name: "count", arguments: { limit: 5 }, format: "xml" }),
    ]);
  });

  test("tool-calls/parse reads one syntax only when asked, and refuses a format it does not know", async () => {
    service = await startKweaverService();
    const tools = [{ name: "count", api_url: "http://127.0.0.1:1/", parameters: { type: "object" } }];
    const output = '[TOOL_CALLS]count{"limit": 5} <tool_call>{"name": "count", "arguments": {}}</tool_call>';
    const parse = (format: string) =>
      service?.app.inject({
        method: "POST",
        url: "/api/action-recall/v1/tool-calls/parse",
        payload: { output, tools, format },
      });
    const mistral = await parse("mistral");
    expect(mistral?.statusCode).toBe(200);
    expect(mistral?.json().calls).toEqual([
      { id: "call_0", name: "count", arguments: { limit: 5 }, format: "mistral" },
    ]);
    const unknown = await parse("yaml");
    expect(unknown?.statusCode).toBe(400);
    expect(unknown?.json().message).toContain("format");
  });

  test("slots/fill streams its chunks as server-sent events ending with [DONE]", async () => {
    service = await startKweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: "/api/action-recall/v1/slots/fill",
      payload: {
        schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        data: { city: "Paris" },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    const events = response.body
      .split("\n\n")
      .filter((event) => event.startsWith("data: "))
      .map((event) => event.slice("data: ".length));
    expect(events.at(-1)).toBe("[DONE]");
    const result = events
      .map((event) => (event === "[DONE]" ? undefined : JSON.parse(event)))
      .find((chunk) => chunk?.type === "result");
    expect(result).toMatchObject({ type: "result", slotData: { city: "Paris" } });
  });
});

describe("graceful shutdown", () => {
  test("close() lets an in-flight recall finish", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    service = await startKweaverService({
      actionQuery: async () => {
        await gate;
        return { json: { action_source: { type: "tool", box_id: "b", tool_id: "t" }, actions: [] } };
      },
    });
    const url = await service.app.listen({ port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${url}${SEED_RECALL_URL}`, {
      method: "POST",
      headers: { ...ACCOUNT_HEADERS, "content-type": "application/json" },
      body: JSON.stringify({ unique_identity: { disease_id: "d1" } }),
    });
    while (service.upstreams.ontologyQuery.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const closing = service.app.close();
    release();
    const response = await inFlight;
    await closing;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _dynamic_tools: [] });
  });
});

test("catalog mode needs no upstream: the app builds on a catalog file", async () => {
  const app = await buildServer(
    loadServiceConfig({
      CATALOG_FILE: new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url).pathname,
    }),
    { logger: false },
  );
  const response = await app.inject({ method: "GET", url: "/readyz" });
  await app.close();
  expect(response.json()).toMatchObject({ status: "ready", mode: "catalog", upstreams: [] });
});

test("logs are JSON lines with the request id, and never carry the caller's secrets", async () => {
  const lines: string[] = [];
  const upstreams = await startKweaverService();
  const app = await buildServer(
    loadServiceConfig({
      ONTOLOGY_QUERY_URL: upstreams.upstreams.ontologyQuery.url,
      OPERATOR_INTEGRATION_URL: upstreams.upstreams.operatorIntegration.url,
      LOG_LEVEL: "trace",
    }),
    { logger: { stream: { write: (line) => lines.push(line) } } },
  );
  await app.inject({
    method: "POST",
    url: SEED_RECALL_URL,
    headers: { ...ACCOUNT_HEADERS, authorization: "Bearer sk-secret-token", "x-request-id": "trace-7" },
    payload: { unique_identity: { disease_id: "d1" } },
  });
  await app.close();
  await upstreams.close();
  const records = lines.map((line) => JSON.parse(line));
  expect(records.some((record) => record.reqId === "trace-7")).toBe(true);
  const text = lines.join("");
  expect(text).not.toContain("sk-secret-token");
  expect(text).not.toContain(ACCOUNT_HEADERS["x-account-id"]);
});
