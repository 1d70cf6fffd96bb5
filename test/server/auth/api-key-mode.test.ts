import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sha256Hex } from "./auth-fixtures.js";
import { answerOf, buildAuthService, CHALLENGE, RECALL_REQUEST } from "./auth-service.js";

const KEYS = {
  recall: "ar_recall_5f1c2a9e7b3d4c60",
  execute: "ar_execute_0b8e6d4f2a1c9e73",
  mcp: "ar_mcp_7d2f9a1b3c5e8d04",
  admin: "ar_admin_c4e8a2f6b0d1937e",
  everything: "ar_all_9a7c5e3b1d2f4a68",
};

/** One key per scope, and one with every scope, as `API_KEYS` lists them (hashes only). */
const API_KEYS = JSON.stringify([
  ...(["recall", "execute", "mcp", "admin"] as const).map((scope) => ({
    key_sha256: sha256Hex(KEYS[scope]),
    account_id: `acct-${scope}`,
    scopes: [scope],
  })),
  {
    key_sha256: sha256Hex(KEYS.everything).toUpperCase(),
    account_id: "acct-all",
    account_type: "app",
    scopes: ["recall", "execute", "mcp", "admin"],
  },
]);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildAuthService({ AUTH_MODE: "api-key", API_KEYS, METRICS_TOKEN: "metrics-token-3e9d1c7a" });
});
afterAll(() => app.close());

describe("api-key mode on the service's routes", () => {
  const routes: Array<{ name: string; scope: keyof typeof KEYS | undefined; request: InjectOptions; passed: number }> =
    [
      { name: "recall", passed: 200, scope: "recall", request: RECALL_REQUEST },
      {
        name: "tool-calls",
        passed: 400,
        scope: "execute",
        request: { method: "POST", url: "/api/action-recall/v1/tool-calls", payload: {} },
      },
      {
        name: "convert",
        passed: 400,
        scope: "recall",
        request: { method: "POST", url: "/api/action-recall/v1/tools/convert", payload: {} },
      },
      {
        name: "parse",
        passed: 200,
        scope: "recall",
        request: { method: "POST", url: "/api/action-recall/v1/tool-calls/parse", payload: { output: "no call" } },
      },
      {
        name: "slots",
        passed: 400,
        scope: "recall",
        request: { method: "POST", url: "/api/action-recall/v1/slots/fill", payload: {} },
      },
      {
        name: "mcp",
        passed: 200,
        scope: "mcp",
        request: {
          method: "POST",
          url: "/mcp",
          headers: { accept: "application/json, text/event-stream" },
          payload: { jsonrpc: "2.0", id: 1, method: "ping" },
        },
      },
      { name: "metrics", passed: 200, scope: "admin", request: { method: "GET", url: "/metrics" } },
      { name: "docs (any credential)", passed: 200, scope: undefined, request: { method: "GET", url: "/docs" } },
      {
        name: "docs document (any credential)",
        passed: 200,
        scope: undefined,
        request: { method: "GET", url: "/docs/json" },
      },
      {
        name: "docs UI file (any credential)",
        passed: 200,
        scope: undefined,
        request: { method: "GET", url: "/docs/static/swagger-ui.css" },
      },
    ];

  test.each(routes)(
    "$name: the key with its scope passes (a 400 is the body's validation), X-API-Key or Bearer",
    async ({ scope, request, passed }) => {
      const key = KEYS[scope ?? "mcp"];
      for (const headers of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }]) {
        const answer = await answerOf(app, { ...request, headers: { ...request.headers, ...headers } });
        expect(answer.status).toBe(passed);
      }
    },
  );

  test.each(routes.filter((route) => route.scope !== undefined))(
    "$name: a key without $scope is 403 naming it",
    async ({ scope, request }) => {
      const other = scope === "recall" ? KEYS.execute : KEYS.recall;
      const response = await app.inject({ ...request, headers: { ...request.headers, "x-api-key": other } });
      expect(response.statusCode).toBe(403);
      expect(response.headers["www-authenticate"]).toBe(CHALLENGE.scope(scope as string));
      expect(response.json()).toEqual({ code: "FORBIDDEN", message: expect.stringContaining(`"${scope}"`) });
    },
  );

  test.each(routes)("$name: no key is 401, a wrong one 401 invalid_token", async ({ request }) => {
    expect(await answerOf(app, request)).toEqual({
      status: 401,
      code: "UNAUTHENTICATED",
      challenge: CHALLENGE.missing,
    });
    const wrong = { ...request, headers: { ...request.headers, authorization: "Bearer ar_guess_0000000000000000" } };
    expect(await answerOf(app, wrong)).toEqual({ status: 401, code: "UNAUTHENTICATED", challenge: CHALLENGE.invalid });
  });
});

