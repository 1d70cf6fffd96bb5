import type { ServiceConfig } from "./service-config.js";

/** The name of every upstream that is not configured, in metric labels. */
export const OTHER_UPSTREAM = "other";

/**
 * The configured upstreams by origin (`http://host:port`), named as metrics label them: `ontology-query`, `tool-box`
 * (`OPERATOR_INTEGRATION_URL`) and `mcp:<id>` for each `MCP_SERVERS` entry. An origin two settings share keeps the
 * first name. Every other origin is {@link OTHER_UPSTREAM}, so a client-chosen URL never makes a label of its own.
 *
 * @example
 * upstreamNames({ ontologyQueryUrl: "http://oq:13018/", mcpServers: { crm: "http://crm:3000/mcp" } });
 * // Map {"http://oq:13018" => "ontology-query", "http://crm:3000" => "mcp:crm"}
 */
export function upstreamNames(
  config: Pick<ServiceConfig, "ontologyQueryUrl" | "operatorIntegrationUrl" | "mcpServers">,
): Map<string, string> {
  const names = new Map<string, string>();
  const entries: Array<[string, string | undefined]> = [
    ["ontology-query", config.ontologyQueryUrl],
    ["tool-box", config.operatorIntegrationUrl],
    ...Object.entries(config.mcpServers).map(([id, url]): [string, string] => [`mcp:${id}`, url]),
  ];
  for (const [name, url] of entries) {
    const origin = originOf(url);
    if (origin !== undefined && !names.has(origin)) names.set(origin, name);
  }
  return names;
}

/**
 * The origin of a URL written as text (`new URL(url).origin`, so `http://h:80/x` and `http://h` agree), or
 * undefined when it is no URL.
 */
export function originOf(url: unknown): string | undefined {
  if (typeof url !== "string" || !URL.canParse(url)) return undefined;
  const { origin } = new URL(url);
  return origin === "null" ? undefined : origin;
}
