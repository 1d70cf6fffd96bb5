import { ActionRecallError } from "../../errors/action-recall-error.js";
import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import { SECTION_ORDER } from "../build-layered-schema.js";
import type { DialectChange } from "../conversion-report.js";
import { isLayeredSchema } from "../is-layered-schema.js";
import type { JsonSchema } from "../json-schema.js";
import { commonTypes } from "../schema-keywords.js";
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
  /** Changes already reported (keyword and pointer), for properties copied into several branches. */
  reported: Set<string>;
  /**
   * Pointers of the objects a layered schema wraps parameters in (its root and parameter sections): the request side
   * refuses any key they do not list, so closing them loses nothing and is not reported.
   */
  wrappers: ReadonlySet<string>;
}

const LAYERED_WRAPPERS: ReadonlySet<string> = new Set([
  "#",
  ...SECTION_ORDER.filter((section) => section !== "body").map((section) => `#/properties/${section}`),
]);
const NO_WRAPPERS: ReadonlySet<string> = new Set();

/** A property lowered at its pointer in the source, not yet made nullable. */
interface LoweredProperty {
  name: string;
  schema: JsonSchema;
  pointer: string;
}

/**
 * An object schema with `anyOf` branches, as its branches see it. Strict mode closes every object, so an object beside
 * its own `anyOf` would refuse every key its branches add: each object branch takes the object's properties and
 * `required` instead, and the object itself becomes a plain `anyOf`.
 */
interface EnclosingObject {
  /** The object's own types; empty when it has none (`properties` alone make it an object). */
  types: string[];
  /** Its properties, lowered once at their own pointers. */
  properties: LoweredProperty[];
  required: ReadonlySet<string>;
}

/**
 * Writes a tool for OpenAI strict mode (`strict: true`): every object closed with `additionalProperties: false` (a
 * free-form one to `{}`, said in its description) and listing every property in `required`, optional properties made
 * nullable, `oneOf` lowered to `anyOf` (an object beside it spread into each branch), `allOf` merged, and every other
 * unsupported keyword moved into the description. Objects nested deeper than 10 levels lose
 * their properties (reported); more than 5,000 properties, or enums and names over OpenAI's limits (see
 * {@link OPENAI_STRICT_SIZE_LIMITS}), throw `DIALECT_LIMIT_EXCEEDED`: OpenAI refuses such a schema in strict mode.
 */
