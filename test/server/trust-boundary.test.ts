// The service's trust boundary against real loopback upstreams: it sends requests only where it was configured to,
// tenants never see each other's answers, and a request body never chooses a host, a tenant or a fixed value.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startMcpTestServer } from "../support/mcp-test-server.js";
import {
  startUpstreamServer,
  TOOL_DETAIL_PATH,
  TOOL_PROXY_PATH,
  type UpstreamServer,
} from "../support/upstream-servers.js";
import {
  type KweaverService,
  SEED_ACTION_RESPONSE,
  SEED_RECALL_URL,
  SEED_TOOL_DETAIL,
  SEED_TOOL_REF,
  startKweaverService,
} from "./service-harness.js";

const TOOL_CALLS_URL = "/api/action-recall/v1/tool-calls";
const ARGUMENTS = { path: { kn_id: "kn_medical", ot_id: "disease" }, body: { limit: 5, sort: [] } };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function kweaver(...args: Parameters<typeof startKweaverService>): Promise<KweaverService> {
  const service = await startKweaverService(...args);
  cleanups.push(() => service.close());
  return service;
}

/** A second loopback server nothing should ever reach: the internal admin API an attacker aims at. */
async function victim(): Promise<UpstreamServer> {
  const server = await startUpstreamServer();
  server.route("POST", "/admin/secret", { json: { secret: "s3cr3t" } });
  server.route("GET", "/admin/secret", { json: { secret: "s3cr3t" } });
  cleanups.push(() => server.close());
  return server;
}

function account(id: string): Record<string, string> {
  return { "x-account-id": id, "x-account-type": "user" };
}

function execute(service: KweaverService, payload: Record<string, unknown>, accountId = "alice") {
  return service.app.inject({ method: "POST", url: TOOL_CALLS_URL, headers: account(accountId), payload });
}

function call(name = SEED_TOOL_DETAIL.name, args: unknown = ARGUMENTS) {
  return { id: "c1", name, arguments: args, format: "json" };
}

describe("SSRF: a request body never chooses where the service sends requests", () => {
  test.each([
    { name: "a tool-box api_url", tool: (url: string) => ({ api_url: url }) },
    { name: "an MCP server", tool: (url: string) => ({ api_url: url, mcp: { tool_name: "secret" } }) },
  ])("a client tool naming $name is FORBIDDEN by default; the named host receives nothing", async ({ tool }) => {
    const target = await victim();
    const service = await kweaver();
    const response = await execute(service, {
      tool: { name: "steal", parameters: { type: "object" }, ...tool(`${target.url}/admin/secret`) },
      call: call("steal", {}),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("tool_ref") });
    expect(target.requests).toEqual([]);
  });

  test.each([
    { name: "a tool-box api_url", tool: (url: string) => ({ api_url: url }) },
    { name: "an MCP server", tool: (url: string) => ({ api_url: url, mcp: { tool_name: "secret" } }) },
  ])(
    "with ALLOW_CLIENT_TOOLS, $name off CLIENT_TOOL_HOSTS is HOST_NOT_ALLOWED and receives nothing",
    async ({ tool }) => {
      const target = await victim();
      const service = await kweaver({}, { ALLOW_CLIENT_TOOLS: "true", CLIENT_TOOL_HOSTS: "tools.example.com" });
      const response = await execute(service, {
        tool: { name: "steal", parameters: { type: "object" }, ...tool(`${target.url}/admin/secret`) },
        call: call("steal", {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "HOST_NOT_ALLOWED" });
      expect(target.requests).toEqual([]);
    },
  );

  test("a server_url in a tool detail is never called by the service: the proxy is", async () => {
    const target = await victim();
    const detail = structuredClone(SEED_TOOL_DETAIL);
    Object.assign(detail.metadata, { server_url: `${target.url}/admin/secret` });
    Object.assign(detail.metadata.api_spec, { servers: [{ url: `${target.url}/admin/secret` }] });
    const service = await kweaver({ toolDetail: { json: detail } });
    const response = await execute(service, { tool_ref: SEED_TOOL_REF, call: call() });
    expect(response.statusCode).toBe(200);
    expect(service.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(1);
    expect(target.requests).toEqual([]);
  });

  test("a redirect from the proxy is not followed", async () => {
    const target = await victim();
    const service = await kweaver({
      proxy: { status: 307, headers: { location: `${target.url}/admin/secret` }, text: "" },
    });
    const response = await execute(service, { tool_ref: SEED_TOOL_REF, call: call() });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "UPSTREAM_ERROR", status: 307 });
    expect(target.requests).toEqual([]);
  });

  test("a redirect from an MCP server is not followed", async () => {
    const target = await victim();
    const redirecting = await startUpstreamServer();
    cleanups.push(() => redirecting.close());
    for (const method of ["GET", "POST"]) {
      redirecting.route(method, "/mcp", { status: 307, headers: { location: `${target.url}/admin/secret` } });
    }
    const service = await kweaver(
      { actionQuery: { json: { action_source: { type: "mcp", mcp_id: "notes", tool_name: "x" }, actions: [{}] } } },
      { MCP_SERVERS: JSON.stringify({ notes: `${redirecting.url}/mcp` }) },
    );
    const response = await service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: account("alice"),
      payload: { unique_identity: {} },
    });
    expect(response.statusCode).toBe(502);
    expect(redirecting.requests.length).toBeGreaterThan(0);
    expect(target.requests).toEqual([]);
  });

  test("a URL template that lets an id choose the host is refused at start", async () => {
    await expect(kweaver({}, { API_URL_TEMPLATE: "http://{box_id}.internal/proxy/{tool_id}" })).rejects.toMatchObject({
      code: "CONFIG_INVALID",
      message: expect.stringContaining("API_URL_TEMPLATE"),
    });
  });
});

