import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import { lacksItems, subschemaHolding } from "../schema-keywords.js";
import { type DialectContext, describeUnsupportedKeyword, describeWithNotes, recordChange } from "./dialect-context.js";

/**
 * What OpenAI refuses in a `pattern`, strict mode or not, failing the whole request: lookaround ("Invalid JSON schema:
 * regex lookaround is not supported"), and what its validator's regular expressions lack ("... is not a 'regex'"):
 * Unicode property escapes (`\p{L}`) and ECMA-style named groups. AWS's specs write the first two often.
 */
const REFUSED_SYNTAX = /\(\?<?[=!]|\\[pP]\{|\(\?<[A-Za-z]|\\k</;

/** Whether OpenAI refuses a `pattern` (see {@link REFUSED_SYNTAX}). */
export function openAiRefusesPattern(pattern: string): boolean {
  return REFUSED_SYNTAX.test(pattern);
}

/**
 * The schema as OpenAI takes it, strict mode or not, wherever a conversion has not already made it so: every `pattern`
 * OpenAI refuses moved into its schema's description, where the model still reads it (recorded as `described`), and
 * every array without `items` given `items: {}` ("array schema missing items"; the same meaning). Unchanged parts are
 * shared with the input; the input is never mutated.
 */
export function meetOpenAiSchemaRules(schema: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  let result: JsonSchema | undefined;
  const write = (keyword: string, value: unknown): void => {
    result ??= { ...schema };
    setOwnProperty(result, keyword, value);
  };
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword];
    const at = appendJsonPointer(pointer, keyword);
    const holding = subschemaHolding(keyword, value);
    if (holding === "map") {
      const map = describeInMap(value as JsonSchema, at, context);
      if (map !== value) write(keyword, map);
    } else if (holding === "list") {
      const items = value as unknown[];
      const list = items.map((item, index) =>
        isJsonObject(item) ? meetOpenAiSchemaRules(item, `${at}/${index}`, context) : item,
      );
      if (list.some((item, index) => item !== items[index])) write(keyword, list);
    } else if (holding === "one") {
      const inner = meetOpenAiSchemaRules(value as JsonSchema, at, context);
      if (inner !== value) write(keyword, inner);
    }
  }
  if (lacksItems(schema)) {
    recordChange(context, "items", pointer, "lowered", "array without items -> items: {}");
    write("items", {});
  }
  if (typeof schema.pattern !== "string" || !openAiRefusesPattern(schema.pattern)) return result ?? schema;
  const note = describeUnsupportedKeyword(context, "pattern", schema.pattern, pointer);
  const described: JsonSchema = result ?? { ...schema };
  delete described.pattern;
  const description = describeWithNotes(described.description, note === undefined ? [] : [note]);
  if (description !== undefined) described.description = description;
  return described;
}

function describeInMap(map: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  let result: JsonSchema | undefined;
  for (const name of Object.keys(map)) {
    const value = map[name];
    if (!isJsonObject(value)) continue;
    const inner = meetOpenAiSchemaRules(value, appendJsonPointer(pointer, name), context);
    if (inner === value) continue;
    result ??= { ...map };
    setOwnProperty(result, name, inner);
  }
  return result ?? map;
}
