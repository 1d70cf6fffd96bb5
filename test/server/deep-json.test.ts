import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { ACCOUNT_HEADERS, type KweaverService, SEED_RECALL_URL, startKweaverService } from "./service-harness.js";

const API = "/api/action-recall/v1";
const LEVELS = 100_000;
const DEEP = {
  arrays: `${"[".repeat(LEVELS)}${"]".repeat(LEVELS)}`,
  objects: `${'{"a":'.repeat(LEVELS)}1${"}".repeat(LEVELS)}`,
};

/** Each route, and a body of its shape with the deep value where a client would put one. */
const ROUTES: Array<{ route: string; url: string; body: (deep: string) => string; catalog?: boolean }> = [
  { route: "recall", url: SEED_RECALL_URL, body: (deep) => `{"unique_identity":{"id":${deep}}}` },
  {
    route: "tool-calls",
    url: `${API}/tool-calls`,
    body: (deep) => `{"tool":{"name":"t","parameters":${deep}},"call":{"name":"t","arguments":{}}}`,
  },
  { route: "tools/convert", url: `${API}/tools/convert`, body: (deep) => `{"document":${deep}}` },
  { route: "tool-calls/parse", url: `${API}/tool-calls/parse`, body: (deep) => `{"output":${deep}}` },
  { route: "slots/fill", url: `${API}/slots/fill`, body: (deep) => `{"schema":{"type":"object"},"data":${deep}}` },
  {
    route: "/mcp",
    url: "/mcp",
    body: (deep) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":${deep}}}`,
  },
  {
    route: "tool-calls by reference",
    url: `${API}/tool-calls`,
    body: (deep) =>
      `{"tool_ref":{"kn_id":"kn_orders","action_type_id":"view_order","unique_identity":${deep}},"call":{}}`,
    catalog: true,
  },
];

let kweaver: KweaverService;
let catalog: FastifyInstance;
beforeAll(async () => {
  // The CPU-heavy routes cap bodies at 256 KiB; 100,000 levels of objects are more, and the depth is what is tested.
  kweaver = await startKweaverService({}, { MAX_CONVERT_BODY_BYTES: "1048576" });
  catalog = await buildServer(
    loadServiceConfig({
      CATALOG_FILE: new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url).pathname,
    }),
    { logger: false },
  );
});
afterAll(async () => {
  await kweaver.close();
  await catalog.close();
});

async function post(app: FastifyInstance, url: string, payload: string, contentType = "application/json") {
  return app.inject({
    method: "POST",
    url,
    headers: {
      ...ACCOUNT_HEADERS,
      "content-type": contentType,
      accept: "application/json, text/event-stream",
    },
    payload,
  });
}

describe("JSON nested 100,000 levels deep is a 400 naming where, on every route", () => {
  for (const { route, url, body, catalog: inCatalog } of ROUTES) {
    for (const [kind, deep] of Object.entries(DEEP)) {
      test(`${route}, ${kind}`, async () => {
        const response = await post(inCatalog === true ? catalog : kweaver.app, url, body(deep));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: "INVALID_REQUEST", pointer: expect.stringMatching(/^\//) });
        expect(kweaver.upstreams.ontologyQuery.requests).toEqual([]);
      });
    }
  }
});

describe("the JSON parser still parses as Fastify's does", () => {
  test.each([
    {
      name: "nesting up to the limit is accepted",
      given: {
        contentType: "application/json",
        payload: `{"unique_identity":{"id":${"[".repeat(400)}${"]".repeat(400)}}}`,
      },
      want: { status: 200 },
    },
    {
      name: "a +json type is parsed and checked like application/json",
      given: {
        contentType: "application/vnd.api+json; charset=utf-8",
        payload: `{"unique_identity":{"id":${DEEP.arrays}}}`,
      },
      want: { status: 400, code: "INVALID_REQUEST" },
    },
    {
      name: "__proto__ is refused",
      given: { contentType: "application/json", payload: '{"unique_identity":{"__proto__":{"polluted":true}}}' },
      want: { status: 400, code: "INVALID_REQUEST" },
    },
    {
      name: "constructor.prototype is refused",
      given: {
        contentType: "application/json",
        payload: '{"unique_identity":{"constructor":{"prototype":{"polluted":true}}}}',
      },
      want: { status: 400, code: "INVALID_REQUEST" },
    },
    {
      name: "an empty body is refused",
      given: { contentType: "application/json", payload: "" },
      want: { status: 400, code: "INVALID_REQUEST" },
    },
    {
      name: "malformed JSON is refused",
      given: { contentType: "application/json", payload: "{" },
      want: { status: 400, code: "INVALID_REQUEST" },
    },
  ])("$name", async ({ given, want }) => {
    const response = await post(kweaver.app, SEED_RECALL_URL, given.payload, given.contentType);
    expect(response.statusCode).toBe(want.status);
    if (want.code !== undefined) expect(response.json().code).toBe(want.code);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
