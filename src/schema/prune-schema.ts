import { resolveJsonPointer } from "../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import { copyJsonValue } from "./copy-json-value.js";
import type { JsonSchema } from "./json-schema.js";
import { withoutRepeats } from "./repair-keywords.js";
import { allowsArray, JSON_TYPES } from "./schema-keywords.js";

/** Arrays of arrays are rare; past this many levels a pruned `items` is left as a plain pruned object. */
const MAX_PRUNED_ITEMS_LEVELS = 8;
const MAX_REF_HOPS = 16;
/** Combinators nested in combinators are rare; past this many levels their type is taken as unknown. */
const MAX_BRANCH_LEVELS = 8;
const BRANCH_KEYWORDS = ["anyOf", "oneOf", "allOf"] as const;

/**
 * The short form of a schema whose detail is cut: its `type` (see {@link shortFormType}), `title`, `description`
 * and `enum`, with a note in the description, and `readOnly` and `writeOnly` when true (a request body leaves a
 * `readOnly` property out, cut or not); an array keeps a pruned `items` (`{}` when it has none, which providers
 * refuse). `properties` and combinators go.
 * `note` says why (a cycle, the depth limit, the token budget).
 */
export function pruneSchema(schema: unknown, document: unknown, note: string): JsonSchema {
  return prune(schema, document, note, 0);
}

function prune(schema: unknown, document: unknown, note: string, level: number): JsonSchema {
  const base = followRefs(schema, document);
  const pruned: JsonSchema = { type: shortFormType(base, (branch) => followRefs(branch, document)) };
  if (typeof base.title === "string") pruned.title = base.title;
  const description = typeof base.description === "string" && base.description !== "" ? `${base.description} ` : "";
  pruned.description = `${description}(${note})`;
  // An empty enum allows nothing, and JSON Schema refuses it; repeats are written once, as the expander does.
  if (isNonEmptyArray(base.enum)) pruned.enum = withoutRepeats(copyJsonValue(base.enum) as unknown[]);
  if (base.readOnly === true) pruned.readOnly = true;
  if (base.writeOnly === true) pruned.writeOnly = true;
  if (allowsArray(pruned.type)) {
    pruned.items =
      base.items !== undefined && level < MAX_PRUNED_ITEMS_LEVELS ? prune(base.items, document, note, level + 1) : {};
  }
  return pruned;
}

/** Follows a chain of `$ref`s without expanding anything; annotations next to a `$ref` win over the target's. */
function followRefs(schema: unknown, document: unknown): JsonSchema {
  let current = schema;
  const siblings: JsonSchema = {};
  for (let hop = 0; hop < MAX_REF_HOPS && isJsonObject(current) && typeof current.$ref === "string"; hop += 1) {
    for (const [key, value] of Object.entries(current)) {
      if (key !== "$ref" && !Object.hasOwn(siblings, key)) setOwnProperty(siblings, key, value);
    }
    try {
      current = resolveJsonPointer(document, current.$ref);
    } catch {
      current = {}; // an external or missing target: its shape is unknown, and the expander already reported it
    }
  }
  const target = isJsonObject(current) && typeof current.$ref !== "string" ? current : {};
  return { ...target, ...siblings };
}

/**
 * The `type` a schema's short form is written with, once its subschemas are cut: its own `type` when it names JSON
 * types (anything else was the expander's to repair), otherwise the type its `enum` or `items` imply, otherwise the
 * types its `anyOf`/`oneOf`/`allOf` branches have, each once in the order first met (`{oneOf: [{type: "string"},
 * {type: "integer"}]}` is `["string", "integer"]`), and `object` only when nothing says. `resolve` gives the schema a
 * branch stands for (a `$ref`'s target, in a document not yet expanded).
 */
export function shortFormType(schema: JsonSchema, resolve: (branch: unknown) => JsonSchema = asSchema): unknown {
  return impliedType(schema, resolve, 0) ?? "object";
}

/** The JSON type or types a schema implies; undefined when it allows any type as far as its keywords tell. */
function impliedType(schema: JsonSchema, resolve: (branch: unknown) => JsonSchema, level: number): unknown {
  const type = schema.type;
  const nullable = schema.nullable === true;
  if (typeof type === "string" && JSON_TYPES.has(type)) return nullable && type !== "null" ? [type, "null"] : type;
  if (Array.isArray(type) && type.length > 0 && type.every((entry) => JSON_TYPES.has(entry))) {
    return [...new Set(type)];
  }
  if (isNonEmptyArray(schema.enum)) {
    // An enum without a type: name the type its values share, since `object` would contradict them.
    const types = [...new Set(schema.enum.map(jsonType))];
    return types.length === 1 ? types[0] : types;
  }
  if (schema.items !== undefined || schema.prefixItems !== undefined) return "array";
  return level < MAX_BRANCH_LEVELS ? branchTypes(schema, resolve, level + 1) : undefined;
}

/**
 * The types a schema's combinator branches have, each once: undefined when it has none, or when an `anyOf`/`oneOf`
 * branch allows any type. An `allOf` branch without a type (`{minLength: 1}`) only constrains the others: it is passed
 * over. A union of every branch's types, so never narrower than the schema.
 */
function branchTypes(schema: JsonSchema, resolve: (branch: unknown) => JsonSchema, level: number): unknown {
  const types = new Set<unknown>();
  for (const keyword of BRANCH_KEYWORDS) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const type = impliedType(resolve(branch), resolve, level);
      if (type === undefined && keyword !== "allOf") return undefined;
      for (const name of Array.isArray(type) ? type : type === undefined ? [] : [type]) types.add(name);
    }
  }
  if (types.size === 0) return undefined;
  return types.size === 1 ? [...types][0] : [...types];
}

function asSchema(value: unknown): JsonSchema {
  return isJsonObject(value) ? value : {};
}

function isNonEmptyArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
