import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";

const BASIC_TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean"]);

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ["items", "additionalProperties", "not", "if", "then", "else", "contains"] as const;
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions"] as const;

/**
 * A copy of the schema where every basic type (`string`, `number`, `integer`, `boolean`) also allows `null`, at every
 * depth: seed 004's `add_null_to_basic_types`, so a model can say "unknown" with `null` instead of inventing a value.
 * An `enum` next to such a type gets `null` too, or it would still refuse it.
 */
export function makeNullable(schema: JsonSchema): JsonSchema {
  return nullableCopy(structuredClone(schema));
}

function nullableCopy(schema: JsonSchema): JsonSchema {
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
  if (types.some((type) => BASIC_TYPES.has(String(type))) && !types.includes("null")) {
    schema.type = [...types, "null"];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    const value = schema[keyword];
    if (isJsonObject(value)) nullableCopy(value);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const value = schema[keyword];
    if (Array.isArray(value)) for (const item of value) if (isJsonObject(item)) nullableCopy(item);
  }
  if (Array.isArray(schema.items)) for (const item of schema.items) if (isJsonObject(item)) nullableCopy(item);
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = schema[keyword];
    if (isJsonObject(value)) for (const member of Object.values(value)) if (isJsonObject(member)) nullableCopy(member);
  }
  const components = schema.components;
  if (isJsonObject(components) && isJsonObject(components.schemas)) {
    for (const member of Object.values(components.schemas)) if (isJsonObject(member)) nullableCopy(member);
  }
  return schema;
}
