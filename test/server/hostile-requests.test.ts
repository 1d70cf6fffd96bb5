import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ACCOUNT_HEADERS, type KweaverService, SEED_RECALL_URL, startKweaverService } from "./service-harness.js";

const API = "/api/action-recall/v1";
const ROUTES = [
  SEED_RECALL_URL,
  `${API}/tool-calls`,
  `${API}/tools/convert`,
  `${API}/tool-calls/parse`,
  `${API}/slots/fill`,
];

let service: KweaverService;
let tool: Record<string, unknown>;

beforeAll(async () => {
  service = await startKweaverService();
  const recalled = await service.app.inject({
    method: "POST",
    url: SEED_RECALL_URL,
    headers: ACCOUNT_HEADERS,
    payload: { unique_identity: { id: "1" } },
  });
  tool = (recalled.json() as { _dynamic_tools: Record<string, unknown>[] })._dynamic_tools[0] ?? {};
});
afterAll(async () => service.close());

const hostile = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    "a/b",
    "../..",
    "a\r\nX-Evil: 1",
    "http://evil.test",
    "__proto__",
    { $ref: "#/x" },
    { $ref: 5 },
    [],
    {},
  ),
);

/** Bodies of every route's shape, holding hostile values, and bodies of no shape at all. */
const body = fc.oneof(
  fc.record({ unique_identity: fc.dictionary(fc.string(), hostile), dialect: fc.constantFrom("openai", "nope", 5) }),
  fc.record({
    tool: fc.constant(null).map(() => tool),
    call: fc.record({
      id: fc.constant("c1"),
      format: fc.constant("json"),
      name: fc.constant(null).map(() => tool.name),
      arguments: fc.dictionary(fc.constantFrom("path", "query", "body", "header", "kn_id", "ot_id"), hostile),
    }),
  }),
  fc.record({ document: hostile, dialect: fc.constantFrom("openai", "mcp", "x"), maxDepth: hostile }),
  fc.record({ output: hostile, tools: fc.constantFrom(undefined, [], [{}]) }),
  fc.record({ schema: hostile, data: hostile }),
  hostile,
);

test("property: no request body, however malformed, gets a 5xx, or an answer that is neither JSON nor events", async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...ROUTES), body, async (url, payload) => {
      const response = await service.app.inject({
        method: "POST",
        url,
        headers: { ...ACCOUNT_HEADERS, "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBeLessThan(500);
      // A slot fill that can start streams its events; every other answer is one JSON document.
      if (!String(response.headers["content-type"]).startsWith("text/event-stream")) {
        expect(() => JSON.parse(response.body)).not.toThrow();
      }
    }),
    { numRuns: 400 },
  );
});
