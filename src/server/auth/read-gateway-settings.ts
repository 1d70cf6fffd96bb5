import { isIP } from "node:net";
import { ActionRecallError } from "../../errors/index.js";
import type { Scope } from "../principal.js";
import { type Env, invalid, invalidSecret, readText } from "../read-text.js";
import { toScopes } from "./to-scopes.js";

/** One trusted source network of `GATEWAY_TRUSTED_CIDRS`. */
export interface Cidr {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** Whom `AUTH_MODE=gateway` trusts to set `x-account-id` / `x-account-type`, and what such callers may do. */
export interface GatewaySettings {
  /** `GATEWAY_SECRET`: the gateway sends it in {@link GatewaySettings.secretHeader}. */
  secret?: string;
  /** `GATEWAY_SECRET_HEADER`, lowercase; default `x-gateway-secret`. */
  secretHeader: string;
  /** `GATEWAY_TRUSTED_CIDRS`: the networks the gateway connects from (the socket's peer address). */
  trustedCidrs?: readonly Cidr[];
  /** `GATEWAY_SCOPES`: granted to every caller the gateway vouches for; default recall, execute, mcp. */
  scopes: readonly Scope[];
}

/** Shortest secret accepted: 16 characters leave no room for guessing over the network. */
export const MIN_SECRET_LENGTH = 16;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** `10.0.0.0/8`, `fd00::/8`, or a bare address (one host). */
function readCidr(text: string): Cidr {
  const [address = "", prefixText, ...rest] = text.split("/");
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (family === 0 || rest.length > 0 || !/^\d+$/.test(prefixText ?? "0") || prefix > bits) {
    throw invalid("GATEWAY_TRUSTED_CIDRS", text, "comma-separated IPv4 or IPv6 networks such as 10.0.0.0/8, fd00::/8");
  }
  return { address, prefix, family: family === 4 ? "ipv4" : "ipv6" };
}

function readList(env: Env, name: string): string[] | undefined {
  return readText(env, name)
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/**
 * The `GATEWAY_*` settings of `AUTH_MODE=gateway`: a shared secret, trusted networks, or both (then a caller needs
 * both); neither is CONFIG_INVALID, since anyone could then claim any account.
 */
export function readGatewaySettings(env: Env): GatewaySettings {
  const secret = readText(env, "GATEWAY_SECRET");
  const cidrs = readList(env, "GATEWAY_TRUSTED_CIDRS");
  if (secret === undefined && (cidrs === undefined || cidrs.length === 0)) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      "AUTH_MODE=gateway needs GATEWAY_SECRET or GATEWAY_TRUSTED_CIDRS: without either, any caller could claim any account",
      { data: { setting: "GATEWAY_SECRET" } },
    );
  }
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
    throw invalidSecret("GATEWAY_SECRET", `at least ${MIN_SECRET_LENGTH} characters`);
  }
  const secretHeader = (readText(env, "GATEWAY_SECRET_HEADER") ?? "x-gateway-secret").toLowerCase();
  if (!HEADER_NAME.test(secretHeader)) throw invalid("GATEWAY_SECRET_HEADER", secretHeader, "an HTTP header name");
  const scopes = readList(env, "GATEWAY_SCOPES");
  return {
    ...(secret === undefined ? {} : { secret }),
    secretHeader,
    ...(cidrs === undefined || cidrs.length === 0 ? {} : { trustedCidrs: cidrs.map(readCidr) }),
    scopes: scopes === undefined ? ["recall", "execute", "mcp"] : toScopes(scopes, "GATEWAY_SCOPES"),
  };
}
