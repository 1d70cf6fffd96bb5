import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { shortJson } from "../errors/short-json.js";
import { appendJsonPointer, shortPointer } from "../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import { createRefResolver } from "../openapi/ref-resolver.js";
import {
  createSchemaRefResolver,
  type SchemaRefResolver,
  type SchemaRefTarget,
} from "../openapi/schema-ref-resolver.js";
import { writtenRef } from "../openapi/swagger2-refs.js";
import { annotatedRef } from "./annotated-ref.js";
import { applyNullable } from "./apply-nullable.js";
import type { PrunedSchema, SchemaConflict } from "./conversion-report.js";
import { copyKeywordValue } from "./copy-json-value.js";
import { openAiRefusesSchema } from "./dialects/openai-schema-rules.js";
import {
  type ExpansionCache,
  type ExpansionRecord,
  expandCached,
  noteNesting,
  notePrune,
  noteScopeDependence,
  type PathState,
} from "./expansion-cache.js";
import { MAX_EXPANDED_SCHEMAS, MAX_SCHEMA_NESTING, MAX_SCHEMAS_MADE, tooManySchemasError } from "./expansion-limits.js";
import type { JsonSchema } from "./json-schema.js";
import { acceptsValue, keywordRule } from "./keyword-rules.js";
import { mergeAllOf } from "./merge-all-of.js";
import { leaveOutOfRequired, NO_NAMES, omittedReadOnlyOf } from "./omitted-read-only.js";
import { leaveUnplaced, placeInDocument } from "./place-in-document.js";
import { pruneNote } from "./prune-note.js";
import { pruneSchema } from "./prune-schema.js";
import { addMissingItems, areAllStrings, asUnicodeRegExp, repairKeywords } from "./repair-keywords.js";
import { ANNOTATION_KEYWORDS } from "./schema-keywords.js";

/** The default number of `$ref` hops followed on one path (seed 000). */
export const DEFAULT_MAX_DEPTH = 2;
/** Options of {@link expandRefs}. */
export interface ExpandRefsOptions {
  /** The root local `$ref`s resolve against (`#/components/...`, `#/$defs/...`). Default: the schema itself. */
  document?: unknown;
  /**
   * Whether the document is itself a schema, which `#` names (an MCP tool's `inputSchema`, a JSON Schema file).
   * Default true. An OpenAPI document or a tool-box `api_spec` is not: a `$ref` to its root (`"#"`, as a recursive
   * schema written in a file of its own says "this schema") then throws `INVALID_DOCUMENT`, where expanding it would
   * put the whole document, `$ref`s and all, into the tool.
   */
  documentIsSchema?: boolean | undefined;
  /** `$ref` hops followed on one path before pruning. Default {@link DEFAULT_MAX_DEPTH}. */
  maxDepth?: number | undefined;
  /** Pointer of the schema in the output, the base of every reported pointer. Default `#`. */
  pointer?: string;
  /**
   * Where the schema is in `document` (`#/paths/~1pets/post/requestBody/content/application~1json/schema`): an error
   * then names that place too, in its message and as `data.documentPointer`, since the output's place is not where a
   * spec's author mends it. Default `#` when the schema is the document; otherwise an error met before the first
   * `$ref` names only the output's place (one below a `$ref` is placed in the ref's target).
   */
  documentPointer?: string | undefined;
  /** Leave out `readOnly` properties (and their `required` entries): request bodies do. Default false. */
  omitReadOnly?: boolean;
  /**
   * What a `$ref`'s other keywords do: `all` (JSON Schema 2019-09+, OAS 3.1) applies them; `annotations` (draft-07,
   * OAS 3.0) keeps only annotations such as `description` and ignores the rest. Default `all`.
   */
  refSiblings?: "all" | "annotations" | undefined;
  /**
   * Resolves an external `$ref` (another file, a URL) to its schema; without it external refs throw
   * `EXTERNAL_REF_REFUSED`. This module does no I/O: a caller that allows a base directory reads the file itself.
   */
  resolveExternalRef?: ((ref: string) => unknown) | undefined;
  /**
   * Expansions to reuse across calls on the same document with the same `maxDepth` and `refSiblings` (one
   * `convertOperations` call): see `createExpansionCache`. The schemas it returns are then shared: never mutate
   * them. Default: none.
   */
  cache?: ExpansionCache | undefined;
}

