import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import { ANNOTATION_KEYWORDS } from "../schema-keywords.js";

const NUMERIC_KEYWORDS: ReadonlySet<string> = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
]);

/** Keywords that constrain the values of one JSON type only: each goes to that type's branch. */
const KEYWORDS_OF_TYPE: Readonly<Record<string, ReadonlySet<string>>> = {
  array: new Set([
    "items",
    "prefixItems",
    "additionalItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedItems",
  ]),
  object: new Set([
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "unevaluatedProperties",
    "propertyOrdering",
  ]),
  string: new Set(["minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType", "contentSchema"]),
  number: NUMERIC_KEYWORDS,
  integer: NUMERIC_KEYWORDS,
};

/** Formats of numbers (OpenAPI's); any other format is a string's. */
const NUMERIC_FORMATS: ReadonlySet<unknown> = new Set(["int32", "int64", "float", "double"]);

/**
 * A schema of several types (`type: ["string", "array"]`) as an `anyOf` of one schema per type, with the same meaning,
 * for dialects whose schemas take one type each and refuse a keyword beside another type (Gemini answers
 * "items: field predicate failed: $type == Type.ARRAY"). Each branch takes its type's keywords (`items` the array's,
 * `maxLength` the string's), the `enum`/`const` values of its type (a branch left without one is dropped), and the
 * keywords that apply to every type (`not`); annotations stay outside, and `null` among the types is written
 * OpenAPI's way, as `nullable: true` there.
 *
 * @example
 * splitByType({ type: ["string", "array", "null"], items: { type: "integer" }, maxLength: 9, description: "Ids" });
 * // {description: "Ids", anyOf: [{type: "string", maxLength: 9}, {type: "array", items: {type: "integer"}}], nullable: true}
 */
export function splitByType(schema: JsonSchema): JsonSchema {
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => typeof type === "string") : [];
  const outside: JsonSchema = {};
  const branches = types.filter((type) => type !== "null").map((type): JsonSchema => ({ type }));
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "type") continue;
    if (ANNOTATION_KEYWORDS.has(keyword)) setOwnProperty(outside, keyword, value);
    else if (keyword === "enum" || keyword === "const") {
      const values = keyword === "enum" ? (Array.isArray(value) ? value : []) : [value];
      for (const branch of branches) branch.enum = values.filter((entry) => isOfType(entry, branch.type as string));
    } else {
      // A keyword of a type not among them constrains nothing (`items` beside `type: ["string", "integer"]`): it goes.
      const owners = ownersOf(keyword, value);
      for (const branch of branches) {
        if (owners === undefined || owners.includes(branch.type as string)) setOwnProperty(branch, keyword, value);
      }
    }
  }
  const kept = branches.filter((branch) => !Array.isArray(branch.enum) || branch.enum.length > 0);
  const split: JsonSchema = { ...outside, anyOf: kept };
  if (types.includes("null")) split.nullable = true;
  return split;
}

/**
 * A schema whose alternatives carry the types (`oneOf: [{type: "array"}, {type: "string"}]`, as Docker and Vercel
 * write a command or a filter) and whose type-specific keywords stand beside them (`items`), as the same schema with
 * each such keyword moved into the alternatives of its type, since it constrains nothing else (Gemini refuses `items`
 * on a schema without `type: "array"`). Returned as it is unless every alternative has one type and none constrains
 * such a keyword on its own (an empty `items` constrains nothing).
 *
 * @example
 * moveIntoBranches({ items: { type: "string" }, oneOf: [{ type: "array" }, { type: "string" }] });
 * // {oneOf: [{type: "array", items: {type: "string"}}, {type: "string"}]}
 */
export function moveIntoBranches(schema: JsonSchema): JsonSchema {
  const list = schema.type !== undefined ? undefined : Array.isArray(schema.anyOf) ? "anyOf" : "oneOf";
  const branches = list === undefined ? undefined : schema[list];
  if (list === undefined || !Array.isArray(branches) || !branches.every(hasOneType)) return schema;
  const moved = Object.keys(schema).filter((keyword) => {
    const owners = ownersOf(keyword, schema[keyword]);
    return (
      owners !== undefined && branches.every((branch) => !owners.includes(branch.type) || !constrains(branch[keyword]))
    );
  });
  if (moved.length === 0) return schema;
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!moved.includes(keyword)) setOwnProperty(result, keyword, value);
  }
  result[list] = branches.map((branch) => {
    const copy: JsonSchema = { ...branch };
    for (const keyword of moved) {
      if (ownersOf(keyword, schema[keyword])?.includes(branch.type) === true)
        setOwnProperty(copy, keyword, schema[keyword]);
    }
    return copy;
  });
  return result;
}

function hasOneType(branch: unknown): branch is JsonSchema & { type: string } {
  return isJsonObject(branch) && typeof branch.type === "string";
}

/** Whether a branch's own value of a keyword constrains anything: absent or `{}` does not. */
function constrains(value: unknown): boolean {
  return value !== undefined && !(isJsonObject(value) && Object.keys(value).length === 0);
}

/**
 * Whether a keyword can constrain values of a type: those of every type (`not`, `enum`) and the type's own (`items`
 * an array's). `format` counts as every type's: a format a type has no use for is for a dialect to describe.
 */
export function constrainsType(keyword: string, type: string): boolean {
  const owners = keyword === "format" ? undefined : ownersOf(keyword, undefined);
  return owners === undefined || owners.includes(type);
}

/** The types a keyword constrains; undefined for one that applies to every type. */
function ownersOf(keyword: string, value: unknown): string[] | undefined {
  if (keyword === "format") return NUMERIC_FORMATS.has(value) ? ["integer", "number"] : ["string"];
  const owners = Object.keys(KEYWORDS_OF_TYPE).filter((type) => KEYWORDS_OF_TYPE[type]?.has(keyword) === true);
  return owners.length > 0 ? owners : undefined;
}

/** The JSON types a value list can share, narrowest first: `[1, 2]` are integers before they are numbers. */
const VALUE_TYPES = ["integer", "number", "string", "boolean", "array", "object"];

/**
 * The one JSON type every value is of (`[1, 2.5]` numbers, `[true]` booleans), or undefined when they have none in
 * common or there are none.
 */
export function sharedTypeOf(values: readonly unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  return VALUE_TYPES.find((type) => values.every((value) => isOfType(value, type)));
}

function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}
