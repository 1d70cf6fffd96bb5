import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import type { DialectContext } from "./dialect-context.js";
import { recordChange } from "./dialect-context.js";
import { mergeAllOfBranches } from "./merge-all-of-branches.js";

/**
 * Makes a tool's parameters a plain `type: "object"` schema, as OpenAI, Anthropic and MCP require at the top:
 * `allOf` is merged, and top-level `oneOf`/`anyOf` alternatives are folded into one object whose properties are the
 * union of theirs and whose `required` are those every alternative requires. The layered schema is already such an
 * object, so this only changes hand-written definitions.
 */
export function toRootObjectSchema(parameters: JsonSchema, context: DialectContext): JsonSchema {
  let schema = mergeAllOfBranches(parameters, "#", context);
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const alternatives = schema[keyword];
    if (Array.isArray(alternatives)) schema = foldAlternatives(schema, keyword, alternatives, context);
  }
  if (schema.type !== "object") {
    recordChange(context, "type", "#", "lowered", `top-level type ${JSON.stringify(schema.type)} -> "object"`);
    schema = { ...schema, type: "object" };
  }
  return schema;
}

function foldAlternatives(
  schema: JsonSchema,
  keyword: "oneOf" | "anyOf",
  alternatives: unknown[],
  context: DialectContext,
): JsonSchema {
  recordChange(context, keyword, "#", "lowered", "top-level alternatives folded into one object");
  const branches = alternatives
    .filter(isJsonObject)
    .map((branch, index) => mergeAllOfBranches(branch, `#/${keyword}/${index}`, context));
  const properties = new Map<string, unknown>(isJsonObject(schema.properties) ? Object.entries(schema.properties) : []);
  for (const branch of branches) {
    if (!isJsonObject(branch.properties)) continue;
    for (const [name, property] of Object.entries(branch.properties))
      if (!properties.has(name)) properties.set(name, property);
  }
  const requiredByAll = branches
    .map((branch) => (Array.isArray(branch.required) ? branch.required : []))
    .reduce<unknown[] | undefined>(
      (common, names) => (common === undefined ? names : common.filter((name) => names.includes(name))),
      undefined,
    );
  const required = [...new Set([...(Array.isArray(schema.required) ? schema.required : []), ...(requiredByAll ?? [])])];
  const { [keyword]: _folded, ...rest } = schema;
  const folded: JsonSchema = { ...rest, type: "object", properties: Object.fromEntries(properties) };
  if (required.length > 0) folded.required = required;
  return folded;
}
