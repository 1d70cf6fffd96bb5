import type { FastifyRequest } from "fastify";
import type { Principal } from "../principal.js";

/** Why a request is not authenticated; the message never repeats the presented credential. */
export interface AuthenticationRefusal {
  message: string;
  /** A credential was presented but is not valid (RFC 6750 `error="invalid_token"`), rather than missing. */
  invalidToken: boolean;
}

/** The outcome of authenticating one request. */
export type Authentication = { principal: Principal } | { refusal: AuthenticationRefusal };

/** Authenticates a request in one mode; throws only when the mode's own upstream (a remote JWKS) fails. */
export type Authenticator = (request: FastifyRequest) => Promise<Authentication>;

/** The refusal of a request without a credential. */
export function missingCredential(message: string): Authentication {
  return { refusal: { message, invalidToken: false } };
}

/** The refusal of a request whose credential is not valid. */
export function invalidCredential(message: string): Authentication {
  return { refusal: { message, invalidToken: true } };
}