/** What {@link expandRefs} returns: the schema without any `$ref`, and what it cut or could not merge. */
export interface ExpandedSchema {
  schema: JsonSchema;
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
}

interface ExpansionContext extends ExpansionRecord {
  document: unknown;
  documentIsSchema: boolean;
  refs: SchemaRefResolver;
  maxDepth: number;
  omitReadOnly: boolean;
  refSiblings: "all" | "annotations";
  resolveExternalRef: ((ref: string) => unknown) | undefined;
  cache: ExpansionCache | undefined;
}

/**
 * Expands every `$ref` of a schema, recursively, with the layered schema's rules (DESIGN.md "Contracts"): depth
 * counts `$ref` hops on the current path (properties and items add none); a ref is followed while fewer than
 * `maxDepth` refs were followed on the path, so a component used by two siblings expands in both, and a ref met
 * again on its own path (a cycle) expands again while the depth allows. Past the limit the schema is pruned (see
 * {@link pruneSchema}) and reported with its pointer and reason, unless it holds no subschema (it is expanded whole).
 * `allOf` is merged, OAS 3.0 `nullable` becomes a `null` type; `$defs`/`definitions`, OpenAPI's `discriminator` and
 * vendor extensions (`x-*`) are dropped. The input is never mutated; keys keep the source order.
 *
 * @example
 * const { schema, pruned } = expandRefs({ $ref: "#/components/schemas/A" }, { document, maxDepth: 2 });
 */
export function expandRefs(schema: unknown, options: ExpandRefsOptions = {}): ExpandedSchema {
  checkObjectArgument("expandRefs", "options", options, true);
  const document = options.document ?? schema;
  const context: ExpansionContext = {
    document,
    documentIsSchema: options.documentIsSchema ?? true,
    refs: resolverFor(document, options.cache),
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    omitReadOnly: options.omitReadOnly ?? false,
    refSiblings: options.refSiblings ?? "all",
    resolveExternalRef: options.resolveExternalRef,
    pruned: [],
    conflicts: [],
    schemasMade: 0,
    cache: options.cache,
    frames: [],
  };
  const state: PathState = { refs: [], pointer: options.pointer ?? "#", nesting: 0, scope: undefined };
  let expanded: unknown;
  try {
    expanded = expand(schema, context, state);
  } catch (error) {
    throw placeInDocument(error, options.documentPointer ?? (document === schema ? "#" : undefined), state.pointer);
  }
  return {
    schema: isJsonObject(expanded) ? expanded : expanded === false ? { not: {} } : {},
    pruned: context.pruned,
    conflicts: context.conflicts,
  };
}

/** The cache's resolvers, shared by the expansions of one document; resolvers of its own without a cache. */
function resolverFor(document: unknown, cache: ExpansionCache | undefined): SchemaRefResolver {
  if (cache === undefined) return createSchemaRefResolver(document, createRefResolver(document));
  cache.resolve ??= createRefResolver(document);
  cache.schemaRefs ??= createSchemaRefResolver(document, cache.resolve);
  return cache.schemaRefs;
}

function expand(schema: unknown, context: ExpansionContext, state: PathState): unknown {
  if (!isJsonObject(schema)) return typeof schema === "boolean" ? schema : {};
  if (state.nesting > MAX_SCHEMA_NESTING) {
    throw new ActionRecallError(
      "SCHEMA_TOO_DEEP",
      `The schema nests deeper than ${MAX_SCHEMA_NESTING} levels at ${shortPointer(state.pointer)}`,
      { data: { pointer: state.pointer.slice(0, 2000) } },
    );
  }
  context.schemasMade += 1;
  if (context.schemasMade > MAX_SCHEMAS_MADE) throw tooManySchemasError(state.pointer);
  noteNesting(context, state.nesting);
  if (typeof schema.$ref === "string") {
    // Most `$ref`s stand alone; one with keywords beside it may declare an `$id` or hold a `$dynamicRef` too.
    if (!hasKeywordBesides(schema, "$ref")) return expandRef(schema, schema.$ref, context, state);
    return expandIdentified(schema, context, state);
  }
  const annotated = annotatedRef(schema);
  return annotated === undefined
    ? expandKeywords(schema, context, state)
    : expandRef(annotated, annotated.$ref, context, state);
}

