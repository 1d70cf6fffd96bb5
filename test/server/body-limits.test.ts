import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";

const CATALOG_FILE = new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url).pathname;
const API = "/api/action-recall/v1";
/** Over MAX_CONVERT_BODY_BYTES below, and under MAX_BODY_BYTES. */
const FILLER = "x".repeat(4_096);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildServer(
    loadServiceConfig({ CATALOG_FILE, MAX_CONVERT_BODY_BYTES: "2048", MAX_BODY_BYTES: "65536" }),
    { logger: false },
  );
});
afterAll(async () => app.close());

test.each([
  { name: "convert, over the cap", given: { url: `${API}/tools/convert`, payload: { document: FILLER } }, want: 413 },
  { name: "parse, over the cap", given: { url: `${API}/tool-calls/parse`, payload: { output: FILLER } }, want: 413 },
  {
    name: "slot fill, over the cap",
    given: { url: `${API}/slots/fill`, payload: { schema: {}, question: FILLER } },
    want: 413,
  },
  {
    name: "parse, under the cap",
    given: { url: `${API}/tool-calls/parse`, payload: { output: "x".repeat(1_024) } },
    want: 200,
  },
  {
    name: "recall, over the cap but under MAX_BODY_BYTES",
    given: {
      url: `${API}/knowledge-networks/kn_orders/action-types/view_order`,
      payload: { unique_identity: { order_id: "ord_1001", note: FILLER } },
    },
    want: 200,
  },
])("$name → $want", async ({ given, want }) => {
  const response = await app.inject({
    method: "POST",
    url: given.url,
    headers: { "x-account-id": "u1", "x-account-type": "user" },
    payload: given.payload,
  });
  expect(response.statusCode).toBe(want);
  if (want === 413) expect(response.json()).toMatchObject({ code: "INVALID_REQUEST" });
});
