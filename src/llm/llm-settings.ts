import { checkObjectArgument } from "../errors/invalid-option-error.js";
/** How to reach an OpenAI-compatible chat endpoint. */
export interface LlmSettings {
  /** Base URL of the endpoint (`https://api.openai.com/v1`, `http://127.0.0.1:8000/v1`). */
  baseURL: string;
  /** Bearer key; local endpoints often take any value. */
  apiKey: string;
  /** Model name sent with each request. */
  model: string;
  /** How long one attempt may take, in milliseconds. */
  timeoutMs: number;
  /** Attempts after the first on 408, 409, 429, 5xx and connection failures, with exponential backoff. */
  maxRetries: number;
}

/** Defaults applied when the environment does not say. */
export const DEFAULT_LLM_SETTINGS = {
  baseURL: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  timeoutMs: 60_000,
  maxRetries: 2,
} as const;

/**
 * Reads the LLM settings from the environment: `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL`, `LLM_TIMEOUT_MS`
 * and `LLM_MAX_RETRIES`. Returns `undefined` when neither the base URL nor the key is set: no model is configured, and
 * callers run only what needs none.
 */
export function llmSettingsFromEnv(env: Record<string, string | undefined>): LlmSettings | undefined {
  checkObjectArgument("llmSettingsFromEnv", "env", env);
  const baseURL = nonEmpty(env.OPENAI_BASE_URL);
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  if (baseURL === undefined && apiKey === undefined) return undefined;
  return {
    baseURL: baseURL ?? DEFAULT_LLM_SETTINGS.baseURL,
    // An OpenAI-compatible local server usually needs no key, but the SDK refuses to start without one.
    apiKey: apiKey ?? "unused",
    model: nonEmpty(env.OPENAI_MODEL) ?? DEFAULT_LLM_SETTINGS.model,
    timeoutMs: positiveInteger(env.LLM_TIMEOUT_MS) ?? DEFAULT_LLM_SETTINGS.timeoutMs,
    maxRetries: positiveInteger(env.LLM_MAX_RETRIES, { allowZero: true }) ?? DEFAULT_LLM_SETTINGS.maxRetries,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function positiveInteger(value: string | undefined, options: { allowZero?: boolean } = {}): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number > 0 || (options.allowZero === true && number === 0) ? number : undefined;
}
