import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import { hashName } from "./hash-name.js";

/**
 * The property names Anthropic accepts at the top of `input_schema` ("Property keys should match pattern"); one tool
 * with another fails the whole request. A layered schema's are its sections; a flat one's (an MCP tool's) can be any.
 */
export const ANTHROPIC_PROPERTY_NAME_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;

const OTHER_CHARACTERS = /[^a-zA-Z0-9_.-]/g;

/**
 * The name Anthropic is given for a top-level property: the name itself when Anthropic accepts it, else the name with
 * other characters as `_`, cut to leave room for `_` and a hash of the whole name (`filter[id]` becomes
 * `filter_id__` and 8 hex digits). A function of the name alone, so the arguments a model writes can be mapped back
 * from the tool's own schema (see {@link restorePropertyNames}).
 *
 * @example
 * anthropicPropertyName("limit"); // "limit"
 */
export function anthropicPropertyName(name: string): string {
  if (ANTHROPIC_PROPERTY_NAME_PATTERN.test(name)) return name;
  return `${name.replace(OTHER_CHARACTERS, "_").slice(0, 55)}_${hashName(name)}`;
}

/**
 * Arguments written against a tool's Anthropic form, with each renamed top-level property under its own name again
 * (`filter_id__...` back to `filter[id]`); returned as they are when nothing was renamed. A name the schema declares
 * is never touched.
 */
export function restorePropertyNames(args: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const properties = isJsonObject(schema.properties) ? schema.properties : undefined;
  if (properties === undefined) return args;
  let renamed: Map<string, string> | undefined;
  for (const name of Object.keys(properties)) {
    const written = anthropicPropertyName(name);
    if (written === name) continue;
    renamed ??= new Map();
    renamed.set(written, name);
  }
  if (renamed === undefined || !Object.keys(args).some((key) => renamed.has(key) && !Object.hasOwn(properties, key))) {
    return args;
  }
  const restored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const name = Object.hasOwn(properties, key) ? key : (renamed.get(key) ?? key);
    setOwnProperty(restored, name, value);
  }
  return restored;
}
