import { connect } from "node:net";
import { Agent, request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { redactUrl } from "../../src/server/redact-url.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { startUpstreamServer, type UpstreamServer } from "../support/upstream-servers.js";
import {
  ACCOUNT_HEADERS,
  type KweaverService,
  SEED_RECALL_URL,
  SEED_TOOL_REF,
  startKweaverService,
} from "./service-harness.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function kweaverService(): Promise<KweaverService> {
  const service = await startKweaverService();
  closers.push(() => service.close());
  return service;
}

/** The service over the seed's upstreams, its JSON log lines captured. */
async function loggedService(): Promise<{ service: KweaverService; lines: string[] }> {
  const lines: string[] = [];
  const service = await kweaverService();
  const app = await buildServer(
    loadServiceConfig({
      ONTOLOGY_QUERY_URL: service.upstreams.ontologyQuery.url,
      OPERATOR_INTEGRATION_URL: service.upstreams.operatorIntegration.url,
      LOG_LEVEL: "trace",
    }),
    { logger: { stream: { write: (line) => lines.push(line) } } },
  );
  closers.push(() => app.close());
  return { service: { ...service, app }, lines };
}

describe("x-request-id", () => {
  test.each([
    { name: "a good id is answered and forwarded", given: "trace-7.A_b", want: "trace-7.A_b" },
    { name: "128 characters are accepted", given: "a".repeat(128), want: "a".repeat(128) },
    { name: "8,000 characters are replaced", given: "a".repeat(8000), want: UUID },
    { name: "129 characters are replaced", given: "a".repeat(129), want: UUID },
    { name: "spaces are replaced", given: "a b", want: UUID },
    { name: "CR and LF are replaced", given: "a\r\nx-evil: 1", want: UUID },
    { name: "other punctuation is replaced", given: "a/b", want: UUID },
    { name: "an empty id is replaced", given: "", want: UUID },
  ])("$name", async ({ given, want }) => {
    const service = await kweaverService();
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: { ...ACCOUNT_HEADERS, "x-request-id": given },
      payload: { unique_identity: { disease_id: "d1" } },
    });
    expect(response.statusCode).toBe(200);
    const forwarded = service.upstreams.ontologyQuery.requests.map((received) => received.headers["x-request-id"]);
    expect(forwarded).toEqual([response.headers["x-request-id"]]);
    if (typeof want === "string") expect(response.headers["x-request-id"]).toBe(want);
    else expect(response.headers["x-request-id"]).toMatch(want);
  });
});

