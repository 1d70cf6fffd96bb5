import { ActionRecallError } from "../../errors/index.js";
import { isLoopbackHost } from "../is-loopback-host.js";
import { AUTH_MODES, type AuthMode } from "../principal.js";
import { type Env, invalid, invalidSecret, readText } from "../read-text.js";
import { type ApiKey, readApiKeys } from "./read-api-keys.js";
import { type GatewaySettings, MIN_SECRET_LENGTH, readGatewaySettings } from "./read-gateway-settings.js";
import { type JwtSettings, readJwtSettings } from "./read-jwt-settings.js";

/** How callers authenticate (`AUTH_MODE` and the settings of that mode), and the optional `/metrics` token. */
export type AuthConfig = (
  | { mode: "none" }
  | { mode: "api-key"; apiKeys: readonly ApiKey[] }
  | { mode: "jwt"; jwt: JwtSettings }
  | { mode: "gateway"; gateway: GatewaySettings }
) & {
  /** `METRICS_TOKEN`: `/metrics` also answers `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken?: string;
};

/** The settings only one mode reads: set under another mode they would be silently ignored, so they are refused. */
const MODE_SETTINGS: Readonly<Record<Exclude<AuthMode, "none">, readonly string[]>> = {
  "api-key": ["API_KEYS_FILE", "API_KEYS"],
  jwt: [
    "JWT_JWKS_FILE",
    "JWT_JWKS_URL",
    "JWT_ISSUER",
    "JWT_AUDIENCE",
    "JWT_ACCOUNT_ID_CLAIM",
    "JWT_ACCOUNT_TYPE_CLAIM",
    "JWT_SCOPES_CLAIM",
  ],
  gateway: ["GATEWAY_SECRET", "GATEWAY_SECRET_HEADER", "GATEWAY_TRUSTED_CIDRS", "GATEWAY_SCOPES"],
};

function readMode(env: Env): AuthMode {
  const mode = readText(env, "AUTH_MODE") ?? "none";
  if (!(AUTH_MODES as readonly string[]).includes(mode)) throw invalid("AUTH_MODE", mode, AUTH_MODES.join(" | "));
  return mode as AuthMode;
}

function checkNoOtherModeSettings(env: Env, mode: AuthMode): void {
  for (const [owner, names] of Object.entries(MODE_SETTINGS)) {
    const stray = owner === mode ? undefined : names.find((name) => readText(env, name) !== undefined);
    if (stray !== undefined) {
      throw new ActionRecallError("CONFIG_INVALID", `${stray} is set but AUTH_MODE=${mode}: set AUTH_MODE=${owner}`, {
        data: { setting: stray },
      });
    }
  }
}

/**
 * Reads `AUTH_MODE` and its settings, failing closed: `none` is accepted only when `host` is loopback (127.0.0.0/8,
 * `::1`, `localhost`), like Redis's protected mode, and every bad or missing value is CONFIG_INVALID naming the
 * setting. Files are resolved against `cwd`.
 *
 * @example
 * readAuthConfig({ AUTH_MODE: "gateway", GATEWAY_TRUSTED_CIDRS: "10.0.0.0/8" }, { host: "0.0.0.0", cwd: process.cwd() });
 * // {mode: "gateway", gateway: {trustedCidrs: [{address: "10.0.0.0", prefix: 8, family: "ipv4"}], ...}}
 */
export function readAuthConfig(env: Env, where: { host: string; cwd: string }): AuthConfig {
  const mode = readMode(env);
  checkNoOtherModeSettings(env, mode);
  const metricsToken = readText(env, "METRICS_TOKEN");
  if (metricsToken !== undefined && metricsToken.length < MIN_SECRET_LENGTH) {
    throw invalidSecret("METRICS_TOKEN", `at least ${MIN_SECRET_LENGTH} characters`);
  }
  const common = metricsToken === undefined ? {} : { metricsToken };
  switch (mode) {
    case "none":
      if (!isLoopbackHost(where.host)) throw noneBeyondLoopback(where.host);
      return { mode, ...common };
    case "api-key":
      return { mode, apiKeys: readApiKeys(env, where.cwd), ...common };
    case "jwt":
      return { mode, jwt: readJwtSettings(env, where.cwd), ...common };
    case "gateway":
      return { mode, gateway: readGatewaySettings(env), ...common };
  }
}

/** The refusal to serve without authentication beyond this machine; it says what to set instead. */
export function noneBeyondLoopback(host: string): ActionRecallError {
  return new ActionRecallError(
    "CONFIG_INVALID",
    `AUTH_MODE=none on HOST=${host} would let anyone who reaches this address act as any account: set ` +
      "AUTH_MODE=api-key, jwt or gateway (with its settings) to authenticate callers, or HOST=127.0.0.1 to serve " +
      "this machine only",
    { data: { setting: "AUTH_MODE", value: "none", host } },
  );
}
