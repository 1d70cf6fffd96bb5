import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a loopback upstream received, with its body parsed as JSON when it is JSON. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The query string parameters. */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or the raw text when it is not JSON, or `undefined` when empty. */
  body: unknown;
  /** The values of the `{name}` segments of the matched route pattern. */
  params: Record<string, string>;
}

/** What a scripted route answers. */
export interface UpstreamReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (for malformed bodies); wins over `json`. */
  text?: string;
  /** Never answer: the request hangs until the server closes (for timeouts). */
  hang?: boolean;
}

/** A scripted answer: a fixed reply, or a function of the request. */
export type UpstreamScript = UpstreamReply | ((request: RecordedRequest) => UpstreamReply | Promise<UpstreamReply>);

/** A real HTTP server on 127.0.0.1, answering scripted routes and recording every request. */
export interface UpstreamServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Every request received, in order (unmatched ones too). */
  requests: RecordedRequest[];
  /** Script a route; `pattern` is a path with `{name}` segments. A later script for the same route replaces it. */
  route(method: string, pattern: string, script: UpstreamScript): void;
  /** How many requests reached paths matching `pattern`. */
  hits(pattern: string): number;
  close(): Promise<void>;
}

/** The ontology-query action-type path, as the seed calls it. */
export const ACTION_QUERY_PATH = "/api/ontology-query/in/v1/knowledge-networks/{kn_id}/action-types/{action_type_id}";
/** The tool-box tool detail path. */
export const TOOL_DETAIL_PATH = "/api/agent-operator-integration/internal-v1/tool-box/{box_id}/tool/{tool_id}";
/** The tool-box proxy path a dynamic tool's `api_url` points at. */
export const TOOL_PROXY_PATH = "/api/agent-operator-integration/internal-v1/tool-box/{box_id}/proxy/{tool_id}";

interface Route {
  method: string;
  pattern: string;
  matcher: RegExp;
  names: string[];
  script: UpstreamScript;
}

function compilePattern(pattern: string): { matcher: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith("{") && part.endsWith("}")) {
        names.push(part.slice(1, -1));
        return "([^/]+)";
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { matcher: new RegExp(`^${source}$`), names };
}

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Starts a real HTTP server on 127.0.0.1 port 0 whose routes the test scripts; unmatched requests get a 404 JSON body.
 *
 * @example
 * const upstream = await startUpstreamServer();
 * upstream.route("GET", TOOL_DETAIL_PATH, { json: toolDetail });
 */
export async function startUpstreamServer(): Promise<UpstreamServer> {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const method = incoming.method ?? "GET";
    const route = routes.find((candidate) => candidate.method === method && candidate.matcher.test(url.pathname));
    const params: Record<string, string> = {};
    const match = route?.matcher.exec(url.pathname);
    route?.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match?.[index + 1] ?? "");
    });
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body: parseBody(Buffer.concat(chunks).toString("utf8")),
      params,
    };
    requests.push(recorded);
    if (route === undefined) {
      outgoing.writeHead(404, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ error: `no route for ${method} ${url.pathname}` }));
      return;
    }
    const reply = typeof route.script === "function" ? await route.script(recorded) : route.script;
    if (reply.hang === true) return;
    const text = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
    outgoing.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
    outgoing.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(method, pattern, script) {
      const upper = method.toUpperCase();
      const existing = routes.findIndex((route) => route.method === upper && route.pattern === pattern);
      const route: Route = { method: upper, pattern, script, ...compilePattern(pattern) };
      if (existing === -1) routes.push(route);
      else routes[existing] = route;
    },
    hits(pattern) {
      const { matcher } = compilePattern(pattern);
      return requests.filter((request) => matcher.test(request.path)).length;
    },
    close() {
      // Hanging requests would keep the server open forever: cut them.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The KWeaver upstreams: ontology-query, and the tool box (detail and proxy), each a real loopback server. */
export interface KweaverUpstreams {
  ontologyQuery: UpstreamServer;
  operatorIntegration: UpstreamServer;
  close(): Promise<void>;
}

/** What the KWeaver upstreams answer by default; each route can be re-scripted afterwards. */
export interface KweaverScripts {
  actionQuery?: UpstreamScript;
  toolDetail?: UpstreamScript;
  proxy?: UpstreamScript;
}

/**
 * Starts ontology-query and operator-integration stand-ins. Routes not given are left unscripted (they answer 404);
 * the proxy defaults to echoing `{status_code: 200, body: <what it received>}`.
 */
export async function startKweaverUpstreams(scripts: KweaverScripts = {}): Promise<KweaverUpstreams> {
  const ontologyQuery = await startUpstreamServer();
  const operatorIntegration = await startUpstreamServer();
  if (scripts.actionQuery !== undefined) ontologyQuery.route("POST", ACTION_QUERY_PATH, scripts.actionQuery);
  if (scripts.toolDetail !== undefined) operatorIntegration.route("GET", TOOL_DETAIL_PATH, scripts.toolDetail);
  operatorIntegration.route(
    "POST",
    TOOL_PROXY_PATH,
    scripts.proxy ??
      ((request) => ({
        json: {
          status_code: 200,
          headers: { "content-type": "application/json" },
          body: request.body,
          error: null,
          duration_ms: 1,
        },
      })),
  );
  return {
    ontologyQuery,
    operatorIntegration,
    async close() {
      await Promise.all([ontologyQuery.close(), operatorIntegration.close()]);
    },
  };
}
