import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import { lacksItemsSchema, subschemaHolding } from "../schema-keywords.js";
import {
  type DialectContext,
  describeUnsupportedKeyword,
  describeWithNotes,
  lowerBranches,
  recordChange,
} from "./dialect-context.js";

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
 * Whether OpenAI refuses a schema as written, its subschemas aside: a `pattern` it refuses, or an array without a
 * schema in `items`.
 */
export function openAiRefusesSchema(schema: JsonSchema): boolean {
  return (typeof schema.pattern === "string" && openAiRefusesPattern(schema.pattern)) || lacksItemsSchema(schema);
}

/**
 * The schema as OpenAI takes it, strict mode or not, wherever a conversion has not already made it so: every `pattern`
 * OpenAI refuses moved into its schema's description, where the model still reads it (recorded as `described`), and
 * every array without a schema in `items` given one ("array schema missing items"; see {@link withItemsSchema}).
 * Unchanged parts are shared with the input; the input is never mutated.
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
  if (lacksItemsSchema(schema)) result = withItemsSchema(result ?? { ...schema }, pointer, context);
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

/**
 * An array schema (a copy, changed in place) given a schema in `items` that allows what any of its elements may be,
 * so that every array the source takes is still taken, whether a reader applies `items` to every element (draft 7,
 * which knows no `prefixItems`) or only to those after the prefix (2020-12). A tuple keeps its positions in
 * `prefixItems` (a draft-04 tuple, `items: [...]` with `additionalItems`, is written so), and a closed one
 * (`items: false`, `additionalItems: false`) a `maxItems` of its length.
 */
function withItemsSchema(array: JsonSchema, pointer: string, context: DialectContext): JsonSchema {
  const isDraft04Tuple = Array.isArray(array.items);
  const prefix = (
    isDraft04Tuple ? array.items : Array.isArray(array.prefixItems) ? array.prefixItems : []
  ) as unknown[];
  // What may follow the prefix: nothing (`false`), a schema, or anything (no keyword, `true`).
  const rest = isDraft04Tuple ? array.additionalItems : array.items;
  const before = isDraft04Tuple
    ? "draft-04 tuple items: [...]"
    : rest === undefined
      ? `${prefix.length > 0 ? "tuple" : "array"} without items`
      : `items: ${JSON.stringify(rest)}`;
  if (isDraft04Tuple) {
    array.prefixItems = prefix;
    delete array.additionalItems;
  }
  const branches = lowerBranches(prefix, `${pointer}/prefixItems`, (branch) => branch);
  if (isJsonObject(rest)) branches.push(rest);
  const allowsAny =
    (rest !== false && !isJsonObject(rest)) || branches.some((branch) => Object.keys(branch).length === 0);
  array.items = allowsAny || branches.length === 0 ? {} : branches.length === 1 ? branches[0] : { anyOf: branches };
  let closed = "";
  if (rest === false && !(typeof array.maxItems === "number" && array.maxItems <= prefix.length)) {
    array.maxItems = prefix.length;
    closed = `, maxItems: ${prefix.length}`;
  }
  const after = allowsAny ? "items: {}" : `items: any of the tuple's element schemas${closed}`;
  recordChange(context, "items", pointer, "lowered", `${before} -> ${after}`);
  return array;
}
