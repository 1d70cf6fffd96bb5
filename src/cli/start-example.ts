import { basename, dirname } from "node:path";
import { type OrdersApi, startOrdersApi } from "../server/example-orders-api.js";
import type { ServiceConfig } from "../server/service-config.js";

/** True when the catalog is the shipped example, whose tools call the example orders API. */
function isExampleCatalog(file: string): boolean {
  return basename(file) === "action-recall.yaml" && basename(dirname(file)) === "examples";
}

/**
 * Starts the example orders API when the service recalls from the shipped example catalog (catalog mode), so its
 * tools can be executed on a fresh install; otherwise starts nothing.
 */
export async function startExample(config: ServiceConfig): Promise<OrdersApi | undefined> {
  const catalogMode = config.ontologyQueryUrl === undefined;
  return catalogMode && isExampleCatalog(config.catalogFile) ? startOrdersApi() : undefined;
}
