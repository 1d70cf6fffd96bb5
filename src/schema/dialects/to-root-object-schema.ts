import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import type { DialectContext } from "./dialect-context.js";
import {
  describeUnsupportedKeyword,
  describeWithNotes,
  lowerBranches,
  recordChange,
  typesOf,
} from "./dialect-context.js";
import { mergeAllOfBranches } from "./merge-all-of-branches.js";

/**
 * Makes a tool's parameters a plain `type: "object"` schema with `properties`, as OpenAI, Anthropic and MCP require
 * at the top (OpenAI: "object schema missing properties"; "schema must have type 'object' and not have
 * 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level"): `allOf` is merged, top-level `oneOf`/`anyOf` alternatives
 * are folded into one object whose properties are the union of theirs (a property they define differently accepts
 * each definition) and whose `required` are those every alternative requires, a top-level `enum` or `not` moves into
 * the description, and a schema without `properties` (an MCP tool without arguments) gets empty ones. The layered
 * schema is already such an object, so this only changes hand-written definitions and MCP tools.
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
  if ("enum" in schema || "not" in schema) schema = withTopConstraintsDescribed(schema, context);
  if (!isJsonObject(schema.properties)) schema = { ...schema, properties: {} };
  return withObjectProperties(schema, context);
}

/** The schema with its top-level `enum` and `not` moved into its description, which providers refuse at the top. */
function withTopConstraintsDescribed(schema: JsonSchema, context: DialectContext): JsonSchema {
  const { enum: values, not, ...rest } = schema;
  const notes: string[] = [];
  for (const [keyword, value] of [
    ["enum", values],
    ["not", not],
  ] as const) {
    if (value === undefined) continue;
    const note = describeUnsupportedKeyword(context, keyword, value, "#");
    if (note !== undefined) notes.push(note);
  }
  const description = describeWithNotes(rest.description, notes);
  return description === undefined ? rest : { ...rest, description };
}

/**
 * The schema with each top-level property schema an object, as MCP's `Tool` type requires: `true` (any value) is
 * written `{}` and `false` (no value) `{not: {}}`, which mean the same.
 */
function withObjectProperties(schema: JsonSchema, context: DialectContext): JsonSchema {
  const properties = schema.properties;
  if (!isJsonObject(properties) || !hasBooleanValue(properties)) return schema;
  const written: JsonSchema = {};
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property === "boolean") {
      const pointer = appendJsonPointer("#/properties", name);
      recordChange(context, "properties", pointer, "lowered", `${property} -> ${property ? "{}" : "{not: {}}"}`);
    }
    setOwnProperty(written, name, property === true ? {} : property === false ? { not: {} } : property);
  }
  return { ...schema, properties: written };
}

/** A loop, not `Object.values(...).some`: every tool of a conversion passes here, and nearly none has one. */
function hasBooleanValue(properties: JsonSchema): boolean {
  for (const name in properties) if (typeof properties[name] === "boolean") return true;
  return false;
}

function foldAlternatives(
  schema: JsonSchema,
  keyword: "oneOf" | "anyOf",
  alternatives: unknown[],
  context: DialectContext,
): JsonSchema {
  recordChange(context, keyword, "#", "lowered", "top-level alternatives folded into one object");
  const branches = lowerBranches(alternatives, `#/${keyword}`, (branch, pointer) =>
    mergeAllOfBranches(branch, pointer, context),
  );
  const properties = new Map<string, unknown>(isJsonObject(schema.properties) ? Object.entries(schema.properties) : []);
  // The arguments are an object: an alternative that takes no object (`{type: "string"}`) neither adds properties nor
  // spares any name from being required.
  const objectBranches = branches.filter((branch) => {
    const types = typesOf(branch);
    return types.length === 0 || types.includes("object");
  });
  const definitions = new Map<string, unknown[]>();
  for (const branch of objectBranches) {
    if (!isJsonObject(branch.properties)) continue;
    for (const [name, property] of Object.entries(branch.properties)) {
      if (properties.has(name)) continue;
      const known = definitions.get(name);
      if (known === undefined) definitions.set(name, [property]);
      else if (!known.some((definition) => isSameSchema(definition, property))) known.push(property);
    }
  }
  // A property the alternatives define differently (a tagged union's `kind`) accepts what any of them accepts: the
  // first definition alone would refuse the other alternatives' values.
  for (const [name, known] of definitions) properties.set(name, known.length === 1 ? known[0] : { anyOf: known });
  const requiredByAll = objectBranches
    .map((branch) => (Array.isArray(branch.required) ? branch.required : []))
    .reduce<unknown[] | undefined>((common, names) => {
      if (common === undefined) return names;
      const present = new Set(names);
      return common.filter((name) => present.has(name));
    }, undefined);
  const required = [...new Set([...(Array.isArray(schema.required) ? schema.required : []), ...(requiredByAll ?? [])])];
  const { [keyword]: _folded, ...rest } = schema;
  const folded: JsonSchema = { ...rest, type: "object", properties: Object.fromEntries(properties) };
  if (required.length > 0) folded.required = required;
  return folded;
}

/** Same schema object, or the same JSON (the branches of a union usually share a field's definition). */
function isSameSchema(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}
