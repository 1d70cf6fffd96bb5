import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonSchema } from "./json-schema.js";
import { ANNOTATION_KEYWORDS } from "./schema-keywords.js";

/**
 * OAS 3.0 ignores keywords beside a `$ref`, so specs annotate one use of a schema with an `allOf` instead:
 * `allOf: [{$ref}, {description}]` (every property of the AWS specs) or `allOf: [{$ref}, {nullable: true}]`. Such an
 * `allOf`, where one branch is a `$ref` and everything else is an annotation, is that `$ref` with the annotations
 * beside it (the schema's own first, then the branches' in order): so the use's description wins over the target's
 * and survives the target's pruning, and `nullable` applies. Merged as an `allOf`, the target's description won, a
 * pruned target's note replaced the use's description, and a `nullable` branch without a type was lost.
 */
export function annotatedRef(schema: JsonSchema): (JsonSchema & { $ref: string }) | undefined {
  if (!Array.isArray(schema.allOf)) return undefined;
  const { allOf, ...own } = schema;
  const found: AnnotatedRef = { annotations: {} };
  if (!collectAnnotatedRef(own, found, false)) return undefined;
  for (const branch of allOf) {
    if (!isJsonObject(branch) || !collectAnnotatedRef(branch, found, true)) return undefined;
  }
  return found.ref === undefined ? undefined : { $ref: found.ref, ...found.annotations };
}

interface AnnotatedRef {
  ref?: string;
  annotations: JsonSchema;
}

/**
 * Adds a schema's `$ref` (where one may be) and annotations, the first of each kind winning; false on anything else.
 */
function collectAnnotatedRef(schema: JsonSchema, found: AnnotatedRef, mayHoldRef: boolean): boolean {
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword];
    if (keyword === "$ref" && mayHoldRef && found.ref === undefined && typeof value === "string") found.ref = value;
    else if (ANNOTATION_KEYWORDS.has(keyword)) {
      if (!Object.hasOwn(found.annotations, keyword)) found.annotations[keyword] = value;
    } else if (!keyword.startsWith("x-")) return false;
  }
  return true;
}
