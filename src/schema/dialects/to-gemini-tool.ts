import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import type { DialectContext } from "./dialect-context.js";
import {
  addAnyOfBranches,
  describeUnsupportedKeyword,
  describeWithNotes,
  hasOnlyConstraintBranches,
  lowerBranches,
  recordChange,
  typesOf,
} from "./dialect-context.js";
import { mergeAllOfBranches } from "./merge-all-of-branches.js";
import { ensureToolName } from "./sanitize-tool-name.js";
import { constrainsType, moveIntoBranches, sharedTypeOf, splitByType } from "./split-by-type.js";
import { toRootObjectSchema } from "./to-root-object-schema.js";

/** The keywords of Gemini's OpenAPI schema subset: nothing else may appear in a function declaration. */
export const GEMINI_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);

/** The formats Gemini accepts, by type; others are moved into the description. */
export const GEMINI_FORMATS: Readonly<Record<string, readonly string[]>> = {
  string: ["enum", "date-time"],
  number: ["float", "double"],
  integer: ["int32", "int64"],
};

/** A Gemini function declaration. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/**
 * Writes a Gemini function declaration in the OpenAPI subset: the parameters are one object at the top (as
 * {@link toRootObjectSchema} makes them; Vertex AI answers "functionDeclaration parameters schema should be of type
 * OBJECT"), `const` becomes a one-value `enum`, type arrays become one type plus `nullable` (several types become an
 * `anyOf` of one schema per type, each with its own keywords), a schema without a type takes the one its keywords
 * or values imply, `enum` stays only on strings, `oneOf` becomes `anyOf`, `allOf` is merged, and
 * `additionalProperties` and every other keyword outside the subset move into the description.
 */
export function toGeminiTool(definition: ToolDefinition, context: DialectContext): GeminiFunctionDeclaration {
  return {
    name: ensureToolName(definition.name, context),
    description: definition.description,
    parameters: lowerGeminiSchema(toRootObjectSchema(definition.parameters, context), "#", context),
  };
}

/** The values an `enum` or a `const` allows, or undefined when the schema has neither. */
function valuesOf(schema: JsonSchema): unknown[] | undefined {
  return Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : undefined;
}

/**
 * The type a schema without one is written with: the one its keywords imply (`properties` an object, `items` an
 * array) or its `enum`/`const` values share (`5` an integer, nullable when `null` is among them), or undefined.
 * Gemini needs a `type` on every schema outside `anyOf` ("type: must be specified when not using one_of, any_of or
 * all_of fields").
 */
function impliedType(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type !== undefined) return undefined;
  const values = valuesOf(schema);
  if (values !== undefined) {
    const type = sharedTypeOf(values.filter((value) => value !== null));
    if (type === undefined) return undefined;
    return values.includes(null) ? { type, nullable: true } : { type };
  }
  // Alternatives that only add constraints (`anyOf: [{required: ["a"]}, ...]`) give no type of their own.
  for (const list of [schema.anyOf, schema.oneOf]) {
    if (Array.isArray(list) && !hasOnlyConstraintBranches(list)) return undefined;
  }
  const type = "properties" in schema ? "object" : "items" in schema ? "array" : undefined;
  return type === undefined ? undefined : { type };
}

/**
 * A lowered schema as Gemini takes it: one that still has no type (any value) becomes any primitive, as in OpenAI
 * strict mode, and an array gets `items` ("items: missing field").
 */
function withType(schema: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  if (schema.type === undefined && schema.anyOf === undefined) {
    recordChange(context, "type", pointer, "lowered", "no type -> string, number or boolean");
    return { ...schema, anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }] };
  }
  if (schema.type === "array" && !isJsonObject(schema.items)) {
    recordChange(context, "items", pointer, "lowered", "any item -> any primitive");
    return { ...schema, items: withType({}, `${pointer}/items`, context) };
  }
  return schema;
}

