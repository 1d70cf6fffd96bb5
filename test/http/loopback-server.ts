import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** One request as the loopback server saw it: the raw target, headers and body bytes. */
export interface ReceivedRequest {
  method: string;
  target: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A real HTTP server on 127.0.0.1, port 0, recording every request it gets. */
export interface LoopbackServer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts a loopback server; `handle` answers each request once its body has been read. */
export async function startLoopbackServer(
  handle: (request: ReceivedRequest, response: ServerResponse, index: number) => void,
): Promise<LoopbackServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const record = {
      method: request.method ?? "",
      target: request.url ?? "",
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    received.push(record);
    handle(record, response, received.length - 1);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      // Idempotent: a test may close its server early to make it unreachable; the file's afterEach closes it again.
      if (!server.listening) return;
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

/** Answers JSON with a status. */
export function answerJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}

/** Returns a `start` for one test file: each server it starts is closed after the test that started it. */
export function useLoopbackServers(): (...args: Parameters<typeof startLoopbackServer>) => Promise<LoopbackServer> {
  const open: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (...args) => {
    const server = await startLoopbackServer(...args);
    open.push(server);
    return server;
  };
}

/** The code and data of whatever `promise` rejects with (and a failure when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<{ code: unknown; data: unknown }> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: unknown) => reason,
  );
  const { code, data } = error as { code: unknown; data: unknown };
  return { code, data };
}
