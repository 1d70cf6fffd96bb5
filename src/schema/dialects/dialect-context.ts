import { isJsonObject } from "../../openapi/own-properties.js";
import type { DialectChange } from "../conversion-report.js";
import type { JsonSchema } from "../json-schema.js";
import type { Dialect } from "../tool-definition.js";

/** What one dialect conversion carries down the schema tree: the dialect and the changes it made so far. */
export interface DialectContext {
  dialect: Dialect;
  changes: DialectChange[];
  /** True when the schema is known to meet OpenAI's schema rules already: see {@link ToDialectOptions}. */
  meetsOpenAiSchemaRules?: boolean | undefined;
}

/** Options of `toDialect`. */
export interface ToDialectOptions {
  /**
   * True when the schema is known to meet the rules OpenAI checks through a whole schema (every array has a schema in
   * `items`, no `pattern` it refuses), as a conversion's schemas do until it meets one that does not: the OpenAI and
   * MCP dialects then skip walking the schema for them. Default false.
   */
  meetsOpenAiSchemaRules?: boolean | undefined;
}

/** Records that the dialect rewrote, described, dropped, trimmed or renamed `keyword` at `pointer`. */
export function recordChange(
  context: DialectContext,
  keyword: string,
  pointer: string,
  action: DialectChange["action"],
  detail?: string,
): void {
  const change: DialectChange = { dialect: context.dialect, keyword, pointer, action };
  if (detail !== undefined) change.detail = detail;
  context.changes.push(change);
}

/** Keywords that only annotate or drive code generators: dropping them loses nothing a model needs. */
const NOISE_KEYWORDS = new Set([
  "$schema",
  "$id",
  "$anchor",
  "$comment",
  "$defs",
  "definitions",
  "discriminator",
  "xml",
  "externalDocs",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
]);

/** Longest JSON value still worth spelling out in a description; larger ones are dropped and reported. */
const MAX_DESCRIBED_VALUE_LENGTH = 160;

/**
 * Handles a keyword the dialect does not accept: noise and vendor extensions are dropped, small values are returned
 * as a note for the description (`minLength: 3`), large ones are dropped. Either way the change is recorded.
 */
export function describeUnsupportedKeyword(
  context: DialectContext,
  keyword: string,
  value: unknown,
  pointer: string,
): string | undefined {
  if (NOISE_KEYWORDS.has(keyword) || keyword.startsWith("x-")) {
    recordChange(context, keyword, pointer, "dropped");
    return undefined;
  }
  const text = JSON.stringify(value);
  if (text === undefined || text.length > MAX_DESCRIBED_VALUE_LENGTH) {
    recordChange(context, keyword, pointer, "dropped", "too large to describe");
    return undefined;
  }
  recordChange(context, keyword, pointer, "described");
  return `${keyword}: ${text}`;
}

/** Returns the schema's description with the notes appended (`Constraints: minLength: 3; maxLength: 9.`). */
export function describeWithNotes(description: unknown, notes: readonly string[]): string | undefined {
  const base = typeof description === "string" ? description : undefined;
  if (notes.length === 0) return base;
  const constraints = `Constraints: ${notes.join("; ")}.`;
  return base === undefined || base === "" ? constraints : `${base}\n${constraints}`;
}

/** The `type` keyword as a list (`"string"` is `["string"]`, missing is `[]`). */
export function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === "string");
  return [];
}

/** Keywords that give a schema a shape of its own; a branch without any of them only adds constraints. */
const SHAPE_KEYWORDS = ["type", "properties", "items", "enum", "const", "anyOf", "oneOf", "allOf", "$ref"];

/**
 * True when every branch of a combinator only constrains its parent (`anyOf: [{required: ["a"]}, {required: ["b"]}]`):
 * such branches cannot be written as alternatives in a dialect that needs a shape per branch, so they are described.
 */
export function hasOnlyConstraintBranches(branches: unknown[]): boolean {
  return branches.every((branch) => isJsonObject(branch) && !SHAPE_KEYWORDS.some((keyword) => keyword in branch));
}

/**
 * The branches of an `anyOf` or `oneOf` written by `lower`, each at its own pointer (`#/anyOf/2`). A `true` branch
 * accepts any value and is written as the empty schema; a `false` branch accepts none and is left out (dialects
 * take no boolean schemas, and an `anyOf` left empty would be refused).
 */
export function lowerBranches(
  branches: readonly unknown[],
  pointer: string,
  lower: (branch: JsonSchema, pointer: string) => JsonSchema,
): JsonSchema[] {
  const lowered: JsonSchema[] = [];
  for (const [index, branch] of branches.entries()) {
    if (branch !== false) lowered.push(lower(isJsonObject(branch) ? branch : {}, `${pointer}/${index}`));
  }
  return lowered;
}

/**
 * Adds lowered branches to the `anyOf` among a schema's entries (an `anyOf` and a `oneOf` both become one); when none
 * is left (every branch was `false`), the combinator is dropped and reported.
 */
export function addAnyOfBranches(
  entries: [string, unknown][],
  branches: JsonSchema[],
  keyword: string,
  pointer: string,
  context: DialectContext,
): void {
  if (branches.length === 0) {
    recordChange(context, keyword, pointer, "dropped", "no branch accepts a value");
    return;
  }
  const existing = entries.find(([name]) => name === "anyOf");
  if (existing === undefined) entries.push(["anyOf", branches]);
  else existing[1] = [...(existing[1] as unknown[]), ...branches];
}
