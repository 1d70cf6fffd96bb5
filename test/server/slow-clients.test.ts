import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { openRawSocket, type RawSocket, slowBodyStart } from "../support/raw-socket.js";

const CATALOG_FILE = new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url).pathname;
/** Node checks request timeouts on an interval: a socket past its timeout is closed within this margin. */
const MARGIN_MS = 1_500;

let app: FastifyInstance | undefined;
let raw: RawSocket | undefined;
afterEach(async () => {
  raw?.socket.destroy();
  await app?.close();
  app = undefined;
  raw = undefined;
});

async function listen(env: Record<string, string>): Promise<string> {
  app = await buildServer(loadServiceConfig({ CATALOG_FILE, ...env }), { logger: false });
  return app.listen({ port: 0, host: "127.0.0.1" });
}

const TIMEOUTS = { HEADERS_TIMEOUT_MS: "500", REQUEST_TIMEOUT_MS: "500" };

describe("a slow client's socket is closed", () => {
  test.each([
    {
      name: "headers and 1 byte of a declared 1 MB body",
      given: { env: TIMEOUTS, first: slowBodyStart() },
      want: { status: "HTTP/1.1 408", closedWithinMs: 500 + MARGIN_MS },
    },
    {
      name: "header lines trickled one every 100 ms",
      given: { env: TIMEOUTS, first: "GET /healthz HTTP/1.1\r\n", trickle: "x-a: b\r\n" },
      want: { status: "HTTP/1.1 408", closedWithinMs: 500 + MARGIN_MS },
    },
    {
      name: "a connection that never sends a byte",
      given: { env: TIMEOUTS, first: "" },
      want: { status: "HTTP/1.1 408", closedWithinMs: 500 + MARGIN_MS },
    },
    {
      name: "an answered GET /mcp stream with no traffic",
      given: {
        env: { SOCKET_IDLE_TIMEOUT_MS: "700" },
        first: "GET /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n",
      },
      want: { status: "HTTP/1.1 200", closedWithinMs: 700 + MARGIN_MS },
    },
  ])("$name", async ({ given, want }) => {
    raw = await openRawSocket(await listen(given.env), given.first);
    if (given.trickle !== undefined) raw.trickle(given.trickle, 100);
    expect(await raw.closed).toBeLessThan(want.closedWithinMs);
    expect(raw.received()).toMatch(new RegExp(`^${want.status}`));
  });
});