/** How a caller of each mode proves it is `accountId`, and the settings that make the service believe it. */
interface AuthModeCase {
  mode: string;
  env: () => Record<string, string>;
  credentials: (accountId: string) => Promise<Record<string, string>>;
}

const KEYS_DIRECTORY = mkdtempSync(join(tmpdir(), "action-recall-trust-"));
let signing: Awaited<ReturnType<typeof generateKeyPair>>;
beforeAll(async () => {
  signing = await generateKeyPair("ES256");
  const jwks = { keys: [{ ...(await exportJWK(signing.publicKey)), kid: "k1", alg: "ES256", use: "sig" }] };
  writeFileSync(join(KEYS_DIRECTORY, "jwks.json"), JSON.stringify(jwks));
});
afterAll(() => rmSync(KEYS_DIRECTORY, { recursive: true, force: true }));

const keyOf = (accountId: string) => `ar_test_key_of_${accountId}`;

const AUTH_MODES: AuthModeCase[] = [
  { mode: "none", env: () => ({}), credentials: async (accountId) => account(accountId) },
  {
    mode: "api-key",
    env: () => ({
      AUTH_MODE: "api-key",
      API_KEYS: JSON.stringify(
        ["alice", "bob"].map((id) => ({
          key_sha256: createHash("sha256").update(keyOf(id)).digest("hex"),
          account_id: id,
          scopes: ["recall", "execute"],
        })),
      ),
    }),
    credentials: async (accountId) => ({ authorization: `Bearer ${keyOf(accountId)}` }),
  },
  {
    mode: "jwt",
    env: () => ({
      AUTH_MODE: "jwt",
      JWT_JWKS_FILE: join(KEYS_DIRECTORY, "jwks.json"),
      JWT_ISSUER: "https://idp.example",
      JWT_AUDIENCE: "action-recall",
    }),
    credentials: async (accountId) => ({
      authorization: `Bearer ${await new SignJWT({ sub: accountId, scope: "recall execute" })
        .setProtectedHeader({ alg: "ES256", kid: "k1" })
        .setIssuer("https://idp.example")
        .setAudience("action-recall")
        .setExpirationTime("5m")
        .sign(signing.privateKey)}`,
    }),
  },
  {
    mode: "gateway",
    env: () => ({
      AUTH_MODE: "gateway",
      GATEWAY_SECRET: "gateway-secret-0123456789",
      GATEWAY_TRUSTED_CIDRS: "127.0.0.1/32",
    }),
    credentials: async (accountId) => ({ ...account(accountId), "x-gateway-secret": "gateway-secret-0123456789" }),
  },
];

