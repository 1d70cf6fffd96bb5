import { parse } from "yaml";
import { ActionRecallError } from "../../errors/index.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import type { Scope } from "../principal.js";
import { type Env, invalid, invalidSecret, readText } from "../read-text.js";
import { readSettingFile } from "./read-setting-file.js";
import { toScopes } from "./to-scopes.js";

/** One API key of `API_KEYS_FILE` / `API_KEYS`: the SHA-256 of the key (never the key), its account and scopes. */
export interface ApiKey {
  /** Lowercase hex SHA-256 of the key's UTF-8 bytes (`printf %s "$KEY" | sha256sum`). */
  keySha256: string;
  accountId: string;
  accountType: string;
  scopes: readonly Scope[];
}

const ENTRY = '{key_sha256: "<64 hex>", account_id, account_type?, scopes: [...]}';

/** The entries of one source (the file's text or the inline setting), parsed as YAML (which reads JSON too). */
function readEntries(setting: string, text: string): ApiKey[] {
  let content: unknown;
  try {
    content = parse(text);
  } catch (error) {
    throw new ActionRecallError("CONFIG_INVALID", `${setting} is not JSON or YAML: ${(error as Error).message}`, {
      data: { setting },
      cause: error,
    });
  }
  if (!Array.isArray(content)) throw invalidSecret(setting, `a list of ${ENTRY}`);
  return content.map((item, index) => {
    const at = `${setting}[${index}]`;
    if (!isJsonObject(item)) throw invalidSecret(at, ENTRY);
    const { key_sha256: hash, account_id: accountId, account_type: accountType = "user", scopes } = item;
    // A plain key written where its hash belongs must not reach the logs, so the value is never quoted.
    if (typeof hash !== "string" || !/^[0-9a-fA-F]{64}$/.test(hash)) {
      throw invalidSecret(`${at}.key_sha256`, 'the 64 hex characters of printf %s "$KEY" | sha256sum');
    }
    if (typeof accountId !== "string" || accountId === "") {
      throw invalid(`${at}.account_id`, String(accountId), "a non-empty string");
    }
    if (typeof accountType !== "string" || accountType === "") {
      throw invalid(`${at}.account_type`, String(accountType), "a non-empty string");
    }
    if (!Array.isArray(scopes)) throw invalid(`${at}.scopes`, String(scopes), "a list of scope names");
    return { keySha256: hash.toLowerCase(), accountId, accountType, scopes: toScopes(scopes, `${at}.scopes`) };
  });
}

/**
 * The API keys of `API_KEYS_FILE` and `API_KEYS` together (a JSON or YAML list each): every key hash at most once, and
 * at least one key in all.
 */
export function readApiKeys(env: Env, cwd: string): ApiKey[] {
  const sources = {
    API_KEYS_FILE: readSettingFile(env, "API_KEYS_FILE", cwd)?.text,
    API_KEYS: readText(env, "API_KEYS"),
  };
  const keys: ApiKey[] = [];
  for (const [setting, text] of Object.entries(sources)) {
    if (text === undefined) continue;
    readEntries(setting, text).forEach((key, index) => {
      if (keys.some((other) => other.keySha256 === key.keySha256)) {
        throw invalid(`${setting}[${index}].key_sha256`, key.keySha256, "a key not listed before: two entries hash it");
      }
      keys.push(key);
    });
  }
  if (keys.length === 0) {
    throw new ActionRecallError(
      "CONFIG_INVALID",
      `AUTH_MODE=api-key needs keys: set API_KEYS_FILE or API_KEYS (${ENTRY})`,
      {
        data: { setting: "API_KEYS" },
      },
    );
  }
  return keys;
}
