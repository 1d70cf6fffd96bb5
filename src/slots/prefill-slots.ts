import { appendJsonPointer, parseJsonPointer } from "../openapi/json-pointer.js";
import { getOwnProperty, isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { resolveLocalRef } from "./resolve-local-ref.js";
import type { SlotHistoryStep, SlotSource, SlotSources } from "./slot-sources.js";

/** Options of {@link prefillSlots}. */
export interface PrefillSlotsOptions {
  schema: JsonSchema;
  data: Record<string, unknown>;
  history: readonly SlotHistoryStep[];
}

/** What {@link prefillSlots} returns. */
export interface PrefilledSlots {
  data: Record<string, unknown>;
  sources: SlotSources;
}

interface Context {
  root: JsonSchema;
  history: readonly SlotHistoryStep[];
  sources: SlotSources;
}

/**
 * Fills what needs no model, for every declared field that has no value yet: a constant (`const`, or an `enum` of one
 * value), else the default, else an earlier step's output that has the field, by its pointer or by its exact name
 * (the latest step first, and only when the value has the declared type).
 */
export function prefillSlots(options: PrefillSlotsOptions): PrefilledSlots {
  const context: Context = { root: options.schema, history: options.history, sources: {} };
  const data = structuredClone(options.data);
  fillObject(data, options.schema, "", context);
  return { data, sources: context.sources };
}

/** Fills one object's members in place; returns whether anything was written. */
function fillObject(
  target: Record<string, unknown>,
  rawSchema: JsonSchema,
  pointer: string,
  context: Context,
): boolean {
  let written = false;
  for (const [name, rawMember] of Object.entries(
    declaredProperties(resolveLocalRef(rawSchema, context.root), context.root),
  )) {
    const member = resolveLocalRef(rawMember, context.root);
    const memberPointer = appendJsonPointer(pointer, name);
    const current = getOwnProperty(target, name);
    if (Object.hasOwn(target, name)) {
      if (isJsonObject(current)) written = fillObject(current, member, memberPointer, context) || written;
      continue;
    }
    const found =
      constantOrDefault(member) ??
      (isJsonObject(member.properties) ? undefined : fromHistory(member, memberPointer, name, context));
    if (found !== undefined) {
      setOwnProperty(target, name, structuredClone(found.value));
      context.sources[memberPointer] = found.source;
      written = true;
    } else if (isJsonObject(member.properties)) {
      // An object is filled member by member, and created only when its members bring values.
      const child: Record<string, unknown> = {};
      if (fillObject(child, member, memberPointer, context)) {
        setOwnProperty(target, name, child);
        written = true;
      }
    }
  }
  return written;
}

function constantOrDefault(schema: JsonSchema): { value: unknown; source: SlotSource } | undefined {
  if (Object.hasOwn(schema, "const")) return { value: schema.const, source: "constant" };
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return { value: schema.enum[0], source: "constant" };
  if (Object.hasOwn(schema, "default")) return { value: schema.default, source: "default" };
  return undefined;
}

/** The latest earlier step whose output has the field, at the same pointer or under the same name anywhere. */
function fromHistory(
  schema: JsonSchema,
  pointer: string,
  name: string,
  context: Context,
): { value: unknown; source: SlotSource } | undefined {
  for (let index = context.history.length - 1; index >= 0; index -= 1) {
    const output = context.history[index]?.output;
    const base = `/${index}/output`;
    const atPointer = valueAtPointer(output, pointer);
    if (atPointer.found && hasDeclaredType(atPointer.value, schema)) {
      return { value: atPointer.value, source: `context:${base}${pointer}` };
    }
    const byName = findByName(output, name, base, schema);
    if (byName !== undefined) return byName;
  }
  return undefined;
}

function valueAtPointer(value: unknown, pointer: string): { found: boolean; value?: unknown } {
  let current = value;
  for (const token of parseJsonPointer(pointer)) {
    if (!isJsonObject(current) || !Object.hasOwn(current, token)) return { found: false };
    current = current[token];
  }
  return { found: true, value: current };
}

/** Breadth-first, so the shallowest member of that name wins. */
function findByName(
  output: unknown,
  name: string,
  base: string,
  schema: JsonSchema,
): { value: unknown; source: SlotSource } | undefined {
  const queue: { value: unknown; pointer: string }[] = [{ value: output, pointer: base }];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const { value, pointer } = item;
    if (Array.isArray(value)) {
      for (const [index, element] of value.entries()) {
        queue.push({ value: element, pointer: appendJsonPointer(pointer, String(index)) });
      }
    } else if (isJsonObject(value)) {
      if (Object.hasOwn(value, name) && hasDeclaredType(value[name], schema)) {
        return { value: value[name], source: `context:${appendJsonPointer(pointer, name)}` };
      }
      for (const [key, member] of Object.entries(value))
        queue.push({ value: member, pointer: appendJsonPointer(pointer, key) });
    }
  }
  return undefined;
}

function hasDeclaredType(value: unknown, schema: JsonSchema): boolean {
  if (value === null || value === undefined) return false;
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) return true;
  return types.some((type) => {
    if (type === "integer") return Number.isInteger(value);
    if (type === "array") return Array.isArray(value);
    if (type === "object") return isJsonObject(value);
    return typeof value === type;
  });
}

/** The members declared on the schema and on its `allOf` branches. */
function declaredProperties(schema: JsonSchema, root: JsonSchema): Record<string, JsonSchema> {
  const result: Record<string, JsonSchema> = {};
  const branches = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const branch of branches) {
    if (!isJsonObject(branch)) continue;
    const properties = resolveLocalRef(branch, root).properties;
    if (!isJsonObject(properties)) continue;
    for (const [name, member] of Object.entries(properties)) {
      if (isJsonObject(member) && !Object.hasOwn(result, name)) setOwnProperty(result, name, member);
    }
  }
  return result;
}
