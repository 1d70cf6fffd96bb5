import type { Server } from "node:http";
import { isJsonObject } from "../../openapi/own-properties.js";
import { isLoopbackHost } from "../is-loopback-host.js";
import { noneBeyondLoopback } from "./read-auth-config.js";

/** Where a `listen(...)` call would bind: a host (undefined means every interface) or a local socket path. */
function listenTarget(args: readonly unknown[]): { host: string | undefined; path: string | undefined } {
  const [first, second] = args;
  if (isJsonObject(first)) {
    return {
      host: typeof first.host === "string" ? first.host : undefined,
      path: typeof first.path === "string" ? first.path : undefined,
    };
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return { host: undefined, path: first };
  return { host: typeof second === "string" ? second : undefined, path: undefined };
}

/**
 * Makes `server.listen` refuse any address but loopback (or a local socket path), as `AUTH_MODE=none` requires: the
 * refusal is the server's `error` event carrying CONFIG_INVALID, as a failed bind would be, so `app.listen({host:
 * "0.0.0.0"})` rejects and nothing is bound. The config already refuses such a `HOST`; this guards embedders who
 * pass their own address to `listen`.
 */
export function refuseNonLoopbackListen(server: Server): void {
  const listen = server.listen;
  server.listen = function (this: Server, ...args: unknown[]): Server {
    const { host, path } = listenTarget(args);
    if (path === undefined && (host === undefined || !isLoopbackHost(host))) {
      process.nextTick(() => server.emit("error", noneBeyondLoopback(host ?? "(every interface)")));
      return server;
    }
    return Reflect.apply(listen, server, args) as Server;
  } as Server["listen"];
}
