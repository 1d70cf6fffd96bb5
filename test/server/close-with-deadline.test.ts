import type { FastifyInstance } from "fastify";
import { afterEach, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { closeWithDeadline } from "../../src/server/close-with-deadline.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { openRawSocket, type RawSocket, slowBodyStart } from "../support/raw-socket.js";

const CATALOG_FILE = new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url).pathname;

let app: FastifyInstance | undefined;
let raw: RawSocket | undefined;
afterEach(async () => {
  raw?.socket.destroy();
  if (app?.server.listening) await app.close();
  app = undefined;
  raw = undefined;
});

test.each([
  { name: "nothing open: drained, not forced", given: { open: undefined, timeoutMs: 10_000 }, want: { forced: false } },
  {
    name: "a slow body open past the deadline: its socket is closed",
    given: { open: slowBodyStart(), timeoutMs: 200 },
    want: { forced: true },
  },
  {
    name: "an MCP stream open past the deadline: its socket is closed",
    given: { open: "GET /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n", timeoutMs: 200 },
    want: { forced: true },
  },
])("$name", async ({ given, want }) => {
  app = await buildServer(loadServiceConfig({ CATALOG_FILE }), { logger: false });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  if (given.open !== undefined) raw = await openRawSocket(url, given.open);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await closeWithDeadline(app, given.timeoutMs).done).toEqual(want);
  if (raw !== undefined) await raw.closed;
  expect(app.server.listening).toBe(false);
});

test("force() closes the open sockets before the deadline", async () => {
  app = await buildServer(loadServiceConfig({ CATALOG_FILE }), { logger: false });
  raw = await openRawSocket(await app.listen({ port: 0, host: "127.0.0.1" }), slowBodyStart());
  const closing = closeWithDeadline(app, 60_000);
  closing.force();
  expect(await closing.done).toEqual({ forced: true });
  await raw.closed;
});
