import { resolveJsonPointer } from "../openapi/json-pointer.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { isPlainObject } from "./layered-arguments.js";

/** How many `$ref` hops to follow before giving up on a chain (a chain longer than this is a cycle in practice). */
const MAX_REF_HOPS = 32;

/**
 * Follows a schema's `$ref` chain in the operation's document until a schema without `$ref` is reached; `{}` when the
 * chain loops. The request side only needs a schema's own keywords (its type, its properties), never a full expansion.
 */
export function resolveSchema(operation: OperationSpec, schema: unknown): JsonSchema {
  let current = schema;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (!isPlainObject(current)) return {};
    const ref = current.$ref;
    if (typeof ref !== "string") return current;
    current = resolveJsonPointer(operation.document, ref);
  }
  return {};
}

/** The properties a schema declares, own and through `allOf`, each resolved; names in document order. */
export function collectProperties(operation: OperationSpec, schema: unknown): Map<string, JsonSchema> {
  const properties = new Map<string, JsonSchema>();
  const visit = (candidate: unknown, depth: number): void => {
    const resolved = resolveSchema(operation, candidate);
    if (isPlainObject(resolved.properties)) {
      for (const [name, property] of Object.entries(resolved.properties)) {
        if (!properties.has(name)) properties.set(name, resolveSchema(operation, property));
      }
    }
    if (Array.isArray(resolved.allOf) && depth < MAX_REF_HOPS) {
      for (const member of resolved.allOf) visit(member, depth + 1);
    }
  };
  visit(schema, 0);
  return properties;
}