describe.each(AUTH_MODES)(
  "tenants in $mode mode: one account's answers are never another's",
  ({ env, credentials }) => {
    /** The tool box shows the tool to alice only, as a tool box with per-account permissions does. */
    const aliceOnly = {
      toolDetail: (request: { headers: Record<string, unknown> }) =>
        request.headers["x-account-id"] === "alice"
          ? { json: SEED_TOOL_DETAIL }
          : { status: 403, json: { error: "no" } },
    };

    async function recall(service: KweaverService, accountId: string) {
      return service.app.inject({
        method: "POST",
        url: SEED_RECALL_URL,
        headers: await credentials(accountId),
        payload: { unique_identity: SEED_TOOL_REF.unique_identity },
      });
    }

    async function executeAs(service: KweaverService, accountId: string) {
      return service.app.inject({
        method: "POST",
        url: TOOL_CALLS_URL,
        headers: await credentials(accountId),
        payload: { tool_ref: SEED_TOOL_REF, call: call() },
      });
    }

    test("the tool box refuses bob before alice's recall, after it, and while it is in flight", async () => {
      const service = await kweaver(aliceOnly, env());
      const before = await recall(service, "bob");
      const [during, aliceFirst] = await Promise.all([recall(service, "bob"), recall(service, "alice")]);
      const after = await recall(service, "bob");
      const aliceAgain = await recall(service, "alice");
      expect([before, during, after].map((response) => response.statusCode)).toEqual([403, 403, 403]);
      expect(before.json()).toMatchObject({ code: "FORBIDDEN", upstream: "tool-box", status: 403 });
      expect([aliceFirst.statusCode, aliceAgain.statusCode]).toEqual([200, 200]);
    });

    test("bob cannot execute the tool alice recalled, and the proxy hears nothing from him", async () => {
      const service = await kweaver(aliceOnly, env());
      expect((await executeAs(service, "alice")).statusCode).toBe(200);
      const response = await executeAs(service, "bob");
      expect(response.statusCode).toBe(403);
      const proxied = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
      expect(proxied.map((request) => request.headers["x-account-id"])).toEqual(["alice"]);
    });
  },
);

