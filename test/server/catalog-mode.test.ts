import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { type OrdersApi, startOrdersApi } from "../../src/server/example-orders-api.js";
import { loadServiceConfig } from "../../src/server/service-config.js";

const FIXTURES = new URL("../fixtures/server/catalog/", import.meta.url);

let ordersApi: OrdersApi;
let app: FastifyInstance;
let directory: string;
beforeEach(async () => {
  // The example catalog, with the orders API on a free port instead of 3101.
  ordersApi = await startOrdersApi({ port: 0 });
  directory = mkdtempSync(join(tmpdir(), "action-recall-catalog-"));
  writeFileSync(join(directory, "action-recall.yaml"), readFileSync(new URL("action-recall.yaml", FIXTURES)));
  writeFileSync(
    join(directory, "orders-api.yaml"),
    readFileSync(new URL("orders-api.yaml", FIXTURES), "utf8").replace("http://127.0.0.1:3101", ordersApi.url),
  );
  app = await buildServer(loadServiceConfig({ CATALOG_FILE: join(directory, "action-recall.yaml") }), {
    logger: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterEach(async () => {
  await app.close();
  await ordersApi.close();
  rmSync(directory, { recursive: true, force: true });
});

async function recall(actionType: string, identity: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method: "POST",
    url: `/api/action-recall/v1/knowledge-networks/kn_orders/action-types/${actionType}`,
    headers: { "x-account-id": "u1", "x-account-type": "user" },
    payload: { unique_identity: identity },
  });
  expect(response.statusCode).toBe(200);
  return response.json()._dynamic_tools[0];
}

/** Executes a call of the tool `toolRef` names, as account u1. */
function execute(toolRef: Record<string, unknown>, call: unknown) {
  return app.inject({
    method: "POST",
    url: "/api/action-recall/v1/tool-calls",
    headers: { "x-account-id": "u1", "x-account-type": "user" },
    payload: { tool_ref: toolRef, call },
  });
}

/** The example catalog's actions on one order. */
const VIEW_ORDER = { kn_id: "kn_orders", action_type_id: "view_order", unique_identity: { order_id: "ord_1001" } };
const ANNOTATE_ORDER = {
  kn_id: "kn_orders",
  action_type_id: "annotate_order",
  unique_identity: { order_id: "ord_1002" },
};

describe("the example catalog end to end", () => {
  test("recalls view_order with the object's id fixed and hidden from the model", async () => {
    const tool = await recall("view_order", { order_id: "ord_1001" });
    expect(tool).toMatchObject({
      name: "getOrder",
      fixed_params: { order_id: "ord_1001", "x-tenant-id": "acme" },
      fixed_params_by_location: { path: { order_id: "ord_1001" }, header: { "x-tenant-id": "acme" } },
    });
    expect(JSON.stringify(tool.parameters)).not.toContain("order_id");
  });

  test("an XML call of view_order reaches the orders API through the service's in-process proxy", async () => {
    const response = await execute(
      VIEW_ORDER,
      `<function_calls><invoke name="getOrder"><parameter name="query">{"include_items": true}</parameter></invoke></function_calls>`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      output: {
        status_code: 200,
        body: { id: "ord_1001", status: "shipped", total: 42.5, items: [{ sku: "mug-blue", quantity: 2 }] },
      },
    });
  });

  test("annotate_order puts the dotted fixed param into the nested body", async () => {
    const tool = await recall("annotate_order", { order_id: "ord_1002" });
    const response = await execute(ANNOTATE_ORDER, {
      id: "c1",
      name: tool.name,
      arguments: { body: { text: "Call back" } },
      format: "json",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().output).toMatchObject({
      status_code: 201,
      body: { text: "Call back", visibility: "internal", props: { data_source: "action-recall" } },
    });
  });

  test("no route stands in for the tool-box proxy: a caller cannot post a proxy body with forged fixed values", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/agent-operator-integration/internal-v1/tool-box/kn_orders/proxy/annotate_order",
      headers: { "x-account-id": "u1", "x-account-type": "user" },
      payload: { header: { "x-tenant-id": "globex" }, path: { order_id: "ord_1003" }, body: { text: "forged" } },
    });
    expect(response.statusCode).toBe(404);
  });

  test("a model writing a fixed body member is FIXED_PARAMETER naming it", async () => {
    const response = await execute(ANNOTATE_ORDER, {
      id: "c1",
      name: "createOrderNote",
      arguments: { body: { text: "hi", props: { data_source: "forged" } } },
      format: "json",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "FIXED_PARAMETER", parameter: "body.props.data_source" });
  });

  test("a tool-box reference is refused: the catalog's actions fix parameters a box reference would skip", async () => {
    const response = await execute({ box_id: "kn_orders", tool_id: "annotate_order" }, { body: { text: "x" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("kn_id") });
  });

  test("an unknown action type is 404 naming it", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/action-recall/v1/knowledge-networks/kn_orders/action-types/ship_rocket",
      headers: { "x-account-id": "u1", "x-account-type": "user" },
      payload: { unique_identity: {} },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("ship_rocket") });
  });
});
