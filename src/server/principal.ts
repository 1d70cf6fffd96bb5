/** What a credential may do: recall tools, execute them, use `/mcp`, read `/metrics` and `/docs`. */
export const SCOPES = ["recall", "execute", "mcp", "admin"] as const;

/** One of {@link SCOPES}. */
export type Scope = (typeof SCOPES)[number];

/** How callers prove who they are (`AUTH_MODE`). */
export const AUTH_MODES = ["none", "api-key", "jwt", "gateway"] as const;

/** One of {@link AUTH_MODES}. */
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * The authenticated caller. Its account is the one every upstream call carries (the action query, the tool detail,
 * MCP and the proxy) and the tenant part of every cache key; a request body never sets it.
 */
export interface Principal {
  /** Sent upstream as `x-account-id`. */
  accountId: string;
  /** Sent upstream as `x-account-type`. */
  accountType: string;
  scopes: ReadonlySet<Scope>;
  /** The mode that authenticated it. */
  mode: AuthMode;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the authentication hook on every route that needs a credential. */
    principal?: Principal;
  }
}
