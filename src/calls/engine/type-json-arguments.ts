import { appendJsonPointer, parseJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { ArgumentConversion } from "../tool-call.js";

/** What {@link typeJsonArguments} made of a call's arguments: the typed copy, and each conversion it made. */
export interface TypedJsonArguments {
  /** The arguments, typed; the very object given when nothing was converted (the input is never changed). */
  arguments: Record<string, unknown>;
  conversions: ArgumentConversion[];
}

/**
 * Types JSON arguments by the tool's JSON Schema where that loses nothing, as XML values are typed: a string the
 * schema does not take, but whose text is exactly a value of the type it asks for, becomes that value. A numeric
 * string for `integer` or `number` when it round-trips (`"3"` is `3`; `"03"`, `"3.0"` and `"1e3"` stay), `"true"` and
 * `"false"` for `boolean`, `"null"` for a type that is only `null`, a JSON object's text for `object` (how the gemini
 * dialect has a model write an object without properties). Members follow `properties` (then an
 * `additionalProperties` schema), items follow `items` or `prefixItems`, and a value under `anyOf`/`oneOf` is
 * converted, or followed, only when exactly one branch takes it. A value the schema already takes is never changed.
 * The schema may be a graph, a tool's with its `$ref`s followed (see `followLocalRefs`): a branch met twice is walked
 * once.
 *
 * @example
 * typeJsonArguments({ days: "3" }, { type: "object", properties: { days: { type: "integer" } } });
 * // { arguments: { days: 3 }, conversions: [{ parameter: "days", pointer: "/days", raw: "3", value: 3 }] }
 */
export function typeJsonArguments(args: Record<string, unknown>, schema: unknown): TypedJsonArguments {
  const conversions: ArgumentConversion[] = [];
  const typed = typeValue(args, schema, "", conversions);
  return { arguments: isJsonObject(typed) ? typed : args, conversions };
}

function typeValue(value: unknown, schema: unknown, pointer: string, conversions: ArgumentConversion[]): unknown {
  if (!isJsonObject(schema)) return value;
  let typed = value;
  if (typeof value === "string" && !takes(schema, value)) {
    const converted = convertedString(value, schema);
    if (converted !== undefined) {
      typed = converted.value;
      conversions.push({ parameter: parseJsonPointer(pointer)[0] ?? "", pointer, raw: value, value: typed });
    }
  }
  // Members and items follow the schema's own keywords, then those of the one branch that takes the value.
  const branch = onlyBranchTaking(schema, typed);
  const sources = branch === undefined ? [schema] : [schema, branch];
  if (Array.isArray(typed)) {
    let copy: unknown[] | undefined;
    for (const [index, item] of typed.entries()) {
      const next = typeValue(
        item,
        firstOf(sources, (source) => itemSchema(source, index)),
        appendJsonPointer(pointer, String(index)),
        conversions,
      );
      if (next === item) continue;
      copy ??= [...typed];
      copy[index] = next;
    }
    return copy ?? typed;
  }
  if (isJsonObject(typed)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, member] of Object.entries(typed)) {
      const next = typeValue(
        member,
        firstOf(sources, (source) => memberSchema(source, key)),
        appendJsonPointer(pointer, key),
        conversions,
      );
      if (next === member) continue;
      copy ??= { ...typed };
      setOwnProperty(copy, key, next);
    }
    return copy ?? typed;
  }
  return typed;
}

/** The JSON type of a value, as a schema's `type` names it (an integral number is `integer`). */
function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The types a schema's own `type` lists, lower-cased (Gemini writes `INTEGER`); `undefined` when it lists none. */
function ownTypes(schema: Record<string, unknown>): Set<string> | undefined {
  const { type } = schema;
  const listed = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  const types = new Set(listed.filter((item) => typeof item === "string").map((item) => item.toLowerCase()));
  if (types.size === 0) return undefined;
  if (schema.nullable === true) types.add("null");
  return types;
}

