import { describe, expect, test } from "vitest";
import { postToProxy, streamFromProxy, toProxyBody } from "../../src/http/index.js";
import { readProxyResult } from "../../src/http/post-to-proxy.js";
import type { OperationSpec } from "../../src/openapi/operation-spec.js";
import seedOperation from "../fixtures/http/seed003-operation.json" with { type: "json" };
import { answerJson, rejection, useLoopbackServers } from "./loopback-server.js";

const seed = seedOperation as unknown as OperationSpec;

const start = useLoopbackServers();

describe("toProxyBody", () => {
  test.each([
    [
      "layered arguments as they are, with no body as {}",
      [{ path: { kn_id: "kn 1" }, query: { limit: 5 } }],
      { header: {}, path: { kn_id: "kn 1" }, query: { limit: 5 }, body: {} },
    ],
    [
      "fixed values merged under their locations, winning whatever the header case",
      [
        { header: { "X-Account-Id": "model", other: "x" }, body: { limit: 5, props: { a: 1 } } },
        { header: { "x-account-id": "fixed" }, body: { props: { data_source: "ds" } } },
      ],
      {
        header: { other: "x", "x-account-id": "fixed" },
        path: {},
        query: {},
        body: { limit: 5, props: { a: 1, data_source: "ds" } },
      },
    ],
    [
      "a timeout in seconds when one is set",
      [{ body: [1, 2] }, undefined, 30],
      { header: {}, path: {}, query: {}, body: [1, 2], timeout: 30 },
    ],
    [
      "flat arguments and flat fixed values (seed 003's actions[0].parameters) sorted by the operation",
      [
        { kn_id: "kn_medical", ot_id: "disease", limit: 10, "x-account-id": "model" },
        { "x-account-id": "test", "x-account-type": "user" },
        undefined,
        { operation: seed },
      ],
      {
        header: { "x-account-id": "test", "x-account-type": "user" },
        path: { kn_id: "kn_medical", ot_id: "disease" },
        query: {},
        body: { limit: 10 },
      },
    ],
    [
      "cookies folded into one cookie header",
      [{ header: { cookie: "a=1" }, cookie: { b: "x y" } }],
      { header: { cookie: "a=1; b=x%20y" }, path: {}, query: {}, body: {} },
    ],
    [
      "header values written as text",
      [{ header: { "x-list": ["a", "b"], "x-n": 5 } }],
      { header: { "x-list": "a,b", "x-n": "5" }, path: {}, query: {}, body: {} },
    ],
  ])("%s", (_name, given, want) => {
    expect(toProxyBody(...(given as Parameters<typeof toProxyBody>))).toEqual(want);
  });

  test.each([
    ["flat arguments without the operation", [{ kn_id: "k" }], "INVALID_ARGUMENTS"],
    ["flat fixed values without the operation", [{}, { "x-account-id": "a" }], "INVALID_ARGUMENTS"],
    ["CR/LF in a header", [{ header: { "x-a": "a\r\nb" } }], "INVALID_HEADER_VALUE"],
    ["a host header", [{}, { header: { host: "evil" } }], "INVALID_HEADER_VALUE"],
    ["a zero timeout", [{}, undefined, 0], "INVALID_ARGUMENTS"],
    ["an ambiguous flat name", [{ id: 1 }, undefined, undefined, { operation: ambiguous() }], "AMBIGUOUS_ARGUMENT"],
    ["one header in two cases, without the operation", [{ header: { "x-a": "1", "X-A": "2" } }], "AMBIGUOUS_ARGUMENT"],
    [
      "one fixed header in two cases",
      [{}, { header: { Authorization: "a", authorization: "b" } }],
      "AMBIGUOUS_ARGUMENT",
    ],
  ])("%s is refused", (_name, given, code) => {
    expect(() => toProxyBody(...(given as Parameters<typeof toProxyBody>))).toThrow(
      expect.objectContaining({ code }) as unknown as Error,
    );
  });
});

function ambiguous(): OperationSpec {
  const schema = { type: "string" };
  return {
    ...seed,
    parameters: [
      { name: "id", in: "path", required: true, schema, pointer: "#/0" },
      { name: "id", in: "query", required: false, schema, pointer: "#/1" },
    ],
  };
}

