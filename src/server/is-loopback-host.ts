import { BlockList, isIP } from "node:net";

/** The names a loopback address goes by in a `Host` header. */
export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * True for `localhost` and the loopback addresses (127.0.0.0/8, `::1`, and IPv4-mapped `::ffff:127.x.y.z`); false for
 * every other name or address, including the wildcards `0.0.0.0` and `::`, which reach every interface.
 *
 * @example
 * isLoopbackHost("127.0.0.1"); // true
 * isLoopbackHost("0.0.0.0"); // false
 */
export function isLoopbackHost(host: string): boolean {
  const address = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (address.toLowerCase() === "localhost") return true;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? "ipv4" : "ipv6");
}
