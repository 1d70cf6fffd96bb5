import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OrdersApi, startOrdersApi } from "../../src/server/example-orders-api.js";

const EXAMPLES = new URL("../../examples/", import.meta.url);

/** The shipped example catalog, copied to a temporary folder, its orders API running on a free port. */
export interface ExampleCatalog {
  /** The copied `action-recall.yaml`. */
  file: string;
  ordersApi: OrdersApi;
  close(): Promise<void>;
}

/** Starts the example orders API on port 0 and copies the example catalog, pointed at it instead of port 3101. */
export async function startExampleCatalog(): Promise<ExampleCatalog> {
  const ordersApi = await startOrdersApi({ port: 0 });
  const directory = mkdtempSync(join(tmpdir(), "action-recall-example-"));
  for (const name of ["action-recall.yaml", "orders-api.yaml"]) {
    const text = readFileSync(new URL(name, EXAMPLES), "utf8");
    writeFileSync(join(directory, name), text.replace("http://127.0.0.1:3101", ordersApi.url));
  }
  return {
    file: join(directory, "action-recall.yaml"),
    ordersApi,
    async close() {
      await ordersApi.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
