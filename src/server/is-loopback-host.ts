import { isIP } from "node:net";

/** The names a loopback address goes by in a `Host` header. */
export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

/** True for `localhost`, an address of 127.0.0.0/8, or `::1` (bracketed or not): reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name === "::1") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}