export function toOpenAiStrictTool(definition: ToolDefinition, context: DialectContext): OpenAiTool {
  const tool = toOpenAiTool(definition, context);
  const wrappers = isLayeredSchema(tool.function.parameters) ? LAYERED_WRAPPERS : NO_WRAPPERS;
  const state: StrictState = { context, propertyCount: 0, reported: new Set(), wrappers };
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

function lowerStrictSchema(
  source: JsonSchema,
  pointer: string,
  nesting: number,
  state: StrictState,
  enclosing?: EnclosingObject,
): JsonSchema {
  const { context } = state;
  const schema = mergeAllOfBranches(source, pointer, context);
  const entries: [string, unknown][] = [];
  const notes: string[] = [];
  const ownObject = hasObjectBranches(schema)
    ? encloseObject(schema, pointer, nesting, state, enclosing, notes)
    : undefined;
  const branchesEnclosing = ownObject ?? enclosing;
  let nullable = false;
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "properties" || keyword === "required" || keyword === "additionalProperties") continue;
    if (keyword === "type" && ownObject !== undefined) continue;
    if (keyword === "items" && isJsonObject(value)) {
      entries.push([keyword, lowerStrictSchema(value, `${pointer}/items`, nesting, state)]);
    } else if (
      (keyword === "anyOf" || keyword === "oneOf") &&
      Array.isArray(value) &&
      !hasOnlyConstraintBranches(value)
    ) {
      if (keyword === "oneOf") recordChange(context, keyword, pointer, "lowered", "oneOf -> anyOf");
      const within = withinTypes(value, `${pointer}/${keyword}`, branchesEnclosing, context);
      const branches = lowerBranches(within, `${pointer}/${keyword}`, (branch, at) =>
        lowerStrictSchema(branch, at, nesting, state, branchesEnclosing),
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
  if (enclosing !== undefined && ownObject === undefined) lowered = narrowToEnclosingTypes(lowered, enclosing);
  // `items` without a type is an array, as `properties` without one is an object (else it became any primitive).
  if (lowered.type === undefined && isJsonObject(lowered.items) && !("anyOf" in lowered)) {
    recordChange(context, "type", pointer, "lowered", "no type -> array, as its items imply");
    lowered = { type: "array", ...lowered };
  }
  const types = typesOf(lowered);
  const isObject = ownObject === undefined && describesObject(types, schema);
  if (isObject) lowered = closeObject(lowered, schema, pointer, nesting, state, notes, enclosing);
  else if (ownObject === undefined) reportObjectKeywordsDropped(schema, types, pointer, context);
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

/** True when a schema with these types is an object: it says so, or says nothing but lists properties. */
function describesObject(types: readonly string[], schema: JsonSchema): boolean {
  return types.includes("object") || (types.length === 0 && isJsonObject(schema.properties));
}

/** The keywords that only constrain an object, which strict mode writes only on one. */
const OBJECT_KEYWORDS = ["properties", "required", "additionalProperties"] as const;

/**
 * Reports the object keywords of a schema that is not an object, which strict mode leaves out: a malformed `type:
 * "array"` with `properties` beside its `items` (formapi.io's `batchGeneratePdfV1`), or a typeless object read as the
 * string a `text/plain` body is (netatmo.net's `createnewschedule`). Each property is reported at its own pointer.
 */
function reportObjectKeywordsDropped(
  schema: JsonSchema,
  types: readonly string[],
  pointer: string,
  context: DialectContext,
): void {
  const detail = `constrains nothing beside type ${types.length === 0 ? "(none)" : types.join(" or ")}`;
  for (const keyword of OBJECT_KEYWORDS) {
    const value = schema[keyword];
    if (value === undefined) continue;
    if (keyword === "properties" && isJsonObject(value)) {
      for (const name of Object.keys(value)) {
        recordChange(context, keyword, appendJsonPointer(pointer, "properties", name), "dropped", detail);
      }
    } else recordChange(context, keyword, pointer, "dropped", detail);
  }
}

/** True for an object beside an `anyOf` or `oneOf` of alternatives (not of constraints only), some accepting values. */
function hasObjectBranches(schema: JsonSchema): boolean {
  // Alternatives first: most schemas have none, and are told apart without an array made.
  if (!isAlternatives(schema.anyOf) && !isAlternatives(schema.oneOf)) return false;
  return describesObject(typesOf(schema), schema);
}

/** True for an `anyOf` or `oneOf` value of alternatives (not of constraints only), some accepting values. */
function isAlternatives(branches: unknown): boolean {
  return Array.isArray(branches) && !hasOnlyConstraintBranches(branches) && branches.some((branch) => branch !== false);
}

/**
 * Lowers the object part of an object with branches once (see {@link EnclosingObject}), merged with the object that
 * encloses it in turn, if any: its own properties win over the enclosing ones, `required` and `type` combine.
 */
function encloseObject(
  schema: JsonSchema,
  pointer: string,
  nesting: number,
  state: StrictState,
  enclosing: EnclosingObject | undefined,
  notes: string[],
): EnclosingObject {
  const { context } = state;
  recordChange(
    context,
    "properties",
    pointer,
    "lowered",
    "object beside anyOf -> its type, properties and required in each branch",
  );
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== true && additional !== false) {
    const note = describeUnsupportedKeyword(context, "additionalProperties", additional, pointer);
    if (note !== undefined) notes.push(note);
  }
  const source = isJsonObject(schema.properties) ? schema.properties : {};
  const own = lowerProperties(source, pointer, nesting, state);
  const types = typesOf(schema);
  const outer = enclosing?.types ?? [];
  return {
    types: types.length === 0 || outer.length === 0 ? [...types, ...outer] : commonTypes(types, outer),
    properties: [...own, ...inheritedProperties(enclosing, source, state)],
    required: new Set([...requiredNames(schema), ...(enclosing?.required ?? [])]),
  };
}

/** Lowers each of an object's properties at its own pointer, one level deeper. */
function lowerProperties(
  source: Record<string, unknown>,
  pointer: string,
  nesting: number,
  state: StrictState,
): LoweredProperty[] {
  return Object.entries(source).map(([name, property]) => {
    const propertyPointer = appendJsonPointer(pointer, "properties", name);
    const schema = lowerStrictSchema(isJsonObject(property) ? property : {}, propertyPointer, nesting + 1, state);
    return { name, schema, pointer: propertyPointer };
  });
}

/** The enclosing object's properties a branch takes: those it does not define itself (its own definition wins). */
function inheritedProperties(
  enclosing: EnclosingObject | undefined,
  own: Record<string, unknown>,
  state: StrictState,
): LoweredProperty[] {
  return (enclosing?.properties ?? []).filter((property) => {
    if (!Object.hasOwn(own, property.name)) return true;
    reportOnce(state, "properties", property.pointer, "lowered", "replaced by a branch's own definition");
    return false;
  });
}

/** The branches, those whose `type` shares none with the enclosing object's made `false`: no value meets both. */
function withinTypes(
  branches: unknown[],
  pointer: string,
  enclosing: EnclosingObject | undefined,
  context: DialectContext,
): unknown[] {
  const types = enclosing?.types ?? [];
  if (types.length === 0) return branches;
  return branches.map((branch, index) => {
    if (!isJsonObject(branch) || typesOf(branch).length === 0) return branch;
    if (commonTypes(typesOf(branch), types).length > 0) return branch;
    recordChange(context, "type", `${pointer}/${index}`, "dropped", "no type in common with the enclosing object");
    return false;
  });
}

/**
 * A branch takes the enclosing object's `type`: its own narrowed to the common ones, or the object's if it has none.
 */
function narrowToEnclosingTypes(lowered: JsonSchema, enclosing: EnclosingObject): JsonSchema {
  if (enclosing.types.length === 0) return lowered;
  const types = typesOf(lowered);
  if (types.length > 0) return { ...lowered, type: typeKeyword(commonTypes(types, enclosing.types)) };
  if ("anyOf" in lowered || "enum" in lowered || "const" in lowered) return lowered;
  return { type: typeKeyword(enclosing.types), ...lowered };
}

/** The `type` keyword's value for a list of types: the one type alone, else the list. */
function typeKeyword(types: readonly string[]): string | string[] {
  return types.length === 1 && types[0] !== undefined ? types[0] : [...types];
}

/** The names an object lists in `required`. */
function requiredNames(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === "string") : [];
}

/** Records a change once per tool, for a property copied into several branches. */
function reportOnce(
  state: StrictState,
  keyword: string,
  pointer: string,
  action: DialectChange["action"],
  detail: string,
): void {
  const key = `${keyword} ${pointer}`;
  if (state.reported.has(key)) return;
  state.reported.add(key);
  recordChange(state.context, keyword, pointer, action, detail);
}

/** Told the model where the source took an object with any keys and lists none: strict mode closes it to `{}`. */
const ANY_KEYS_NOTE = "any keys allowed, but strict mode can only send {}";

function closeObject(
  lowered: JsonSchema,
  schema: JsonSchema,
  pointer: string,
  nesting: number,
  state: StrictState,
  notes: string[],
  enclosing: EnclosingObject | undefined,
): JsonSchema {
  const { context } = state;
  const source = isJsonObject(schema.properties) ? schema.properties : {};
  // Most objects are inside no object with branches: nothing is inherited, and no array is made for it.
  const inherited = enclosing === undefined ? [] : inheritedProperties(enclosing, source, state);
  const names = Object.keys(source);
  for (const { name } of inherited) names.push(name);
  const additional = schema.additionalProperties;
  // Strict mode closes every object: the keys the source allowed beyond its properties are lost.
  if (additional === undefined || additional === true) {
    if (names.length > 0) {
      if (!state.wrappers.has(pointer)) {
        recordChange(context, "additionalProperties", pointer, "lowered", "any other key -> none");
      }
    } else {
      recordChange(context, "additionalProperties", pointer, "described", "any key -> none");
      notes.push(ANY_KEYS_NOTE);
    }
  } else if (additional !== false) {
    const note = describeUnsupportedKeyword(context, "additionalProperties", additional, pointer);
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
  const required = new Set([...requiredNames(schema), ...(enclosing?.required ?? [])]);
  const properties: JsonSchema = {};
  const close = ({ name, schema: property, pointer: at }: LoweredProperty, isInherited: boolean): void => {
    if (required.has(name)) {
      setOwnProperty(properties, name, property);
      return;
    }
    // An inherited property is copied into each branch, but its change is one.
    const detail = "optional -> required and nullable";
    if (isInherited) reportOnce(state, "required", at, "lowered", detail);
    else recordChange(context, "required", at, "lowered", detail);
    setOwnProperty(properties, name, makeNullable(property));
  };
  for (const property of lowerProperties(source, pointer, nesting, state)) close(property, false);
  for (const property of inherited) close(property, true);
  return {
    ...lowered,
    type: typesOf(lowered).length > 0 ? lowered.type : "object",
    properties,
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
