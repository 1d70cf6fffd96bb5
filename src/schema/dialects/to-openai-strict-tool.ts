import { ActionRecallError } from "../../errors/action-recall-error.js";
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
import { OPENAI_STRICT_SIZE_LIMITS, strictSizeViolations } from "./strict-schema-sizes.js";
import { type OpenAiTool, toOpenAiTool } from "./to-openai-tool.js";

/** OpenAI strict mode's limits: object nesting levels and properties in one schema. */
export const OPENAI_STRICT_LIMITS = { maxNesting: 10, maxProperties: 5000 } as const;

/**
 * Keywords strict mode accepts, from OpenAI's Structured Outputs guide ("Supported schemas"): the structural ones,
 * `pattern` and `format` on strings, `multipleOf` and the bounds on numbers, `minItems`/`maxItems` on arrays.
 * Everything else (`minLength`, `maxLength`, `uniqueItems`, `default`, `examples`, ...) moves into the description.
 */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "description",
  "title",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "pattern",
  "format",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "minItems",
  "maxItems",
]);

/** The string formats strict mode accepts. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

/** What strict mode allows where the source allowed any value: every JSON primitive (objects need properties). */
function anyPrimitive(): JsonSchema[] {
  return [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }];
}

interface StrictState {
  context: DialectContext;
  propertyCount: number;
}

/**
 * Writes a tool for OpenAI strict mode (`strict: true`): every object closed with `additionalProperties: false` and
 * listing every property in `required`, optional properties made nullable, `oneOf` lowered to `anyOf`, `allOf`
 * merged, and every other unsupported keyword moved into the description. Objects nested deeper than 10 levels lose
 * their properties (reported); more than 5,000 properties, or enums and names over OpenAI's limits (see
 * {@link OPENAI_STRICT_SIZE_LIMITS}), throw `DIALECT_LIMIT_EXCEEDED`: OpenAI refuses such a schema in strict mode.
 */
export function toOpenAiStrictTool(definition: ToolDefinition, context: DialectContext): OpenAiTool {
  const tool = toOpenAiTool(definition, context);
  const state: StrictState = { context, propertyCount: 0 };
  const parameters = lowerStrictSchema(tool.function.parameters, "#", 1, state);
  const oversize = strictSizeViolations(parameters);
  if (oversize.length > 0) {
    throw new ActionRecallError(
      "DIALECT_LIMIT_EXCEEDED",
      `OpenAI strict mode refuses this tool's schema: ${oversize.join("; ")}. Use the openai dialect instead`,
      { data: { pointer: "#" } },
    );
  }
  return { type: "function", function: { ...tool.function, parameters, strict: true } };
}

function lowerStrictSchema(source: JsonSchema, pointer: string, nesting: number, state: StrictState): JsonSchema {
  const { context } = state;
  const schema = mergeAllOfBranches(source, pointer, context);
  const entries: [string, unknown][] = [];
  const notes: string[] = [];
  let nullable = false;
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "properties" || keyword === "required" || keyword === "additionalProperties") continue;
    if (keyword === "items" && isJsonObject(value)) {
      entries.push([keyword, lowerStrictSchema(value, `${pointer}/items`, nesting, state)]);
    } else if (
      (keyword === "anyOf" || keyword === "oneOf") &&
      Array.isArray(value) &&
      !hasOnlyConstraintBranches(value)
    ) {
      if (keyword === "oneOf") recordChange(context, keyword, pointer, "lowered", "oneOf -> anyOf");
      const branches = lowerBranches(value, `${pointer}/${keyword}`, (branch, at) =>
        lowerStrictSchema(branch, at, nesting, state),
      );
      addAnyOfBranches(entries, branches, keyword, pointer, context);
    } else if (keyword === "nullable") {
      nullable = value === true;
      recordChange(context, keyword, pointer, "lowered", "nullable -> type null");
    } else if (keyword === "format" && typeof value === "string" && !OPENAI_STRICT_FORMATS.has(value)) {
      const note = describeUnsupportedKeyword(context, keyword, value, pointer);
      if (note !== undefined) notes.push(note);
    } else if (OPENAI_STRICT_KEYWORDS.has(keyword) && keyword !== "items" && keyword !== "anyOf") {
      entries.push([keyword, value]);
    } else {
      const note = describeUnsupportedKeyword(context, keyword, value, pointer);
      if (note !== undefined) notes.push(note);
    }
  }
  let lowered: JsonSchema = Object.fromEntries(entries);
  // `items` without a type is an array, as `properties` without one is an object (else it became any primitive).
  if (lowered.type === undefined && isJsonObject(lowered.items) && !("anyOf" in lowered)) {
    recordChange(context, "type", pointer, "lowered", "no type -> array, as its items imply");
    lowered = { type: "array", ...lowered };
  }
  const types = typesOf(lowered);
  const isObject = types.includes("object") || (types.length === 0 && isJsonObject(schema.properties));
  if (isObject) lowered = closeObject(lowered, schema, pointer, nesting, state, notes);
  if ((types.includes("array") || (types.length === 0 && "items" in lowered)) && !isJsonObject(lowered.items)) {
    recordChange(context, "items", pointer, "lowered", "any item -> any primitive");
    lowered.items = { anyOf: anyPrimitive() };
  }
  const hasShape = types.length > 0 || isObject || "anyOf" in lowered || "enum" in lowered || "const" in lowered;
  if (!hasShape) {
    recordChange(context, "type", pointer, "lowered", "any value -> any primitive");
    lowered.anyOf = anyPrimitive();
  }
  const description = describeWithNotes(lowered.description, notes);
  if (description !== undefined) lowered.description = description;
  return nullable ? makeNullable(lowered) : lowered;
}