/**
 * A schema that may have an `$id`, a `$dynamicRef` or a `$recursiveRef` (OAS 3.1 and JSON Schema 2019-09; rare, and
 * looked for only where keywords are listed anyway): the `$id` sets the base URI of the references at and below it,
 * a `$dynamicRef` or `$recursiveRef` is followed like a `$ref`, and beside one another each applies, as branches of
 * an `allOf` would.
 */
function expandIdentified(schema: JsonSchema, context: ExpansionContext, state: PathState): unknown {
  const here = typeof schema.$id === "string" ? withScope(state, context.refs.enter(schema.$id, state.scope)) : state;
  const references = REFERENCE_KEYWORDS.filter((keyword) => typeof schema[keyword] === "string");
  const [keyword] = references;
  if (keyword === undefined) return expandObject(schema, context, here);
  if (references.length === 1) return expandRef(schema, schema[keyword] as string, context, here, keyword);
  const rest: JsonSchema = {};
  for (const [other, value] of Object.entries(schema)) {
    if (!isReferenceKeyword(other) || !references.includes(other)) setOwnProperty(rest, other, value);
  }
  const branches = references.map((reference) => ({ [reference]: schema[reference] }));
  try {
    return expandObject({ ...rest, allOf: [...asArray(rest.allOf), ...branches] }, context, here);
  } catch (error) {
    throw leaveUnplaced(error);
  }
}

/** The keywords that refer to another schema. */
type ReferenceKeyword = "$ref" | "$dynamicRef" | "$recursiveRef";
const REFERENCE_KEYWORDS: readonly ReferenceKeyword[] = ["$ref", "$dynamicRef", "$recursiveRef"];

function isReferenceKeyword(keyword: string): keyword is ReferenceKeyword {
  return keyword === "$ref" || keyword === "$dynamicRef" || keyword === "$recursiveRef";
}

