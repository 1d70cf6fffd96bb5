// The example catalog's tools call the example orders API: whoever serves that catalog (`serve`, and any other
// command that builds the service) starts the API beside it through `startExample`.
import { type ActionCatalog, loadActionCatalog } from "../recall/index.js";
import { EXAMPLE_ORDERS_API_PORT, startOrdersApi } from "./example-orders-api.js";
import { EXAMPLE_CATALOG_FILE, type ServiceConfig } from "./service-config.js";

/** The server URL `examples/orders-api.yaml` names. */
const DEFAULT_ORDERS_API_URL = `http://127.0.0.1:${EXAMPLE_ORDERS_API_PORT}`;

/** The example orders API, running, and the example catalog whose tools call it. */
export interface RunningExample {
  /** The orders API's URL, `http://127.0.0.1:<port>`. */
  url: string;
  /** The example catalog, read, its orders API server URL set to {@link RunningExample.url}. */
  catalog: ActionCatalog;
  close(): Promise<void>;
}

/** The catalog with every OpenAPI server URL naming the default orders API port replaced by `url`. */
function pointCatalogAt(catalog: ActionCatalog, url: string): ActionCatalog {
  const documents = new Map<string, Record<string, unknown>>();
  for (const [file, document] of catalog.documents) {
    const servers = Array.isArray(document.servers) ? (document.servers as Array<{ url?: unknown }>) : undefined;
    documents.set(
      file,
      servers === undefined
        ? document
        : {
            ...document,
            servers: servers.map((server) => (server.url === DEFAULT_ORDERS_API_URL ? { ...server, url } : server)),
          },
    );
  }
  return { ...catalog, documents };
}

/**
 * Starts the example orders API on `EXAMPLE_API_PORT` when the service recalls from the package's example catalog;
 * on port 0 the catalog's tools follow the port it got. `undefined` with KWeaver upstreams, another catalog, or
 * `EXAMPLE_API_PORT=off`. Pass the returned catalog to `buildServer` and close the API once the service is closed.
 *
 * @example
 * const example = await startExample(config);
 * const app = await buildServer(config, example === undefined ? {} : { catalog: example.catalog });
 */
export async function startExample(config: ServiceConfig): Promise<RunningExample | undefined> {
  if (config.ontologyQueryUrl !== undefined || config.exampleApiPort === "off") return undefined;
  if (config.catalogFile !== EXAMPLE_CATALOG_FILE) return undefined;
  const api = await startOrdersApi({ port: config.exampleApiPort });
  try {
    const catalog = pointCatalogAt(await loadActionCatalog(config.catalogFile), api.url);
    return { url: api.url, catalog, close: api.close };
  } catch (error) {
    await api.close();
    throw error;
  }
}
