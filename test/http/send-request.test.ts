import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import { buildRequest, sendRequest } from "../../src/http/index.js";
import { answerJson, rejection, useLoopbackServers } from "./loopback-server.js";
import { operation, parameter, requestBody } from "./operations.js";

const start = useLoopbackServers();

describe("what leaves us is what the server reads", () => {
  const hostile = "a b/../日本\r\n;&=#?@//evil.com";

  test("path, query (every style), header and cookie values arrive intact and on the same origin", async () => {
    const loopback = await start((_request, response) => answerJson(response, 200, { ok: true }));
    const spec = operation({
      serverUrl: loopback.url,
      parameters: [
        parameter({ name: "id", in: "path" }),
        parameter({ name: "form", in: "query" }),
        parameter({ name: "list", in: "query", explode: false }),
        parameter({ name: "deep", in: "query", style: "deepObject", explode: true }),
        parameter({ name: "x-h", in: "header" }),
        parameter({ name: "s", in: "cookie" }),
      ],
    });
    const request = buildRequest(spec, {
      path: { id: hostile },
      query: { form: hostile, list: [hostile, "b"], deep: { k: hostile } },
      header: { "x-h": "a b/../;&=#?@" },
      cookie: { s: hostile },
    });
    const response = await sendRequest(request);
    expect(response).toMatchObject({ status: 200, body: { ok: true } });

    const [received] = loopback.received;
    const target = new URL(received?.target ?? "", "http://placeholder");
    expect(target.pathname.split("/").map(decodeURIComponent)).toEqual(["", "items", hostile]);
    expect(target.searchParams.get("form")).toBe(hostile);
    expect(target.searchParams.get("list")?.split(",").map(decodeURIComponent)).toEqual([hostile, "b"]);
    expect(target.searchParams.get("deep[k]")).toBe(hostile);
    expect(received?.headers["x-h"]).toBe("a b/../;&=#?@");
    expect(decodeURIComponent(received?.headers.cookie?.replace(/^s=/, "") ?? "")).toBe(hostile);
  });

  test("multipart really parses on the other side", async () => {
    const loopback = await start((_request, response) => answerJson(response, 200, {}));
    const spec = operation({
      serverUrl: loopback.url,
      requestBody: requestBody("multipart/form-data", {
        type: "object",
        properties: {
          file: { type: "string", format: "binary" },
          upload: { type: "string", format: "binary" },
          meta: { type: "object" },
        },
      }),
      encoding: undefined,
    } as never);
    const bytes = new Uint8Array([0, 1, 2, 255, 13, 10]);
    const request = buildRequest(spec, {
      path: { id: "1" },
      body: {
        text: `line 1\r\n${hostile}`,
        'na"me\r\n': "odd name",
        tags: ["a", "b c"],
        meta: { a: [1, 2] },
        file: bytes,
        upload: `data:image/png;base64,${Buffer.from("PNG!").toString("base64")}`,
        count: 3,
      },
    });
    await sendRequest(request);

    const [received] = loopback.received;
    const form = await new Request("http://placeholder", {
      method: "POST",
      headers: { "content-type": received?.headers["content-type"] ?? "" },
      body: received?.body ?? null,
    }).formData();
    expect(form.get("text")).toBe(`line 1\r\n${hostile}`);
    expect(form.get('na"me\r\n')).toBe("odd name");
    expect(form.getAll("tags")).toEqual(["a", "b c"]);
    expect(form.get("meta")).toBe('{"a":[1,2]}');
    expect(received?.body.toString("latin1")).toContain('name="meta"\r\nContent-Type: application/json\r\n');
    expect(new Uint8Array(await (form.get("file") as Blob).arrayBuffer())).toEqual(bytes);
    expect(form.get("upload")).toMatchObject({ type: "image/png" });
    expect(await (form.get("upload") as Blob).text()).toBe("PNG!");
    expect(form.get("count")).toBe("3");
  });
});

