import { appendJsonPointer, parseJsonPointer } from "../openapi/json-pointer.js";
import { getOwnProperty, isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { resolveLocalRef } from "./resolve-local-ref.js";

/** How a value was changed to fit the schema. */
export type CoercionKind =
  | "parse-number"
  | "parse-integer"
  | "parse-boolean"
  | "parse-null"
  | "parse-json"
  | "to-string"
  | "wrap-in-array"
  | "expand-pointer";

/** One change {@link convertToSchema} made, at the pointer of the value (after pointer keys were expanded). */
export interface Coercion {
  pointer: string;
  kind: CoercionKind;
  from: unknown;
  to: unknown;
}

/** What {@link convertToSchema} returns: the converted copy and every change made. */
export interface ConversionOutcome {
  data: unknown;
  coercions: Coercion[];
}

type JsonTypeName = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

interface Context {
  root: JsonSchema;
  coercions: Coercion[];
}

/**
 * Converts data to what the schema asks for, without touching the input: numeric and boolean strings (`"false"` is
 * `false`), JSON text where an object or array is expected, a lone value where an array is expected, `"null"`, and
 * pointer-keyed members (`{"/a/b": 1}`) into nested objects. Values that cannot be converted are left as they are, so
 * validation reports them.
 */
export function convertToSchema(data: unknown, schema: JsonSchema): ConversionOutcome {
  const context: Context = { root: schema, coercions: [] };
  const expanded = isJsonObject(data) ? expandPointerKeys(data, schema, context) : data;
  return { data: convertValue(expanded, schema, "", context), coercions: context.coercions };
}

/** `{"/a/b": 1}` becomes `{a: {b: 1}}`, unless the schema declares a member literally named `/a/b`. */
function expandPointerKeys(
  data: Record<string, unknown>,
  schema: JsonSchema,
  context: Context,
): Record<string, unknown> {
  const declared = isJsonObject(schema.properties) ? schema.properties : {};
  const result: Record<string, unknown> = {};
  const pointerEntries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith("/") && !Object.hasOwn(declared, key)) pointerEntries.push([key, value]);
    else setOwnProperty(result, key, structuredClone(value));
  }
  for (const [pointer, value] of pointerEntries) {
    setAtPointer(result, parseJsonPointer(pointer), structuredClone(value));
    context.coercions.push({ pointer, kind: "expand-pointer", from: { [pointer]: value }, to: value });
  }
  return result;
}

function setAtPointer(target: Record<string, unknown>, tokens: readonly string[], value: unknown): void {
  let current = target;
  for (const [index, token] of tokens.entries()) {
    if (index === tokens.length - 1) {
      setOwnProperty(current, token, value);
      return;
    }
    const next = getOwnProperty(current, token);
    if (isJsonObject(next)) {
      current = next;
    } else {
      const created: Record<string, unknown> = {};
      setOwnProperty(current, token, created);
      current = created;
    }
  }
}

function convertValue(value: unknown, rawSchema: JsonSchema, pointer: string, context: Context): unknown {
  const schema = resolveLocalRef(rawSchema, context.root);
  const types = allowedTypes(schema, context.root);
  let converted = value;
  if (types !== undefined && !types.has(jsonType(value)) && !(types.has("number") && jsonType(value) === "integer")) {
    converted = coerce(value, types, pointer, context);
  }
  if (Array.isArray(converted)) {
    return converted.map((item, index) => {
      const itemSchema = itemSchemaAt(schema, index, context.root);
      return itemSchema === undefined
        ? item
        : convertValue(item, itemSchema, appendJsonPointer(pointer, String(index)), context);
    });
  }
  if (isJsonObject(converted)) {
    const result: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(converted)) {
      const memberSchema = memberSchemaOf(schema, key, context.root);
      const next =
        memberSchema === undefined
          ? member
          : convertValue(member, memberSchema, appendJsonPointer(pointer, key), context);
      setOwnProperty(result, key, next);
    }
    return result;
  }
  return converted;
}

function coerce(value: unknown, types: ReadonlySet<JsonTypeName>, pointer: string, context: Context): unknown {
  const record = (kind: CoercionKind, to: unknown): unknown => {
    context.coercions.push({ pointer, kind, from: value, to });
    return to;
  };
  if (typeof value === "string") {
    const text = value.trim();
    if (types.has("integer") && INTEGER.test(text) && Number.isSafeInteger(Number(text))) {
      return record("parse-integer", Number(text));
    }
    if (types.has("number") && NUMBER.test(text)) return record("parse-number", Number(text));
    if (types.has("boolean") && /^(true|false)$/i.test(text))
      return record("parse-boolean", text.toLowerCase() === "true");
    if (types.has("null") && text === "null") return record("parse-null", null);
    if ((types.has("object") || types.has("array")) && /^[[{]/.test(text)) {
      const parsed = parseJson(text);
      if (parsed !== undefined && types.has(jsonType(parsed))) return record("parse-json", parsed);
    }
  }
  if ((typeof value === "number" || typeof value === "boolean") && types.has("string")) {
    return record("to-string", String(value));
  }
  if (types.has("array") && value !== undefined && !Array.isArray(value)) return record("wrap-in-array", [value]);
  return value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function jsonType(value: unknown): JsonTypeName {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  return "object";
}

/** Every JSON type the schema allows, across `anyOf`/`oneOf`/`allOf` branches; `undefined` when any type goes. */
function allowedTypes(schema: JsonSchema, root: JsonSchema): Set<JsonTypeName> | undefined {
  const types = new Set<JsonTypeName>();
  const declared = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
  for (const type of declared) types.add(type as JsonTypeName);
  if (declared.length > 0 && schema.nullable === true) types.add("null");
  for (const keyword of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (!isJsonObject(branch)) continue;
      const branchTypes = allowedTypes(resolveLocalRef(branch, root), root);
      if (branchTypes === undefined) {
        if (keyword !== "allOf") return undefined;
      } else {
        for (const type of branchTypes) types.add(type);
      }
    }
  }
  if (types.size === 0) {
    if (isJsonObject(schema.properties)) return new Set(["object"]);
    if (schema.items !== undefined) return new Set(["array"]);
    return undefined;
  }
  return types;
}

/** The branches whose keywords also apply to a value: the schema itself and its resolved `allOf`/`anyOf`/`oneOf`. */
function branchesOf(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const list = [schema];
  for (const keyword of ["allOf", "anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) if (isJsonObject(branch)) list.push(resolveLocalRef(branch, root));
  }
  return list;
}

function memberSchemaOf(schema: JsonSchema, key: string, root: JsonSchema): JsonSchema | undefined {
  const branches = branchesOf(schema, root);
  for (const branch of branches) {
    const member = getOwnProperty(branch.properties, key);
    if (isJsonObject(member)) return member;
  }
  for (const branch of branches) if (isJsonObject(branch.additionalProperties)) return branch.additionalProperties;
  return undefined;
}

function itemSchemaAt(schema: JsonSchema, index: number, root: JsonSchema): JsonSchema | undefined {
  for (const branch of branchesOf(schema, root)) {
    const tuple = Array.isArray(branch.prefixItems)
      ? branch.prefixItems
      : Array.isArray(branch.items)
        ? branch.items
        : undefined;
    if (tuple !== undefined && index < tuple.length) {
      const item = tuple[index];
      if (isJsonObject(item)) return item;
    }
    if (isJsonObject(branch.items)) return branch.items;
  }
  return undefined;
}
