import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { request } from "undici";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import {
  ACCOUNT_HEADERS,
  type KweaverService,
  SEED_RECALL_URL,
  SEED_TOOL_REF,
  startKweaverService,
} from "./service-harness.js";

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
beforeAll(() => provider.register());
afterAll(() => provider.shutdown());

let service: KweaverService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
  exporter.reset();
});

/** The caller's trace: the service's spans must join it. */
const CALLER_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN_ID = "00f067aa0ba902b7";
const CALLER_TRACEPARENT = `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-01`;

/** A call of the seed's tool that the proxy carries. */
const SEED_CALL = {
  tool_ref: SEED_TOOL_REF,
  call: { id: "call_1", name: "t", arguments: { path: { kn_id: "kn_medical", ot_id: "disease" } }, format: "json" },
};

const RECALL_ROUTE = "POST /api/action-recall/v1/knowledge-networks/:kn_id/action-types/:action_type_id";
const TOOL_CALLS_ROUTE = "POST /api/action-recall/v1/tool-calls";

/** The spans under `parentId`, as indented lines `name [kind]`, children in start order. */
function tree(spans: ReadableSpan[], parentId: string, depth = 0): string[] {
  return spans
    .filter((span) => span.parentSpanContext?.spanId === parentId)
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])
    .flatMap((span) => [`${"  ".repeat(depth)}${span.name}`, ...tree(spans, span.spanContext().spanId, depth + 1)]);
}

/** Sends a JSON POST to the listening service with the caller's trace context. */
async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const base = service?.app.listeningOrigin ?? "";
  const response = await request(`${base}${url}`, {
    method: "POST",
    headers: { ...ACCOUNT_HEADERS, "content-type": "application/json", traceparent: CALLER_TRACEPARENT },
    body: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(200);
  return (await response.body.json()) as Record<string, unknown>;
}

test("a recall and an execution are one span tree under the caller's traceparent", async () => {
  service = await startKweaverService();
  await service.app.listen({ port: 0, host: "127.0.0.1" });

  await post(SEED_RECALL_URL, { unique_identity: { disease_id: "disease_000001" } });
  expect((await post("/api/action-recall/v1/tool-calls", SEED_CALL)).success).toBe(true);
  // A server span ends once its response is done, which may be just after the client has read it.
  await vi.waitFor(() =>
    expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(2),
  );

  const spans = exporter.getFinishedSpans();
  expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([CALLER_TRACE_ID]));
  expect(tree(spans, CALLER_SPAN_ID)).toEqual([
    RECALL_ROUTE,
    "  recall",
    "    POST",
    "    fetch tool detail",
    "      GET",
    "    convert",
    TOOL_CALLS_ROUTE,
    "  recall",
    "    POST",
    "  execute",
    "    proxy call",
    "      POST",
  ]);
});

test("the proxy receives a traceparent naming the trace and the client span that sent it", async () => {
  service = await startKweaverService();
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  await post("/api/action-recall/v1/tool-calls", SEED_CALL);
  await vi.waitFor(() =>
    expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(1),
  );

  const proxied = service.upstreams.operatorIntegration.requests.filter((received) => received.method === "POST");
  expect(proxied).toHaveLength(1);
  const proxyCall = exporter.getFinishedSpans().find((span) => span.name === "proxy call");
  const clientSpan = exporter
    .getFinishedSpans()
    .find((span) => span.parentSpanContext?.spanId === proxyCall?.spanContext().spanId);
  expect(clientSpan?.name).toBe("POST");
  expect(proxied[0]?.headers.traceparent).toBe(`00-${CALLER_TRACE_ID}-${clientSpan?.spanContext().spanId}-01`);
  expect(proxied[0]?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
});

test("a streamed execution is traced as a whole one: execute > proxy call > POST", async () => {
  service = await startKweaverService();
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  const response = await request(`${service.app.listeningOrigin}/api/action-recall/v1/tool-calls?stream=true`, {
    method: "POST",
    headers: { ...ACCOUNT_HEADERS, "content-type": "application/json", traceparent: CALLER_TRACEPARENT },
    body: JSON.stringify(SEED_CALL),
  });
  expect(response.statusCode).toBe(200);
  expect(await response.body.text()).toContain("data: [DONE]");
  await vi.waitFor(() =>
    expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(1),
  );

  expect(tree(exporter.getFinishedSpans(), CALLER_SPAN_ID)).toEqual([
    TOOL_CALLS_ROUTE,
    "  recall",
    "    POST",
    "    fetch tool detail",
    "      GET",
    "    convert",
    "  execute",
    "    proxy call",
    "      POST",
  ]);
});

test("a readiness probe carries the trace context to each upstream", async () => {
  service = await startKweaverService();
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  const response = await request(`${service.app.listeningOrigin}/readyz`, {
    headers: { traceparent: CALLER_TRACEPARENT },
  });
  expect(response.statusCode).toBe(200);
  await response.body.dump();
  const probes = [...service.upstreams.ontologyQuery.requests, ...service.upstreams.operatorIntegration.requests];
  expect(probes).toHaveLength(2);
  for (const probe of probes) expect(String(probe.headers.traceparent)).toMatch(new RegExp(`^00-${CALLER_TRACE_ID}-`));
});
