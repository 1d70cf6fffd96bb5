import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { type AuthAnswer, answerOf, buildAuthService, CHALLENGE } from "./auth-service.js";

const SECRET = "gw-secret-4c1e9a7b2d";
const ACCOUNT = { "x-account-id": "acct-7", "x-account-type": "app" };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const OK: AuthAnswer = { status: 200 };
const MISSING: AuthAnswer = { status: 401, code: "UNAUTHENTICATED", challenge: CHALLENGE.missing };
const INVALID: AuthAnswer = { status: 401, code: "UNAUTHENTICATED", challenge: CHALLENGE.invalid };

describe("gateway mode (app.inject's peer is 127.0.0.1)", () => {
  test.each([
    {
      name: "a trusted peer (127.0.0.1/32) naming an account",
      given: { env: { GATEWAY_TRUSTED_CIDRS: "127.0.0.1/32" }, headers: ACCOUNT },
      want: OK,
    },
    {
      name: "a trusted peer naming no account",
      given: { env: { GATEWAY_TRUSTED_CIDRS: "127.0.0.1/32" }, headers: {} },
      want: MISSING,
    },
    {
      name: "an untrusted peer (only 10.0.0.0/8 trusted)",
      given: { env: { GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8" }, headers: ACCOUNT },
      want: MISSING,
    },
    {
      name: "an untrusted peer claiming a trusted address in X-Forwarded-For",
      given: { env: { GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8" }, headers: { ...ACCOUNT, "x-forwarded-for": "10.1.2.3" } },
      want: MISSING,
    },
    {
      name: "the right secret",
      given: { env: { GATEWAY_SECRET: SECRET }, headers: { ...ACCOUNT, "x-gateway-secret": SECRET } },
      want: OK,
    },
    {
      name: "a wrong secret",
      given: { env: { GATEWAY_SECRET: SECRET }, headers: { ...ACCOUNT, "x-gateway-secret": `${SECRET}x` } },
      want: INVALID,
    },
    { name: "no secret", given: { env: { GATEWAY_SECRET: SECRET }, headers: ACCOUNT }, want: MISSING },
    {
      name: "the secret in a renamed header",
      given: {
        env: { GATEWAY_SECRET: SECRET, GATEWAY_SECRET_HEADER: "X-Edge-Token" },
        headers: { ...ACCOUNT, "x-edge-token": SECRET },
      },
      want: OK,
    },
    {
      name: "both set: a trusted peer with the secret",
      given: {
        env: { GATEWAY_SECRET: SECRET, GATEWAY_TRUSTED_CIDRS: "127.0.0.0/8" },
        headers: { ...ACCOUNT, "x-gateway-secret": SECRET },
      },
      want: OK,
    },
    {
      name: "both set: a trusted peer without the secret",
      given: { env: { GATEWAY_SECRET: SECRET, GATEWAY_TRUSTED_CIDRS: "127.0.0.0/8" }, headers: ACCOUNT },
      want: MISSING,
    },
    {
      name: "both set: the secret from an untrusted peer",
      given: {
        env: { GATEWAY_SECRET: SECRET, GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8" },
        headers: { ...ACCOUNT, "x-gateway-secret": SECRET },
      },
      want: MISSING,
    },
  ])("$name", async ({ given, want }) => {
    app = await buildAuthService({ AUTH_MODE: "gateway", ...given.env });
    expect(await answerOf(app, { method: "GET", url: "/whoami", headers: given.headers })).toEqual(want);
  });

  test("the principal is the gateway's account with GATEWAY_SCOPES; a scope not granted is 403", async () => {
    app = await buildAuthService({
      AUTH_MODE: "gateway",
      GATEWAY_TRUSTED_CIDRS: "::1,127.0.0.1",
      GATEWAY_SCOPES: "recall",
    });
    const response = await app.inject({ method: "GET", url: "/whoami", headers: ACCOUNT });
    expect(response.json()).toEqual({ accountId: "acct-7", accountType: "app", scopes: ["recall"], mode: "gateway" });
    expect(await answerOf(app, { method: "GET", url: "/whoami/execute", headers: ACCOUNT })).toEqual({
      status: 403,
      code: "FORBIDDEN",
      challenge: CHALLENGE.scope("execute"),
    });
    const untyped = await app.inject({ method: "GET", url: "/whoami", headers: { "x-account-id": "acct-8" } });
    expect(untyped.json()).toMatchObject({ accountId: "acct-8", accountType: "user" });
  });

  test("the peer is the socket's address: a real connection from 127.0.0.1", async () => {
    for (const [cidrs, want] of [
      ["127.0.0.1/32", 200],
      ["10.0.0.0/8", 401],
    ] as const) {
      app = await buildAuthService({ AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: cidrs });
      const url = await app.listen({ host: "127.0.0.1", port: 0 });
      expect((await fetch(`${url}/whoami`, { headers: ACCOUNT })).status).toBe(want);
      await app.close();
    }
  });
});
