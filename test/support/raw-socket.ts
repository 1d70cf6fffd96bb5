import { connect, type Socket } from "node:net";

/** A raw TCP client of a loopback server, for requests no HTTP client would send (slow bodies, trickled headers). */
export interface RawSocket {
  socket: Socket;
  /** Everything the server wrote so far. */
  received(): string;
  /** Resolves with the milliseconds from connecting to the socket's close, however it closed. */
  closed: Promise<number>;
  /** Writes `text` every `everyMs` until the socket closes. */
  trickle(text: string, everyMs: number): void;
}

/**
 * Connects to `url`'s host and port and writes `first` as is.
 *
 * @example
 * const raw = await openRawSocket(url, slowBodyStart());
 */
export async function openRawSocket(url: string, first: string): Promise<RawSocket> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  const started = Date.now();
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => undefined);
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.write(first);
  return {
    socket,
    received: () => text,
    closed,
    trickle(chunk, everyMs) {
      const timer = setInterval(() => socket.write(chunk), everyMs);
      socket.once("close", () => clearInterval(timer));
    },
  };
}

/** The start of a POST to `/tool-calls` (whose bodies may be `MAX_BODY_BYTES`) declaring 1 MB, and its first byte. */
export function slowBodyStart(): string {
  const path = "/api/action-recall/v1/tool-calls";
  const headers = "host: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000000\r\n";
  return `POST ${path} HTTP/1.1\r\n${headers}\r\n{`;
}
