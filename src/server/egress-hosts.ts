import { ActionRecallError } from "../errors/index.js";
import type { ActionCatalog } from "../recall/index.js";
import { DEFAULT_API_URL_TEMPLATE } from "../recall/index.js";
import type { ServiceConfig } from "./service-config.js";

/** `hostname:port` of a URL, as `assertAllowedHost` matches it (IPv6 in brackets, the scheme's port when none). */
function hostOf(url: URL): string {
  return `${url.hostname}:${url.port === "" ? (url.protocol === "https:" ? "443" : "80") : url.port}`;
}

/**
 * The host a URL template sends to. Its placeholders are filled twice, with different ids: a template whose host
 * changes with an id (`http://{mcp_id}.internal/mcp`) would let an upstream's answer choose the host, so it is
 * CONFIG_INVALID unless the hosts are listed in `EGRESS_ALLOWED_HOSTS`.
 */
function templateHost(setting: string, template: string, fixed: Record<string, string>): string {
  const fill = (id: string) =>
    template.replace(/\{([^{}]+)\}/g, (_match, name: string) =>
      Object.hasOwn(fixed, name) ? (fixed[name] as string) : id,
    );
  const [first, second] = [fill("a"), fill("b")].map((url) => (URL.canParse(url) ? new URL(url) : undefined));
  if (first === undefined || second === undefined || !/^https?:$/.test(first.protocol)) {
    throw new ActionRecallError("CONFIG_INVALID", `${setting}="${template}" does not make an http(s) URL`, {
      data: { setting, value: template },
    });
  }
  if (hostOf(first) !== hostOf(second)) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      `${setting}="${template}" puts an id in the host: an upstream's answer would choose where the service sends requests. Name the host literally`,
      { data: { setting, value: template } },
    );
  }
  return hostOf(first);
}

/**
 * Every host the service may send a request to or open an MCP connection with: its configured upstreams
 * (ontology-query, the tool box and its `api_url` template, the MCP servers and template, the catalog's MCP servers)
 * and `EGRESS_ALLOWED_HOSTS`. One list guards every outgoing call; a host off it is HOST_NOT_ALLOWED and receives
 * nothing. The catalog's OpenAPI operations are not here: their requests are built from the catalog's own server URLs,
 * which arguments cannot change (see `buildRequest`).
 */
export function egressHostsOf(config: ServiceConfig, catalog: ActionCatalog | undefined): string[] {
  const hosts = new Set<string>(config.egress.extraHosts);
  for (const url of [config.ontologyQueryUrl, config.operatorIntegrationUrl]) {
    if (url !== undefined) hosts.add(hostOf(new URL(url)));
  }
  for (const url of [...Object.values(config.mcpServers), ...Object.values(catalog?.mcp_servers ?? {})]) {
    if (URL.canParse(url)) hosts.add(hostOf(new URL(url)));
  }
  if (config.mcpUrlTemplate !== undefined) hosts.add(templateHost("MCP_URL_TEMPLATE", config.mcpUrlTemplate, {}));
  if (config.operatorIntegrationUrl !== undefined) {
    hosts.add(
      templateHost("API_URL_TEMPLATE", config.apiUrlTemplate ?? DEFAULT_API_URL_TEMPLATE, {
        operator_integration_url: config.operatorIntegrationUrl,
      }),
    );
  }
  return [...hosts];
}
