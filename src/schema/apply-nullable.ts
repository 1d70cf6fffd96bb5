import type { JsonSchema } from "./json-schema.js";

/**
 * OAS 3.0 `nullable: true` as JSON Schema: `null` joins the `type` (and the `enum`, which would reject it otherwise).
 * Without a `type` there is nothing to widen: `nullable` is dropped, never left alone.
 */
export function applyNullable(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable) return schema;
  const result: JsonSchema = { ...schema };
  delete result.nullable;
  if (typeof result.type === "string" && result.type !== "null") result.type = [result.type, "null"];
  else if (Array.isArray(result.type) && !result.type.includes("null")) result.type = [...result.type, "null"];
  else return result;
  if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  return result;
}