describe("redacted logs", () => {
  test.each([
    { given: "/v1/x?token=abc&x=1", want: "/v1/x?token=[redacted]&x=1" },
    {
      given: "/v1/x?x=1&ACCESS_TOKEN=a&Api-Key=b&client_secret=c",
      want: "/v1/x?x=1&ACCESS_TOKEN=[redacted]&Api-Key=[redacted]&client_secret=[redacted]",
    },
    {
      given: "/v1/x?X-Amz-Signature=s&refresh_token=r&code=c&sig=q",
      want: "/v1/x?X-Amz-Signature=[redacted]&refresh_token=[redacted]&code=[redacted]&sig=[redacted]",
    },
    {
      given: "/v1/x?pass%77ord=p&session=s&jwt=j&auth=a",
      want: "/v1/x?pass%77ord=[redacted]&session=[redacted]&jwt=[redacted]&auth=[redacted]",
    },
    { given: "/v1/x?tokens=1&monkey=2&name=n&token", want: "/v1/x?tokens=1&monkey=2&name=n&token" },
    { given: "/v1/x", want: "/v1/x" },
  ])("redactUrl($given)", ({ given, want }) => {
    expect(redactUrl(given)).toBe(want);
  });

  test("query credentials and header credentials appear in no log line", async () => {
    const { service, lines } = await loggedService();
    const secrets = {
      authorization: "Bearer secret-authorization",
      "proxy-authorization": "Basic secret-proxy",
      cookie: "sid=secret-cookie",
      "x-api-key": "secret-api-key",
      "x-gateway-secret": "secret-gateway",
    };
    for (const url of [`${SEED_RECALL_URL}?token=secret-query&x=1`, "/nowhere?api_key=secret-query&x=1"]) {
      await service.app.inject({
        method: "POST",
        url,
        headers: { ...ACCOUNT_HEADERS, ...secrets },
        payload: { unique_identity: { disease_id: "d1" } },
      });
    }
    const text = lines.join("");
    expect(text).toContain("token=[redacted]&x=1");
    expect(text).toContain("api_key=[redacted]&x=1");
    for (const secret of [
      "secret-query",
      "secret-authorization",
      "secret-proxy",
      "secret-cookie",
      "secret-api-key",
      "secret-gateway",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  test("a failed execution is logged at warn with its code", async () => {
    const { service, lines } = await loggedService();
    await service.app.inject({
      method: "POST",
      url: "/api/action-recall/v1/tool-calls",
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: { id: "c1", name: "t", arguments: { path: 5 }, format: "json" } },
    });
    const records = lines.map((line) => JSON.parse(line) as { level: number; code?: string });
    expect(records).toContainEqual(expect.objectContaining({ level: 40, code: "INVALID_ARGUMENTS" }));
  });
});

describe("bounded metric labels", () => {
  test("calls to 300 unconfigured origins add only the other series; configured upstreams keep their names", async () => {
    const service = await kweaverService();
    await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: ACCOUNT_HEADERS,
      payload: { unique_identity: { disease_id: "d1" } },
    });
    const target: UpstreamServer = await startUpstreamServer();
    target.route("GET", "/", { json: {} });
    closers.push(() => target.close());
    // Every origin is dialled to the one loopback server: 300 distinct origins, no DNS and no 300 servers.
    const { port } = new URL(target.url);
    const agent = new Agent({
      connect: (_options, callback) => {
        const socket = connect(Number(port), "127.0.0.1", () => callback(null, socket));
        socket.on("error", (error) => callback(error, null));
      },
    });
    closers.push(() => agent.close());
    for (let index = 0; index < 300; index++) {
      const response = await request(`http://origin-${index}.test/`, { dispatcher: agent });
      await response.body.dump();
    }
    expect(target.requests).toHaveLength(300);
    const body = (await service.app.inject({ method: "GET", url: "/metrics" })).body;
    const series = body
      .split("\n")
      .filter((line) => line.startsWith("action_recall_upstream_duration_seconds_count{"))
      .map((line) => line.slice(0, line.lastIndexOf(" ")));
    expect(series.sort()).toEqual([
      'action_recall_upstream_duration_seconds_count{upstream="ontology-query",method="POST"}',
      'action_recall_upstream_duration_seconds_count{upstream="other",method="GET"}',
      'action_recall_upstream_duration_seconds_count{upstream="tool-box",method="GET"}',
    ]);
    expect(body).toContain('action_recall_upstream_duration_seconds_count{upstream="other",method="GET"} 300');
  });
});

describe("process metrics", () => {
  test("/metrics carries the Node process figures beside the service's own", async () => {
    const service = await kweaverService();
    const response = await service.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    const names = new Set(
      response.body
        .split("\n")
        .filter((line) => line.startsWith("# TYPE "))
        .map((line) => line.split(" ")[2]),
    );
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
      "action_recall_http_requests_total",
    ]) {
      expect(names).toContain(name);
    }
  });

  test("two services in one process both answer the process figures, once each", async () => {
    const first = await kweaverService();
    const second = await kweaverService();
    for (const service of [first, second]) {
      const body = (await service.app.inject({ method: "GET", url: "/metrics" })).body;
      expect(body.split("\n").filter((line) => line === "# TYPE process_cpu_user_seconds_total counter")).toHaveLength(
        1,
      );
    }
  });
});
