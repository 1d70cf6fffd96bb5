import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonSchema } from "./json-schema.js";

/**
 * The names of the `readOnly` properties an expanded schema left out of a request body and does not declare. An
 * `allOf` branch, a `$ref`'s target or the schema beside an `allOf` may name one in `required` where another left it
 * out (OAS 3.0.3: "the required will take effect on the response only"): the names are kept with the schema, so that
 * the merges of the `allOf`s it is a branch of leave them out of the `required` they unite. Kept only where a name
 * was left out, with the expanded schema (shared through the expansion cache) as key.
 */
const OMITTED_READ_ONLY = new WeakMap<object, readonly string[]>();

/** No names: what most schemas left out, without an array made for each. */
export const NO_NAMES: readonly string[] = [];

/** The `readOnly` property names an expanded schema left out and does not declare (see {@link leaveOutOfRequired}). */
export function omittedReadOnlyOf(schema: unknown): readonly string[] {
  return (isJsonObject(schema) && OMITTED_READ_ONLY.get(schema)) || NO_NAMES;
}

/**
 * Leaves the `readOnly` property names `omitted` that `schema` does not declare out of its `required`, and keeps them
 * with it for the merges above. `schema` is the expansion's own object, not yet shared.
 */
export function leaveOutOfRequired(schema: JsonSchema, omitted: readonly string[]): void {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const undeclared = omitted.filter((name) => !Object.hasOwn(properties, name));
  if (undeclared.length === 0) return;
  OMITTED_READ_ONLY.set(schema, undeclared);
  if (!Array.isArray(schema.required)) return;
  // A new list: the one the merge brought may be a cached branch's.
  const required = schema.required.filter((name) => !undeclared.includes(name as string));
  if (required.length > 0) schema.required = required;
  else delete schema.required;
}
