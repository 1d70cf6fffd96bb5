import type { SchemaConflict } from "./conversion-report.js";
import { describeWithNotes } from "./dialects/dialect-context.js";
import type { JsonSchema } from "./json-schema.js";
import { JSON_TYPES, lacksItems } from "./schema-keywords.js";

/**
 * Rewrites, in place, the keywords of one expanded schema that OpenAPI documents write in forms JSON Schema
 * validators (Ajv) and providers refuse, keeping their meaning wherever it can be kept. Found across the 2,639 specs
 * of APIs.guru, where they made hundreds of tools fail to compile:
 * - OAS 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` (`{minimum: 0, exclusiveMinimum: true}`) become the
 *   numbers JSON Schema has used since draft 6 (`{exclusiveMinimum: 0}`);
 * - repeated `enum` values and `required` names are written once, and `required` entries that are not names dropped;
 * - a `pattern` that is not an ECMA-262 regular expression with the `u` flag (AWS's `^[a-zA-Z0-9\-\_]+$`) loses its
 *   needless escapes of punctuation when that makes it one; otherwise (Java's `\p{Alnum}`) it moves into the
 *   description, where the model still reads it;
 * - a `type` that names no JSON type: `"String"` is written in lower case, OpenAPI 2.0's `"file"` as a binary string,
 *   repeated names once, and what names no type at all (codat's `type: {type: "string", ...}`, `[]`) is dropped;
 * - an `enum` none of whose values is of the schema's `type`, which no value could ever meet (`type: string` with
 *   `enum: [true, false]`, in 25 specs): its values are written in that type when each can be (`"true"`, `1` for
 *   `"1"`), and otherwise the `type` is dropped, the enum saying what is allowed;
 * - an `enum` of scalars on an array schema (bbc.co.uk's `mixin`), which no array meets: it moves into `items`.
 * Each repair is recorded in `conflicts` at `pointer`.
 */
export function repairKeywords(schema: JsonSchema, pointer: string, conflicts: SchemaConflict[]): void {
  // Runs for every schema of a conversion: each check reads one keyword, and nothing is allocated unless it repairs.
  const { type, exclusiveMinimum, exclusiveMaximum, enum: values, required, pattern } = schema;
  if (type !== undefined && !(typeof type === "string" && JSON_TYPES.has(type))) {
    repairType(schema, type, pointer, conflicts);
  }
  if (exclusiveMinimum !== undefined && typeof exclusiveMinimum !== "number") {
    repairExclusiveBound(schema, "exclusiveMinimum", "minimum", pointer, conflicts);
  }
  if (exclusiveMaximum !== undefined && typeof exclusiveMaximum !== "number") {
    repairExclusiveBound(schema, "exclusiveMaximum", "maximum", pointer, conflicts);
  }
  if (Array.isArray(values) && hasRepeats(values)) {
    schema.enum = withoutRepeats(values);
    conflicts.push({ pointer, keyword: "enum", message: "repeated values written once" });
  }
  if (Array.isArray(values) && typeof schema.type === "string") repairEnumType(schema, schema.type, pointer, conflicts);
  if (Array.isArray(required)) repairRequired(schema, required, pointer, conflicts);
  if (pattern !== undefined) repairPattern(schema, pattern, pointer, conflicts);
}

function repairEnumType(schema: JsonSchema, type: string, pointer: string, conflicts: SchemaConflict[]): void {
  const values = schema.enum as unknown[];
  if (values.length === 0 || values.some((value) => value === null || isOfType(value, type))) return;
  if (type === "array") {
    const items = schema.items;
    if (values.some((value) => typeof value === "object") || (items !== undefined && !isEnumFreeSchema(items))) return;
    // A copy: `items` may be a subschema the expansion shares with other places.
    schema.items = { ...(items as JsonSchema | undefined), enum: values };
    delete schema.enum;
    conflicts.push({ pointer, keyword: "enum", message: "an enum of items on the array itself: moved into items" });
    return;
  }
  const written = values.map((value) => valueAsType(value, type));
  if (written.every((value) => value !== undefined)) {
    schema.enum = written;
    conflicts.push({ pointer, keyword: "enum", message: `no value was of type ${type}: each written as one` });
  } else {
    delete schema.type;
    const message = `no enum value is of type ${type}, so no value met both: type dropped, the enum says what is allowed`;
    conflicts.push({ pointer, keyword: "type", message });
  }
}

