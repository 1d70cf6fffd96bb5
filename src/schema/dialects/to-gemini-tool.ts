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

/**
 * A Gemini function declaration, as `@google/genai`'s `FunctionDeclaration` takes it: the schema in
 * `parametersJsonSchema` (JSON Schema), left out when the function takes no arguments.
 */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema?: JsonSchema;
}

/** Said of an object the model writes as JSON text, since Gemini refuses an object without properties. */
const JSON_TEXT_NOTE = "a JSON object, written as text";

/**
 * Writes a Gemini function declaration with its schema in `parametersJsonSchema`, which `@google/genai` types as
 * written (its `parameters` takes only its `Type` enum) and the Gemini API and Vertex AI accept. The schema keeps to
 * the subset Gemini's own schemas have: one object at the top (as {@link toRootObjectSchema} makes them; Vertex AI
 * answers "functionDeclaration parameters schema should be of type OBJECT"), `const` becomes a one-value `enum`,
 * several types become an `anyOf` of one schema per type, each with its own keywords, `null` is written beside one
 * type (`["string", "null"]`), a schema without a type takes the one its keywords or values imply, `enum` stays only
 * on strings, `oneOf` becomes `anyOf`, `allOf` is merged, and `additionalProperties` and every other keyword outside
 * the subset move into the description. Gemini answers 400 "properties: should be non-empty for OBJECT type" to an
 * object without properties: a function without arguments leaves its schema out, and a free-form object (or one cut
 * for depth) below the top is written as JSON text. Each change is reported.
 */
export function toGeminiTool(definition: ToolDefinition, context: DialectContext): GeminiFunctionDeclaration {
  const declaration: GeminiFunctionDeclaration = {
    name: ensureToolName(definition.name, context),
    description: definition.description,
  };
  const schema = lowerGeminiSchema(toRootObjectSchema(definition.parameters, context), "#", context);
  if (hasProperties(schema)) declaration.parametersJsonSchema = schema;
  else recordChange(context, "properties", "#", "dropped", "no arguments: the declaration has no schema");
  return declaration;
}

/** True for a schema that lists at least one property. */
function hasProperties(schema: JsonSchema): boolean {
  return isJsonObject(schema.properties) && Object.keys(schema.properties).length > 0;
}

/**
 * A lowered object below the top that lists no property, free-form or cut for depth, as JSON text (the first note of
 * its description says so): Gemini refuses an object without properties, and a string takes any object as JSON.
 */
