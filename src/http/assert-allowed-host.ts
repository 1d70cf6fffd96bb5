import { ActionRecallError } from "../errors/action-recall-error.js";

/**
 * Throws HOST_NOT_ALLOWED unless the URL's host is on the allow-list. Entries are host names (`api.example.com`), with
 * an optional port (`127.0.0.1:8080`) or a leading wildcard for subdomains (`*.example.com`, which excludes
 * `example.com` itself). No list means every host is allowed; an empty list allows none.
 */
export function assertAllowedHost(url: URL, allowedHosts: readonly string[] | undefined): void {
  if (allowedHosts === undefined) return;
  const port = url.port === "" ? (url.protocol === "https:" ? "443" : "80") : url.port;
  const allowed = allowedHosts.some((entry) => {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry.trim().toLowerCase());
    if (!match?.[1]) return false;
    const host = match[1];
    const hostMatches = host.startsWith("*.") ? url.hostname.endsWith(host.slice(1)) : url.hostname === host;
    return hostMatches && (match[2] === undefined || match[2] === port);
  });
  if (!allowed) {
    throw new ActionRecallError("HOST_NOT_ALLOWED", `Host ${url.host} is not on the allow-list`, {
      data: { host: url.host, allowedHosts: [...allowedHosts] },
    });
  }
}
