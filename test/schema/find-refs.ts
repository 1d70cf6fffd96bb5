/** Pointers of every `$ref` keyword left in a schema (property names and data such as `enum` values do not count). */
export function findRefs(schema: unknown, pointer = "#"): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [];
  const found: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "$ref") found.push(pointer);
    else if (["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"].includes(keyword)) {
      for (const [name, inner] of Object.entries(value as object))
        found.push(...findRefs(inner, `${pointer}/${keyword}/${name}`));
    } else if (Array.isArray(value) && ["allOf", "anyOf", "oneOf", "items", "prefixItems"].includes(keyword)) {
      for (const [index, inner] of value.entries()) found.push(...findRefs(inner, `${pointer}/${keyword}/${index}`));
    } else if (!["enum", "const", "default", "examples", "example"].includes(keyword)) {
      found.push(...findRefs(value, `${pointer}/${keyword}`));
    }
  }
  return found;
}
