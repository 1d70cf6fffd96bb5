import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { type RunningExample, startExample } from "../../src/server/start-example.js";

// A working directory without action-recall.yaml: the service falls back to the package's example catalog.
const EMPTY_DIRECTORY = mkdtempSync(join(tmpdir(), "action-recall-example-"));
afterAll(() => rmSync(EMPTY_DIRECTORY, { recursive: true, force: true }));

let running: RunningExample[] = [];
let apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  for (const example of running) await example.close();
  running = [];
  apps = [];
});

async function start(env: Record<string, string>): Promise<RunningExample | undefined> {
  const example = await startExample(loadServiceConfig(env, EMPTY_DIRECTORY));
  if (example !== undefined) running.push(example);
  return example;
}

/** The example service, built as `serve` builds it, viewing order ord_1001 through the orders API it started. */
async function viewOrder(example: RunningExample): Promise<unknown> {
  const app = await buildServer(loadServiceConfig({ EXAMPLE_API_PORT: "0" }, EMPTY_DIRECTORY), {
    catalog: example.catalog,
    logger: false,
  });
  apps.push(app);
  const response = await app.inject({
    method: "POST",
    url: "/api/action-recall/v1/tool-calls",
    headers: { "x-account-id": "u1", "x-account-type": "user" },
    payload: {
      tool_ref: { kn_id: "kn_orders", action_type_id: "view_order", unique_identity: { order_id: "ord_1001" } },
      call: { id: "c1", name: "getOrder", arguments: {}, format: "json" },
    },
  });
  return response.json();
}

describe("startExample", () => {
  test("EXAMPLE_API_PORT=0: two instances start, and each catalog's tools call its own orders API", async () => {
    const first = await start({ EXAMPLE_API_PORT: "0" });
    const second = await start({ EXAMPLE_API_PORT: "0" });
    expect(first?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(second?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(second?.url).not.toBe(first?.url);
    expect(first?.catalog.documents.get("./orders-api.yaml")?.servers).toEqual([{ url: first?.url }]);
    expect(second?.catalog.documents.get("./orders-api.yaml")?.servers).toEqual([{ url: second?.url }]);

    await first?.close();
    running = running.filter((example) => example !== first);
    expect(await viewOrder(second as RunningExample)).toMatchObject({
      success: true,
      output: { status_code: 200, body: { id: "ord_1001", status: "shipped", total: 42.5 } },
    });
  });

  test.each([
    { name: "EXAMPLE_API_PORT=off", env: { EXAMPLE_API_PORT: "off" } },
    { name: "a catalog other than the example", env: { EXAMPLE_API_PORT: "0", CATALOG_FILE: "catalogs/mine.yaml" } },
    {
      name: "KWeaver upstreams",
      env: {
        EXAMPLE_API_PORT: "0",
        ONTOLOGY_QUERY_URL: "http://127.0.0.1:9",
        OPERATOR_INTEGRATION_URL: "http://127.0.0.1:9",
      },
    },
  ])("starts nothing with $name", async ({ env }) => {
    expect(await start(env)).toBeUndefined();
  });
});