test.each(["QUERY", "COPY"])("an OpenAPI 3.2 %s operation arrives with its method", async (method) => {
  const loopback = await start((_request, response) => answerJson(response, 200, {}));
  const spec = operation({ serverUrl: loopback.url, method, requestBody: requestBody("application/json") });
  await sendRequest(buildRequest(spec, { path: { id: "1" }, body: { q: "x" } }));
  expect(loopback.received[0]).toMatchObject({ method, body: Buffer.from('{"q":"x"}') });
});

describe("binary bodies a model wrote as data URLs", () => {
  const pdf = Buffer.from("%PDF-1.7\n\u0000\u00ff binary");
  const dataUrl = (type: string) => `data:${type};name=report.pdf;base64,${pdf.toString("base64")}`;

  test.each([
    { declared: "application/octet-stream", written: dataUrl("application/pdf"), sentType: "application/octet-stream" },
    { declared: "*/*", written: dataUrl("application/pdf"), sentType: "application/pdf" },
    { declared: "application/pdf", written: dataUrl(""), sentType: "application/pdf" },
  ])("a $declared body arrives as the file's bytes, typed $sentType", async ({ declared, written, sentType }) => {
    const loopback = await start((_request, response) => answerJson(response, 200, {}));
    const spec = operation({ serverUrl: loopback.url, requestBody: requestBody(declared, { type: "string" }) });
    await sendRequest(buildRequest(spec, { path: { id: "1" }, body: written }));
    const [received] = loopback.received;
    expect(received?.body).toEqual(pdf);
    expect(received?.headers["content-type"]).toBe(sentType);
  });

  test("other text is sent as it is", async () => {
    const loopback = await start((_request, response) => answerJson(response, 200, {}));
    const spec = operation({ serverUrl: loopback.url, requestBody: requestBody("application/octet-stream") });
    await sendRequest(buildRequest(spec, { path: { id: "1" }, body: "data:not base64 at all" }));
    expect(loopback.received[0]?.body.toString()).toBe("data:not base64 at all");
  });

  test.each([
    { mediaType: "application/octet-stream", body: "data:application/pdf;base64,JVBER%%%i0=", parameter: "body" },
    {
      mediaType: "multipart/form-data",
      body: { file: "data:image/png;base64,iVBORw0KGgo!!" },
      parameter: "body.file",
    },
  ])(
    "a $mediaType data URL that is not base64 is INVALID_ARGUMENTS, not a garbled file",
    ({ mediaType, body, parameter }) => {
      const spec = operation({
        requestBody: requestBody(mediaType, {
          type: "object",
          properties: { file: { type: "string", format: "binary" } },
        }),
      });
      expect(() => buildRequest(spec, { path: { id: "1" }, body })).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENTS", data: { parameter } }),
      );
    },
  );
});

describe("limits", () => {
  test("no answer in time is UPSTREAM_TIMEOUT naming the upstream", async () => {
    const loopback = await start(() => {});
    const error = await rejection(
      sendRequest(
        { method: "GET", url: `${loopback.url}/slow`, headers: {} },
        { timeoutMs: 100, upstream: "slow-api" },
      ),
    );
    expect(error).toEqual({ code: "UPSTREAM_TIMEOUT", data: { upstream: "slow-api" } });
  });

  test("a body that stalls halfway is UPSTREAM_TIMEOUT too", async () => {
    const loopback = await start((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("part");
    });
    const error = await rejection(sendRequest({ method: "GET", url: loopback.url, headers: {} }, { timeoutMs: 150 }));
    expect(error.code).toBe("UPSTREAM_TIMEOUT");
  });

  test.each([
    ["declared by content-length", true],
    ["streamed without a length", false],
  ])("a body over the limit, %s, is RESPONSE_TOO_LARGE", async (_name, declared) => {
    const loopback = await start((_request, response) => {
      const chunk = "x".repeat(1024);
      if (declared) response.writeHead(200, { "content-length": String(chunk.length * 64) });
      for (let index = 0; index < 64; index++) response.write(chunk);
      response.end();
    });
    const error = await rejection(
      sendRequest({ method: "GET", url: loopback.url, headers: {} }, { maxResponseBytes: 10_000, upstream: "big" }),
    );
    expect(error).toEqual({ code: "RESPONSE_TOO_LARGE", data: { upstream: "big", status: 200 } });
  });

  test("an aborted call is ABORTED", async () => {
    const loopback = await start(() => {});
    const controller = new AbortController();
    const pending = sendRequest({ method: "GET", url: loopback.url, headers: {} }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await rejection(pending)).code).toBe("ABORTED");
  });
});

