import { timingSafeEqual } from "node:crypto";
import { type Authenticator, invalidCredential, missingCredential } from "./authenticator.js";
import { sha256 } from "./equal-secrets.js";
import type { ApiKey } from "./read-api-keys.js";
import { readBearerToken, readHeader } from "./read-header.js";

/**
 * `AUTH_MODE=api-key`: the key comes as `Authorization: Bearer <key>` or `X-API-Key: <key>`; its SHA-256 is compared
 * with every stored hash in constant time, with no early exit, so the timing says nothing about which keys exist.
 */
export function createApiKeyAuthenticator(keys: readonly ApiKey[]): Authenticator {
  const stored = keys.map((key) => ({ key, hash: Buffer.from(key.keySha256, "hex") }));
  return async (request) => {
    const presented = readBearerToken(request) ?? readHeader(request, "x-api-key");
    if (presented === undefined) {
      return missingCredential("An API key is required: send Authorization: Bearer <key> or X-API-Key: <key>");
    }
    const hash = sha256(presented);
    let match: ApiKey | undefined;
    for (const entry of stored) {
      if (timingSafeEqual(hash, entry.hash)) match = entry.key;
    }
    if (match === undefined) return invalidCredential("The API key is not valid");
    return {
      principal: {
        accountId: match.accountId,
        accountType: match.accountType,
        scopes: new Set(match.scopes),
        mode: "api-key",
      },
    };
  };
}
