/** Keywords whose value is one subschema. */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "additionalProperties",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);

/** Keywords whose value is an array of subschemas. */
export const SUBSCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** Keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
]);

/** Keywords that hold schemas only for `$ref`s to reach: once refs are expanded they are dead weight. */
export const DEFINITION_KEYWORDS: ReadonlySet<string> = new Set(["$defs", "definitions"]);

/** Keywords that describe without constraining: a `$ref`'s siblings of this kind always apply. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  "description",
  "title",
  "default",
  "example",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "nullable",
  "externalDocs",
  "xml",
]);

/** Whether a `type` allows arrays: `"array"`, or a list of types with `"array"` among them. */
export function allowsArray(type: unknown): boolean {
  return type === "array" || (Array.isArray(type) && type.includes("array"));
}

/** The names JSON Schema's `type` takes. */
export const JSON_TYPES: ReadonlySet<unknown> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);