function isOfType(value: unknown, type: string): boolean {
  if (type === "integer") return Number.isInteger(value);
  if (type === "array") return Array.isArray(value);
  if (type === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  return typeof value === type;
}

function isEnumFreeSchema(schema: unknown): boolean {
  return (
    typeof schema === "object" && schema !== null && !Array.isArray(schema) && !("enum" in schema || "const" in schema)
  );
}

/** A scalar written in a scalar type when its text is one (`1` as `"1"`, `"true"` as `true`); undefined otherwise. */
function valueAsType(value: unknown, type: string): unknown {
  if (typeof value === "object" || value === undefined) return undefined;
  const text = String(value);
  if (type === "string") return text;
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : undefined;
  const number = text.trim() === "" ? Number.NaN : Number(text);
  if (type === "number" && Number.isFinite(number)) return number;
  if (type === "integer" && Number.isInteger(number)) return number;
  return undefined;
}

/**
 * Gives an array schema without `items` the empty `items`, in place, a tuple too (its `prefixItems` kept): the
 * meaning is the same (any item, any item after the prefix), so nothing is reported; but OpenAI refuses such a
 * schema ("array schema missing items", even outside strict mode) and Gemini too ("items: missing field"), and specs
 * leave `items` out often.
 */
export function addMissingItems(schema: JsonSchema): void {
  if (lacksItems(schema)) schema.items = {};
}

function repairRequired(schema: JsonSchema, required: unknown[], pointer: string, conflicts: SchemaConflict[]): void {
  if (!areAllStrings(required)) {
    schema.required = required.filter((name) => typeof name === "string");
    conflicts.push({ pointer, keyword: "required", message: "entries that are not property names dropped" });
  }
  const names = schema.required as unknown[];
  if (hasRepeats(names)) {
    schema.required = withoutRepeats(names);
    conflicts.push({ pointer, keyword: "required", message: "repeated names written once" });
  }
}

/** Whether every value is a string. A loop, not `every` with a closure: `required` lists of every schema come here. */
export function areAllStrings(values: readonly unknown[]): boolean {
  for (const value of values) if (typeof value !== "string") return false;
  return true;
}

function repairType(schema: JsonSchema, type: unknown, pointer: string, conflicts: SchemaConflict[]): void {
  if (Array.isArray(type) && type.length > 0 && type.every((name) => JSON_TYPES.has(name)) && !hasRepeats(type)) {
    return;
  }
  const written = Array.isArray(type) ? type : [type];
  const names = withoutRepeats(written.flatMap(jsonTypeOf));
  const given = JSON.stringify(type).slice(0, 120);
  if (names.length === 0) {
    delete schema.type;
    conflicts.push({ pointer, keyword: "type", message: `${given} names no JSON type: dropped` });
    return;
  }
  schema.type = Array.isArray(type) || names.length > 1 ? names : names[0];
  const isFile = written.some((name) => typeof name === "string" && name.toLowerCase() === "file");
  if (isFile && schema.format === undefined) schema.format = "binary";
  const message = `${given} written as ${JSON.stringify(schema.type)}: JSON types are lower-case names, each once`;
  conflicts.push({ pointer, keyword: "type", message });
}

/** The JSON type a `type` entry means: its lower-case form, `string` for OpenAPI 2.0's `file`; none for others. */
function jsonTypeOf(name: unknown): string[] {
  if (typeof name !== "string") return [];
  const lower = name.toLowerCase();
  if (lower === "file") return ["string"];
  return JSON_TYPES.has(lower) ? [lower] : [];
}

function repairExclusiveBound(
  schema: JsonSchema,
  keyword: string,
  bound: string,
  pointer: string,
  conflicts: SchemaConflict[],
): void {
  const exclusive = schema[keyword];
  delete schema[keyword];
  if (exclusive === true && typeof schema[bound] === "number") {
    schema[keyword] = schema[bound];
    delete schema[bound];
    const message = `OpenAPI 3.0's boolean form written as the number JSON Schema expects (the ${bound})`;
    conflicts.push({ pointer, keyword, message });
  } else if (exclusive !== false) {
    const message = `${JSON.stringify(exclusive)} without a numeric ${bound} bounds nothing: dropped`;
    conflicts.push({ pointer, keyword, message });
  }
}

function hasRepeats(values: readonly unknown[]): boolean {
  // Most lists are short lists of strings: compared pairwise, nothing is allocated when there is no repeat.
  if (values.length < 2) return false;
  if (values.length > 32 || values.some((value) => typeof value === "object" && value !== null)) {
    return new Set(values.map(identityOf)).size < values.length;
  }
  for (let index = 1; index < values.length; index += 1) {
    for (let earlier = 0; earlier < index; earlier += 1) if (values[earlier] === values[index]) return true;
  }
  return false;
}

/** The values, each once (objects and arrays compared by their JSON), in their order. */
export function withoutRepeats(values: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  return values.filter((value) => {
    const identity = identityOf(value);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

/** Primitives stand for themselves; objects and arrays by their JSON (enum values are plain data). */
function identityOf(value: unknown): unknown {
  return typeof value === "object" && value !== null ? `json:${JSON.stringify(value)}` : value;
}

function repairPattern(schema: JsonSchema, pattern: unknown, pointer: string, conflicts: SchemaConflict[]): void {
  if (typeof pattern !== "string") {
    delete schema.pattern;
    conflicts.push({ pointer, keyword: "pattern", message: `${JSON.stringify(pattern)} is not a string: dropped` });
    return;
  }
  const repaired = asUnicodeRegExp(pattern);
  if (repaired === pattern) return;
  if (repaired !== undefined) {
    schema.pattern = repaired;
    const message = "needless escapes of punctuation removed: the u flag refuses them";
    conflicts.push({ pointer, keyword: "pattern", message });
    return;
  }
  delete schema.pattern;
  const description = describeWithNotes(schema.description, [`pattern ${JSON.stringify(pattern)}`]);
  if (description !== undefined) schema.description = description;
  const message = "not an ECMA-262 regular expression: moved into the description";
  conflicts.push({ pointer, keyword: "pattern", message });
}

/**
 * A pattern as a regular expression with the `u` flag, which Ajv compiles patterns with: the pattern itself when it is
 * one, without its needless escapes when that makes it one, otherwise undefined.
 */
export function asUnicodeRegExp(pattern: string): string | undefined {
  if (isUnicodeRegExp(pattern)) return pattern;
  const unescaped = withoutNeedlessEscapes(pattern);
  return isUnicodeRegExp(unescaped) ? unescaped : undefined;
}

function isUnicodeRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

/** Characters the `u` flag lets a backslash escape: syntax characters and `/` (and `-` in a character class). */
const ESCAPABLE = new Set("^$\\.*+?()[]{}|/");

/**
 * The pattern with `\` removed before punctuation that needs no escape (`\_`, `\:`, `\=`, and `\-` outside a
 * character class): without the `u` flag such an escape stands for the character itself, with it the pattern is
 * refused. Escapes of letters and digits (`\d`, `\p{L}`) are kept.
 */
function withoutNeedlessEscapes(pattern: string): string {
  let result = "";
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === "\\" && index + 1 < pattern.length) {
      const escaped = pattern[index + 1] as string;
      index += 1;
      const isNeedless = !/[A-Za-z0-9]/.test(escaped) && !ESCAPABLE.has(escaped) && !(inClass && escaped === "-");
      result += isNeedless ? escaped : `\\${escaped}`;
      continue;
    }
    if (character === "[") inClass = true;
    else if (character === "]") inClass = false;
    result += character;
  }
  return result;
}
