import { ActionRecallError } from "../errors/action-recall-error.js";
import { nestedTooDeepError, notAnObjectError } from "../errors/invalid-arguments-error.js";
import { invalidOptionError } from "../errors/invalid-option-error.js";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { shortPointer } from "../openapi/json-pointer.js";
import { getOwnProperty, isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import { MAX_SCHEMA_NESTING } from "../schema/expansion-limits.js";
import { isLayeredSchema } from "../schema/is-layered-schema.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { ToolDeclaration } from "./tool-declaration.js";

/** Options of {@link completeToolArgs}. */
export interface CompleteToolArgsOptions {
  /** The arguments the model gave (never mutated). */
  toolArgs: Record<string, unknown>;
  /** The tool's full declaration. */
  declaration: ToolDeclaration;
  /** Parameters the runtime supplies itself, skipped at the top level and in each section. */
  systemParams?: readonly string[];
}

/** What {@link completeToolArgs} returns. */
export interface CompletedToolArgs {
  /** The arguments with every missing default added. */
  toolArgs: Record<string, unknown>;
  /** Every parameter with neither a value nor a default, optional ones too (`head`, `query.limit`). */
  missingToolArgs: string[];
  /** The required ones among them. */
  missingRequired: string[];
}

interface Walk {
  missingToolArgs: string[];
  missingRequired: string[];
}

/**
 * Completes a tool call's arguments from the tool's declaration, as seed 002's
 * `update_tool_call_info_with_function_declarations` does: values given are kept, defaults are added (also inside
 * layered sections and nested objects), and parameters with neither are listed as missing. `null` arguments are none;
 * arguments that are not an object throw `INVALID_ARGUMENTS`.
 *
 * @example
 * completeToolArgs({ toolArgs: { a: 1 }, declaration: { name: "t", parameters: { properties: { a: {}, b: { default: 2 } } } } })
 * // { toolArgs: { a: 1, b: 2 }, missingToolArgs: [], missingRequired: [] }
 */
export function completeToolArgs(options: CompleteToolArgsOptions): CompletedToolArgs {
  if (!isJsonObject(options) || !isJsonObject(options.declaration)) {
    const given = isJsonObject(options) ? options.declaration : options;
    throw invalidOptionError("completeToolArgs", "declaration", given, "the tool's declaration, an object");
  }
  const systemParams = options.systemParams ?? ["executor", "storage"];
  const schema: JsonSchema = isJsonObject(options.declaration.parameters) ? options.declaration.parameters : {};
  const toolArgs = argumentsObject(options.toolArgs);
  const walk: Walk = { missingToolArgs: [], missingRequired: [] };
  if (isLayeredSchema(schema)) {
    // Each section is an object of its own; system parameters are skipped inside them, not only at the top.
    completeObject(toolArgs, schema, { prefix: "", required: true, skip: [], walk, onChild: systemParams, nesting: 0 });
  } else {
    completeObject(toolArgs, schema, { prefix: "", required: true, skip: systemParams, walk, nesting: 0 });
  }
  return { toolArgs, ...walk };
}

/**
 * A copy of the model's arguments: none (`null`, as models write for a tool without arguments) is an empty object, and
 * anything else that is not an object is refused with `INVALID_ARGUMENTS`.
 */
function argumentsObject(toolArgs: unknown): Record<string, unknown> {
  if (toolArgs === null || toolArgs === undefined) return {};
  if (!isJsonObject(toolArgs)) throw notAnObjectError("tool_args", toolArgs);
  const deep = findDeepNesting(toolArgs);
  if (deep !== undefined) throw nestedTooDeepError("tool_args", deep, MAX_VALUE_DEPTH);
  return structuredClone(toolArgs);
}

interface ObjectContext {
  /** Dotted path of the object (`""` at the top, `query.` in a section). */
  prefix: string;
  /** Whether the object itself must be there, so its required members count as required. */
  required: boolean;
  /** Names skipped in this object. */
  skip: readonly string[];
  /** Names skipped in this object's direct children (the sections of a layered schema). */
  onChild?: readonly string[];
  /** Object schemas above this one. */
  nesting: number;
  walk: Walk;
}

/** Fills the defaults of one object schema into `target`; returns whether anything was added. */
function completeObject(target: Record<string, unknown>, schema: JsonSchema, context: ObjectContext): boolean {
  if (context.nesting > MAX_SCHEMA_NESTING) {
    throw new ActionRecallError(
      "SCHEMA_TOO_DEEP",
      `The declaration's parameters nest deeper than ${MAX_SCHEMA_NESTING} levels at ${shortPointer(context.prefix)}`,
      { data: { parameter: context.prefix.slice(0, 2000) } },
    );
  }
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  // A set: looking each property up in the list made a declaration of 32,000 required properties take 0.7 s.
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  let added = false;
  for (const [name, property] of Object.entries(properties)) {
    if (context.skip.includes(name) || !isJsonObject(property)) continue;
    const path = context.prefix + name;
    const isRequired = context.required && required.has(name);
    const value = getOwnProperty(target, name);
    const childContext = (childRequired: boolean): ObjectContext => ({
      prefix: `${path}.`,
      required: childRequired,
      skip: context.onChild ?? [],
      nesting: context.nesting + 1,
      walk: context.walk,
    });
    if (Object.hasOwn(target, name)) {
      // A given object may still lack defaults of its own members.
      if (isJsonObject(value) && isJsonObject(property.properties)) completeObject(value, property, childContext(true));
    } else if (Object.hasOwn(property, "default")) {
      setOwnProperty(target, name, structuredClone(property.default));
      added = true;
    } else if (isJsonObject(property.properties)) {
      // An absent object is created only when its members bring defaults; its members without one are missing.
      const child: Record<string, unknown> = {};
      const before = context.walk.missingToolArgs.length;
      if (completeObject(child, property, childContext(isRequired))) {
        setOwnProperty(target, name, child);
        added = true;
      } else if (context.walk.missingToolArgs.length === before) {
        recordMissing(context.walk, path, isRequired);
      }
    } else {
      recordMissing(context.walk, path, isRequired);
    }
  }
  return added;
}

function recordMissing(walk: Walk, path: string, required: boolean): void {
  walk.missingToolArgs.push(path);
  if (required) walk.missingRequired.push(path);
}
