import { readFile } from "node:fs/promises";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { invalidOptionError } from "../errors/invalid-option-error.js";

/** The prompt languages with templates. */
export type SlotLanguage = "zh" | "en";

/** Every {@link SlotLanguage}: a language names template files, so nothing else is taken. */
export const SLOT_LANGUAGES: readonly SlotLanguage[] = ["zh", "en"];

/** The two prompts of the fill: phase 1 asks for the JSON object, phase 2 for structured output over what is left. */
export interface SlotTemplates {
  phase1: string;
  phase2: string;
}

const cache = new Map<SlotLanguage, Promise<SlotTemplates>>();

/**
 * Loads the templates of a language from `templates/slots/` at the package root (two levels above both `src/slots`
 * and `dist/slots`), once per process.
 */
export function loadSlotTemplates(language: SlotLanguage): Promise<SlotTemplates> {
  // It names the files read: a JavaScript caller's "../.." must not reach outside the templates.
  if (!SLOT_LANGUAGES.includes(language)) {
    return Promise.reject(invalidOptionError("loadSlotTemplates", "language", language, '"zh" or "en"'));
  }
  let loaded = cache.get(language);
  if (loaded === undefined) {
    loaded = Promise.all([readTemplate(`phase1.${language}.md`), readTemplate(`phase2.${language}.md`)]).then(
      ([phase1, phase2]) => ({ phase1, phase2 }),
    );
    cache.set(language, loaded);
  }
  return loaded;
}

async function readTemplate(file: string): Promise<string> {
  const url = new URL(`../../templates/slots/${file}`, import.meta.url);
  try {
    return await readFile(url, "utf8");
  } catch (cause) {
    cache.clear();
    throw new ActionRecallError("CONFIG_INVALID", `The slot prompt template ${url.pathname} cannot be read`, { cause });
  }
}

/**
 * Fills `{{name}}` placeholders. Hand-written rather than a template engine: the templates only substitute values,
 * and a value is inserted once, so text in it that looks like a placeholder stays as it is.
 */
export function renderSlotTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) {
      throw new ActionRecallError(
        "CONFIG_INVALID",
        `The slot prompt template names an unknown placeholder ${placeholder}`,
      );
    }
    return values[name] ?? "";
  });
}