describe("tenants: caches, coalescing and the account on every call", () => {
  /** The tool box shows the tool to alice only. */
  const aliceOnly = {
    toolDetail: (request: { headers: Record<string, unknown> }) =>
      request.headers["x-account-id"] === "alice" ? { json: SEED_TOOL_DETAIL } : { status: 403, json: { error: "no" } },
  };

  function recall(service: KweaverService, accountId: string) {
    return service.app.inject({
      method: "POST",
      url: SEED_RECALL_URL,
      headers: account(accountId),
      payload: { unique_identity: SEED_TOOL_REF.unique_identity },
    });
  }

  test("a refusal is remembered briefly for its account only", async () => {
    const service = await kweaver(aliceOnly);
    await recall(service, "bob");
    await recall(service, "bob");
    expect((await recall(service, "alice")).statusCode).toBe(200);
    const detailRequests = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "GET");
    expect(detailRequests.map((request) => request.headers["x-account-id"])).toEqual(["bob", "alice"]);
  });

  test("40 accounts recalling at once each fetch the detail as themselves", async () => {
    const service = await kweaver();
    const accounts = Array.from({ length: 40 }, (_, index) => `account-${index}`);
    const responses = await Promise.all(accounts.map((id) => recall(service, id)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const fetchedAs = service.upstreams.operatorIntegration.requests
      .filter((request) => request.method === "GET")
      .map((request) => request.headers["x-account-id"]);
    expect(fetchedAs.sort()).toEqual([...accounts].sort());
  });

  test("an MCP server's tool list is listed per account", async () => {
    const mcp = await startMcpTestServer();
    cleanups.push(() => mcp.close());
    const service = await kweaver(
      {
        actionQuery: {
          json: { action_source: { type: "mcp", mcp_id: "notes", tool_name: "lookup_order" }, actions: [{}] },
        },
      },
      { MCP_SERVERS: JSON.stringify({ notes: mcp.url }) },
    );
    for (const accountId of ["alice", "alice", "bob"]) expect((await recall(service, accountId)).statusCode).toBe(200);
    expect(mcp.listCount()).toBe(2);
  });

  test("every upstream call carries the caller's account, the proxy call included", async () => {
    const service = await kweaver();
    await execute(service, { tool_ref: SEED_TOOL_REF, call: call() }, "carol");
    const { ontologyQuery, operatorIntegration } = service.upstreams;
    const seen = [...ontologyQuery.requests, ...operatorIntegration.requests].map((request) => [
      request.method,
      request.headers["x-account-id"],
    ]);
    expect(seen).toEqual([
      ["POST", "carol"],
      ["GET", "carol"],
      ["POST", "carol"],
    ]);
  });
});

describe("forgery: fixed values are the action's, never the model's or the client's", () => {
  test.each([
    {
      name: "a fixed header in another case",
      given: { header: { "X-Account-Id": "victim-account" } },
      want: "header.X-Account-Id",
    },
    { name: "a fixed header written flat", given: { "x-account-id": "victim-account" }, want: "x-account-id" },
  ])("$name is FIXED_PARAMETER naming $want, and nothing reaches the proxy", async ({ given, want }) => {
    const service = await kweaver();
    const response = await execute(service, {
      tool_ref: SEED_TOOL_REF,
      call: call(undefined, { ...ARGUMENTS, ...given }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "FIXED_PARAMETER", parameter: want });
    expect(service.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(0);
  });

  test.each(AUTH_MODES.filter((mode) => mode.mode === "api-key" || mode.mode === "jwt"))(
    "$mode: account headers beside a credential are ignored; every upstream hears the credential's account",
    async ({ env, credentials }) => {
      const service = await kweaver({}, env());
      const response = await service.app.inject({
        method: "POST",
        url: TOOL_CALLS_URL,
        headers: { ...(await credentials("alice")), "x-account-id": "victim", "x-account-type": "admin" },
        payload: { tool_ref: SEED_TOOL_REF, call: call() },
      });
      expect(response.statusCode).toBe(200);
      const { ontologyQuery, operatorIntegration } = service.upstreams;
      const heard = [...ontologyQuery.requests, ...operatorIntegration.requests].map((request) => [
        request.headers["x-account-id"],
        request.headers["x-account-type"],
      ]);
      expect(heard).toEqual([
        ["alice", "user"],
        ["alice", "user"],
        ["alice", "user"],
      ]);
    },
  );

  test("fixed values a client sends beside its reference are ignored: the resolved ones are sent", async () => {
    const service = await kweaver();
    const response = await execute(service, {
      tool_ref: SEED_TOOL_REF,
      fixed_params_by_location: { header: { "x-account-id": "victim-account" } },
      call: call(),
    });
    expect(response.statusCode).toBe(200);
    const [proxied] = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
    expect(proxied?.body).toMatchObject({ header: { "x-account-id": "test" } });
  });

  test("an action that no longer applies to the object is NOT_FOUND, and nothing is executed", async () => {
    const service = await kweaver({ actionQuery: { json: { ...SEED_ACTION_RESPONSE, actions: [] } } });
    const response = await execute(service, { tool_ref: SEED_TOOL_REF, call: call() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("No action") });
    expect(service.upstreams.operatorIntegration.hits(TOOL_DETAIL_PATH)).toBe(0);
    expect(service.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(0);
  });
});

describe("/mcp answers only its own origins and names", () => {
  test.each([
    { name: "a foreign Origin", headers: { origin: "http://evil.example" }, want: "Origin" },
    { name: "a rebound Host", headers: { host: "evil.example:8080" }, want: "Host" },
  ])("$name is 403 FORBIDDEN", async ({ headers, want }) => {
    const service = await kweaver();
    const response = await service.app.inject({
      method: "POST",
      url: "/mcp",
      headers: { ...account("alice"), accept: "application/json, text/event-stream", ...headers },
      payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining(want) });
  });

  test("an Origin on MCP_ALLOWED_ORIGINS is served", async () => {
    const service = await kweaver({}, { MCP_ALLOWED_ORIGINS: "https://agent.example.com" });
    const response = await service.app.inject({
      method: "POST",
      url: "/mcp",
      headers: {
        ...account("alice"),
        origin: "https://agent.example.com",
        accept: "application/json, text/event-stream",
      },
      payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    expect(response.statusCode).toBe(200);
  });
});
