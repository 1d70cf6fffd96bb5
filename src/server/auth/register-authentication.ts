import type { FastifyInstance, FastifyReply } from "fastify";
import { SCOPES, type Scope } from "../principal.js";
import type { AuthenticationRefusal, Authenticator } from "./authenticator.js";
import { createApiKeyAuthenticator } from "./create-api-key-authenticator.js";
import { createGatewayAuthenticator } from "./create-gateway-authenticator.js";
import { createJwtAuthenticator } from "./create-jwt-authenticator.js";
import { equalSecrets } from "./equal-secrets.js";
import { readAccountHeaders } from "./read-account-headers.js";
import type { AuthConfig } from "./read-auth-config.js";
import { readBearerToken } from "./read-header.js";
import { refuseNonLoopbackListen } from "./refuse-non-loopback-listen.js";

/** What a route accepts besides a credential: `public` (nothing: health probes), `metrics-token` (`METRICS_TOKEN`). */
export type RouteAuth = "public" | "metrics-token";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Unset: the route needs a valid credential (fail closed). See {@link RouteAuth}. */
    auth?: RouteAuth;
    /** The scope the route's credential needs; unset: any valid credential. */
    scope?: Scope;
  }
}

/** Options of {@link registerAuthentication}. */
export interface AuthenticationOptions {
  auth: AuthConfig;
  /** How long a remote JWKS may take to answer. */
  timeoutMs: number;
}

const REALM = 'Bearer realm="action-recall"';

/** `AUTH_MODE=none`: the account the caller names (local development), else `anonymous`; every scope. */
const trustEveryCaller: Authenticator = async (request) => {
  const { accountId = "anonymous", accountType } = readAccountHeaders(request);
  return { principal: { accountId, accountType, scopes: new Set(SCOPES), mode: "none" } };
};

function createAuthenticator(options: AuthenticationOptions): Authenticator {
  const { auth } = options;
  switch (auth.mode) {
    case "none":
      return trustEveryCaller;
    case "api-key":
      return createApiKeyAuthenticator(auth.apiKeys);
    case "jwt":
      return createJwtAuthenticator(auth.jwt, { timeoutMs: options.timeoutMs });
    case "gateway":
      return createGatewayAuthenticator(auth.gateway);
    default:
      throw new TypeError(`registerAuthentication: unknown auth mode "${(auth as { mode: unknown }).mode}"`);
  }
}

/** 401 with the RFC 6750 challenge; `error="invalid_token"` when a credential was presented and refused. */
function refuse(reply: FastifyReply, refusal: AuthenticationRefusal): FastifyReply {
  return reply
    .code(401)
    .header("www-authenticate", refusal.invalidToken ? `${REALM}, error="invalid_token"` : REALM)
    .send({ code: "UNAUTHENTICATED", message: refusal.message });
}

/** 403 naming the scope the route needs and the credential lacks. */
function forbid(reply: FastifyReply, scope: Scope, route: string): FastifyReply {
  return reply
    .code(403)
    .header("www-authenticate", `${REALM}, error="insufficient_scope", scope="${scope}"`)
    .send({ code: "FORBIDDEN", message: `The credential lacks the scope "${scope}" that ${route} needs` });
}

/**
 * Authenticates every request before routing goes further (an `onRequest` hook), failing closed: a route needs a
 * valid credential unless its `config.auth` is `"public"`, and the credential needs the route's `config.scope` when it
 * declares one. Unmatched URLs need a credential too, so a 404 tells an anonymous caller nothing. The caller is
 * `request.principal` from then on. With `AUTH_MODE=none`, the server also refuses to listen beyond loopback.
 *
 * @example
 * registerAuthentication(app, { auth: config.auth, timeoutMs: config.upstreamTimeoutMs });
 * app.get("/healthz", { config: { auth: "public" } }, handler);
 * app.post("/run", { config: { scope: "execute" } }, async (request) => request.principal?.accountId);
 */
export function registerAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  const authenticate = createAuthenticator(options);
  const { metricsToken } = options.auth;
  if (options.auth.mode === "none") refuseNonLoopbackListen(app.server);
  app.addHook("onRequest", async (request, reply) => {
    const { auth, scope } = request.routeOptions.config;
    if (auth === "public") return;
    if (auth === "metrics-token" && metricsToken !== undefined) {
      const token = readBearerToken(request);
      if (token !== undefined && equalSecrets(token, metricsToken)) return;
    }
    const outcome = await authenticate(request);
    if ("refusal" in outcome) {
      request.log.info({ code: "UNAUTHENTICATED", reason: outcome.refusal.message }, "authentication refused");
      return refuse(reply, outcome.refusal);
    }
    request.principal = outcome.principal;
    if (scope !== undefined && !outcome.principal.scopes.has(scope)) {
      request.log.info({ code: "FORBIDDEN", scope }, "scope missing");
      return forbid(reply, scope, `${request.method} ${request.routeOptions.url ?? "this route"}`);
    }
  });
}