describe("api-key mode: credentials", () => {
  test.each([
    { name: "a key's account and scopes", given: { "x-api-key": KEYS.recall }, want: 200 },
    { name: "the hash of a key, sent as the key", given: { "x-api-key": sha256Hex(KEYS.recall) }, want: 401 },
    { name: "a key with a trailing character", given: { "x-api-key": `${KEYS.recall}x` }, want: 401 },
    { name: "another scheme", given: { authorization: `Basic ${KEYS.recall}` }, want: 401 },
    { name: "an empty key", given: { "x-api-key": "" }, want: 401 },
  ])("$name → $want", async ({ given, want }) => {
    expect((await answerOf(app, { method: "GET", url: "/whoami", headers: given })).status).toBe(want);
  });

  test("the principal is the key's account, type (default user) and scopes; the key's account headers do not count", async () => {
    const whoami = async (headers: Record<string, string>) =>
      (await app.inject({ method: "GET", url: "/whoami", headers })).json();
    expect(await whoami({ "x-api-key": KEYS.recall, "x-account-id": "victim" })).toEqual({
      accountId: "acct-recall",
      accountType: "user",
      scopes: ["recall"],
      mode: "api-key",
    });
    expect(await whoami({ authorization: `bearer ${KEYS.everything}` })).toEqual({
      accountId: "acct-all",
      accountType: "app",
      scopes: ["admin", "execute", "mcp", "recall"],
      mode: "api-key",
    });
  });

  test("the message never repeats the presented key", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/docs",
      headers: { "x-api-key": "ar_secret_leak_check" },
    });
    expect(response.body).not.toContain("ar_secret_leak_check");
  });

  test("an unknown URL needs a key before it is a 404", async () => {
    expect((await answerOf(app, { method: "GET", url: "/nowhere" })).status).toBe(401);
    expect((await answerOf(app, { method: "GET", url: "/nowhere", headers: { "x-api-key": KEYS.mcp } })).status).toBe(
      404,
    );
  });
});

describe("api-key mode: health and metrics", () => {
  test.each([
    { name: "/healthz without a key", given: { method: "GET", url: "/healthz" }, want: 200 },
    { name: "/readyz without a key", given: { method: "GET", url: "/readyz" }, want: 200 },
    { name: "HEAD /healthz without a key", given: { method: "HEAD", url: "/healthz" }, want: 200 },
    {
      name: "/metrics with the metrics token",
      given: { method: "GET", url: "/metrics", headers: { authorization: "Bearer metrics-token-3e9d1c7a" } },
      want: 200,
    },
    {
      name: "/metrics with an admin key",
      given: { method: "GET", url: "/metrics", headers: { "x-api-key": KEYS.admin } },
      want: 200,
    },
    {
      name: "/metrics with a key without admin",
      given: { method: "GET", url: "/metrics", headers: { "x-api-key": KEYS.recall } },
      want: 403,
    },
    {
      name: "/metrics with a wrong token",
      given: { method: "GET", url: "/metrics", headers: { authorization: "Bearer metrics-token-3e9d1c7b" } },
      want: 401,
    },
    { name: "/metrics without anything", given: { method: "GET", url: "/metrics" }, want: 401 },
    {
      name: "the metrics token on another route",
      given: { method: "GET", url: "/docs", headers: { authorization: "Bearer metrics-token-3e9d1c7a" } },
      want: 401,
    },
  ] satisfies Array<{ name: string; given: InjectOptions; want: number }>)("$name → $want", async ({ given, want }) => {
    expect((await answerOf(app, given)).status).toBe(want);
  });
});
