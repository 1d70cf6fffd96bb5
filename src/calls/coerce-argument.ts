import { checkStringArgument } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { shortenText } from "./engine/shorten-text.js";
import { parseJsonText } from "./parse-json-arguments.js";

/** What {@link coerceArgument} made of a value: the typed value, or why it does not fit the schema. */
export type CoercionResult = { success: true; value: unknown } | { success: false; message: string };

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/**
 * The words for no value: JSON's, and Python's `None`, which models taught by templates that render arguments with
 * Python's `str` write for a null (as the reference parsers of such models read it).
 */
const NULL_WORDS: ReadonlySet<string> = new Set(["null", "None"]);
/** One line break, with the spaces or tabs before it, at the start of a string value. */
const LEADING_LINE_BREAK = /^[ \t]*\r?\n/;

/**
 * Types an XML parameter value (already decoded) by the parameter's JSON Schema. The schema decides, never the text:
 * a string stays a string (`"0123"` stays `"0123"`), an integer `"5"` becomes `5`, a boolean `"false"` becomes
 * `false`, objects and arrays are read as JSON (repaired when broken).
 *
 * Whitespace rule: a string framed by line breaks, as templates write a value on lines of its own, loses the one at
 * each end with the spaces and tabs beside it, so `<parameter name="code">\n  x\n</parameter>` gives `"  x"`; a value
 * written right after its tag (Seed-OSS' `<parameter=old>x\n</parameter>`) keeps its final line break. All other
 * whitespace in a string is kept. Every other type is trimmed fully before conversion. A type named as a programming
 * language names it, as models' tool schemas often do (`int`, `float`, `list[str]`, `dict`), is read as the JSON
 * Schema type it means (see {@link standardType}). Where the schema allows `null`, `null` and Python's `None` are null.
 * Without a usable schema the value stays a string. A `$ref` is not followed here, where the tool's whole schema it
 * points into is not known: the parsers type by a tool's schema with its `$ref`s followed (`followLocalRefs`).
 */
export function coerceArgument(raw: string, schema: unknown): CoercionResult {
  checkStringArgument("coerceArgument", "raw", raw);
  const types = schemaTypes(schema);
  if (types.size === 0 || types.has("string")) {
    const unframed = raw.replace(LEADING_LINE_BREAK, "");
    const text = unframed.length < raw.length ? trimTrailingLineBreak(unframed) : raw;
    if (types.has("null") && NULL_WORDS.has(text.trim())) return { success: true, value: null };
    return { success: true, value: text };
  }
  const text = raw.trim();
  for (const type of types) {
    const value = convert(text, type);
    if (value !== undefined) return { success: true, value };
  }
  return { success: false, message: `"${shortenText(text, 60)}" is not ${[...types].join(" or ")}` };
}

/**
 * `text` without one final line break and the spaces or tabs after it. Done by hand: a regex anchored with `$` is
 * tried at every position of a long value.
 */
export function trimTrailingLineBreak(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charAt(end - 1) === " " || text.charAt(end - 1) === "\t")) end -= 1;
  if (end === 0 || text.charAt(end - 1) !== "\n") return text;
  end -= 1;
  if (text.charAt(end - 1) === "\r") end -= 1;
  return text.slice(0, end);
}

/** The JSON Schema types a value may take, from `type` or the branches of `anyOf` / `oneOf`. */
export function schemaTypes(schema: unknown): Set<string> {
  const types = new Set<string>();
  addSchemaTypes(schema, types, new Set());
  return types;
}

/**
 * Adds the types of `schema` and of its branches to `types`. A schema `seen` already adds nothing: with its `$ref`s
 * followed, a schema's branches may come back to it, or share one schema many times over.
 */
function addSchemaTypes(schema: unknown, types: Set<string>, seen: Set<object>): void {
  if (!isJsonObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  for (const name of typeNames(schema)) types.add(standardType(name));
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) addSchemaTypes(branch, types, seen);
  }
}

