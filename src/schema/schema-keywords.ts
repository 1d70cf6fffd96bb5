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

/**
 * How a keyword's value holds subschemas: a map of them by name (`properties`), a list (`anyOf`, `prefixItems`, a
 * draft-04 tuple `items`), one (`not`, `items`), or none (`undefined`, also for a value of the wrong shape).
 */
export function subschemaHolding(keyword: string, value: unknown): "map" | "list" | "one" | undefined {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  if (SUBSCHEMA_MAP_KEYWORDS.has(keyword)) return isObject ? "map" : undefined;
  if (SUBSCHEMA_LIST_KEYWORDS.has(keyword) || keyword === "items") {
    if (Array.isArray(value)) return "list";
    if (keyword === "items") return isObject ? "one" : undefined;
    return undefined;
  }
  return SUBSCHEMA_KEYWORDS.has(keyword) && isObject ? "one" : undefined;
}

/**
 * Whether a schema allows arrays but says nothing of the items after its `prefixItems` (no `items`): any, which a
 * tuple's `items: {}` says as well.
 */
export function lacksItems(schema: { type?: unknown; items?: unknown }): boolean {
  return schema.items === undefined && allowsArray(schema.type);
}

/**
 * Whether a schema allows arrays and has no schema in `items`: none, `true`, `false`, or a draft-04 tuple's list.
 * OpenAI refuses such an array ("array schema missing items"), strict mode or not.
 */
export function lacksItemsSchema(schema: { type?: unknown; items?: unknown }): boolean {
  const items = schema.items;
  return (typeof items !== "object" || items === null || Array.isArray(items)) && allowsArray(schema.type);
}

/**
 * The types both lists allow, in the left list's order; an `integer` on one side and a `number` on the other meet as
 * `integer`.
 */
export function commonTypes(left: readonly string[], right: readonly string[]): string[] {
  const common = left.filter((type) => right.includes(type) || (type === "integer" && right.includes("number")));
  for (const type of right) {
    if (type === "integer" && left.includes("number") && !common.includes("integer")) common.push("integer");
  }
  return common;
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