function branchesOf(schema: Record<string, unknown>): unknown[] | undefined {
  const branches = [schema.anyOf, schema.oneOf].filter(Array.isArray).flat();
  return branches.length === 0 ? undefined : branches;
}

/**
 * Whether the schema's types (its own, and some branch's) take the value as it is. A branch `seen` already takes
 * nothing more: with `$ref`s followed, branches may come back to the schema, or share one schema many times over.
 */
function takes(schema: unknown, value: unknown, seen = new Set<object>()): boolean {
  if (!isJsonObject(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const types = ownTypes(schema);
  const type = jsonTypeOf(value);
  if (types !== undefined && !types.has(type) && !(type === "integer" && types.has("number"))) return false;
  const branches = branchesOf(schema);
  return branches === undefined || branches.some((branch) => takes(branch, value, seen));
}

/** The one branch of the schema's `anyOf`/`oneOf` that takes the value; `undefined` when none, or several. */
function onlyBranchTaking(schema: Record<string, unknown>, value: unknown): Record<string, unknown> | undefined {
  const taking = (branchesOf(schema) ?? []).filter((branch) => isJsonObject(branch) && takes(branch, value));
  return taking.length === 1 ? (taking[0] as Record<string, unknown>) : undefined;
}

/**
 * The value a string's text is exactly, of a type the schema asks for; `undefined` when there is none or several. A
 * schema `seen` already (see {@link takes}) gives none again.
 */
function convertedString(text: string, schema: unknown, seen = new Set<object>()): { value: unknown } | undefined {
  if (!isJsonObject(schema) || seen.has(schema)) return undefined;
  seen.add(schema);
  const types = ownTypes(schema);
  if (types !== undefined) {
    for (const type of types) {
      const value = losslessValue(text, type, types.size === 1);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  const converted = (branchesOf(schema) ?? []).flatMap((branch) => convertedString(text, branch, seen) ?? []);
  return converted.length === 1 ? converted[0] : undefined;
}

/** `text` as a value of `type` when it is exactly how that value is written; `null` only for a type that is only it. */
function losslessValue(text: string, type: string, alone: boolean): { value: unknown } | undefined {
  switch (type) {
    case "integer":
    case "number": {
      const value = Number(text);
      const fits = type === "integer" ? Number.isSafeInteger(value) : Number.isFinite(value);
      return fits && String(value) === text ? { value } : undefined;
    }
    case "boolean":
      return text === "true" ? { value: true } : text === "false" ? { value: false } : undefined;
    case "null":
      return alone && text === "null" ? { value: null } : undefined;
    case "object":
      return objectWrittenAsText(text);
    default:
      return undefined;
  }
}

/**
 * The object a string holds as JSON text (`"{\"a\": 1}"`), as the gemini dialect asks for an object without
 * properties (Gemini refuses one): only a whole JSON object, never text that merely starts like one.
 */
function objectWrittenAsText(text: string): { value: unknown } | undefined {
  if (!text.trimStart().startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? { value } : undefined;
  } catch {
    return undefined;
  }
}

function memberSchema(schema: Record<string, unknown>, key: string): unknown {
  const { properties, additionalProperties } = schema;
  if (isJsonObject(properties) && Object.hasOwn(properties, key)) return properties[key];
  return isJsonObject(additionalProperties) ? additionalProperties : undefined;
}

function itemSchema(schema: Record<string, unknown>, index: number): unknown {
  const { items, prefixItems } = schema;
  const tuple = Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : undefined;
  if (tuple !== undefined && index < tuple.length) return tuple[index];
  return isJsonObject(items) ? items : undefined;
}

/** The first schema `find` gives for one of `sources`. */
function firstOf(sources: Record<string, unknown>[], find: (source: Record<string, unknown>) => unknown): unknown {
  for (const source of sources) {
    const found = find(source);
    if (found !== undefined) return found;
  }
  return undefined;
}
