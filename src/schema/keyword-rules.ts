import { isJsonObject } from "../openapi/own-properties.js";
import {
  DEFINITION_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from "./schema-keywords.js";

/**
 * What a keyword's value holds, as `$ref` expansion walks it: plain data (copied), a subschema or a list of them, a
 * map of them by name, draft-07's `dependencies` (subschemas or name lists), or nothing a tool keeps (`omitted`).
 */
export type KeywordHolds = "value" | "schema" | "schema-map" | "dependencies" | "omitted";

/** The values a keyword accepts, checked by {@link acceptsValue}. */
export type ValueCheck =
  | "anything"
  | "nothing"
  | "string"
  | "number"
  | "positive-number"
  | "count"
  | "boolean"
  | "array"
  | "non-empty-array"
  | "object"
  | "schema"
  | "schema-or-list";

/** How expansion treats one keyword, and which values JSON Schema accepts for it. */
export interface KeywordRule {
  holds: KeywordHolds;
  check: ValueCheck;
  /** What `check` wants, for a report (`"a non-negative integer"`). */
  expected: string;
}

/**
 * Whether `value` passes `check`. One function with a switch, not a function per rule: expansion checks every
 * keyword of every schema, and a call through many different functions is not inlined.
 */
export function acceptsValue(check: ValueCheck, value: unknown): boolean {
  switch (check) {
    case "anything":
      return true;
    case "nothing":
      return false;
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "positive-number":
      return typeof value === "number" && value > 0;
    case "count":
      return Number.isInteger(value) && (value as number) >= 0;
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "non-empty-array":
      return Array.isArray(value) && value.length > 0;
    case "object":
      return isJsonObject(value);
    case "schema":
      return isJsonObject(value) || typeof value === "boolean";
    case "schema-or-list":
      return isJsonObject(value) || typeof value === "boolean" || (Array.isArray(value) && value.length > 0);
  }
}

const STRING: KeywordRule = { holds: "value", check: "string", expected: "a string" };
const NUMBER: KeywordRule = { holds: "value", check: "number", expected: "a number" };
const COUNT: KeywordRule = { holds: "value", check: "count", expected: "a non-negative integer" };
const BOOLEAN: KeywordRule = { holds: "value", check: "boolean", expected: "a boolean" };
const SCHEMA: KeywordRule = { holds: "schema", check: "schema", expected: "a schema (an object or a boolean)" };
const SCHEMAS: KeywordRule = { holds: "schema", check: "non-empty-array", expected: "a non-empty array of schemas" };
const SCHEMA_MAP: KeywordRule = { holds: "schema-map", check: "object", expected: "an object of schemas" };
const OMITTED: KeywordRule = { holds: "omitted", check: "anything", expected: "" };

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
  // Identifiers only serve `$ref`s too; kept, a schema expanded in two places would declare one `$id` or `$anchor`
  // twice, and Ajv refuses that ("resolves to more than one schema").
  ["$id", OMITTED],
  ["$anchor", OMITTED],
  ["$dynamicAnchor", OMITTED],
  ["$recursiveAnchor", OMITTED],
  ["nullable", OMITTED],
  ["discriminator", OMITTED],
  // A `$ref`, `$dynamicRef` or `$recursiveRef` that reaches expansion as a keyword is not a string.
  ["$ref", { holds: "value", check: "nothing", expected: "a string (a JSON pointer or a URI)" }],
  ["$dynamicRef", { holds: "value", check: "nothing", expected: "a string (a URI)" }],
  ["$recursiveRef", { holds: "value", check: "nothing", expected: "a string (a URI)" }],
  ["$comment", STRING],
  ["title", STRING],
  ["description", STRING],
  ["format", STRING],
  ["contentMediaType", STRING],
  ["contentEncoding", STRING],
  ["minimum", NUMBER],
  ["maximum", NUMBER],
  ["multipleOf", { holds: "value", check: "positive-number", expected: "a number above 0" }],
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
  ["examples", { holds: "value", check: "array", expected: "an array" }],
  ["required", { holds: "value", check: "array", expected: "an array of property names" }],
  ["enum", { holds: "value", check: "non-empty-array", expected: "a non-empty array (an empty enum allows no value)" }],
  ["dependentRequired", { holds: "value", check: "object", expected: "an object of property-name lists" }],
  ...[...SUBSCHEMA_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, SCHEMA]),
  ...[...SUBSCHEMA_LIST_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, SCHEMAS]),
  ...[...SUBSCHEMA_MAP_KEYWORDS].map((keyword): [string, KeywordRule] => [keyword, SCHEMA_MAP]),
  [
    "items",
    {
      holds: "schema",
      check: "schema-or-list",
      expected: "a schema or a non-empty array of schemas",
    },
  ],
  ["dependencies", { holds: "dependencies", check: "object", expected: "an object of schemas or name lists" }],
]);

/**
 * How `$ref` expansion treats `keyword`; undefined for a keyword it copies as it is (one it does not know, or one that
 * takes any value).
 *
 * @example
 * keywordRule("minItems"); // {holds: "value", check: "count", expected: "a non-negative integer"}
 */
export function keywordRule(keyword: string): KeywordRule | undefined {
  return KEYWORD_RULES.get(keyword);
}
