import type { ErrorObject } from "ajv";
import { escapeJsonPointerToken } from "../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { containsRef, resolveLocalRef } from "./resolve-local-ref.js";

/** The remaining schema: `{}` when nothing is left, else one property per JSON pointer still to fill. */
export type RemainingSchema =
  | Record<string, never>
  | { type: "object"; properties: Record<string, JsonSchema>; required: string[]; [definitions: string]: unknown };

/** Where the definitions a carried `$ref` may point to live in the root schema. */
const DEFINITION_CONTAINERS = ["$defs", "definitions", "components"] as const;

/** The JSON pointer of the value an error is about: for `required`, the missing member rather than its parent. */
function errorPointer(error: ErrorObject): string {
  if (error.keyword === "required" && typeof error.params.missingProperty === "string") {
    return `${error.instancePath}/${escapeJsonPointerToken(error.params.missingProperty)}`;
  }
  if (error.keyword === "dependencies" || error.keyword === "dependentRequired") {
    if (typeof error.params.missingProperty === "string") {
      return `${error.instancePath}/${escapeJsonPointerToken(error.params.missingProperty)}`;
    }
  }
  return error.instancePath;
}

/**
 * Builds the remaining schema from Ajv's errors, reading only their structure (instance path, schema path, keyword,
 * params, parent schema), never the message text. One entry per pointer: when several errors hit the same value, the
 * outermost schema wins, and the branches of a failed `anyOf`/`oneOf` give way to the whole union.
 */
export function buildRemainingSchema(errors: readonly ErrorObject[], root: JsonSchema): RemainingSchema {
  const unions = errors.filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf");
  const chosen = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === "if") continue; // a summary: the failing `then`/`else` errors say what is wrong
    if (unions.some((union) => union !== error && error.schemaPath.startsWith(`${union.schemaPath}/`))) continue;
    const pointer = errorPointer(error);
    const previous = chosen.get(pointer);
    if (previous === undefined || depth(error.schemaPath) < depth(previous.schemaPath)) chosen.set(pointer, error);
  }
  if (chosen.size === 0) return {};
  const properties: Record<string, JsonSchema> = {};
  for (const [pointer, error] of chosen) {
    setOwnProperty(properties, pointer, structuredClone(resolveLocalRef(schemaOfValue(error), root)));
  }
  const remaining: RemainingSchema = { type: "object", properties, required: [...chosen.keys()] };
  if (containsRef(properties)) {
    for (const container of DEFINITION_CONTAINERS) {
      if (Object.hasOwn(root, container)) setOwnProperty(remaining, container, structuredClone(root[container]));
    }
  }
  return remaining;
}

function depth(schemaPath: string): number {
  return schemaPath.split("/").length;
}

/** The sub-schema the erroneous value must satisfy. */
function schemaOfValue(error: ErrorObject): JsonSchema {
  const parent: unknown = error.parentSchema;
  if (!isJsonObject(parent)) return {};
  if (errorPointer(error) === error.instancePath) return parent;
  // A missing member: its schema is declared beside the `required` that asked for it.
  const member = error.params.missingProperty;
  const properties = parent.properties;
  if (typeof member === "string" && isJsonObject(properties) && Object.hasOwn(properties, member)) {
    const schema = properties[member];
    return isJsonObject(schema) ? schema : {};
  }
  return {};
}
