import { BlockList, isIP } from "node:net";
import { type Authenticator, invalidCredential, missingCredential } from "./authenticator.js";
import { equalSecrets } from "./equal-secrets.js";
import { readAccountHeaders } from "./read-account-headers.js";
import type { GatewaySettings } from "./read-gateway-settings.js";
import { readHeader } from "./read-header.js";

/** True when the socket's peer is in one of the trusted networks (never X-Forwarded-For, which anyone can write). */
function isTrustedPeer(trusted: BlockList, address: string | undefined): boolean {
  const family = isIP(address ?? "");
  return address !== undefined && family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * `AUTH_MODE=gateway`: the API gateway in front of the service authenticates callers and sets `x-account-id` /
 * `x-account-type`. Those headers are believed only from the gateway: a peer in `GATEWAY_TRUSTED_CIDRS` and/or a
 * request carrying `GATEWAY_SECRET` (both when both are set). Every caller gets `GATEWAY_SCOPES`.
 */
export function createGatewayAuthenticator(settings: GatewaySettings): Authenticator {
  const trusted = new BlockList();
  for (const cidr of settings.trustedCidrs ?? []) trusted.addSubnet(cidr.address, cidr.prefix, cidr.family);
  return async (request) => {
    if (settings.trustedCidrs !== undefined && !isTrustedPeer(trusted, request.socket.remoteAddress)) {
      return missingCredential("Requests are accepted only through the API gateway");
    }
    if (settings.secret !== undefined) {
      const presented = readHeader(request, settings.secretHeader);
      if (presented === undefined) return missingCredential("Requests are accepted only through the API gateway");
      if (!equalSecrets(presented, settings.secret)) return invalidCredential("The gateway credential is not valid");
    }
    const { accountId, accountType } = readAccountHeaders(request);
    if (accountId === undefined) return missingCredential("The gateway sent no x-account-id");
    return { principal: { accountId, accountType, scopes: new Set(settings.scopes), mode: "gateway" } };
  };
}
