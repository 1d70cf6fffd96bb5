const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const SCHEMAS = [
  "items",
  "additionalProperties",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "contentSchema",
  "not",
  "if",
  "then",
  "else",
];

/**
 * Pointers of every `$ref`, `$dynamicRef` or `$recursiveRef` keyword left where JSON Schema reads a schema. A `$ref` key in data (an `enum` value, an
 * example of a JSON Schema document) or in the value of a keyword JSON Schema does not define is not a reference.
 */
export function findRefs(schema: unknown, pointer = "#"): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [];
  const found: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "$ref" || keyword === "$dynamicRef" || keyword === "$recursiveRef") found.push(pointer);
    else if (SCHEMA_MAPS.includes(keyword) && typeof value === "object" && value !== null) {
      for (const [name, inner] of Object.entries(value as object))
        found.push(...findRefs(inner, `${pointer}/${keyword}/${name}`));
    } else if (SCHEMA_LISTS.includes(keyword) && Array.isArray(value)) {
      for (const [index, inner] of value.entries()) found.push(...findRefs(inner, `${pointer}/${keyword}/${index}`));
    } else if (SCHEMAS.includes(keyword)) {
      found.push(...findRefs(value, `${pointer}/${keyword}`));
    }
  }
  return found;
}
