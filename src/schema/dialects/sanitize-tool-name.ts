import { checkStringArgument, invalidArgumentError } from "../../errors/invalid-option-error.js";
import type { DialectContext } from "./dialect-context.js";
import { recordChange } from "./dialect-context.js";
import { hashName } from "./hash-name.js";

/**
 * The tool names every provider accepts: OpenAI's and Anthropic's rule (`^[a-zA-Z0-9_-]{1,64}$`), starting with a
 * letter or `_` as Gemini on Vertex AI requires.
 */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

const MAX_TOOL_NAME_LENGTH = 64;

/**
 * Turns an operationId or `"METHOD /path"` into a tool name matching {@link TOOL_NAME_PATTERN}, deterministically:
 * other characters become `_`, runs of `_` collapse, a name starting with a digit or `-` gets a leading `_`
 * (`4oD_Feed` becomes `_4oD_Feed`), and names too long or already in `taken` get a short hash of the source name
 * (`_1a2b3c4d`). The result is added to `taken`, so one set per conversion keeps names unique.
 *
 * @example
 * sanitizeToolName("GET /repos/{owner}/{repo}", new Set()); // "GET_repos_owner_repo"
 */
export function sanitizeToolName(name: string, taken: Set<string>): string {
  checkStringArgument("sanitizeToolName", "name", name);
  if (!(taken instanceof Set)) throw invalidArgumentError("sanitizeToolName", "taken", taken, "a Set of names");
  if (
    TOOL_NAME_PATTERN.test(name) &&
    !name.includes("__") &&
    !name.startsWith("_") &&
    !name.endsWith("_") &&
    !taken.has(name)
  ) {
    taken.add(name);
    return name;
  }
  const cleaned = startWithLetter(cleanName(name) || "tool");
  let candidate = cleaned.length > MAX_TOOL_NAME_LENGTH ? withHashSuffix(cleaned, name) : cleaned;
  // Two source names can clean to the same name, and the same name can be converted twice: salt until unique. The
  // salts a source name used are taken for good, so its next try starts after them.
  if (taken.has(candidate)) {
    const salts = saltsOf(taken);
    let salt = salts.get(name) ?? 0;
    do {
      candidate = withHashSuffix(cleaned, salt === 0 ? name : `${name}#${salt}`);
      salt += 1;
    } while (taken.has(candidate));
    salts.set(name, salt);
  }
  taken.add(candidate);
  return candidate;
}

/**
 * The salt each source name's next try starts at, per set of taken names: without it the 4,000th operation sharing
 * one operationId tried the 3,999 salts before its own (a document of 32,000 took minutes).
 */
const nextSalts = new WeakMap<Set<string>, Map<string, number>>();

function saltsOf(taken: Set<string>): Map<string, number> {
  let salts = nextSalts.get(taken);
  if (salts === undefined) {
    salts = new Map();
    nextSalts.set(taken, salts);
  }
  return salts;
}

/** Keeps a valid name as is; otherwise sanitises it and records the rename. */
export function ensureToolName(name: string, context: DialectContext): string {
  if (TOOL_NAME_PATTERN.test(name)) return name;
  const sanitized = sanitizeToolName(name, new Set());
  recordChange(context, "name", "#", "renamed", `${JSON.stringify(name)} -> ${JSON.stringify(sanitized)}`);
  return sanitized;
}

/**
 * Other characters become `_`, runs of `_` collapse and none is left at either end. One pass that copies whole runs,
 * instead of three replacements: every operation of a document without operationIds comes through here.
 */
function cleanName(name: string): string {
  let cleaned = "";
  let index = 0;
  while (index < name.length) {
    while (index < name.length && isSeparator(name.charCodeAt(index))) index += 1;
    const start = index;
    while (index < name.length && !isSeparator(name.charCodeAt(index))) index += 1;
    if (index > start) cleaned += cleaned === "" ? name.slice(start, index) : `_${name.slice(start, index)}`;
  }
  return cleaned;
}

/** A cleaned name as it is when it starts with a letter; after a `_` when it starts with a digit or `-`. */
function startWithLetter(cleaned: string): string {
  const first = cleaned.charCodeAt(0) | 0x20;
  return first >= 0x61 && first <= 0x7a ? cleaned : `_${cleaned}`;
}

/** `_` and anything outside `[a-zA-Z0-9-]`. */
function isSeparator(code: number): boolean {
  const isNameCharacter =
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d;
  return !isNameCharacter;
}

function withHashSuffix(base: string, source: string): string {
  const suffix = `_${hashName(source)}`;
  return base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}
