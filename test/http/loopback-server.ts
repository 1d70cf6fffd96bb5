import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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