describe("retries only for idempotent requests", () => {
  const failOnce =
    (status: number) => (_request: unknown, response: import("node:http").ServerResponse, index: number) =>
      index === 0 ? answerJson(response, status, { error: "busy" }) : answerJson(response, 200, { ok: true });

  test.each([
    ["GET 503 then 200", "GET", 503, 200, 2],
    ["GET 429 then 200", "GET", 429, 200, 2],
    ["HEAD 500 then 200", "HEAD", 500, 200, 2],
    ["GET 404 is an answer, not a failure", "GET", 404, 404, 1],
    ["POST 503 is never retried", "POST", 503, 503, 1],
    ["PUT 503 is never retried", "PUT", 503, 503, 1],
  ])("%s", async (_name, method, firstStatus, wantStatus, wantRequests) => {
    const loopback = await start(failOnce(firstStatus));
    const response = await sendRequest({ method, url: loopback.url, headers: {} }, { retries: 2, retryDelayMs: 1 });
    expect(response.status).toBe(wantStatus);
    expect(loopback.received).toHaveLength(wantRequests);
  });

  test.each([
    ["GET is retried after a reset connection", "GET", 2],
    ["POST is not", "POST", 1],
  ])("%s", async (_name, method, wantRequests) => {
    const loopback = await start((_request, response, index) => {
      if (index === 0) response.socket?.destroy();
      else answerJson(response, 200, { ok: true });
    });
    const outcome = await sendRequest({ method, url: loopback.url, headers: {} }, { retries: 2, retryDelayMs: 1 }).then(
      (response) => response.status,
      (error: { code: string; data: { status?: number } }) => `${error.code}:${error.data.status ?? "none"}`,
    );
    expect(outcome).toBe(wantRequests === 2 ? 200 : "UPSTREAM_ERROR:none");
    expect(loopback.received).toHaveLength(wantRequests);
  });
});

