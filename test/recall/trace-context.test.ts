import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { createLlmClient } from "../../src/llm/index.js";
import { type DynamicTool, executeDynamicTool } from "../../src/recall/index.js";
import { startMcpTestServer } from "../support/mcp-test-server.js";
import { startOpenAiServer } from "../support/openai-server.js";
import { startUpstreamServer, TOOL_PROXY_PATH } from "../support/upstream-servers.js";

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
beforeAll(() => provider.register());
afterAll(() => provider.shutdown());
afterEach(() => exporter.reset());

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Runs `work` under a root span, as an embedding program would, and answers the root's trace id. */
async function underRootSpan(work: () => Promise<unknown>): Promise<string> {
  const tracer = trace.getTracer("test");
  return tracer.startActiveSpan("root", async (root) => {
    await work();
    root.end();
    return root.spanContext().traceId;
  });
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

function named(name: string): ReadableSpan {
  const span = exporter.getFinishedSpans().find((candidate) => candidate.name === name);
  if (span === undefined) throw new Error(`no span named ${name}`);
  return span;
}

/** A recalled tool whose calls the proxy at `apiUrl` carries. */
function proxyTool(apiUrl: string): DynamicTool {
  return {
    name: "getOrder",
    description: "Read one order.",
    parameters: { type: "object", properties: { query: { type: "object" } } },
    api_url: apiUrl,
    original_schema: {},
    fixed_params: {},
  };
}

test("an execution through the proxy: execute > proxy call > POST, whose traceparent the proxy receives", async () => {
  const proxy = await startUpstreamServer();
  closers.push(() => proxy.close());
  proxy.route("POST", TOOL_PROXY_PATH, { json: { status_code: 200, body: { id: "ord_1" } } });
  const apiUrl = `${proxy.url}/api/agent-operator-integration/internal-v1/tool-box/b1/proxy/t1`;

  const traceId = await underRootSpan(() =>
    executeDynamicTool(proxyTool(apiUrl), { id: "c", name: "getOrder", arguments: {}, format: "json" }),
  );

  const [execute, proxyCall, post] = [named("execute"), named("proxy call"), named("POST")];
  expect(proxyCall.parentSpanContext?.spanId).toBe(execute.spanContext().spanId);
  expect(post.parentSpanContext?.spanId).toBe(proxyCall.spanContext().spanId);
  expect(post.kind).toBe(SpanKind.CLIENT);
  expect(post.attributes).toMatchObject({
    "http.request.method": "POST",
    "url.full": apiUrl,
    "http.response.status_code": 200,
  });
  expect(proxy.requests[0]?.headers.traceparent).toBe(`00-${traceId}-${post.spanContext().spanId}-01`);
});

test("a proxy answering 500 marks the client span and the execution failed", async () => {
  const proxy = await startUpstreamServer();
  closers.push(() => proxy.close());
  proxy.route("POST", TOOL_PROXY_PATH, { status: 500, json: { message: "down" } });
  const apiUrl = `${proxy.url}/api/agent-operator-integration/internal-v1/tool-box/b1/proxy/t1`;

  await underRootSpan(() =>
    executeDynamicTool(proxyTool(apiUrl), { id: "c", name: "getOrder", arguments: {}, format: "json" }),
  );

  expect(named("POST").attributes["error.type"]).toBe("500");
  expect(named("execute").attributes["error.type"]).toBe("UPSTREAM_ERROR");
  expect(named("execute").status.code).toBe(SpanStatusCode.ERROR);
});

test("an MCP execution: every request to the MCP server carries the trace, under an mcp call span", async () => {
  const mcp = await startMcpTestServer();
  closers.push(() => mcp.close());
  const tool: DynamicTool = {
    name: "lookup_order",
    description: "Look up one order by its reference.",
    parameters: { type: "object", properties: { order: { type: "object" } } },
    api_url: mcp.url,
    original_schema: {},
    fixed_params: {},
    mcp: { tool_name: "lookup_order" },
  };

  const traceId = await underRootSpan(() =>
    executeDynamicTool(tool, { id: "c", name: "lookup_order", arguments: { order: { id: "o" } }, format: "json" }),
  );

  expect(named("mcp call").parentSpanContext?.spanId).toBe(named("execute").spanContext().spanId);
  const posts = mcp.requests.filter((received) => received.method === "POST");
  expect(posts.length).toBeGreaterThanOrEqual(2); // initialize, then tools/call
  for (const received of posts) {
    const match = TRACEPARENT.exec(String(received.headers.traceparent));
    expect(match?.[1]).toBe(traceId);
    expect(match?.[2]).toBe(named("mcp call").spanContext().spanId);
  }
});

test("slot filling's model is called with the trace context", async () => {
  const model = await startOpenAiServer([{ kind: "text", content: "ok" }]);
  closers.push(() => model.close());
  const llm = createLlmClient({ baseURL: model.baseURL, apiKey: "k", model: "m", maxRetries: 0 });

  const traceId = await underRootSpan(() => llm.complete({ messages: [{ role: "user", content: "hi" }] }));

  expect(TRACEPARENT.exec(String(model.requests[0]?.headers.traceparent))?.[1]).toBe(traceId);
});
