import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { answerJson, type LoopbackServer, startLoopbackServer } from "../../http/loopback-server.js";
import { answerOf, buildAuthService, CHALLENGE, RECALL_REQUEST } from "./auth-service.js";

const ISSUER = "https://idp.example";
const AUDIENCE = "action-recall";
const DIRECTORY = mkdtempSync(join(tmpdir(), "action-recall-jwt-"));

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let signing: Keys;
let stranger: Keys;
let jwksServer: LoopbackServer;
let failingJwksServer: LoopbackServer;

beforeAll(async () => {
  signing = await generateKeyPair("ES256");
  stranger = await generateKeyPair("ES256");
  const jwks = { keys: [{ ...(await exportJWK(signing.publicKey)), kid: "k1", alg: "ES256", use: "sig" }] };
  writeFileSync(join(DIRECTORY, "jwks.json"), JSON.stringify(jwks));
  jwksServer = await startLoopbackServer((_request, response) => answerJson(response, 200, jwks));
  failingJwksServer = await startLoopbackServer((_request, response) => answerJson(response, 500, {}));
});
afterAll(async () => {
  await jwksServer.close();
  await failingJwksServer.close();
  rmSync(DIRECTORY, { recursive: true, force: true });
});

/** A token as the identity provider would sign it, with `changes` applied (an `undefined` claim is left out). */
async function token(
  changes: {
    claims?: Record<string, unknown>;
    key?: CryptoKey;
    issuer?: string;
    audience?: string;
    expires?: number | string;
  } = {},
): Promise<string> {
  const claims = { sub: "acct-1", scope: "recall mcp", ...changes.claims };
  const jwt = new SignJWT(Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined)))
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer(changes.issuer ?? ISSUER)
    .setAudience(changes.audience ?? AUDIENCE)
    .setIssuedAt();
  if (changes.expires !== 0) jwt.setExpirationTime(changes.expires ?? "5m");
  return jwt.sign(changes.key ?? signing.privateKey);
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");
const NOW = () => Math.floor(Date.now() / 1000);

/** A token that claims `alg: none`, unsigned. */
function unsignedToken(): string {
  const payload = { sub: "acct-1", scope: "recall", iss: ISSUER, aud: AUDIENCE, exp: NOW() + 300 };
  return `${base64url({ alg: "none", kid: "k1" })}.${base64url(payload)}.`;
}

/** A token signed with HMAC over the public key's JSON: the classic algorithm-confusion forgery. */
async function hmacToken(): Promise<string> {
  const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(signing.publicKey)));
  return new SignJWT({ sub: "acct-1", scope: "recall" })
    .setProtectedHeader({ alg: "HS256", kid: "k1" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setExpirationTime("5m")
    .sign(secret);
}

const JWT_ENV = { AUTH_MODE: "jwt", JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE };
const KEY_SETS = [
  { name: "a JWKS file", env: () => ({ JWT_JWKS_FILE: join(DIRECTORY, "jwks.json") }) },
  { name: "a JWKS URL on loopback", env: () => ({ JWT_JWKS_URL: `${jwksServer.url}/jwks.json` }) },
];

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe.each(KEY_SETS)("jwt mode with $name", ({ env }) => {
  const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

  test.each([
    { name: "a good token", given: () => token(), want: 200 },
    { name: "a token expired an hour ago", given: () => token({ expires: NOW() - 3600 }), want: 401 },
    { name: "a token expired 10 s ago (clock tolerance)", given: () => token({ expires: NOW() - 10 }), want: 200 },
    { name: "a token without an expiry", given: () => token({ expires: 0 }), want: 401 },
    { name: "a token of another issuer", given: () => token({ issuer: "https://evil.example" }), want: 401 },
    { name: "a token for another audience", given: () => token({ audience: "another-service" }), want: 401 },
    { name: "a token signed by another key", given: () => token({ key: stranger.privateKey }), want: 401 },
    { name: "an alg: none token", given: async () => unsignedToken(), want: 401 },
    { name: "an HS256 token keyed with the public key", given: hmacToken, want: 401 },
    { name: "a token without an account", given: () => token({ claims: { sub: undefined } }), want: 401 },
    { name: "a token whose account is a number", given: () => token({ claims: { sub: 7 } }), want: 401 },
    { name: "not a token", given: async () => "not.a.jwt", want: 401 },
  ])("$name → $want", async ({ given, want }) => {
    app = await buildAuthService({ ...JWT_ENV, ...env() });
    const answer = await answerOf(app, {
      ...RECALL_REQUEST,
      headers: { ...RECALL_REQUEST.headers, ...bearer(await given()) },
    });
    expect(answer).toEqual(
      want === 200 ? { status: 200 } : { status: 401, code: "UNAUTHENTICATED", challenge: CHALLENGE.invalid },
    );
  });

  test("no token → 401 without invalid_token; a scope the token lacks → 403", async () => {
    app = await buildAuthService({ ...JWT_ENV, ...env() });
    expect(await answerOf(app, RECALL_REQUEST)).toEqual({
      status: 401,
      code: "UNAUTHENTICATED",
      challenge: CHALLENGE.missing,
    });
    const execute = { method: "GET", url: "/whoami/execute", headers: bearer(await token()) } as const;
    expect(await answerOf(app, execute)).toEqual({
      status: 403,
      code: "FORBIDDEN",
      challenge: CHALLENGE.scope("execute"),
    });
  });

  test.each([
    {
      name: "sub, an account type claim, a space-separated scope (unknown names ignored)",
      given: { env: {}, claims: { account_type: "app", scope: "recall other:read execute" } },
      want: { accountId: "acct-1", accountType: "app", scopes: ["execute", "recall"], mode: "jwt" },
    },
    {
      name: "named claims, an scp array",
      given: {
        env: { JWT_ACCOUNT_ID_CLAIM: "oid", JWT_ACCOUNT_TYPE_CLAIM: "kind", JWT_SCOPES_CLAIM: "scp" },
        claims: { oid: "acct-9", kind: "service", scp: ["mcp", "admin"] },
      },
      want: { accountId: "acct-9", accountType: "service", scopes: ["admin", "mcp"], mode: "jwt" },
    },
    {
      name: "no account type: a user; no scope claim: no scopes",
      given: { env: {}, claims: { scope: undefined } },
      want: { accountId: "acct-1", accountType: "user", scopes: [], mode: "jwt" },
    },
  ])("the principal from $name", async ({ given, want }) => {
    app = await buildAuthService({ ...JWT_ENV, ...env(), ...given.env });
    const response = await app.inject({
      method: "GET",
      url: "/whoami",
      headers: { authorization: `Bearer ${await token({ claims: given.claims })}` },
    });
    expect(response.json()).toEqual(want);
  });
});

test("a JWKS URL that fails is the key server's fault (502), not the caller's", async () => {
  app = await buildAuthService({ ...JWT_ENV, JWT_JWKS_URL: `${failingJwksServer.url}/jwks.json` });
  const answer = await answerOf(app, {
    method: "GET",
    url: "/whoami",
    headers: { authorization: `Bearer ${await token()}` },
  });
  expect(answer).toEqual({ status: 502, code: "UPSTREAM_ERROR" });
});
