import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import { UpstreamError } from "../../errors/index.js";
import { SCOPES, type Scope } from "../principal.js";
import { type Authenticator, invalidCredential, missingCredential } from "./authenticator.js";
import { readBearerToken } from "./read-header.js";
import type { JwtSettings } from "./read-jwt-settings.js";

/** Signature algorithms accepted: asymmetric only, so `none` and the HMAC family (`HS256`, ...) are refused. */
const ASYMMETRIC_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/** Seconds of clock skew allowed between the token's issuer and this service. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** The scopes a claim grants: a space-separated string (`scope`) or an array (`scp`); names of other services ignored. */
function scopesOf(claim: unknown): Set<Scope> {
  const names = typeof claim === "string" ? claim.split(" ") : Array.isArray(claim) ? claim : [];
  return new Set(SCOPES.filter((scope) => names.includes(scope)));
}

/** A failure to verify because the key set could not be fetched is the key server's fault, not the caller's. */
function keySetFailure(error: unknown, url: string): UpstreamError | undefined {
  if (error instanceof errors.JWKSTimeout) {
    return new UpstreamError(
      "UPSTREAM_TIMEOUT",
      "The JWKS did not answer in time",
      { upstream: url },
      { cause: error },
    );
  }
  const fetchFailed =
    !(error instanceof errors.JOSEError) || error.code === "ERR_JOSE_GENERIC" || error instanceof errors.JWKSInvalid;
  return fetchFailed
    ? new UpstreamError("UPSTREAM_ERROR", "The JWKS could not be fetched", { upstream: url }, { cause: error })
    : undefined;
}

/**
 * `AUTH_MODE=jwt`: `Authorization: Bearer <JWT>`, verified with jose against the key set, with the issuer, the
 * audience and an expiry required. The account comes from the configured claims; a token without a non-empty string
 * account is refused.
 */
export function createJwtAuthenticator(settings: JwtSettings, options: { timeoutMs: number }): Authenticator {
  const { jwks } = settings;
  const keys =
    "url" in jwks
      ? createRemoteJWKSet(new URL(jwks.url), { timeoutDuration: options.timeoutMs })
      : createLocalJWKSet(jwks.keys);
  return async (request) => {
    const token = readBearerToken(request);
    if (token === undefined) return missingCredential("A token is required: send Authorization: Bearer <JWT>");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ASYMMETRIC_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp"],
      }));
    } catch (error) {
      const upstream = "url" in jwks ? keySetFailure(error, jwks.url) : undefined;
      if (upstream !== undefined) throw upstream;
      return invalidCredential(`The token is not valid: ${error instanceof Error ? error.message : "unreadable"}`);
    }
    const accountId = payload[settings.accountIdClaim];
    const accountType = payload[settings.accountTypeClaim] ?? "user";
    if (typeof accountId !== "string" || accountId === "") {
      return invalidCredential(`The token has no account: its "${settings.accountIdClaim}" claim is not a string`);
    }
    if (typeof accountType !== "string" || accountType === "") {
      return invalidCredential(`The token's "${settings.accountTypeClaim}" claim is not a string`);
    }
    return {
      principal: { accountId, accountType, scopes: scopesOf(payload[settings.scopesClaim]), mode: "jwt" },
    };
  };
}
