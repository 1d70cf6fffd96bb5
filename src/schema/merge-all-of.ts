import { checkObjectArgument, checkStringArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { appendJsonPointer } from "../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import type { SchemaConflict } from "./conversion-report.js";
import type { JsonSchema } from "./json-schema.js";
import { ANNOTATION_KEYWORDS, commonTypes } from "./schema-keywords.js";

const LOWER_BOUNDS = new Set(["minimum", "minLength", "minItems", "minProperties"]);
const UPPER_BOUNDS = new Set(["maximum", "maxLength", "maxItems", "maxProperties"]);
/**
 * Keywords that act as a group, each keyword to its group's members: `else` without an `if` beside it is ignored, and
 * so are `minContains` and `maxContains` without `contains`. Members from two branches would act together at one
 * level, so a branch holding one does not fold into a base that holds one (the same or another).
 */
const KEYWORD_GROUPS: ReadonlyMap<string, readonly string[]> = new Map(
  [
    ["if", "then", "else"],
    ["contains", "minContains", "maxContains"],
  ].flatMap((group) => group.map((keyword) => [keyword, group] as const)),
);
/** Keywords that constrain what `properties` mean: a branch holding one cannot be folded into another's properties. */
const OBJECT_CLOSERS = ["additionalProperties", "unevaluatedProperties", "patternProperties"] as const;
const ARRAY_CLOSERS = ["items", "prefixItems", "additionalItems", "unevaluatedItems"] as const;

/**
 * Folds the `allOf` branches of an already expanded schema (no `$ref` left) into the schema itself, exactly: the result
 * accepts the same instances. `properties` are merged (a property in two branches gets both schemas merged), `required`
 * and bounds are combined, `type` and `enum` intersected; annotations keep their first value. A branch that cannot be
 * folded exactly (two different `pattern`s, `additionalProperties` next to another branch's `properties`, an `else`
 * next to another branch's `if`, a contradiction) stays in a smaller `allOf`; contradictions (`type`, `enum`, `const`
 * with nothing in common) are reported in `conflicts` with their pointer.
 *
 * @example
 * mergeAllOf({allOf: [{properties: {a: {type: "string"}}}, {required: ["a"]}]}, "#", []);
 * // {properties: {a: {type: "string"}}, required: ["a"]}
 */
export function mergeAllOf(schema: JsonSchema, pointer: string, conflicts: SchemaConflict[]): JsonSchema {
  checkObjectArgument("mergeAllOf", "schema", schema);
  checkStringArgument("mergeAllOf", "pointer", pointer);
  if (!Array.isArray(conflicts)) throw invalidArgumentError("mergeAllOf", "conflicts", conflicts, "an array to add to");
  if (!Array.isArray(schema.allOf)) return schema;
  let merged: JsonSchema = withoutKeyword(schema, "allOf");
  const rest: unknown[] = [];
  const grown: Grown = { properties: new WeakSet(), required: new WeakMap() };
  schema.allOf.forEach((branch, index) => {
    if (branch === true || (isJsonObject(branch) && Object.keys(branch).length === 0)) return;
    const at = `${pointer}/allOf/${index}`;
    const folded = isJsonObject(branch)
      ? fold(merged, mergeAllOf(branch, at, conflicts), at, conflicts, grown)
      : undefined;
    if (folded === undefined) rest.push(branch);
    else merged = folded;
  });
  if (rest.length > 0) setOwnProperty(merged, "allOf", rest);
  return merged;
}

/**
 * The `properties` and `required` one merge made, which it grows in place as further branches fold in (with the names
 * a `required` holds): copying them at each branch made an `allOf` of 8,000 branches take 15 s.
 */
interface Grown {
  properties: WeakSet<JsonSchema>;
  required: WeakMap<unknown[], Set<unknown>>;
}

/** `base` and `branch` as one schema, or `undefined` when that cannot be done exactly. */
function fold(
  base: JsonSchema,
  branch: JsonSchema,
  pointer: string,
  conflicts: SchemaConflict[],
  grown: Grown,
): JsonSchema | undefined {
  if (closes(base, branch, OBJECT_CLOSERS, "properties") || closes(branch, base, OBJECT_CLOSERS, "properties")) {
    return undefined;
  }
  if (closes(base, branch, ARRAY_CLOSERS, "items") || closes(branch, base, ARRAY_CLOSERS, "items")) return undefined;
  const merged: JsonSchema = { ...base };
  const { properties, required } = merged;
  for (const [keyword, value] of Object.entries(branch)) {
    if (KEYWORD_GROUPS.get(keyword)?.some((member) => Object.hasOwn(base, member))) return undefined;
    if (!Object.hasOwn(merged, keyword) || grows(keyword, merged[keyword], value)) {
      if (!Object.hasOwn(merged, keyword)) setOwnProperty(merged, keyword, value);
      continue;
    }
    const combined = combine(keyword, merged[keyword], value, pointer, conflicts);
    if (combined === undefined) return undefined;
    setOwnProperty(merged, keyword, combined.value);
  }
  // Grown in place only once every other keyword folded: a branch that does not fold changes nothing.
  if (isJsonObject(properties) && isJsonObject(branch.properties) && properties !== branch.properties) {
    merged.properties = mergeProperties(properties, branch.properties, pointer, conflicts, grown);
  }
  if (Array.isArray(required) && Array.isArray(branch.required)) {
    merged.required = unionRequired(required, branch.required, grown);
  }
  return merged;
}

/** Whether two values of `keyword` merge by growing the first: `properties` objects, `required` lists. */
function grows(keyword: string, left: unknown, right: unknown): boolean {
  if (keyword === "properties") return isJsonObject(left) && isJsonObject(right);
  return keyword === "required" && Array.isArray(left) && Array.isArray(right);
}

/** `left`'s properties with `right`'s added, a property in both merged; `left` grown when this merge made it. */
function mergeProperties(
  left: JsonSchema,
  right: JsonSchema,
  pointer: string,
  conflicts: SchemaConflict[],
  grown: Grown,
): JsonSchema {
  const properties = grown.properties.has(left) ? left : { ...left };
  grown.properties.add(properties);
  for (const [name, schema] of Object.entries(right)) {
    const property = Object.hasOwn(properties, name)
      ? mergeAllOf({ allOf: [properties[name], schema] }, appendJsonPointer(pointer, "properties", name), conflicts)
      : schema;
    setOwnProperty(properties, name, property);
  }
  return properties;
}

/** `left` and then the names of `right` it lacks; `left` grown when this merge made it. */
function unionRequired(left: unknown[], right: unknown[], grown: Grown): unknown[] {
  let names = grown.required.get(left);
  const required = names === undefined ? [...new Set(left)] : left;
  names ??= new Set(required);
  for (const name of right) {
    if (names.has(name)) continue;
    names.add(name);
    required.push(name);
  }
  grown.required.set(required, names);
  return required;
}

/** True when `closer` holds a keyword that changes the meaning of `other`'s `keyword` (e.g. `properties`). */
function closes(closer: JsonSchema, other: JsonSchema, closers: readonly string[], keyword: string): boolean {
  const closing = closers.some((name) => Object.hasOwn(closer, name) && closer[name] !== true);
  const opened = Object.hasOwn(other, keyword) || closers.some((name) => Object.hasOwn(other, name));
  return closing && opened;
}

function combine(
  keyword: string,
  left: unknown,
  right: unknown,
  pointer: string,
  conflicts: SchemaConflict[],
): { value: unknown } | undefined {
  if (sameValue(left, right) || ANNOTATION_KEYWORDS.has(keyword)) return { value: left };
  if (typeof left === "number" && typeof right === "number") {
    if (LOWER_BOUNDS.has(keyword) || keyword === "exclusiveMinimum") return { value: Math.max(left, right) };
    if (UPPER_BOUNDS.has(keyword) || keyword === "exclusiveMaximum") return { value: Math.min(left, right) };
  }
  if (keyword === "type") return intersectTypes(left, right, pointer, conflicts);
  if (keyword === "enum" && Array.isArray(left) && Array.isArray(right)) {
    const common = left.filter((value) => right.some((other) => sameValue(value, other)));
    if (common.length > 0) return { value: common };
    conflicts.push({ pointer, keyword, message: "the allOf branches allow no common enum value" });
    return undefined;
  }
  if (keyword === "const") {
    conflicts.push({ pointer, keyword, message: `the allOf branches require different constants` });
  }
  return undefined;
}

function intersectTypes(
  left: unknown,
  right: unknown,
  pointer: string,
  conflicts: SchemaConflict[],
): { value: unknown } | undefined {
  const leftTypes = typeList(left);
  const rightTypes = typeList(right);
  if (leftTypes === undefined || rightTypes === undefined) return undefined;
  const common = commonTypes(leftTypes, rightTypes);
  if (common.length === 0) {
    conflicts.push({
      pointer,
      keyword: "type",
      message: `the allOf branches have no type in common (${leftTypes.join("|")} and ${rightTypes.join("|")})`,
    });
    return undefined;
  }
  return { value: common.length === 1 ? common[0] : common };
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === "string") return [type];
  if (Array.isArray(type) && type.every((entry) => typeof entry === "string")) return type;
  return undefined;
}

function withoutKeyword(schema: JsonSchema, keyword: string): JsonSchema {
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) if (key !== keyword) setOwnProperty(copy, key, value);
  return copy;
}

/** Deep equality of JSON values, key order ignored. */
function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((value, index) => sameValue(value, right[index]));
  }
  if (isJsonObject(left) && isJsonObject(right)) {
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]))
    );
  }
  return false;
}