function closeObject(
  lowered: JsonSchema,
  schema: JsonSchema,
  pointer: string,
  nesting: number,
  state: StrictState,
  notes: string[],
): JsonSchema {
  const { context } = state;
  const source = isJsonObject(schema.properties) ? schema.properties : {};
  const names = Object.keys(source);
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    const note = describeUnsupportedKeyword(context, "additionalProperties", schema.additionalProperties, pointer);
    if (note !== undefined) notes.push(note);
  }
  if (nesting > OPENAI_STRICT_LIMITS.maxNesting && names.length > 0) {
    recordChange(context, "properties", pointer, "dropped", `nested deeper than ${OPENAI_STRICT_LIMITS.maxNesting}`);
    notes.push("detail cut: nested too deep for OpenAI strict mode");
    return { ...lowered, type: lowered.type ?? "object", properties: {}, required: [], additionalProperties: false };
  }
  state.propertyCount += names.length;
  if (state.propertyCount > OPENAI_STRICT_LIMITS.maxProperties) {
    throw new ActionRecallError(
      "DIALECT_LIMIT_EXCEEDED",
      `OpenAI strict mode allows at most ${OPENAI_STRICT_LIMITS.maxProperties} properties; this tool has more`,
      { data: { pointer } },
    );
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = names.map((name): [string, JsonSchema] => {
    const propertyPointer = appendJsonPointer(pointer, "properties", name);
    const property = source[name];
    const lowered = lowerStrictSchema(isJsonObject(property) ? property : {}, propertyPointer, nesting + 1, state);
    if (required.has(name)) return [name, lowered];
    recordChange(context, "required", propertyPointer, "lowered", "optional -> required and nullable");
    return [name, makeNullable(lowered)];
  });
  return {
    ...lowered,
    type: typesOf(lowered).length > 0 ? lowered.type : "object",
    properties: Object.fromEntries(properties),
    required: names,
    additionalProperties: false,
  };
}

/** Lets a strict schema also accept `null`, the strict-mode way of leaving an optional value out. */
function makeNullable(schema: JsonSchema): JsonSchema {
  const types = typesOf(schema);
  const nullable: JsonSchema = { ...schema };
  if (types.length > 0 && !types.includes("null")) nullable.type = [...types, "null"];
  // Beside a type, too: a value must also match one of the branches, so null needs a branch of its own.
  if (Array.isArray(schema.anyOf)) {
    const allowsNull = schema.anyOf.some((branch) => isJsonObject(branch) && typesOf(branch).includes("null"));
    if (!allowsNull) nullable.anyOf = [...schema.anyOf, { type: "null" }];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) nullable.enum = [...schema.enum, null];
  if ("const" in schema) {
    delete nullable.const;
    nullable.enum = schema.const === null ? [null] : [schema.const, null];
  }
  return nullable;
}