describe("postToProxy", () => {
  const body = toProxyBody({ path: { kn_id: "k" }, body: { limit: 1 } }, { header: { "x-account-id": "a" } }, 2);

  test("posts the proxy body as JSON and reads the result", async () => {
    const result = {
      status_code: 200,
      headers: { "content-type": "application/json" },
      body: { datas: [] },
      error: null,
      duration_ms: 12,
    };
    const loopback = await start((_request, response) => answerJson(response, 200, result));
    expect(await postToProxy(`${loopback.url}/tool-box/b/proxy/t`, body)).toEqual(result);
    const [received] = loopback.received;
    expect(received?.method).toBe("POST");
    expect(received?.target).toBe("/tool-box/b/proxy/t");
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(received?.body.toString() ?? "")).toEqual({
      header: { "x-account-id": "a" },
      path: { kn_id: "k" },
      query: {},
      body: { limit: 1 },
      timeout: 2,
    });
  });

  test.each([
    [
      "a transport failure: HTTP 200 with status_code 500 inside",
      200,
      { status_code: 500, headers: {}, body: "", error: "dial tcp: connection refused", duration_ms: 3 },
      {
        code: "UPSTREAM_ERROR",
        data: { upstream: "tool-box proxy", status: 500, bodyExcerpt: "dial tcp: connection refused" },
      },
    ],
    [
      "the tool's own 404 inside a 200",
      200,
      { status_code: 404, headers: {}, body: { message: "no such object" }, error: null, duration_ms: 3 },
      { code: "UPSTREAM_ERROR", data: { status: 404, bodyExcerpt: '{"message":"no such object"}' } },
    ],
    [
      "the proxy itself failing",
      502,
      { message: "bad gateway" },
      { code: "UPSTREAM_ERROR", data: { status: 502, bodyExcerpt: '{"message":"bad gateway"}' } },
    ],
    [
      "an answer without status_code",
      200,
      { ok: true },
      { code: "UPSTREAM_MALFORMED", data: { upstream: "tool-box proxy" } },
    ],
  ])("%s", async (_name, status, answer, want) => {
    const loopback = await start((_request, response) => answerJson(response, status, answer));
    expect(await rejection(postToProxy(loopback.url, body))).toMatchObject(want);
  });

  test("the whole inner result travels with the error", async () => {
    const inner = { status_code: 500, headers: { a: "b" }, body: "boom", error: "x", duration_ms: 1 };
    const loopback = await start((_request, response) => answerJson(response, 200, inner));
    expect(await rejection(postToProxy(loopback.url, body))).toMatchObject({ data: { result: inner } });
  });

  test("malformed JSON is UPSTREAM_MALFORMED naming the upstream", async () => {
    const loopback = await start((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end('{"status_code": 2'),
    );
    expect(await rejection(postToProxy(loopback.url, body, { upstream: "box-7" }))).toEqual({
      code: "UPSTREAM_MALFORMED",
      data: { upstream: "box-7", bodyExcerpt: '{"status_code": 2' },
    });
  });

  test("an answer nested deeper than values may nest is UPSTREAM_MALFORMED saying where", () => {
    const deep = `{"status_code": 200, "body": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(() => readProxyResult(deep, { upstream: "box-7", durationMs: 1 })).toThrow(
      expect.objectContaining({
        code: "UPSTREAM_MALFORMED",
        data: { upstream: "box-7", pointer: `/body${"/0".repeat(500)}` },
      }),
    );
  });

  test("a proxy that does not answer in time is UPSTREAM_TIMEOUT", async () => {
    const loopback = await start(() => {});
    expect((await rejection(postToProxy(loopback.url, body, { timeoutMs: 100 }))).code).toBe("UPSTREAM_TIMEOUT");
  });
});

describe("streamFromProxy", () => {
  const body = toProxyBody({ body: { q: "x" } });

  async function collect(stream: AsyncIterable<string>): Promise<string[]> {
    const payloads: string[] = [];
    for await (const payload of stream) payloads.push(payload);
    return payloads;
  }

  test("yields each data payload up to [DONE], across chunk boundaries", async () => {
    const loopback = await start((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write('data: {"delta":"he');
      response.write('llo"}\n\n: a comment\n\ndata: line 1\ndata: line 2\r\n\r\n');
      response.write("event: progress\ndata: 日本\n\n");
      response.end("data: [DONE]\n\ndata: after the end\n\n");
    });
    expect(await collect(streamFromProxy(`${loopback.url}/proxy/t?x=1`, body))).toEqual([
      '{"delta":"hello"}',
      "line 1\nline 2",
      "日本",
    ]);
    expect(loopback.received[0]?.target).toBe("/proxy/t?x=1&stream=true");
    expect(loopback.received[0]?.headers.accept).toBe("text/event-stream");
  });

  test.each([
    [
      "an error status",
      500,
      "text/plain",
      "boom",
      { code: "UPSTREAM_ERROR", data: { status: 500, bodyExcerpt: "boom" } },
    ],
    [
      "a JSON answer with a failure inside",
      200,
      "application/json",
      JSON.stringify({ status_code: 503, headers: {}, body: "down", error: null, duration_ms: 1 }),
      { code: "UPSTREAM_ERROR", data: { status: 503, bodyExcerpt: "down" } },
    ],
  ])("%s fails", async (_name, status, contentType, text, want) => {
    const loopback = await start((_request, response) =>
      response.writeHead(status, { "content-type": contentType }).end(text),
    );
    expect(await rejection(collect(streamFromProxy(loopback.url, body)))).toMatchObject(want);
  });

  test("a proxy that answers JSON instead of a stream gives its body as one payload", async () => {
    const result = { status_code: 200, headers: {}, body: { answer: 42 }, error: null, duration_ms: 1 };
    const loopback = await start((_request, response) => answerJson(response, 200, result));
    expect(await collect(streamFromProxy(loopback.url, body))).toEqual(['{"answer":42}']);
  });

  test("a stream over the size limit is RESPONSE_TOO_LARGE", async () => {
    const loopback = await start((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      for (let index = 0; index < 100; index++) response.write(`data: ${"x".repeat(100)}\n\n`);
      response.end();
    });
    const error = await rejection(collect(streamFromProxy(loopback.url, body, { maxResponseBytes: 1_000 })));
    expect(error.code).toBe("RESPONSE_TOO_LARGE");
  });

  test("a stream that goes quiet is UPSTREAM_TIMEOUT", async () => {
    const loopback = await start((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: first\n\n");
    });
    const payloads: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const payload of streamFromProxy(loopback.url, body, { timeoutMs: 150 })) payloads.push(payload);
      })(),
    );
    expect(payloads).toEqual(["first"]);
    expect(error.code).toBe("UPSTREAM_TIMEOUT");
  });
});
