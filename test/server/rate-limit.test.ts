import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";

const CATALOG_FILE = new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url).pathname;
const PARSE_URL = "/api/action-recall/v1/tool-calls/parse";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * The service with the given settings. Until authentication sets `request.principal`, this hook stands in for its
 * `none` mode, which takes the account from `x-account-id` and `x-account-type`.
 */
async function start(env: Record<string, string>): Promise<FastifyInstance> {
  app = await buildServer(loadServiceConfig({ CATALOG_FILE, ...env }), { logger: false });
  app.addHook("onRequest", async (request) => {
    const accountId = request.headers["x-account-id"];
    const accountType = request.headers["x-account-type"];
    if (typeof accountId === "string" && typeof accountType === "string") {
      request.principal = { accountId, accountType, scopes: new Set(["recall", "execute", "mcp"]), mode: "none" };
    }
  });
  return app;
}

/** A request: the account id (none for `null`) and the URL. */
type Request = [account: string | null, url: string];

/** Sends the requests one after another; answers their statuses in order. */
async function send(service: FastifyInstance, requests: Request[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const [account, url] of requests) {
    const response = await service.inject({
      method: url === PARSE_URL ? "POST" : "GET",
      url,
      headers: account === null ? {} : { "x-account-id": account, "x-account-type": "user" },
      ...(url === PARSE_URL ? { payload: { output: "no call here" } } : {}),
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const CASES: Array<{ name: string; given: Request[]; want: number[] }> = [
  {
    name: "one account past RATE_LIMIT_MAX is limited, another account is not",
    given: [
      ["a", PARSE_URL],
      ["a", PARSE_URL],
      ["a", PARSE_URL],
      ["b", PARSE_URL],
    ],
    want: [200, 200, 429, 200],
  },
  {
    name: "requests without an account share their client address's budget",
    given: [
      [null, PARSE_URL],
      [null, PARSE_URL],
      [null, PARSE_URL],
      ["a", PARSE_URL],
    ],
    want: [200, 200, 429, 200],
  },
  {
    name: "the probes are exempt",
    given: [
      ["a", "/healthz"],
      ["a", "/healthz"],
      ["a", "/healthz"],
      ["a", "/readyz"],
      ["a", PARSE_URL],
    ],
    want: [200, 200, 200, 200, 200],
  },
];

describe("the rate limit per account", () => {
  test.each(CASES)("$name", async ({ given, want }) => {
    expect(await send(await start({ RATE_LIMIT_MAX: "2" }), given)).toEqual(want);
  });

  test("past the limit: 429 RATE_LIMITED with Retry-After", async () => {
    const service = await start({ RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW_MS: "30000" });
    await send(service, [["a", PARSE_URL]]);
    const response = await service.inject({
      method: "POST",
      url: PARSE_URL,
      headers: { "x-account-id": "a", "x-account-type": "user" },
      payload: { output: "" },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringContaining("1 requests per 30000 ms"),
    });
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("RATE_LIMIT_MAX=0 turns it off", async () => {
    const statuses = await send(await start({ RATE_LIMIT_MAX: "0" }), Array<Request>(5).fill(["a", PARSE_URL]));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
