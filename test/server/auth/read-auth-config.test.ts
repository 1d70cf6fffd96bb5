import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { isLoopbackHost } from "../../../src/server/is-loopback-host.js";
import { loadServiceConfig } from "../../../src/server/service-config.js";
import { expectConfigInvalid, sha256Hex } from "./auth-fixtures.js";

const DIRECTORY = mkdtempSync(join(tmpdir(), "action-recall-auth-config-"));
afterAll(() => rmSync(DIRECTORY, { recursive: true, force: true }));

const HASH = sha256Hex("ar_key_one_5e2a9c1d");
const OTHER_HASH = sha256Hex("ar_key_two_8b3f0e6a");
const KEY = { key_sha256: HASH, account_id: "acct-1", scopes: ["recall"] };
const PUBLIC_JWK = {
  kty: "EC",
  crv: "P-256",
  x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
  y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
};

writeFileSync(
  join(DIRECTORY, "keys.yaml"),
  `- key_sha256: ${OTHER_HASH}\n  account_id: acct-2\n  account_type: app\n  scopes: [execute, mcp]\n`,
);
writeFileSync(join(DIRECTORY, "jwks.json"), JSON.stringify({ keys: [PUBLIC_JWK] }));
writeFileSync(join(DIRECTORY, "secret-jwks.json"), JSON.stringify({ keys: [{ kty: "oct", k: "c2VjcmV0" }] }));
writeFileSync(join(DIRECTORY, "private-jwks.json"), JSON.stringify({ keys: [{ ...PUBLIC_JWK, d: "private" }] }));
writeFileSync(join(DIRECTORY, "broken.json"), "{keys");

const JWT = {
  AUTH_MODE: "jwt",
  JWT_JWKS_FILE: "jwks.json",
  JWT_ISSUER: "https://idp.example",
  JWT_AUDIENCE: "action-recall",
};
const load = (env: Record<string, string>) => loadServiceConfig(env, DIRECTORY);