function lowerGeminiSchema(source: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  const merged = mergeAllOfBranches(source, pointer, context);
  const schema = moveIntoBranches(merged);
  if (schema !== merged)
    recordChange(context, "type", pointer, "lowered", "keywords of one type moved into its branch");
  if (typesOf(schema).filter((type) => type !== "null").length > 1) {
    recordChange(context, "type", pointer, "lowered", "several types -> anyOf, one schema per type");
    return lowerGeminiSchema(splitByType(schema), pointer, context);
  }
  const implied = impliedType(schema);
  if (implied !== undefined) {
    const detail = `no type -> ${implied.type}${implied.nullable === true ? " (nullable)" : ""}, as its keywords imply`;
    recordChange(context, "type", pointer, "lowered", detail);
    return lowerGeminiSchema({ ...implied, ...schema }, pointer, context);
  }
  const entries: [string, unknown][] = [];
  const notes: string[] = [];
  const describe = (keyword: string, value: unknown): void => {
    const note = describeUnsupportedKeyword(context, keyword, value, pointer);
    if (note !== undefined) notes.push(note);
  };
  const types = typesOf(schema);
  const valueTypes = types.filter((type) => type !== "null");
  let nullable = types.includes("null");
  const enumValues = valuesOf(schema);
  const writtenType = valueTypes.length === 1 ? valueTypes[0] : undefined;
  for (const [keyword, value] of Object.entries(schema)) {
    // Gemini refuses a keyword of one type beside another type ("items: field predicate failed: $type ==
    // Type.ARRAY"), or beside alternatives: beside a type it constrains nothing, beside alternatives it is described.
    if (!constrainsType(keyword, writtenType ?? "")) {
      if (writtenType === undefined) describe(keyword, value);
      else recordChange(context, keyword, pointer, "dropped", `constrains nothing beside type ${writtenType}`);
      continue;
    }
    switch (keyword) {
      case "type":
        if (valueTypes.length === 1) entries.push(["type", valueTypes[0]]);
        if (Array.isArray(value))
          recordChange(context, keyword, pointer, "lowered", "type array -> type with nullable");
        break;
      case "nullable":
        nullable = nullable || value === true;
        break;
      case "enum":
      case "const":
        // A string schema whose values are all of other types (`type: string, enum: [true, false]`) would be left
        // with an empty enum, which accepts nothing: its values are described instead.
        if (writtenType === "string" && enumValues?.some((entry) => typeof entry === "string") === true) {
          nullable = nullable || enumValues.includes(null);
          // Gemini refuses an empty value ("enum[3]: cannot be empty"): the description says it is allowed.
          const written = enumValues.filter((entry) => typeof entry === "string" && entry !== "");
          if (enumValues.includes("")) {
            recordChange(context, keyword, pointer, "lowered", '"" left out: Gemini refuses an empty enum value');
            notes.push(written.length > 0 ? '"" (empty) is allowed too' : 'must be "" (empty)');
          }
          if (written.length > 0) {
            if (keyword === "const") recordChange(context, keyword, pointer, "lowered", "const -> one-value enum");
            entries.push(["enum", written]);
          }
        } else describe(keyword, value);
        break;
      case "format":
        if (
          typeof value === "string" &&
          valueTypes.length === 1 &&
          GEMINI_FORMATS[valueTypes[0] ?? ""]?.includes(value)
        )
          entries.push([keyword, value]);
        else describe(keyword, value);
        break;
      case "examples":
        if (Array.isArray(value) && value.length > 0 && !("example" in schema)) {
          recordChange(context, keyword, pointer, "lowered", "examples -> example");
          entries.push(["example", value[0]]);
        } else describe(keyword, value);
        break;
      case "oneOf":
      case "anyOf":
        if (Array.isArray(value) && !hasOnlyConstraintBranches(value)) {
          if (keyword === "oneOf") recordChange(context, keyword, pointer, "lowered", "oneOf -> anyOf");
          const branches = lowerBranches(value, `${pointer}/${keyword}`, (branch, at) =>
            lowerGeminiSchema(branch, at, context),
          );
          addAnyOfBranches(entries, branches, keyword, pointer, context);
        } else describe(keyword, value);
        break;
      case "items":
        if (isJsonObject(value)) entries.push([keyword, lowerGeminiSchema(value, `${pointer}/items`, context)]);
        else describe(keyword, value);
        break;
      case "properties":
        if (isJsonObject(value)) {
          const properties = Object.entries(value).map(([name, property]): [string, JsonSchema] => [
            name,
            lowerGeminiSchema(
              isJsonObject(property) ? property : {},
              appendJsonPointer(pointer, "properties", name),
              context,
            ),
          ]);
          entries.push([keyword, Object.fromEntries(properties)]);
        }
        break;
      case "required":
        if (Array.isArray(value)) {
          const names = isJsonObject(schema.properties)
            ? value.filter((name) => typeof name === "string" && Object.hasOwn(schema.properties as JsonSchema, name))
            : [];
          if (names.length < value.length)
            recordChange(context, keyword, pointer, "dropped", "names without a property");
          if (names.length > 0) entries.push([keyword, names]);
        }
        break;
      default:
        if (GEMINI_KEYWORDS.has(keyword)) entries.push([keyword, value]);
        else describe(keyword, value);
    }
  }
  const lowered = withType(Object.fromEntries(entries), pointer, context);
  // `nullable` belongs next to a type: on a typeless schema it goes onto each alternative instead.
  if (nullable && typeof lowered.type === "string") lowered.nullable = true;
  else if (nullable && Array.isArray(lowered.anyOf)) {
    lowered.anyOf = lowered.anyOf.map((branch) => (isJsonObject(branch) ? { ...branch, nullable: true } : branch));
  } else if (nullable) recordChange(context, "nullable", pointer, "dropped", "no type to attach it to");
  const description = describeWithNotes(lowered.description, notes);
  if (description !== undefined) lowered.description = description;
  return lowered;
}
