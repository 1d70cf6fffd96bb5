import { fileURLToPath } from "node:url";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildServer } from "../../../src/server/build-server.js";
import { loadServiceConfig } from "../../../src/server/service-config.js";

/** The test catalog: recall needs no upstream. */
export const CATALOG_FILE = fileURLToPath(new URL("../../fixtures/server/catalog/action-recall.yaml", import.meta.url));

/** A recall of the catalog's view_order action, as a request to inject. */
export const RECALL_REQUEST = {
  method: "POST",
  url: "/api/action-recall/v1/knowledge-networks/kn_orders/action-types/view_order",
  headers: { "x-account-id": "u1", "x-account-type": "user" },
  payload: { unique_identity: { order_id: "ord_1001" } },
} as const;

/**
 * The service in catalog mode with `env` added, plus `GET /whoami` (scope `scope` when given), which answers the
 * request's principal, its scopes as a sorted list.
 */
export async function buildAuthService(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildServer(loadServiceConfig({ CATALOG_FILE, ...env }), { logger: false });
  app.get("/whoami", async (request) => ({
    ...request.principal,
    scopes: [...(request.principal?.scopes ?? [])].sort(),
  }));
  app.get("/whoami/execute", { config: { scope: "execute" } }, async (request) => request.principal?.accountId);
  return app;
}

/** What a test reads of an answer: the status, the body's code, and the challenge. */
export interface AuthAnswer {
  status: number;
  code?: string;
  challenge?: string;
}

/** The status, error code and `WWW-Authenticate` of an injected request. */
export async function answerOf(app: FastifyInstance, request: InjectOptions): Promise<AuthAnswer> {
  const response = await app.inject(request);
  const body = response.body !== "" && response.headers["content-type"]?.includes("json") ? response.json() : {};
  const challenge = response.headers["www-authenticate"];
  return {
    status: response.statusCode,
    ...(typeof body.code === "string" ? { code: body.code } : {}),
    ...(typeof challenge === "string" ? { challenge } : {}),
  };
}

/** The challenges of RFC 6750. */
export const CHALLENGE = {
  missing: 'Bearer realm="action-recall"',
  invalid: 'Bearer realm="action-recall", error="invalid_token"',
  scope: (scope: string) => `Bearer realm="action-recall", error="insufficient_scope", scope="${scope}"`,
};