describe("decoding and checks", () => {
  test.each([
    ["JSON", "application/json; charset=utf-8", '{"a":[1]}', { a: [1] }],
    ["a +json type", "application/problem+json", '{"title":"x"}', { title: "x" }],
    ["text", "text/plain", "héllo", "héllo"],
    ["an empty body", "application/json", "", null],
    [
      "JSON in GBK",
      "application/json; charset=GBK",
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc4, 0xe3, 0xba, 0xc3, 0x22, 0x7d]),
      { a: "你好" },
    ],
    ["text in a quoted charset", 'text/plain; charset="iso-8859-1"', Buffer.from([0x63, 0x61, 0x66, 0xe9]), "café"],
    ["JSON after a byte order mark", "application/json", Buffer.from('\ufeff{"a":1}'), { a: 1 }],
    ["a charset TextDecoder does not know, read as UTF-8", "text/plain; charset=x-unknown", "héllo", "héllo"],
    ["text that is not UTF-8, with no charset (lossy, still text)", "text/plain", Buffer.from([0x61, 0xff]), "a\ufffd"],
    [
      "bytes of no text type",
      "image/png",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]),
      "data:image/png;base64,iVBORw0KGgoA",
    ],
    ["bytes with no content type", "", Buffer.from([0xff, 0xfe, 0x00]), "data:application/octet-stream;base64,//4A"],
    ["UTF-8 of no text type, as text", "application/octet-stream", "plain words", "plain words"],
  ])("%s", async (_name, contentType, text, want) => {
    const loopback = await start((_request, response) =>
      response.writeHead(200, contentType === "" ? {} : { "content-type": contentType }).end(text),
    );
    const response = await sendRequest({ method: "GET", url: loopback.url, headers: {} });
    expect(response.body).toEqual(want);
    expect(response.headers["content-type"]).toBe(contentType === "" ? undefined : contentType);
  });

  test("a JSON content type with a broken body is UPSTREAM_MALFORMED naming the upstream", async () => {
    const loopback = await start((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end("{oops"),
    );
    const error = await rejection(
      sendRequest({ method: "GET", url: loopback.url, headers: {} }, { upstream: "catalog" }),
    );
    expect(error).toEqual({
      code: "UPSTREAM_MALFORMED",
      data: { upstream: "catalog", status: 200, bodyExcerpt: "{oops" },
    });
  });

  test("JSON nested deeper than values may nest is UPSTREAM_MALFORMED saying where, not a stack overflow later", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const loopback = await start((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(deep),
    );
    const error = await rejection(
      sendRequest({ method: "GET", url: loopback.url, headers: {} }, { upstream: "catalog" }),
    );
    expect(error).toEqual({
      code: "UPSTREAM_MALFORMED",
      data: { upstream: "catalog", status: 200, pointer: "/0".repeat(501) },
    });
  });

  test.each([
    ["another host", ["example.com"], "HOST_NOT_ALLOWED"],
    ["the right host on another port", ["127.0.0.1:1"], "HOST_NOT_ALLOWED"],
    ["a wildcard for another domain", ["*.example.com"], "HOST_NOT_ALLOWED"],
    ["an empty list", [], "HOST_NOT_ALLOWED"],
    ["the host", ["127.0.0.1"], 200],
  ])("allow-list with %s", async (_name, allowedHosts, want) => {
    const loopback = await start((_request, response) => answerJson(response, 200, {}));
    const outcome = await sendRequest({ method: "GET", url: loopback.url, headers: {} }, { allowedHosts }).then(
      (response) => response.status,
      (error: { code: string }) => error.code,
    );
    expect(outcome).toBe(want);
    expect(loopback.received).toHaveLength(want === 200 ? 1 : 0);
  });

  test("redirects are returned, never followed", async () => {
    const loopback = await start((_request, response) =>
      response.writeHead(302, { location: "http://evil.example/" }).end(),
    );
    expect((await sendRequest({ method: "GET", url: loopback.url, headers: {} })).status).toBe(302);
  });

  test("extra headers are added; the request's own win", async () => {
    const loopback = await start((_request, response) => answerJson(response, 200, {}));
    await sendRequest(
      { method: "GET", url: loopback.url, headers: { "X-Request-Id": "own" } },
      { headers: { "x-request-id": "extra", "x-trace": "t" } },
    );
    expect(loopback.received[0]?.headers).toMatchObject({ "x-request-id": "own", "x-trace": "t" });
  });

  test.each([
    ["CR/LF in a value", { "x-h": "a\r\nb" }],
    ["a bad name", { "x h": "a" }],
  ])("a header with %s is refused before sending", async (_name, headers) => {
    const loopback = await start((_request, response) => answerJson(response, 200, {}));
    const error = await rejection(sendRequest({ method: "GET", url: loopback.url, headers }));
    expect(error.code).toBe("INVALID_HEADER_VALUE");
    expect(loopback.received).toHaveLength(0);
  });

  test("an unreachable upstream is UPSTREAM_ERROR without a status", async () => {
    const loopback = await start(() => {});
    const url = loopback.url;
    await loopback.close();
    const error = await rejection(sendRequest({ method: "POST", url, headers: {} }, { upstream: "gone" }));
    expect(error).toEqual({ code: "UPSTREAM_ERROR", data: { upstream: "gone" } });
  });
});
