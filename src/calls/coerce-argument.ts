import { checkStringArgument } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { shortenText } from "./engine/shorten-text.js";
import { parseJsonText } from "./parse-json-arguments.js";

/** What {@link coerceArgument} made of a value: the typed value, or why it does not fit the schema. */
export type CoercionResult = { success: true; value: unknown } | { success: false; message: string };

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** One line break, with the spaces or tabs before it, at the start of a string value. */
const LEADING_LINE_BREAK = /^[ \t]*\r?\n/;

/**
 * Types an XML parameter value (already decoded) by the parameter's JSON Schema. The schema decides, never the text:
 * a string stays a string (`"0123"` stays `"0123"`), an integer `"5"` becomes `5`, a boolean `"false"` becomes
 * `false`, objects and arrays are read as JSON (repaired when broken).
 *
 * Whitespace rule: a string framed by line breaks, as templates write a value on lines of its own, loses the one at
 * each end with the spaces and tabs beside it, so `<parameter name="code">\n  x\n</parameter>` gives `"  x"`; a value
 * written right after its tag (Seed-OSS' `<parameter=old>x\n</parameter>`) keeps its final line break. All other
 * whitespace in a string is kept. Every other type is trimmed fully before conversion; `float`, which models' tool
 * schemas write, is read as `number`. Without a usable schema the value stays a string.
 */
export function coerceArgument(raw: string, schema: unknown): CoercionResult {
  checkStringArgument("coerceArgument", "raw", raw);
  const types = schemaTypes(schema);
  if (types.size === 0 || types.has("string")) {
    const unframed = raw.replace(LEADING_LINE_BREAK, "");
    const text = unframed.length < raw.length ? trimTrailingLineBreak(unframed) : raw;
    if (types.has("null") && text.trim() === "null") return { success: true, value: null };
    return { success: true, value: text };
  }
  const text = raw.trim();
  for (const type of types) {
    const value = convert(text, type);
    if (value !== undefined) return { success: true, value };
  }
  return { success: false, message: `"${shortenText(text, 60)}" is not ${[...types].join(" or ")}` };
}

/**
 * `text` without one final line break and the spaces or tabs after it. Done by hand: a regex anchored with `$` is
 * tried at every position of a long value.
 */
export function trimTrailingLineBreak(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charAt(end - 1) === " " || text.charAt(end - 1) === "\t")) end -= 1;
  if (end === 0 || text.charAt(end - 1) !== "\n") return text;
  end -= 1;
  if (text.charAt(end - 1) === "\r") end -= 1;
  return text.slice(0, end);
}

/** The JSON Schema types a value may take, from `type` or the branches of `anyOf` / `oneOf`. */
export function schemaTypes(schema: unknown): Set<string> {
  const types = new Set<string>();
  if (!isJsonObject(schema)) return types;
  const { type } = schema;
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) for (const item of type) if (typeof item === "string") types.add(item);
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) for (const item of schemaTypes(branch)) types.add(item);
  }
  return types;
}

/**
 * The schema a value of `type` follows: `schema` itself when its `type` names it, else the one branch of its `anyOf` /
 * `oneOf` that takes it (`{oneOf: [{type: "object", properties}, {type: "null"}]}` gives the object branch). Undefined
 * when no branch, or more than one, takes it.
 */
export function schemaOfType(schema: unknown, type: string): unknown {
  if (!isJsonObject(schema)) return undefined;
  const { type: own } = schema;
  if (own === type || (Array.isArray(own) && own.includes(type))) return schema;
  const fitting: unknown[] = [];
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) if (schemaTypes(branch).has(type)) fitting.push(branch);
  }
  return fitting.length === 1 ? schemaOfType(fitting[0], type) : undefined;
}

/** The value of `text` as `type`, or `undefined` when it is not one. */
function convert(text: string, type: string): unknown {
  switch (type) {
    case "integer":
    case "number":
    case "float": {
      if (!NUMBER.test(text)) return undefined;
      const value = Number(text);
      return type === "integer" && !Number.isInteger(value) ? undefined : value;
    }
    case "boolean": {
      const lower = text.toLowerCase();
      return lower === "true" ? true : lower === "false" ? false : undefined;
    }
    case "null":
      return text === "null" || text === "" ? null : undefined;
    case "object":
    case "array": {
      const parsed = parseJsonText(text);
      if (!parsed.success) return undefined;
      const fits = type === "array" ? Array.isArray(parsed.value) : isJsonObject(parsed.value);
      return fits ? parsed.value : undefined;
    }
    default:
      return undefined;
  }
}
