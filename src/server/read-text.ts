import { ActionRecallError } from "../errors/index.js";

/** The environment the service reads its settings from. */
export type Env = Record<string, string | undefined>;

/** A setting's value, trimmed; undefined when unset or blank. */
export function readText(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** CONFIG_INVALID naming the setting, its value and what was expected. */
export function invalid(setting: string, value: string, expected: string): ActionRecallError {
  return new ActionRecallError("CONFIG_INVALID", `${setting}="${value}" is invalid: expected ${expected}`, {
    data: { setting, value },
  });
}

/** CONFIG_INVALID naming a secret setting and what was expected, never its value. */
export function invalidSecret(setting: string, expected: string): ActionRecallError {
  return new ActionRecallError("CONFIG_INVALID", `${setting} is invalid: expected ${expected}`, {
    data: { setting },
  });
}
