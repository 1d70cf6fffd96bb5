import type { JSONWebKeySet } from "jose";
import { ActionRecallError } from "../../errors/index.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import { isLoopbackHost } from "../is-loopback-host.js";
import { type Env, invalid, readText } from "../read-text.js";
import { readSettingFile } from "./read-setting-file.js";

/** How `AUTH_MODE=jwt` verifies a token and reads its account and scopes. */
export interface JwtSettings {
  /** `JWT_JWKS_FILE`'s keys, read at start; or `JWT_JWKS_URL`, fetched (and refreshed) by jose. */
  jwks: { keys: JSONWebKeySet } | { url: string };
  /** `JWT_ISSUER`: the `iss` a token must carry. */
  issuer: string;
  /** `JWT_AUDIENCE`: the `aud` a token must carry. */
  audience: string;
  /** `JWT_ACCOUNT_ID_CLAIM`, default `sub`. */
  accountIdClaim: string;
  /** `JWT_ACCOUNT_TYPE_CLAIM`, default `account_type`; a token without it is a `user`. */
  accountTypeClaim: string;
  /** `JWT_SCOPES_CLAIM`, default `scope`: a space-separated string or an array of scope names. */
  scopesClaim: string;
}

/** Key types of asymmetric algorithms: a shared secret (`oct`) would let anyone who verifies also sign. */
const ASYMMETRIC_KEY_TYPES = ["RSA", "EC", "OKP"];

function readJwksFile(env: Env, cwd: string): JSONWebKeySet | undefined {
  const source = readSettingFile(env, "JWT_JWKS_FILE", cwd);
  if (source === undefined) return undefined;
  const expected = 'a JWKS {"keys": [...]} of public keys (kty RSA, EC or OKP)';
  let content: unknown;
  try {
    content = JSON.parse(source.text);
  } catch {
    throw invalid("JWT_JWKS_FILE", source.file, `${expected} in JSON`);
  }
  if (!isJsonObject(content) || !Array.isArray(content.keys) || content.keys.length === 0) {
    throw invalid("JWT_JWKS_FILE", source.file, expected);
  }
  for (const key of content.keys) {
    if (!isJsonObject(key) || typeof key.kty !== "string" || !ASYMMETRIC_KEY_TYPES.includes(key.kty)) {
      throw invalid("JWT_JWKS_FILE", source.file, expected);
    }
    if (Object.hasOwn(key, "d")) throw invalid("JWT_JWKS_FILE", source.file, `${expected}: a key holds a private part`);
  }
  return content as unknown as JSONWebKeySet;
}

/** `JWT_JWKS_URL`: https, or http to a loopback host (a key set fetched in clear could be swapped on the way). */
function readJwksUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const secure = parsed?.protocol === "https:" || (parsed?.protocol === "http:" && isLoopbackHost(parsed.hostname));
  if (!secure) throw invalid("JWT_JWKS_URL", url, "an https URL (http only to a loopback host)");
  return url;
}

function required(env: Env, name: string): string {
  const value = readText(env, name);
  if (value === undefined) {
    throw new ActionRecallError("CONFIG_INVALID", `${name} is required with AUTH_MODE=jwt`, {
      data: { setting: name },
    });
  }
  return value;
}

/** The `JWT_*` settings of `AUTH_MODE=jwt`: exactly one of `JWT_JWKS_FILE` and `JWT_JWKS_URL`, an issuer, an audience. */
export function readJwtSettings(env: Env, cwd: string): JwtSettings {
  const keys = readJwksFile(env, cwd);
  const url = readText(env, "JWT_JWKS_URL");
  if ((keys === undefined) === (url === undefined)) {
    throw new ActionRecallError("CONFIG_INVALID", "AUTH_MODE=jwt needs exactly one of JWT_JWKS_FILE and JWT_JWKS_URL", {
      data: { setting: keys === undefined ? "JWT_JWKS_URL" : "JWT_JWKS_FILE" },
    });
  }
  return {
    jwks: keys === undefined ? { url: readJwksUrl(url as string) } : { keys },
    issuer: required(env, "JWT_ISSUER"),
    audience: required(env, "JWT_AUDIENCE"),
    accountIdClaim: readText(env, "JWT_ACCOUNT_ID_CLAIM") ?? "sub",
    accountTypeClaim: readText(env, "JWT_ACCOUNT_TYPE_CLAIM") ?? "account_type",
    scopesClaim: readText(env, "JWT_SCOPES_CLAIM") ?? "scope",
  };
}