/**
 * The schema a value of `type` follows: `schema` itself when its `type` names it, else the one branch of its `anyOf` /
 * `oneOf` that takes it (`{oneOf: [{type: "object", properties}, {type: "null"}]}` gives the object branch). Undefined
 * when no branch, or more than one, takes it.
 */
export function schemaOfType(schema: unknown, type: string): unknown {
  if (!isJsonObject(schema)) return undefined;
  if (typeNames(schema).some((name) => standardType(name) === type)) return schema;
  const fitting: unknown[] = [];
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) if (schemaTypes(branch).has(type)) fitting.push(branch);
  }
  return fitting.length === 1 ? schemaOfType(fitting[0], type) : undefined;
}

/** The value of `text` as `type`, or `undefined` when it is not one. */
function convert(text: string, type: string): unknown {
  switch (type) {
    case "integer":
    case "number": {
      if (!NUMBER.test(text)) return undefined;
      const value = Number(text);
      return type === "integer" && !Number.isInteger(value) ? undefined : value;
    }
    case "boolean": {
      const lower = text.toLowerCase();
      return lower === "true" ? true : lower === "false" ? false : undefined;
    }
    case "null":
      return NULL_WORDS.has(text) || text === "" ? null : undefined;
    case "object":
    case "array": {
      const parsed = parseJsonText(text);
      if (!parsed.success) return undefined;
      const fits = type === "array" ? Array.isArray(parsed.value) : isJsonObject(parsed.value);
      return fits ? parsed.value : undefined;
    }
    default:
      return undefined;
  }
}

/** The names a schema's own `type` gives, one or a list. */
function typeNames(schema: Record<string, unknown>): string[] {
  const { type } = schema;
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === "string") : [];
}

/** JSON Schema's own type names. */
const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set([
  "string",
  "integer",
  "number",
  "boolean",
  "array",
  "object",
  "null",
]);

/** Programming languages' names of types, as models' tool schemas write them, by the JSON Schema type each means. */
const TYPE_ALIASES: ReadonlyMap<string, string> = new Map([
  ...["str", "text", "varchar", "char", "enum"].map((name) => [name, "string"] as const),
  ...["bool", "binary"].map((name) => [name, "boolean"] as const),
  ...["double", "decimal", "real", "numeric"].map((name) => [name, "number"] as const),
  ...["arr", "tuple", "sequence", "set"].map((name) => [name, "array"] as const),
  ...["map", "mapping", "json"].map((name) => [name, "object"] as const),
  ["none", "null"],
]);

/** Prefixes that name a type whatever follows them (`int32`, `uint8`, `float64`, `list[str]`, `dict[str, int]`). */
const TYPE_PREFIXES: ReadonlyArray<readonly [prefixes: readonly string[], type: string]> = [
  [["int", "uint", "long", "short", "unsigned"], "integer"],
  [["num", "float"], "number"],
  [["list"], "array"],
  [["dict"], "object"],
];

/** What may follow a type's prefix: so `int` does not take `internal`, nor `list` `list_price`. */
const AFTER_TYPE_PREFIX = /^[\d[<( \t]/;

/**
 * The JSON Schema type that a schema's type name means: its own name, or a programming language's name of it, read as
 * vLLM's and SGLang's parsers of models that write their values as raw text read them. A name that means none is
 * kept as written, so that a value it cannot type names it.
 */
function standardType(name: string): string {
  if (JSON_SCHEMA_TYPES.has(name)) return name;
  const lower = name.trim().toLowerCase();
  if (JSON_SCHEMA_TYPES.has(lower)) return lower;
  const alias = TYPE_ALIASES.get(lower);
  if (alias !== undefined) return alias;
  for (const [prefixes, type] of TYPE_PREFIXES) {
    for (const prefix of prefixes) {
      if (lower === prefix || (lower.startsWith(prefix) && AFTER_TYPE_PREFIX.test(lower.slice(prefix.length)))) {
        return type;
      }
    }
  }
  return name;
}
