import { closestName } from "../../errors/closest-name.js";
import { NameHints } from "../../errors/name-hints.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import type { CallableTool } from "../callable-tool.js";
import type { ToolCall } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import { followLocalRefs } from "./follow-local-refs.js";
import type { DeclaredParameters } from "./function-tag-calls.js";

/**
 * The tools a parser knows, indexed by function name and by legacy XML tag. `Map`s, so a model naming `__proto__` or
 * `toString` finds nothing.
 */
export interface ToolCatalog {
  byName: ReadonlyMap<string, CallableTool>;
  byTag: ReadonlyMap<string, CallableTool>;
  /** The "did you mean" hints found so far: one catalog is made for each parse. */
  readonly hints: NameHints;
  /** The schemas arguments are typed by, each made when a call of its tool is first typed (see {@link typingSchema}). */
  readonly typingSchemas: Map<CallableTool, unknown>;
  /** The parameters each tool declares, made when first asked for (see {@link declaredParametersOf}). */
  readonly declaredParameters: Map<CallableTool, ReadonlySet<string> | undefined>;
}

/** Indexes `tools` by name and XML tag; the first tool wins a duplicate (the registry refuses duplicates anyway). */
export function createToolCatalog(tools: readonly CallableTool[]): ToolCatalog {
  const byName = new Map<string, CallableTool>();
  const byTag = new Map<string, CallableTool>();
  for (const tool of tools) {
    if (!byName.has(tool.name)) byName.set(tool.name, tool);
    if (tool.xml !== undefined && !byTag.has(tool.xml.tag)) byTag.set(tool.xml.tag, tool);
  }
  return { byName, byTag, hints: new NameHints(), typingSchemas: new Map(), declaredParameters: new Map() };
}

/**
 * The schema `tool`'s arguments are typed by: its parameters with their local `$ref`s followed (see
 * {@link followLocalRefs}), made once per tool and catalog, so a parse that calls a tool a thousand times follows its
 * `$ref`s once, and one that calls none, never.
 */
export function typingSchema(catalog: ToolCatalog, tool: CallableTool): unknown {
  let schema = catalog.typingSchemas.get(tool);
  if (schema === undefined) {
    schema = followLocalRefs(tool.parameters);
    catalog.typingSchemas.set(tool, schema);
  }
  return schema;
}

/** The schema `tool`'s arguments type `parameter` by, by own property only. */
export function parameterSchema(catalog: ToolCatalog, tool: CallableTool, parameter: string): unknown {
  const schema = typingSchema(catalog, tool);
  const properties = isJsonObject(schema) ? schema.properties : undefined;
  return isJsonObject(properties) && Object.hasOwn(properties, parameter) ? properties[parameter] : undefined;
}

/**
 * The parameters each tool of `catalog` declares, for {@link DeclaredParameters}: none for a tool the catalog does not
 * know, or whose schema takes parameters it does not name (no `properties`, or `additionalProperties` allowed).
 */
export function declaredParametersOf(catalog: ToolCatalog | undefined): DeclaredParameters | undefined {
  if (catalog === undefined) return undefined;
  return (toolName) => {
    const tool = catalog.byName.get(toolName);
    return tool === undefined ? undefined : parametersDeclared(catalog, tool);
  };
}

/** The parameters `tool` declares, made once a catalog (see {@link parametersDeclaredBy}). */
function parametersDeclared(catalog: ToolCatalog, tool: CallableTool): ReadonlySet<string> | undefined {
  if (!catalog.declaredParameters.has(tool)) catalog.declaredParameters.set(tool, parametersDeclaredBy(tool));
  return catalog.declaredParameters.get(tool);
}

/** The parameters `tool` declares, when it takes no others. */
function parametersDeclaredBy(tool: CallableTool): ReadonlySet<string> | undefined {
  const { properties, additionalProperties } = tool.parameters;
  if (!isJsonObject(properties) || additionalProperties === true || isJsonObject(additionalProperties))
    return undefined;
  return new Set(Object.keys(properties));
}

/**
 * Reports what the catalog does not know about `call`: an unknown tool, or argument names the tool's schema does not
 * declare (unless it allows additional properties explicitly), each with the closest known name.
 */
export function checkToolCall(call: ToolCall, callIndex: number, catalog: ToolCatalog | undefined): ToolCallError[] {
  if (catalog === undefined) return [];
  const tool = catalog.byName.get(call.name);
  if (tool === undefined) {
    const error: ToolCallError = {
      code: "UNKNOWN_TOOL",
      message: `Unknown tool "${call.name}"`,
      callIndex,
      name: call.name,
    };
    const suggestion = catalog.hints.hint(`\u0000${call.name}`, () => closestName(call.name, catalog.byName.keys()));
    if (suggestion !== undefined) {
      error.suggestion = suggestion;
      error.message += `; did you mean "${suggestion}"?`;
    }
    return [error];
  }
  const declared = parametersDeclared(catalog, tool);
  if (declared === undefined) return [];
  const errors: ToolCallError[] = [];
  for (const parameter of Object.keys(call.arguments)) {
    if (declared.has(parameter)) continue;
    const error: ToolCallError = {
      code: "UNKNOWN_PARAMETER",
      message: `Tool "${call.name}" has no parameter "${parameter}"`,
      callIndex,
      name: call.name,
      parameter,
    };
    const suggestion = catalog.hints.hint(`${call.name}\u0000${parameter}`, () => closestName(parameter, declared));
    if (suggestion !== undefined) {
      error.suggestion = suggestion;
      error.message += `; did you mean "${suggestion}"?`;
    }
    errors.push(error);
  }
  return errors;
}

/** One `INVALID_ARGUMENTS` error per argument the parser could not convert, so none goes unreported. */
export function argumentErrorsOf(call: ToolCall, callIndex: number): ToolCallError[] {
  return (call.argumentErrors ?? []).map((argumentError) => ({
    code: "INVALID_ARGUMENTS",
    message: `Tool "${call.name}", parameter "${argumentError.parameter}": ${argumentError.message}`,
    callIndex,
    name: call.name,
    parameter: argumentError.parameter,
  }));
}
