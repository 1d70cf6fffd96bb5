import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import type { DialectContext } from "./dialect-context.js";
import { recordChange } from "./dialect-context.js";

/**
 * Folds a schema's `allOf` into the schema itself, for dialects that reject `allOf`: properties are merged (the first
 * definition of a property wins), `required` is unioned, and any other keyword keeps its first value. The schema core
 * already merges `allOf` with conflict reports; this only catches what reaches a dialect unmerged.
 */
export function mergeAllOfBranches(schema: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  const branches = schema.allOf;
  if (!Array.isArray(branches)) return schema;
  recordChange(context, "allOf", pointer, "lowered", "branches merged into one schema");
  const merged = new Map<string, unknown>(Object.entries(schema).filter(([keyword]) => keyword !== "allOf"));
  const properties = new Map<string, unknown>(isJsonObject(schema.properties) ? Object.entries(schema.properties) : []);
  const required = new Set<unknown>(Array.isArray(schema.required) ? schema.required : []);
  branches.forEach((branch, index) => {
    if (!isJsonObject(branch)) return;
    const flat = mergeAllOfBranches(branch, `${pointer}/allOf/${index}`, context);
    for (const [keyword, value] of Object.entries(flat)) {
      if (keyword === "properties" && isJsonObject(value)) {
        for (const [name, property] of Object.entries(value)) if (!properties.has(name)) properties.set(name, property);
      } else if (keyword === "required" && Array.isArray(value)) {
        for (const name of value) required.add(name);
      } else if (!merged.has(keyword)) {
        merged.set(keyword, value);
      }
    }
  });
  if (properties.size > 0) merged.set("properties", Object.fromEntries(properties));
  if (required.size > 0) merged.set("required", [...required]);
  return Object.fromEntries(merged);
}
