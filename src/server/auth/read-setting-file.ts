import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ActionRecallError } from "../../errors/index.js";
import { type Env, readText } from "../read-text.js";

/** The file a setting names (resolved against `cwd`) and its text; undefined when unset; CONFIG_INVALID if unreadable. */
export function readSettingFile(env: Env, name: string, cwd: string): { file: string; text: string } | undefined {
  const file = readText(env, name);
  if (file === undefined) return undefined;
  try {
    return { file, text: readFileSync(resolve(cwd, file), "utf8") };
  } catch (error) {
    throw new ActionRecallError("CONFIG_INVALID", `${name}="${file}" cannot be read: ${(error as Error).message}`, {
      data: { setting: name, value: file },
      cause: error,
    });
  }
}