function withObjectAsText(schema: JsonSchema, pointer: string, context: DialectContext, notes: string[]): JsonSchema {
  if (pointer === "#" || schema.type !== "object" || hasProperties(schema)) return schema;
  recordChange(context, "type", pointer, "lowered", "object without properties -> JSON text");
  notes.unshift(JSON_TEXT_NOTE);
  const { properties: _none, required: _noNames, ...rest } = schema;
  return { ...rest, type: "string" };
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

/** The schema's one combinator, `anyOf` or `oneOf`; undefined when it has neither, or both. */
function combinatorOf(schema: JsonSchema): "anyOf" | "oneOf" | undefined {
  const hasAnyOf = Array.isArray(schema.anyOf);
  if (hasAnyOf === Array.isArray(schema.oneOf)) return undefined;
  return hasAnyOf ? "anyOf" : "oneOf";
}

/** True for an alternative that accepts `null` and nothing else (`{type: "null"}`, `{const: null}`). */
function acceptsOnlyNull(alternative: unknown): boolean {
  if (!isJsonObject(alternative)) return false;
  const types = typesOf(alternative);
  if (types.length > 0) return types.every((type) => type === "null");
  const values = valuesOf(alternative);
  return values !== undefined && values.length > 0 && values.every((value) => value === null);
}

/** True when the schema's own `type`, `nullable` and values let `null` through. */
function allowsNull(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  if (types.length > 0 && !types.includes("null") && schema.nullable !== true) return false;
  return valuesOf(schema)?.includes(null) ?? true;
}

/**
 * The schema with the `null` alternatives of its combinator (`anyOf: [{type: "string"}, {type: "null"}]`, how OAS 3.1
 * and FastMCP write an optional value) made `false`, which keeps the other alternatives at their pointers, and
 * `nullable: true` saying the same, since Gemini has no null type; a schema that refuses null anyway (`type: "object"`)
 * only loses them. Returned as it is when there is none to take out, or nothing else would be left.
 */
function withoutNullAlternatives(schema: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  const keyword = combinatorOf(schema);
  // Most schemas have no alternatives: they are returned before any array is made.
  if (keyword === undefined) return schema;
  const alternatives = schema[keyword] as unknown[];
  const nulls = alternatives.filter(acceptsOnlyNull).length;
  if (nulls === 0 || nulls === alternatives.length) return schema;
  const nullable = allowsNull(schema);
  for (const [index, alternative] of alternatives.entries()) {
    if (!acceptsOnlyNull(alternative)) continue;
    const at = `${pointer}/${keyword}/${index}`;
    if (nullable) recordChange(context, keyword, at, "lowered", "null alternative -> nullable");
    else recordChange(context, keyword, at, "dropped", "null alternative of a schema that refuses null");
  }
  const kept = alternatives.map((alternative) => (acceptsOnlyNull(alternative) ? false : alternative));
  return nullable ? { ...schema, [keyword]: kept, nullable: true } : { ...schema, [keyword]: kept };
}

/**
 * A lowered schema whose `anyOf` has one alternative left, as that alternative with the schema's other keywords (its
 * description, title, default) beside it: `{type: "string", nullable: true}`, as Gemini's own schemas write an
 * optional value. Returned as it is when a keyword is on both with different values.
 */
function withOnlyAlternativeMerged(
  schema: JsonSchema,
  keyword: string,
  pointer: string,
  context: DialectContext,
): JsonSchema {
  const { anyOf, ...rest } = schema;
  const only = Array.isArray(anyOf) && anyOf.length === 1 ? anyOf[0] : undefined;
  if (!isJsonObject(only)) return schema;
  const clashes = Object.keys(rest).some(
    (name) => Object.hasOwn(only, name) && JSON.stringify(only[name]) !== JSON.stringify(rest[name]),
  );
  if (clashes) return schema;
  recordChange(context, keyword, pointer, "lowered", "the one alternative left merged into the schema");
  return { ...only, ...rest };
}

/**
 * The lowered schema accepting null too: `null` is written beside one type (`["string", "null"]`) and among its enum
 * values, so a typeless one's alternatives take it.
 */
function withNullable(schema: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  if (typeof schema.type === "string") {
    const nullable: JsonSchema = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (Array.isArray(schema.anyOf)) {
    const anyOf = schema.anyOf.map((branch) =>
      isJsonObject(branch) ? withNullable(branch, pointer, context) : branch,
    );
    return { ...schema, anyOf };
  }
  recordChange(context, "nullable", pointer, "dropped", "no type to attach it to");
  return schema;
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
  const moved = moveIntoBranches(merged);
  if (moved !== merged) recordChange(context, "type", pointer, "lowered", "keywords of one type moved into its branch");
  if (typesOf(moved).filter((type) => type !== "null").length > 1) {
    recordChange(context, "type", pointer, "lowered", "several types -> anyOf, one schema per type");
    return lowerGeminiSchema(splitByType(moved), pointer, context);
  }
  const implied = impliedType(moved);
  if (implied !== undefined) {
    const detail = `no type -> ${implied.type}${implied.nullable === true ? " (nullable)" : ""}, as its keywords imply`;
    recordChange(context, "type", pointer, "lowered", detail);
    return lowerGeminiSchema({ ...implied, ...moved }, pointer, context);
  }
  const schema = withoutNullAlternatives(moved, pointer, context);
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
  const combinator = combinatorOf(schema);
  const written =
    schema !== moved && combinator !== undefined
      ? withOnlyAlternativeMerged(Object.fromEntries(entries), combinator, pointer, context)
      : Object.fromEntries(entries);
  const typed = withObjectAsText(withType(written, pointer, context), pointer, context, notes);
  const lowered = nullable ? withNullable(typed, pointer, context) : typed;
  const description = describeWithNotes(lowered.description, notes);
  if (description !== undefined) lowered.description = description;
  return lowered;
}
