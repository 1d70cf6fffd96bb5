import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../../schema/json-schema.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";
import type { ToolCatalog } from "./tool-catalog.js";

/** Keywords that compose an object's schema of others: the keys it takes cannot be told from its own `properties`. */
const COMPOSING_KEYWORDS = ["allOf", "anyOf", "oneOf", "not", "if"] as const;

/**
 * The name of the tool of `catalog` a call is to when its text names none (its format says when a text does not): the
 * catalog's only tool, whatever its arguments; or, of several, the only one whose schema takes `argumentsText`, a JSON
 * object as written (nothing repaired), by its keys (see {@link takesKeys}). Undefined when none or several do, or a
 * schema's keys do not tell: a tool guessed among several that share a parameter (`path`) would be run with what the
 * model meant for another.
 *
 * @example
 * toolFittingArguments(catalog, '{"city": "Tokyo", "unit": "celsius"}'); // "get_weather", if no other tool takes both
 */
export function toolFittingArguments(catalog: ToolCatalog, argumentsText: string): string | undefined {
  const tools = [...catalog.byName.values()];
  if (tools.length === 1) return tools[0]?.name;
  const args = parseJsonAsWritten(argumentsText.trim());
  if (!isJsonObject(args)) return undefined;
  const fitting: string[] = [];
  for (const tool of tools) {
    const takes = takesKeys(tool.parameters, Object.keys(args));
    // A tool that may take them or not leaves the one that does unsure.
    if (takes === undefined) return undefined;
    if (takes) fitting.push(tool.name);
  }
  return fitting.length === 1 ? fitting[0] : undefined;
}

/**
 * Whether a parameters schema takes an object of `keys`: it requires none missing, and declares each in `properties`
 * or allows others by `additionalProperties` (a schema that declares none takes `{}` only). Values are not checked.
 * Undefined for a schema composed of others, which its keys do not tell.
 */
function takesKeys(schema: JsonSchema, keys: readonly string[]): boolean | undefined {
  if (!isJsonObject(schema)) return keys.length === 0;
  if (COMPOSING_KEYWORDS.some((keyword) => Object.hasOwn(schema, keyword))) return undefined;
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const { additionalProperties, required } = schema;
  const othersAllowed = additionalProperties === true || isJsonObject(additionalProperties);
  if (!keys.every((key) => othersAllowed || Object.hasOwn(properties, key))) return false;
  return !Array.isArray(required) || required.every((key) => typeof key !== "string" || keys.includes(key));
}