describe("readAuthConfig through loadServiceConfig", () => {
  test.each([
    { name: "no AUTH_MODE: none", given: {}, want: { mode: "none" } },
    { name: "none on localhost", given: { HOST: "localhost" }, want: { mode: "none" } },
    { name: "none on 127.0.0.2", given: { HOST: "127.0.0.2" }, want: { mode: "none" } },
    { name: "none on ::1", given: { HOST: "::1" }, want: { mode: "none" } },
    {
      name: "api-key from the file and the setting, on 0.0.0.0",
      given: { AUTH_MODE: "api-key", HOST: "0.0.0.0", API_KEYS_FILE: "keys.yaml", API_KEYS: JSON.stringify([KEY]) },
      want: {
        mode: "api-key",
        apiKeys: [
          { keySha256: OTHER_HASH, accountId: "acct-2", accountType: "app", scopes: ["execute", "mcp"] },
          { keySha256: HASH, accountId: "acct-1", accountType: "user", scopes: ["recall"] },
        ],
      },
    },
    {
      name: "jwt from a JWKS file, default claims",
      given: JWT,
      want: {
        mode: "jwt",
        jwt: {
          jwks: { keys: { keys: [PUBLIC_JWK] } },
          issuer: "https://idp.example",
          audience: "action-recall",
          accountIdClaim: "sub",
          accountTypeClaim: "account_type",
          scopesClaim: "scope",
        },
      },
    },
    {
      name: "jwt from a JWKS URL, claims named",
      given: {
        AUTH_MODE: "jwt",
        JWT_JWKS_URL: "https://idp.example/.well-known/jwks.json",
        JWT_ISSUER: "https://idp.example",
        JWT_AUDIENCE: "action-recall",
        JWT_ACCOUNT_ID_CLAIM: "oid",
        JWT_ACCOUNT_TYPE_CLAIM: "kind",
        JWT_SCOPES_CLAIM: "scp",
      },
      want: {
        mode: "jwt",
        jwt: {
          jwks: { url: "https://idp.example/.well-known/jwks.json" },
          accountIdClaim: "oid",
          accountTypeClaim: "kind",
          scopesClaim: "scp",
        },
      },
    },
    {
      name: "gateway by CIDRs, default scopes and header",
      given: { AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8, fd00::/8,192.168.1.7" },
      want: {
        mode: "gateway",
        gateway: {
          secretHeader: "x-gateway-secret",
          trustedCidrs: [
            { address: "10.0.0.0", prefix: 8, family: "ipv4" },
            { address: "fd00::", prefix: 8, family: "ipv6" },
            { address: "192.168.1.7", prefix: 32, family: "ipv4" },
          ],
          scopes: ["recall", "execute", "mcp"],
        },
      },
    },
    {
      name: "gateway by secret, header and scopes named",
      given: {
        AUTH_MODE: "gateway",
        GATEWAY_SECRET: "gw-secret-4c1e9a7b2d",
        GATEWAY_SECRET_HEADER: "X-Edge-Token",
        GATEWAY_SCOPES: "recall",
      },
      want: {
        mode: "gateway",
        gateway: { secret: "gw-secret-4c1e9a7b2d", secretHeader: "x-edge-token", scopes: ["recall"] },
      },
    },
    {
      name: "a metrics token",
      given: { METRICS_TOKEN: "metrics-token-3e9d1c7a" },
      want: { mode: "none", metricsToken: "metrics-token-3e9d1c7a" },
    },
  ])("$name", ({ given, want }) => {
    expect(load(given).auth).toMatchObject(want);
  });

  test.each([
    { name: "none on 0.0.0.0", given: { HOST: "0.0.0.0" }, want: "set AUTH_MODE=api-key, jwt or gateway" },
    { name: "none on ::", given: { HOST: "::" }, want: "or HOST=127.0.0.1" },
    { name: "none on a LAN address", given: { HOST: "192.168.1.20" }, want: "AUTH_MODE=none on HOST=192.168.1.20" },
    { name: "none on a host name", given: { HOST: "service.internal" }, want: "AUTH_MODE=none" },
    { name: "an unknown mode", given: { AUTH_MODE: "basic" }, want: 'AUTH_MODE="basic"' },
    { name: "a setting of another mode", given: { API_KEYS: JSON.stringify([KEY]) }, want: "set AUTH_MODE=api-key" },
    { name: "a short metrics token", given: { METRICS_TOKEN: "short" }, want: "METRICS_TOKEN is invalid" },
    // api-key
    { name: "api-key without keys", given: { AUTH_MODE: "api-key" }, want: "set API_KEYS_FILE or API_KEYS" },
    { name: "api-key with an empty list", given: { AUTH_MODE: "api-key", API_KEYS: "[]" }, want: "needs keys" },
    { name: "keys not a list", given: { AUTH_MODE: "api-key", API_KEYS: "{}" }, want: "API_KEYS is invalid" },
    { name: "keys not YAML", given: { AUTH_MODE: "api-key", API_KEYS: "[{" }, want: "API_KEYS is not JSON or YAML" },
    {
      name: "a missing keys file",
      given: { AUTH_MODE: "api-key", API_KEYS_FILE: "absent.yaml" },
      want: 'API_KEYS_FILE="absent.yaml" cannot be read',
    },
    {
      name: "a plain key where its hash belongs",
      given: { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([{ ...KEY, key_sha256: "plain-key" }]) },
      want: "API_KEYS[0].key_sha256 is invalid",
    },
    {
      name: "an unknown scope",
      given: { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([{ ...KEY, scopes: ["recall", "root"] }]) },
      want: 'API_KEYS[0].scopes="root"',
    },
    {
      name: "scopes not a list",
      given: { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([{ ...KEY, scopes: "recall" }]) },
      want: "API_KEYS[0].scopes",
    },
    {
      name: "no account",
      given: { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([{ ...KEY, account_id: "" }]) },
      want: "API_KEYS[0].account_id",
    },
    {
      name: "an account type not a string",
      given: { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([{ ...KEY, account_type: 3 }]) },
      want: "API_KEYS[0].account_type",
    },
    {
      name: "a hash listed twice",
      given: { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([KEY, { ...KEY, key_sha256: HASH.toUpperCase() }]) },
      want: "API_KEYS[1].key_sha256",
    },
    {
      name: "a hash in the file and the setting",
      given: {
        AUTH_MODE: "api-key",
        API_KEYS_FILE: "keys.yaml",
        API_KEYS: JSON.stringify([{ ...KEY, key_sha256: OTHER_HASH }]),
      },
      want: "API_KEYS[0].key_sha256",
    },
    // jwt
    { name: "jwt without a key set", given: { ...JWT, JWT_JWKS_FILE: "" }, want: "exactly one of JWT_JWKS_FILE" },
    {
      name: "jwt with a file and a URL",
      given: { ...JWT, JWT_JWKS_URL: "https://idp.example/jwks" },
      want: "exactly one of JWT_JWKS_FILE and JWT_JWKS_URL",
    },
    { name: "jwt without an issuer", given: { ...JWT, JWT_ISSUER: "" }, want: "JWT_ISSUER is required" },
    { name: "jwt without an audience", given: { ...JWT, JWT_AUDIENCE: " " }, want: "JWT_AUDIENCE is required" },
    { name: "a missing JWKS file", given: { ...JWT, JWT_JWKS_FILE: "absent.json" }, want: "JWT_JWKS_FILE" },
    {
      name: "a JWKS file not JSON",
      given: { ...JWT, JWT_JWKS_FILE: "broken.json" },
      want: 'JWT_JWKS_FILE="broken.json"',
    },
    {
      name: "a JWKS of a shared secret",
      given: { ...JWT, JWT_JWKS_FILE: "secret-jwks.json" },
      want: "kty RSA, EC or OKP",
    },
    { name: "a JWKS with a private key", given: { ...JWT, JWT_JWKS_FILE: "private-jwks.json" }, want: "private part" },
    {
      name: "a JWKS URL in clear to another host",
      given: { ...JWT, JWT_JWKS_FILE: "", JWT_JWKS_URL: "http://idp.example/jwks" },
      want: 'JWT_JWKS_URL="http://idp.example/jwks"',
    },
    {
      name: "a JWKS URL not a URL",
      given: { ...JWT, JWT_JWKS_FILE: "", JWT_JWKS_URL: "idp.example/jwks" },
      want: "JWT_JWKS_URL",
    },
    // gateway
    {
      name: "gateway trusting nobody",
      given: { AUTH_MODE: "gateway" },
      want: "GATEWAY_SECRET or GATEWAY_TRUSTED_CIDRS",
    },
    {
      name: "a short gateway secret",
      given: { AUTH_MODE: "gateway", GATEWAY_SECRET: "hunter2" },
      want: "GATEWAY_SECRET is invalid: expected at least 16",
    },
    {
      name: "a bad CIDR",
      given: { AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: "10.0.0.0/33" },
      want: 'GATEWAY_TRUSTED_CIDRS="10.0.0.0/33"',
    },
    {
      name: "a host name as a CIDR",
      given: { AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8,gateway.internal" },
      want: 'GATEWAY_TRUSTED_CIDRS="gateway.internal"',
    },
    {
      name: "an unknown gateway scope",
      given: { AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8", GATEWAY_SCOPES: "recall,all" },
      want: 'GATEWAY_SCOPES="all"',
    },
    {
      name: "a bad header name",
      given: { AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8", GATEWAY_SECRET_HEADER: "x gateway" },
      want: "GATEWAY_SECRET_HEADER",
    },
  ])("$name → CONFIG_INVALID: $want", ({ given, want }) => {
    expectConfigInvalid(() => load(given), want);
  });

  test("a refused secret is never quoted", () => {
    for (const env of [
      { AUTH_MODE: "gateway", GATEWAY_SECRET: "hunter2" },
      { METRICS_TOKEN: "hunter2" },
      { AUTH_MODE: "api-key", API_KEYS: JSON.stringify([{ ...KEY, key_sha256: "hunter2" }]) },
    ]) {
      expect(() => load(env)).toThrow(expect.objectContaining({ message: expect.not.stringContaining("hunter2") }));
    }
  });
});

test.each([
  { given: "127.0.0.1", want: true },
  { given: "127.255.0.9", want: true },
  { given: "::1", want: true },
  { given: "[::1]", want: true },
  { given: "::ffff:127.0.0.1", want: true },
  { given: "LocalHost", want: true },
  { given: "0.0.0.0", want: false },
  { given: "::", want: false },
  { given: "128.0.0.1", want: false },
  { given: "localhost.evil.example", want: false },
  { given: "", want: false },
])("isLoopbackHost($given) is $want", ({ given, want }) => {
  expect(isLoopbackHost(given)).toBe(want);
});
