import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import {
  ACTION_QUERY_PATH,
  type KweaverScripts,
  type KweaverUpstreams,
  startKweaverUpstreams,
  TOOL_DETAIL_PATH,
} from "../support/upstream-servers.js";

/** The seed 003 payloads, copied into this folder's fixtures. */
export const SEED_ACTION_RESPONSE = JSON.parse(
  readFileSync(new URL("../fixtures/server/seed003-action-response.json", import.meta.url), "utf8"),
) as { action_source: Record<string, string>; actions: Array<{ parameters: Record<string, unknown> }> };
export const SEED_TOOL_DETAIL = JSON.parse(
  readFileSync(new URL("../fixtures/server/seed003-tool-detail.json", import.meta.url), "utf8"),
) as { name: string; description: string; metadata: { api_spec: Record<string, unknown> } };

/** The seed's recall route, for its knowledge network and action type. */
export const SEED_RECALL_URL =
  "/api/action-recall/v1/knowledge-networks/kn_medical/action-types/generate_treatment_plan";

/** The seed's action as an execution names it: knowledge network, action type and object. */
export const SEED_TOOL_REF = {
  kn_id: "kn_medical",
  action_type_id: "generate_treatment_plan",
  unique_identity: { disease_id: "disease_000001" },
};

/** The caller headers the recall route requires. */
export const ACCOUNT_HEADERS = { "x-account-id": "bdb78b62-6c48-11f0-af96-fa8dcc0a06b2", "x-account-type": "user" };

export { ACTION_QUERY_PATH, TOOL_DETAIL_PATH };

/** The service in KWeaver mode over real loopback upstreams answering the seed's payloads by default. */
export interface KweaverService {
  app: FastifyInstance;
  upstreams: KweaverUpstreams;
  close(): Promise<void>;
}

/** Starts the seed's upstreams and builds the service on them; `env` adds or overrides settings. */
export async function startKweaverService(
  scripts: KweaverScripts = {},
  env: Record<string, string> = {},
): Promise<KweaverService> {
  const upstreams = await startKweaverUpstreams({
    actionQuery: { json: SEED_ACTION_RESPONSE },
    toolDetail: { json: SEED_TOOL_DETAIL },
    ...scripts,
  });
  const config = loadServiceConfig({
    ONTOLOGY_QUERY_URL: upstreams.ontologyQuery.url,
    OPERATOR_INTEGRATION_URL: upstreams.operatorIntegration.url,
    UPSTREAM_TIMEOUT_MS: "1000",
    PROXY_TIMEOUT_MS: "1000",
    ...env,
  });
  const app = await buildServer(config, { logger: false });
  return {
    app,
    upstreams,
    async close() {
      await app.close();
      await upstreams.close();
    },
  };
}
