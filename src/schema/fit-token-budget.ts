import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { appendJsonPointer } from "../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import type { DialectChange, PrunedSchema } from "./conversion-report.js";
import { BUDGET_CUT_ONE_IN, countJsonTokens, type TokenCountMemo } from "./count-json-tokens.js";
import { toDialect } from "./dialects/to-dialect.js";
import { jsonBytesBound } from "./json-bytes-bound.js";
import type { JsonSchema } from "./json-schema.js";
import { fitsTokenBudget, type ToolSize, toolSize } from "./measure-tool-size.js";
import { shortFormType } from "./prune-schema.js";
import { addMissingItems } from "./repair-keywords.js";
import { subschemaHolding } from "./schema-keywords.js";
import { sliceWholeCharacters } from "./slice-whole-characters.js";
import type { Dialect, ToolDefinition } from "./tool-definition.js";

/** The default per-tool token budget (o200k). */
export const DEFAULT_MAX_TOKENS = 8000;

const BUDGET_NOTE_SUFFIX = "(detail cut to fit the token budget)";

/** Options of {@link fitTokenBudget}. */
export interface FitTokenBudgetOptions {
  dialect: Dialect;
  /** Default {@link DEFAULT_MAX_TOKENS}. */
  maxTokens?: number | undefined;
  /**
   * Schema levels never cut: 2 for a layered schema (root, sections, top-level parameters), 1 for a flat one.
   * Their schemas may be shortened, never removed.
   */
  keptLevels: number;
  /** Token counts shared by the tools of one conversion (see `countJsonTokens`). */
  tokenCounts?: TokenCountMemo | undefined;
  /** True when the schema already meets OpenAI's schema rules (see `toDialect`'s options). */
  meetsOpenAiSchemaRules?: boolean | undefined;
}

/** The tool written in its dialect, fitted to the budget, with its size and what was cut. */
export interface FittedTool {
  definition: ToolDefinition;
  tool: unknown;
  changes: DialectChange[];
  pruned: PrunedSchema[];
  /** Characters and tokens, measured when first read (see `measureToolSize`). */
  size: ToolSize;
}

/**
 * Writes a tool in its dialect and, when it is over the token budget, cuts its deepest schema levels (each schema at
 * the cut keeps its type, title, description and enum, and an object keeps its required properties in that short
 * form, and theirs): first the deepest level alone, then one more level at a time, up to the top-level parameters,
 * until it fits. Top-level parameters and required properties are never dropped. When even the tool cut down to its
 * top-level parameters does not fit (AWS's `RunInstances` documents dozens of parameters at length), its longest
 * descriptions are shortened, all to the same length, the longest that fits. When the tool does not fit even without
 * its schemas' descriptions, nothing more can be cut: that throws `BUDGET_EXCEEDED` with its exact token count then
 * (the smallest budget the tool needs).
 *
 * @example
 * const fitted = fitTokenBudget(definition, { dialect: "openai", maxTokens: 2000, keptLevels: 2 });
 */
export function fitTokenBudget(definition: ToolDefinition, options: FitTokenBudgetOptions): FittedTool {
  checkObjectArgument("fitTokenBudget", "definition", definition);
  checkObjectArgument("fitTokenBudget", "options", options);
  const budget: Budget = {
    dialect: options.dialect,
    maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    tokenCounts: options.tokenCounts ?? new Map<string, number>(),
    meetsOpenAiSchemaRules: options.meetsOpenAiSchemaRules,
  };
  const whole = writeWithinBudget(definition, [], budget);
  if (whole.fitted !== undefined) return whole.fitted;
  // Cutting at level L shortens the schemas at level L and removes every level below: the deepest cut is at the level
  // just above the bottom one. Most tools fit as they are, so the levels are counted only once a cut is needed.
  const deepestCut = schemaLevels(definition.parameters) - 2;
  if (deepestCut < options.keptLevels) return fitByShortDescriptions(definition, [], budget);
  const [topDefinition, topPruned] = cutFrom(definition, options.keptLevels);
  const topLevel = writeWithinBudget(topDefinition, topPruned, budget);
  if (topLevel.fitted === undefined) return fitByShortDescriptions(topDefinition, topPruned, budget);
  for (let level = deepestCut; level > options.keptLevels; level -= 1) {
    const attempt = writeWithinBudget(...cutFrom(definition, level), budget);
    if (attempt.fitted !== undefined) return attempt.fitted;
  }
  return topLevel.fitted;
}

