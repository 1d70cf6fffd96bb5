import { createServer, type Server } from "node:http";
import type { FastifyServerFactory } from "fastify";
import type { ServiceConfig } from "./service-config.js";

/** The timeouts of the service's HTTP server, as {@link ServiceConfig} holds them. */
export type SocketTimeouts = Pick<
  ServiceConfig,
  "headersTimeoutMs" | "requestTimeoutMs" | "keepAliveTimeoutMs" | "socketIdleTimeoutMs"
>;

/** Node looks for requests past their headers or request timeout only this often (30 s by default). */
const MAX_CHECKING_INTERVAL_MS = 1_000;

/**
 * A Fastify `serverFactory` whose Node HTTP server bounds every phase of a connection: the headers (a silent socket
 * or a trickle of header lines), the whole request (a slow body), the wait between keep-alive requests, and any
 * socket with no traffic either way (an idle stream, a client that stops reading). A request past its timeout is
 * answered 408 and its socket closed within the timeout plus at most 1 s.
 *
 * @example
 * const app = Fastify({ serverFactory: httpServerFactory(config) });
 */
export function httpServerFactory(timeouts: SocketTimeouts): FastifyServerFactory<Server> {
  return (handler) => {
    const server = createServer(
      {
        headersTimeout: timeouts.headersTimeoutMs,
        requestTimeout: timeouts.requestTimeoutMs,
        keepAliveTimeout: timeouts.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, timeouts.headersTimeoutMs),
      },
      handler,
    );
    // With no "timeout" listener, Node destroys the idle socket.
    server.setTimeout(timeouts.socketIdleTimeoutMs);
    return server;
  };
}
