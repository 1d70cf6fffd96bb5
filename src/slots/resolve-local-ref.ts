import { resolveJsonPointer } from "../openapi/json-pointer.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";

/** More `$ref` hops than this in a row is a loop (`A -> B -> A`), not a schema. */
const MAX_REF_HOPS = 32;

/**
 * Follows a schema's own `$ref` chain to the schema it names in `root` (`#/$defs/X`, `#/components/schemas/X`). A ref
 * that is not local, that points nowhere, or that loops is left as it is: Ajv has already checked the schema, and the
 * caller carries the definitions along instead.
 */
export function resolveLocalRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hop = 0; hop < MAX_REF_HOPS; hop += 1) {
    const ref = current.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#")) return current;
    let target: unknown;
    try {
      target = resolveJsonPointer(root, ref);
    } catch {
      return current;
    }
    if (!isJsonObject(target)) return current;
    current = target;
  }
  return current;
}

/** True when `$ref` occurs anywhere inside the schema. */
export function containsRef(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(containsRef);
  if (!isJsonObject(schema)) return false;
  return Object.hasOwn(schema, "$ref") || Object.values(schema).some(containsRef);
}