/**
 * The tool with every schema description longer than some length shortened to it, for the longest length that fits
 * (found by bisection: the tools that get here have dozens of long descriptions). Shorter descriptions stay whole, so
 * the short ones that say most per token are kept. Throws `BUDGET_EXCEEDED` when the tool does not fit even without
 * descriptions.
 */
function fitByShortDescriptions(definition: ToolDefinition, pruned: PrunedSchema[], budget: Budget): FittedTool {
  const attempt = (maxLength: number) => {
    const shortened = [...pruned];
    const parameters = shortenDescriptions(definition.parameters, maxLength, "#", shortened);
    return writeWithinBudget({ ...definition, parameters }, shortened, budget);
  };
  const bare = attempt(0);
  if (bare.fitted === undefined) throw budgetExceeded(definition, bare.json, budget);
  let fitted = bare.fitted;
  // Invariant: descriptions of `fits` characters fit, of `over` do not (the longest, kept whole, did not).
  let fits = 0;
  let over = longestDescription(definition.parameters);
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    const result = attempt(middle);
    if (result.fitted === undefined) {
      over = middle;
    } else {
      fits = middle;
      fitted = result.fitted;
    }
  }
  return fitted;
}

/** What every attempt to fit one tool shares. */
interface Budget {
  dialect: Dialect;
  maxTokens: number;
  tokenCounts: TokenCountMemo;
  meetsOpenAiSchemaRules: boolean | undefined;
}

/** The tool written in its dialect, when it fits the budget; its JSON when it does not. */
function writeWithinBudget(
  definition: ToolDefinition,
  pruned: PrunedSchema[],
  budget: Budget,
): { fitted: FittedTool; json?: undefined } | { fitted?: undefined; json: string } {
  const { tool, changes } = toDialect(definition, budget.dialect, budget);
  // Most tools are proved to fit by a bound of their bytes; only the others are written and counted.
  if (jsonBytesBound(tool, budget.maxTokens) <= budget.maxTokens) {
    return { fitted: { definition, tool, changes, pruned, size: toolSize(tool, budget.tokenCounts) } };
  }
  const json = JSON.stringify(tool) ?? "";
  if (!fitsTokenBudget(json, budget.maxTokens, budget.tokenCounts)) return { json };
  return { fitted: { definition, tool, changes, pruned, size: toolSize(tool, budget.tokenCounts, json) } };
}

/** The definition with every schema at `level` shortened and everything below removed, and what that cut. */
function cutFrom(definition: ToolDefinition, level: number): [ToolDefinition, PrunedSchema[]] {
  const pruned: PrunedSchema[] = [];
  return [{ ...definition, parameters: cutBelow(definition.parameters, level, "#", 0, pruned) }, pruned];
}

function budgetExceeded(definition: ToolDefinition, json: string, budget: Budget): ActionRecallError {
  // The budget check stopped counting once the count was over; counting to the end finds its parts in the memo.
  const tokens = countJsonTokens(json, budget.tokenCounts, BUDGET_CUT_ONE_IN);
  return new ActionRecallError(
    "BUDGET_EXCEEDED",
    `The tool "${definition.name}" needs ${tokens} tokens even with every nested schema cut and no descriptions in its schema; the budget is ${budget.maxTokens}, and a budget (maxTokens) of ${tokens} or more converts it`,
    { data: { tokens, maxTokens: budget.maxTokens } },
  );
}

/** How many schema levels a schema has (a schema without subschemas has one). */
function schemaLevels(schema: unknown): number {
  let deepest = 0;
  forEachSubschema(schema, (child) => {
    deepest = Math.max(deepest, schemaLevels(child));
  });
  return deepest + 1;
}

/** The schema with every subschema at `level` shortened, so nothing below it remains. */
function cutBelow(
  schema: unknown,
  level: number,
  pointer: string,
  current: number,
  pruned: PrunedSchema[],
): JsonSchema {
  if (!isJsonObject(schema)) return {};
  if (current === level) return shorten(schema, pointer, pruned);
  return mapSubschemas(schema, pointer, (inner, at) => cutBelow(inner, level, at, current + 1, pruned));
}

/**
 * The schema with every description longer than `maxLength` shortened to it (removed at 0), each one noted. The note
 * of a cut schema is kept whole after its shortened text: it says why the schema has no detail.
 */
