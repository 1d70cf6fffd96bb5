import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ActionRecallError } from "../errors/index.js";

/** Probes are never limited. */
const EXEMPT_ROUTES: ReadonlySet<string> = new Set(["/healthz", "/readyz"]);

/** Options of {@link registerRateLimit}. */
export interface RateLimitOptions {
  /** Requests per window and key; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

/** Whose budget a request spends: its authenticated account, or its client address when it has none. */
export function rateLimitKey(request: FastifyRequest): string {
  const principal = request.principal;
  return principal === undefined ? `ip:${request.ip}` : `account:${principal.accountType}:${principal.accountId}`;
}

/**
 * Limits every route but `/healthz` and `/readyz` to `max` requests per `windowMs` per account (see
 * {@link rateLimitKey}). It runs at `preHandler`, after authentication has set `request.principal`. Past the limit
 * the answer is 429 `RATE_LIMITED` with `Retry-After` in seconds. Register it before the routes.
 *
 * @example
 * await registerRateLimit(app, { max: 600, windowMs: 60_000 });
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  if (options.max === 0) return;
  await app.register(rateLimit, {
    max: options.max,
    timeWindow: options.windowMs,
    hook: "preHandler",
    keyGenerator: rateLimitKey,
    allowList: (request) => EXEMPT_ROUTES.has(request.routeOptions.url ?? ""),
    errorResponseBuilder: (_request, context) =>
      new ActionRecallError(
        "RATE_LIMITED",
        `Rate limit exceeded: ${context.max} requests per ${options.windowMs} ms; retry in ${context.after}`,
      ),
  });
}
