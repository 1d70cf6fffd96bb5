import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { sha256Hex } from "./auth-fixtures.js";
import { buildAuthService } from "./auth-service.js";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const EVERY_SCOPE = ["admin", "execute", "mcp", "recall"];

describe("none mode (loopback only)", () => {
  test.each([
    {
      name: "the account headers",
      given: { "x-account-id": "u1", "x-account-type": "app" },
      want: { accountId: "u1", accountType: "app", scopes: EVERY_SCOPE, mode: "none" },
    },
    {
      name: "no headers: anonymous",
      given: {},
      want: { accountId: "anonymous", accountType: "user", scopes: EVERY_SCOPE, mode: "none" },
    },
  ])("the principal from $name, with every scope", async ({ given, want }) => {
    app = await buildAuthService({});
    expect((await app.inject({ method: "GET", url: "/whoami", headers: given })).json()).toEqual(want);
    expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(200);
  });

  const REFUSAL = { code: "CONFIG_INVALID", message: expect.stringContaining("set AUTH_MODE=api-key, jwt or gateway") };

  test.each(["0.0.0.0", "::", "192.0.2.1"])(
    "app.listen on %s is refused with CONFIG_INVALID, nothing bound",
    async (host) => {
      app = await buildAuthService({});
      await expect(app.listen({ host, port: 0 })).rejects.toMatchObject(REFUSAL);
      expect(app.server.listening).toBe(false);
    },
  );

  test("the node server's listen(port), which binds every interface, is refused too", async () => {
    app = await buildAuthService({});
    const server = app.server;
    const refused = new Promise((_resolve, reject) => server.once("error", reject));
    server.listen(0);
    await expect(refused).rejects.toMatchObject(REFUSAL);
    expect(server.listening).toBe(false);
  });

  test.each([
    { name: "127.0.0.1", given: { host: "127.0.0.1", port: 0 } },
    { name: "localhost", given: { host: "localhost", port: 0 } },
  ])("listen on $name is allowed", async ({ given }) => {
    app = await buildAuthService({});
    const url = await app.listen(given);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  test("another mode may listen on 0.0.0.0", async () => {
    const API_KEYS = JSON.stringify([{ key_sha256: sha256Hex("ar_key_0d9c8b7a6f5e"), account_id: "a", scopes: [] }]);
    app = await buildAuthService({ AUTH_MODE: "api-key", API_KEYS, HOST: "0.0.0.0" });
    await expect(app.listen({ host: "0.0.0.0", port: 0 })).resolves.toContain("http://");
  });
});