function shortenDescriptions(
  schema: JsonSchema,
  maxLength: number,
  pointer: string,
  pruned: PrunedSchema[],
): JsonSchema {
  const [text, note] = splitBudgetNote(schema.description);
  const isLong = text.length > maxLength;
  if (isLong) pruned.push({ pointer: appendJsonPointer(pointer, "description"), reason: "budget" });
  const result = mapSubschemas(schema, pointer, (inner, at) =>
    isJsonObject(inner) ? shortenDescriptions(inner, maxLength, at, pruned) : inner,
  );
  if (!isLong) return result;
  const description = [maxLength === 0 ? "" : shortText(text, maxLength), note].filter(Boolean).join(" ");
  if (description === "") delete result.description;
  else result.description = description;
  return result;
}

/** A description's own text, and the note that a cut schema's description ends with ("" for either it lacks). */
function splitBudgetNote(description: unknown): [text: string, note: string] {
  if (typeof description !== "string") return ["", ""];
  if (!description.endsWith(BUDGET_NOTE_SUFFIX)) return [description, ""];
  return [description.slice(0, -BUDGET_NOTE_SUFFIX.length).trimEnd(), BUDGET_NOTE_SUFFIX];
}

/** `text` cut to at most `maxLength` characters ending with `…`, at a space when one is in its second half. */
function shortText(text: string, maxLength: number): string {
  let cut = sliceWholeCharacters(text, maxLength - 1);
  const space = cut.lastIndexOf(" ");
  if (space > maxLength / 2) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** The length of the longest description in the schema and its subschemas, a cut schema's note left out. */
function longestDescription(schema: unknown): number {
  let longest = isJsonObject(schema) ? splitBudgetNote(schema.description)[0].length : 0;
  forEachSubschema(schema, (child) => {
    longest = Math.max(longest, longestDescription(child));
  });
  return longest;
}

/** A copy of `schema` with each of its subschemas replaced by `replace` (given its pointer); other values shared. */
function mapSubschemas(
  schema: JsonSchema,
  pointer: string,
  replace: (inner: unknown, pointer: string) => unknown,
): JsonSchema {
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const at = appendJsonPointer(pointer, keyword);
    const holding = subschemaHolding(keyword, value);
    if (holding === "map") {
      const map: JsonSchema = {};
      for (const [name, inner] of Object.entries(value as JsonSchema)) {
        setOwnProperty(map, name, replace(inner, appendJsonPointer(at, name)));
      }
      setOwnProperty(result, keyword, map);
    } else if (holding === "list") {
      setOwnProperty(
        result,
        keyword,
        (value as unknown[]).map((inner, index) => replace(inner, `${at}/${index}`)),
      );
    } else if (holding === "one") {
      setOwnProperty(result, keyword, replace(value, at));
    } else {
      setOwnProperty(result, keyword, value);
    }
  }
  return result;
}

/**
 * A schema's short form (`type` as {@link shortFormType} says); an object keeps its required properties in their short
 * form, and theirs in turn, so a chain of required objects keeps its required leaf; an array any item. Expanded
 * schemas nest at most `MAX_SCHEMA_NESTING` levels, so the recursion is bounded.
 */
function shorten(schema: JsonSchema, pointer: string, pruned: PrunedSchema[]): JsonSchema {
  let hasDetail = false;
  forEachSubschema(schema, () => {
    hasDetail = true;
  });
  if (!hasDetail) return schema;
  pruned.push({ pointer, reason: "budget" });
  const short: JsonSchema = { type: shortFormType(schema) };
  for (const keyword of ["title", "description", "enum", "format"]) {
    if (Object.hasOwn(schema, keyword)) short[keyword] = schema[keyword];
  }
  addMissingItems(short);
  const description = typeof short.description === "string" ? `${short.description} ` : "";
  short.description = `${description}${BUDGET_NOTE_SUFFIX}`;
  if (Array.isArray(schema.required) && isJsonObject(schema.properties)) {
    const properties: JsonSchema = {};
    for (const name of schema.required) {
      if (typeof name !== "string" || !Object.hasOwn(schema.properties, name)) continue;
      const property = schema.properties[name];
      const at = appendJsonPointer(pointer, "properties", name);
      setOwnProperty(properties, name, isJsonObject(property) ? shorten(property, at, pruned) : property);
    }
    short.properties = properties;
    short.required = schema.required;
  }
  return short;
}

function forEachSubschema(schema: unknown, visit: (child: unknown) => void): void {
  if (!isJsonObject(schema)) return;
  for (const [keyword, value] of Object.entries(schema)) {
    const holding = subschemaHolding(keyword, value);
    if (holding === "map") Object.values(value as JsonSchema).forEach(visit);
    else if (holding === "list") (value as unknown[]).forEach(visit);
    else if (holding === "one") visit(value);
  }
}