function withScope(state: PathState, scope: PathState["scope"]): PathState {
  return scope === state.scope ? state : { ...state, scope };
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Expands a schema's `$ref` (or `$dynamicRef` or `$recursiveRef`, as `keyword` says) with the keywords beside it. */
function expandRef(
  schema: JsonSchema,
  ref: string,
  context: ExpansionContext,
  state: PathState,
  keyword: ReferenceKeyword = "$ref",
): unknown {
  const located = resolveRef(ref, keyword, context, state);
  const { key, target } = located;
  if (located.dependsOnScope) noteScopeDependence(context);
  const overBudget = context.schemasMade > MAX_EXPANDED_SCHEMAS;
  if (overBudget || (state.refs.length >= context.maxDepth && !isLeafSchema(target))) {
    const reason = overBudget ? "budget" : state.refs.includes(key) ? "cycle" : "depth";
    notePrune(context, state.refs, key, overBudget);
    context.pruned.push({ pointer: state.pointer, ref: key, reason });
    // A `$ref` the document's own pointer names is followed there again; any other, to the target found.
    const prunable =
      key === ref && keyword === "$ref" ? schema : { ...asObject(target), ...siblingsOf(schema, keyword) };
    return pruneSchema(prunable, context.document, pruneNote(reason, key, context.maxDepth));
  }
  const expanded = expandTarget(located, context, state);
  if (!hasKeywordBesides(schema, keyword)) return expanded;
  const siblings = Object.entries(schema).filter(([other]) => other !== keyword);
  const annotations = siblings.filter(([keyword]) => ANNOTATION_KEYWORDS.has(keyword));
  const assertions = context.refSiblings === "all" ? siblings.filter(([k]) => !ANNOTATION_KEYWORDS.has(k)) : [];
  let result: JsonSchema = isJsonObject(expanded) ? { ...expanded } : expanded === false ? { not: {} } : {};
  // `unevaluatedProperties` beside a `$ref` sees what the target evaluated: it stays at this level, above the merge.
  // As a branch of the merge's `allOf` it would see only its own branch, and refuse every property.
  const [above, merged] = partition(assertions, ([k]) => UNEVALUATED_KEYWORDS.has(k) && !Object.hasOwn(result, k));
  // A `readOnly` property the target or a sibling left out is left out of the `required` of the other, too.
  let omitted = context.omitReadOnly ? omittedReadOnlyOf(expanded) : NO_NAMES;
  if (merged.length > 0) {
    const rest = expandObject(Object.fromEntries(merged), context, state);
    omitted = omitted.concat(omittedReadOnlyOf(rest));
    result = mergeAllOf({ allOf: [result, rest] }, state.pointer, context.conflicts);
  }
  // A description written next to the `$ref` is about this use of the schema: it wins over the target's.
  const noted = expandObject(Object.fromEntries([...above, ...annotations]), context, state);
  for (const [keyword, value] of Object.entries(noted)) setOwnProperty(result, keyword, value);
  const nullable = annotations.some(([keyword, value]) => keyword === "nullable" && value === true);
  result = applyNullable(result, nullable);
  if (omitted.length > 0) leaveOutOfRequired(result, omitted);
  return result;
}

const UNEVALUATED_KEYWORDS: ReadonlySet<string> = new Set(["unevaluatedProperties", "unevaluatedItems"]);

function partition<Item>(items: readonly Item[], test: (item: Item) => boolean): [Item[], Item[]] {
  const passed: Item[] = [];
  const failed: Item[] = [];
  for (const item of items) (test(item) ? passed : failed).push(item);
  return [passed, failed];
}

/**
 * Whether a schema holds no subschema and no `$ref` (a string with a pattern, a number with bounds, an enum). Such a
 * target is expanded past the depth limit: it cannot nest or repeat, and its short form would only lose its
 * constraints (`format`, `pattern`, bounds, `const`) and add a note longer than they are.
 */
function isLeafSchema(schema: unknown): boolean {
  if (!isJsonObject(schema)) return typeof schema === "boolean";
  for (const keyword in schema) {
    if (!Object.hasOwn(schema, keyword) || keyword.startsWith("x-")) continue;
    if (isReferenceKeyword(keyword)) return false;
    const holds = keywordRule(keyword)?.holds;
    if (holds !== undefined && holds !== "value" && holds !== "omitted") return false;
  }
  return true;
}

/** Most `$ref`s stand alone: checking that costs no array, unlike listing the siblings. */
function hasKeywordBesides(schema: JsonSchema, reference: string): boolean {
  for (const keyword in schema) if (keyword !== reference && Object.hasOwn(schema, keyword)) return true;
  return false;
}

function siblingsOf(schema: JsonSchema, reference: string): JsonSchema {
  const { [reference]: _reference, ...siblings } = schema;
  return siblings;
}

function asObject(value: unknown): JsonSchema {
  return isJsonObject(value) ? value : {};
}

/**
 * Expands a ref's target, reusing or recording a cached expansion when there is a cache and the target is in the
 * document (the expansion of an external one is the caller's resolver's, which may differ between calls).
 */
function expandTarget(located: ResolvedRef, context: ExpansionContext, state: PathState): unknown {
  const { key, target } = located;
  const inner: PathState = {
    refs: [...state.refs, key],
    pointer: state.pointer,
    nesting: state.nesting + 1,
    scope: located.scope,
  };
  const cache = context.cache;
  try {
    if (cache === undefined || located.external === true) return expand(target, context, inner);
    const variant = (context.maxDepth - state.refs.length) * 2 + (context.omitReadOnly ? 1 : 0);
    return expandCached(cache, key, variant, context, state, () => expand(target, context, inner));
  } catch (error) {
    // A Swagger 2.0 author wrote `#/definitions/Pet` where the upgraded document has `#/components/schemas/Pet`.
    throw placeInDocument(
      error,
      located.external === true ? undefined : writtenRef(context.document, key),
      state.pointer,
    );
  }
}

interface ResolvedRef extends SchemaRefTarget {
  /** Found by the caller's `resolveExternalRef`, not in the document. */
  external?: true;
}

function resolveRef(ref: string, keyword: ReferenceKeyword, context: ExpansionContext, state: PathState): ResolvedRef {
  const { pointer, scope } = state;
  const local =
    keyword === "$ref"
      ? context.refs.resolve(ref, scope, pointer)
      : keyword === "$dynamicRef"
        ? context.refs.resolveDynamic(ref, scope, pointer)
        : context.refs.resolveRecursive(ref, scope, pointer);
  if (local !== undefined) {
    if (local.target === context.document && !context.documentIsSchema) throw documentRefRefused(ref, keyword, pointer);
    return local;
  }
  if (context.resolveExternalRef === undefined) {
    throw new ActionRecallError(
      "EXTERNAL_REF_REFUSED",
      `External ${keyword} "${ref}" at ${pointer} is refused: only references to the document itself ("#/...", or the $id of one of its schemas) are resolved`,
      { data: { pointer, ref } },
    );
  }
  const target = context.resolveExternalRef(ref);
  return { key: ref, target, scope, dependsOnScope: false, external: true };
}

function documentRefRefused(ref: string, keyword: string, pointer: string): ActionRecallError {
  return new ActionRecallError(
    "INVALID_DOCUMENT",
    `The ${keyword} "${ref}" at ${pointer} names the whole document, which is not a schema; a schema that contains itself refers to its own place (such as "#/components/schemas/Node")`,
    { data: { pointer, ref } },
  );
}

/**
 * A schema without a `$ref`: its keywords expanded, unless it has an `$id`, a `$dynamicRef` or a `$recursiveRef` to
 * see to first.
 */
function expandKeywords(schema: JsonSchema, context: ExpansionContext, state: PathState): unknown {
  const keywords = Object.keys(schema);
  if (needsIdentifying(keywords)) return expandIdentified(schema, context, state);
  return expandObject(schema, context, state, keywords);
}

/** Whether the keywords hold an `$id`, a `$dynamicRef` or a `$recursiveRef`: one pass, for every schema expanded. */
function needsIdentifying(keywords: readonly string[]): boolean {
  for (const keyword of keywords) {
    if (keyword === "$id" || keyword === "$dynamicRef" || keyword === "$recursiveRef") return true;
  }
  return false;
}

function expandObject(
  schema: JsonSchema,
  context: ExpansionContext,
  state: PathState,
  keywords = Object.keys(schema),
): JsonSchema {
  const result: JsonSchema = {};
  const omitted: string[] = [];
  const nesting = state.nesting + 1;
  for (const keyword of keywords) {
    // Vendor extensions (`x-*`) are for code generators and gateways, not the model, and their values are not schemas:
    // a `$ref` inside one (`x-enum-reference`) would be left pointing into a document the tool does not carry.
    if (keyword.startsWith("x-")) continue;
    const value = schema[keyword];
    const rule = keywordRule(keyword);
    if (rule === undefined) {
      setOwnProperty(result, keyword, copyKeywordValue(value, state.pointer, keyword));
      continue;
    }
    if (rule.holds === "omitted") continue;
    if (!acceptsValue(rule.check, value)) {
      const message = `${shortJson(value)} is not ${rule.expected}: dropped`;
      context.conflicts.push({ pointer: state.pointer, keyword, message });
      continue;
    }
    if (rule.holds === "value") {
      setOwnProperty(result, keyword, copyKeywordValue(value, state.pointer, keyword));
      continue;
    }
    const pointer = appendJsonPointer(state.pointer, keyword);
    const inner: PathState = { refs: state.refs, pointer, nesting, scope: state.scope };
    if (rule.holds === "schema-map") {
      setOwnProperty(result, keyword, expandSchemaMap(keyword, value as JsonSchema, context, inner, omitted));
    } else if (rule.holds === "dependencies") {
      setOwnProperty(result, keyword, expandDependencies(value as JsonSchema, context, inner));
    } else if (Array.isArray(value)) {
      const list = value.map((item, index) =>
        expand(item, context, { refs: state.refs, pointer: `${pointer}/${index}`, nesting, scope: state.scope }),
      );
      setOwnProperty(result, keyword, list);
    } else {
      setOwnProperty(result, keyword, expand(value, context, inner));
    }
  }
  repairKeywords(result, state.pointer, context.conflicts);
  if (context.omitReadOnly && Array.isArray(result.allOf)) {
    for (const branch of result.allOf) omitted.push(...omittedReadOnlyOf(branch));
  }
  const merged = mergeAllOf(result, state.pointer, context.conflicts);
  // After the merge, where a branch's `items` may have come in: `merged` is this call's own object either way.
  addMissingItems(merged);
  if (context.cache !== undefined && openAiRefusesSchema(merged)) context.cache.metSchemaOpenAiRefuses = true;
  const expanded = applyNullable(merged, schema.nullable === true);
  if (omitted.length > 0) leaveOutOfRequired(expanded, omitted);
  return expanded;
}

/**
 * The subschemas of `properties`, `patternProperties` or `dependentSchemas`, expanded by name. A `readOnly` property
 * is left out of a request body (its name is added to `omitted`); a `patternProperties` key must be a regular
 * expression Ajv accepts.
 */
function expandSchemaMap(
  keyword: string,
  schemas: JsonSchema,
  context: ExpansionContext,
  state: PathState,
  omitted: string[],
): JsonSchema {
  const map: JsonSchema = {};
  for (const name of Object.keys(schemas)) {
    const pointer = appendJsonPointer(state.pointer, name);
    const key = keyword === "patternProperties" ? patternPropertyKey(name, pointer, context.conflicts) : name;
    if (key === undefined) continue;
    const expanded = expand(schemas[name], context, { ...state, pointer });
    if (keyword === "properties" && context.omitReadOnly && isJsonObject(expanded) && expanded.readOnly === true) {
      omitted.push(name);
      continue;
    }
    setOwnProperty(map, key, expanded);
  }
  return map;
}

/**
 * Draft-07's `dependencies`: each entry is either a schema (expanded like any other) or the names of properties the
 * entry's property requires (kept). An entry that is neither is dropped and reported.
 */
function expandDependencies(dependencies: JsonSchema, context: ExpansionContext, state: PathState): JsonSchema {
  const result: JsonSchema = {};
  for (const name of Object.keys(dependencies)) {
    const entry = dependencies[name];
    const pointer = appendJsonPointer(state.pointer, name);
    if (Array.isArray(entry) && areAllStrings(entry)) {
      setOwnProperty(result, name, [...entry]);
    } else if (isJsonObject(entry) || typeof entry === "boolean") {
      setOwnProperty(result, name, expand(entry, context, { ...state, pointer }));
    } else {
      const message = `${shortJson(entry)} is neither a schema nor a list of property names: dropped`;
      context.conflicts.push({ pointer, keyword: "dependencies", message });
    }
  }
  return result;
}

/**
 * A `patternProperties` key as a regular expression with the `u` flag (which Ajv uses): needless escapes removed
 * when that makes it one (see `repairKeywords`), or undefined when it is none, and the entry is dropped. Either is
 * reported.
 */
function patternPropertyKey(pattern: string, pointer: string, conflicts: SchemaConflict[]): string | undefined {
  const repaired = asUnicodeRegExp(pattern);
  if (repaired === pattern) return pattern;
  const message =
    repaired === undefined
      ? "not an ECMA-262 regular expression: the entry is dropped"
      : `needless escapes of punctuation removed: the u flag refuses them (${JSON.stringify(repaired)})`;
  conflicts.push({ pointer, keyword: "patternProperties", message });
  return repaired;
}
