// The small local API of examples/orders-api.yaml: `action-recall serve` starts it with the example catalog, so
// recalled tools can be executed end to end on a fresh clone. It lives in src/ so the built CLI ships it; in-memory
// data, and node:http is all it needs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface Order {
  id: string;
  tenant: string;
  status: "pending" | "shipped" | "delivered" | "cancelled";
  total: number;
  items: Array<{ sku: string; quantity: number }>;
}

const ORDERS: readonly Order[] = [
  { id: "ord_1001", tenant: "acme", status: "shipped", total: 42.5, items: [{ sku: "mug-blue", quantity: 2 }] },
  { id: "ord_1002", tenant: "acme", status: "pending", total: 19.9, items: [{ sku: "tea-green", quantity: 1 }] },
  { id: "ord_1003", tenant: "acme", status: "delivered", total: 7, items: [{ sku: "spoon", quantity: 7 }] },
];

/** The orders API's port by default: the server URL `examples/orders-api.yaml` names. */
export const EXAMPLE_ORDERS_API_PORT = 3101;

/** A running orders API. */
export interface OrdersApi {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const tenant = request.headers["x-tenant-id"];
  if (typeof tenant !== "string" || tenant === "") {
    return send(response, 400, { error: "the x-tenant-id header is required" });
  }
  const orders = ORDERS.filter((order) => order.tenant === tenant);
  const segments = url.pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map(decodeURIComponent);
  if (request.method === "GET" && segments.length === 1 && segments[0] === "orders") {
    const status = url.searchParams.get("status");
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const found = orders.filter((order) => status === null || order.status === status).slice(0, limit);
    return send(
      response,
      200,
      found.map(({ tenant: _tenant, items: _items, ...order }) => order),
    );
  }
  const order = segments[0] === "orders" ? orders.find((candidate) => candidate.id === segments[1]) : undefined;
  if (request.method === "GET" && segments.length === 2 && order !== undefined) {
    const { tenant: _tenant, items, ...summary } = order;
    return send(response, 200, url.searchParams.get("include_items") === "true" ? { ...summary, items } : summary);
  }
  if (request.method === "POST" && segments.length === 3 && segments[2] === "notes" && order !== undefined) {
    const note = await readJson(request);
    if (note === null || typeof note !== "object" || typeof (note as { text?: unknown }).text !== "string") {
      return send(response, 400, { error: "the body needs a text" });
    }
    return send(response, 201, { visibility: "internal", ...note, id: `note_${Date.now()}` });
  }
  return send(response, 404, { error: `no ${request.method} ${url.pathname} for tenant ${tenant}` });
}

/**
 * Starts the example orders API on 127.0.0.1 (port 3101, the server URL of orders-api.yaml, unless told).
 *
 * @example
 * const api = await startOrdersApi({ port: 0 });
 */
export async function startOrdersApi(options: { port?: number; host?: string } = {}): Promise<OrdersApi> {
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 400, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? EXAMPLE_ORDERS_API_PORT, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // Called once the service is closed: a connection still open (an abandoned keep-alive) must not hold the process.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
