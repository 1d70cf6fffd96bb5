import { isJsonObject } from "../openapi/own-properties.js";

/**
 * Rewrites OpenAPI 3.0's `nullable: true` where Ajv refuses it (no `type` beside it, as GitHub's spec has over
 * `oneOf`): a `{type: "null"}` branch is added to the `anyOf`/`oneOf`, and the keyword is dropped. `nullable` next to a
 * `type` is left for Ajv, which supports it there. Works in place on a copy the caller owns.
 */
export function normalizeOpenApiNullable(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) normalizeOpenApiNullable(item);
    return;
  }
  if (!isJsonObject(schema)) return;
  // A boolean `nullable` is the keyword; an object there is a property named "nullable", left alone.
  if (typeof schema.nullable === "boolean" && schema.type === undefined) {
    const nullable = schema.nullable === true;
    delete schema.nullable;
    for (const keyword of ["anyOf", "oneOf"] as const) {
      const branches = schema[keyword];
      if (nullable && Array.isArray(branches)) schema[keyword] = [...branches, { type: "null" }];
    }
  }
  for (const value of Object.values(schema)) normalizeOpenApiNullable(value);
}
