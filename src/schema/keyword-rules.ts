import { isJsonObject } from "../openapi/own-properties.js";
import {
  DEFINITION_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from "./schema-keywords.js";

/**
 * What a keyword's value holds, as `$ref` expansion walks it: plain data (copied), one subschema, a list of them, a
 * map of them by name, either of the first two (`items`), draft-07's `dependencies` (subschemas or name lists), or
 * nothing a tool keeps (`omitted`).
 */
export type KeywordHolds =
  | "value"
  | "schema"
  | "schemas"
  | "schema-map"
  | "schema-or-schemas"
  | "dependencies"
  | "omitted";

/** How expansion treats one keyword, and which values JSON Schema accepts for it. */
export interface KeywordRule {
  holds: KeywordHolds;
  accepts: (value: unknown) => boolean;
  /** What `accepts` wants, for a report (`"a non-negative integer"`). */
  expected: string;
}

const anyValue = (): boolean => true;
const isString = (value: unknown): boolean => typeof value === "string";
const isSchema = (value: unknown): boolean => isJsonObject(value) || typeof value === "boolean";
const isNonEmptyArray = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

const STRING: KeywordRule = { holds: "value", accepts: isString, expected: "a string" };
const NUMBER: KeywordRule = { holds: "value", accepts: (value) => typeof value === "number", expected: "a number" };
const COUNT: KeywordRule = {
  holds: "value",
  accepts: (value) => Number.isInteger(value) && (value as number) >= 0,
  expected: "a non-negative integer",
};
const BOOLEAN: KeywordRule = { holds: "value", accepts: (value) => typeof value === "boolean", expected: "a boolean" };
const SCHEMA: KeywordRule = { holds: "schema", accepts: isSchema, expected: "a schema (an object or a boolean)" };
const SCHEMAS: KeywordRule = { holds: "schema", accepts: isNonEmptyArray, expected: "a non-empty array of schemas" };
const SCHEMA_MAP: KeywordRule = { holds: "schema-map", accepts: isJsonObject, expected: "an object of schemas" };
const OMITTED: KeywordRule = { holds: "omitted", accepts: anyValue, expected: "" };

/**
 * The keywords JSON Schema (draft-07 to 2020-12) and OpenAPI give a meaning that expansion must know: those that hold
 * subschemas, those whose values the meta-schemas constrain (as Ajv checks them: a document with `maxLength: -1`,
 * `required: "id"` or `items: "string"` would give a tool Ajv refuses to compile and providers reject with the whole
 * request), and those a tool leaves out. Other keywords, and `const`, `default` and examples, are copied as they are;
 * `type`, `pattern` and the exclusive bounds are repaired after (see `repairKeywords`).
 */
const KEYWORD_RULES: ReadonlyMap<string, KeywordRule> = new Map([
  // Definitions only serve `$ref`s, which are expanded; OAS 3.0's `nullable` becomes a `null` type; `discriminator`'s
  // `mapping` names components by `$ref` (Microsoft Graph's base type maps thousands), and the branches it picks are
  // expanded in place.
  ...[...DEFINITION_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, OMITTED]),
  ["$schema", OMITTED],
  ["nullable", OMITTED],
  ["discriminator", OMITTED],
  // A `$ref` that reaches expansion as a keyword is not a string.
  ["$ref", { holds: "value", accepts: () => false, expected: "a string (a JSON pointer or a URI)" }],
  ["$id", STRING],
  ["$anchor", STRING],
  ["$comment", STRING],
  ["title", STRING],
  ["description", STRING],
  ["format", STRING],
  ["contentMediaType", STRING],
  ["contentEncoding", STRING],
  ["minimum", NUMBER],
  ["maximum", NUMBER],
  [
    "multipleOf",
    { holds: "value", accepts: (value) => typeof value === "number" && value > 0, expected: "a number above 0" },
  ],
  ["minLength", COUNT],
  ["maxLength", COUNT],
  ["minItems", COUNT],
  ["maxItems", COUNT],
  ["minProperties", COUNT],
  ["maxProperties", COUNT],
  ["minContains", COUNT],
  ["maxContains", COUNT],
  ["readOnly", BOOLEAN],
  ["writeOnly", BOOLEAN],
  ["deprecated", BOOLEAN],
  ["uniqueItems", BOOLEAN],
  ["examples", { holds: "value", accepts: Array.isArray, expected: "an array" }],
  ["required", { holds: "value", accepts: Array.isArray, expected: "an array of property names" }],
  ["enum", { holds: "value", accepts: isNonEmptyArray, expected: "a non-empty array (an empty enum allows no value)" }],
  ["dependentRequired", { holds: "value", accepts: isJsonObject, expected: "an object of property-name lists" }],
  ...[...SUBSCHEMA_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, SCHEMA]),
  ...[...SUBSCHEMA_LIST_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, SCHEMAS]),
  ...[...SUBSCHEMA_MAP_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, SCHEMA_MAP]),
  [
    "items",
    {
      holds: "schema",
      accepts: (value) => isSchema(value) || isNonEmptyArray(value),
      expected: "a schema or a non-empty array of schemas",
    },
  ],
  ["dependencies", { holds: "dependencies", accepts: isJsonObject, expected: "an object of schemas or name lists" }],
]);

/**
 * How `$ref` expansion treats `keyword`; undefined for a keyword it copies as it is (one it does not know, or one that
 * takes any value).
 *
 * @example
 * keywordRule("minItems")?.accepts("2"); // false: a non-negative integer is expected
 */
export function keywordRule(keyword: string): KeywordRule | undefined {
  return KEYWORD_RULES.get(keyword);
}
