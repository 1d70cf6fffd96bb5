import { request } from "undici";
import { afterEach, describe, expect, test, vi } from "vitest";
import { isTracingConfigured, startTelemetry } from "../../src/server/start-telemetry.js";
import { startUpstreamServer } from "../support/upstream-servers.js";
import { ACCOUNT_HEADERS, SEED_RECALL_URL, startKweaverService } from "./service-harness.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("isTracingConfigured", () => {
  test.each([
    { name: "no OTEL_* setting", given: {}, want: false },
    { name: "an OTLP endpoint", given: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }, want: true },
    { name: "a traces endpoint", given: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces" }, want: true },
    { name: "an exporter", given: { OTEL_TRACES_EXPORTER: "console" }, want: true },
    { name: "the none exporter", given: { OTEL_TRACES_EXPORTER: "none" }, want: false },
    {
      name: "none beside an endpoint",
      given: { OTEL_TRACES_EXPORTER: "none", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" },
      want: false,
    },
    {
      name: "the SDK disabled",
      given: { OTEL_SDK_DISABLED: "true", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" },
      want: false,
    },
    { name: "an empty endpoint", given: { OTEL_EXPORTER_OTLP_ENDPOINT: " " }, want: false },
    { name: "only a service name", given: { OTEL_SERVICE_NAME: "x" }, want: false },
  ])("$name → $want", ({ given, want }) => {
    expect(isTracingConfigured(given)).toBe(want);
  });
});

test("without OTEL_* settings nothing starts", async () => {
  expect(await startTelemetry({})).toBeUndefined();
});

interface OtlpJson {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: Array<{ name: string; traceId: string }> }>;
  }>;
}

test("with an OTLP endpoint the service's spans reach the collector, flushed at shutdown", async () => {
  const collector = await startUpstreamServer();
  collector.route("POST", "/v1/traces", { json: {} });
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.url);
  vi.stubEnv("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json");
  vi.stubEnv("OTEL_SERVICE_NAME", undefined);
  vi.stubEnv("OTEL_RESOURCE_ATTRIBUTES", undefined);
  const telemetry = await startTelemetry();
  expect(telemetry).toBeDefined();
  const service = await startKweaverService();
  try {
    await service.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await request(`${service.app.listeningOrigin}${SEED_RECALL_URL}`, {
      method: "POST",
      headers: { ...ACCOUNT_HEADERS, "content-type": "application/json" },
      body: JSON.stringify({ unique_identity: { disease_id: "disease_000001" } }),
    });
    expect(response.statusCode).toBe(200);
    await response.body.dump();
  } finally {
    await service.close();
    await telemetry?.shutdown();
    await collector.close();
  }
  const batches = collector.requests
    .filter((received) => received.path === "/v1/traces")
    .map((r) => r.body as OtlpJson);
  const resources = batches.flatMap((batch) => batch.resourceSpans);
  const names = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((s) => s.name)));
  expect(names).toEqual(
    expect.arrayContaining([
      "POST /api/action-recall/v1/knowledge-networks/:kn_id/action-types/:action_type_id",
      "recall",
      "fetch tool detail",
      "convert",
    ]),
  );
  const serviceNames = resources.map(
    (resource) => resource.resource.attributes.find((attribute) => attribute.key === "service.name")?.value.stringValue,
  );
  expect(new Set(serviceNames)).toEqual(new Set(["action-recall"]));
});
