import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { findHeaderName } from "../openapi/http-names.js";
import type { ArgumentSection } from "../openapi/operation-spec.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import { trimmedArray } from "../openapi/trimmed-array.js";
import type { JsonSchema } from "./json-schema.js";
import type { FixedParams } from "./tool-definition.js";

const SECTIONS: readonly ArgumentSection[] = ["header", "path", "query", "cookie", "body"];
const PARAMETER_SECTIONS = SECTIONS.filter((section) => section !== "body");

/** Options of {@link applyFixedValues}. */
export interface ApplyFixedValuesOptions {
  /** Values the caller supplies: flat by name (`{"x-account-id": "a"}`) or by location (`{header: {...}}`). */
  fixed?: Record<string, unknown> | undefined;
  /** Also fix required parameters that allow exactly one value (`const`, one-value `enum`). Default true. */
  fixConstants?: boolean | undefined;
  /** Sections whose required one-value members are fixed. Default: the parameter sections (not `body`). */
  constantSections?: readonly ArgumentSection[];
  /**
   * Header parameters the schema leaves out for callers to set (`ParameterSpec.ignored`, such as `Authorization`): a
   * flat fixed value naming one (in any case) is placed in `header` under the parameter's name.
   */
  callerHeaders?: readonly string[] | undefined;
}

/** The model-facing schema with the fixed values taken out, the values by location, and flat names not found. */
export interface FixedValuesApplied {
  schema: JsonSchema;
  fixed: FixedParams;
  unplaced: string[];
}

/**
 * Takes fixed values out of a layered schema: each is placed at its location (a flat name is looked up among the
 * sections, headers case-insensitively), removed from the section's `properties` and `required`, and returned in
 * `fixed`. A body value that is an object and names nested properties fixes just those. Empty sections disappear,
 * and with them their entry in the top-level `required`. Required parameters with exactly one allowed value are
 * fixed too, unless `fixConstants` is false. Flat names found nowhere are returned in `unplaced`, never dropped
 * silently; a flat name found in two sections, or one parameter given twice (flat and in its section, or a header in
 * two cases), throws `AMBIGUOUS_ARGUMENT`. The schema passed in is not mutated
 * (when nothing is fixed, it is returned as it is).
 *
 * @example
 * applyFixedValues(layered, { fixed: { "x-account-id": "a" } }).fixed; // {header: {"x-account-id": "a"}}
 */
export function applyFixedValues(layered: JsonSchema, options: ApplyFixedValuesOptions = {}): FixedValuesApplied {
  checkObjectArgument("applyFixedValues", "layered", layered);
  checkObjectArgument("applyFixedValues", "options", options, true);
  // Most operations have nothing to fix: they are told apart without the bookkeeping below (a conversion runs this for
  // each of thousands of operations).
  const layeredProperties = isJsonObject(layered.properties) ? layered.properties : {};
  if (!hasAnyKey(options.fixed) && constantsToFix(layeredProperties, options) === undefined) {
    return { schema: layered, fixed: {}, unplaced: [] };
  }
  // Sections are replaced, never edited: `removeProperty` returns a new schema for each one it changes.
  const sections: Record<string, JsonSchema> = {};
  for (const section of SECTIONS) {
    const value = layeredProperties[section];
    if (isJsonObject(value)) sections[section] = value;
  }
  const fixed: FixedParams = {};
  const unplaced: string[] = [];
  const changed: ArgumentSection[] = [];
  // The members taken out of each section, removed all at once at the end: removing each as it was placed copied the
  // section every time, and fixing the 16,000 constants of a hostile operation took 50 s.
  const taken: Partial<Record<ArgumentSection, Set<string>>> = {};
  const find = (section: ArgumentSection, name: string) => {
    const schema = sections[section];
    const found = schema === undefined ? undefined : findProperty(schema, name, section === "header");
    return found === undefined || taken[section]?.has(found) === true ? undefined : found;
  };
  // What the caller fixed, by section and name (header names in lower case), under the name it was placed as: one
  // parameter given twice is ambiguous.
  const given: Partial<Record<ArgumentSection, Map<string, string>>> = {};
  const place = (section: ArgumentSection, name: string, value: unknown) => {
    const values = fixed[section] ?? {};
    fixed[section] = values;
    const schema = sections[section];
    const existing = find(section, name);
    const placed = existing ?? name;
    const key = section === "header" ? placed.toLowerCase() : placed;
    const names = given[section] ?? new Map<string, string>();
    given[section] = names;
    const earlier = names.get(key);
    if (earlier !== undefined) {
      throw new ActionRecallError(
        "AMBIGUOUS_ARGUMENT",
        `The fixed values give ${section}.${earlier} twice (again as "${name}"): give each parameter once`,
        { data: { parameter: `${section}.${earlier}` } },
      );
    }
    names.set(key, placed);
    setOwnProperty(values, placed, value);
    if (schema === undefined || existing === undefined) return;
    if (!changed.includes(section)) changed.push(section);
    // A value that names nested members of an object property takes out just those, at once.
    if (isNestedValue(schema, existing, value)) {
      sections[section] = removeProperty(schema, existing, value);
      return;
    }
    const members = taken[section] ?? new Set<string>();
    members.add(existing);
    taken[section] = members;
  };
  for (const [key, value] of Object.entries(options.fixed ?? {})) {
    if ((SECTIONS as readonly string[]).includes(key) && isJsonObject(value) && !isParameterName(sections, key)) {
      for (const [name, inner] of Object.entries(value)) place(key as ArgumentSection, name, inner);
      continue;
    }
    const found = SECTIONS.filter((candidate) => find(candidate, key) !== undefined);
    if (found.length > 1) {
      throw new ActionRecallError(
        "AMBIGUOUS_ARGUMENT",
        `The fixed value "${key}" matches parameters in ${found.join(" and ")}: give it by location ({"${found[0]}": {...}})`,
        { data: { parameter: key } },
      );
    }
    const [section] = found;
    const callerHeader = section === undefined ? findHeaderName(options.callerHeaders, key) : undefined;
    if (section !== undefined) place(section, key, value);
    else if (callerHeader !== undefined) place("header", callerHeader, value);
    else unplaced.push(key);
  }
  // A constant the caller fixed is not fixed twice.
  for (const { section, name, value } of constantsToFix(sections, options) ?? []) {
    if (given[section]?.has(section === "header" ? name.toLowerCase() : name) !== true) place(section, name, value);
  }
  for (const section of changed) {
    const names = taken[section];
    const schema = sections[section];
    if (names !== undefined && schema !== undefined) sections[section] = withoutProperties(schema, names);
  }
  // Most operations have nothing fixed: the layered schema then stays as it is.
  return { schema: changed.length === 0 ? layered : rebuild(layered, sections, changed), fixed, unplaced };
}

function hasAnyKey(values: Record<string, unknown> | undefined): boolean {
  for (const key in values) if (Object.hasOwn(values, key)) return true;
  return false;
}

/**
 * The required members with exactly one allowed value, in the sections (by name) that `options` fixes constants in;
 * undefined, with nothing allocated, when there are none (most operations).
 */
function constantsToFix(
  sections: Record<string, unknown>,
  options: ApplyFixedValuesOptions,
): Array<{ section: ArgumentSection; name: string; value: unknown }> | undefined {
  if (!(options.fixConstants ?? true)) return undefined;
  let found: Array<{ section: ArgumentSection; name: string; value: unknown }> | undefined;
  for (const section of options.constantSections ?? PARAMETER_SECTIONS) {
    const schema = sections[section];
    if (!isJsonObject(schema) || !Array.isArray(schema.required) || !isJsonObject(schema.properties)) continue;
    for (const name of schema.required) {
      const only = typeof name === "string" ? onlyValue(schema.properties[name]) : undefined;
      if (only === undefined) continue;
      found ??= [];
      found.push({ section, name: name as string, value: only.value });
    }
  }
  return found;
}

/** The one value a schema allows (`const`, or an `enum` of one), if it allows exactly one. */
function onlyValue(schema: unknown): { value: unknown } | undefined {
  if (!isJsonObject(schema)) return undefined;
  if (Object.hasOwn(schema, "const")) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return { value: schema.enum[0] };
  return undefined;
}

function isParameterName(sections: Record<string, JsonSchema>, name: string): boolean {
  return SECTIONS.some((section) => {
    const schema = sections[section];
    return schema !== undefined && section !== "body" && findProperty(schema, name, section === "header") !== undefined;
  });
}

function findProperty(schema: JsonSchema, name: string, ignoreCase: boolean): string | undefined {
  if (!isJsonObject(schema.properties)) return undefined;
  if (Object.hasOwn(schema.properties, name)) return name;
  return ignoreCase ? findHeaderName(Object.keys(schema.properties), name) : undefined;
}

/** Whether `value`, fixed for the property `name` of `schema`, names nested members of it rather than replacing it. */
function isNestedValue(schema: JsonSchema, name: string, value: unknown): boolean {
  const property = (schema.properties as JsonSchema)[name];
  return isJsonObject(value) && isJsonObject(property) && isJsonObject(property.properties);
}

/** The object schema without the properties `names`, in one pass, and without them in `required`. */
function withoutProperties(schema: JsonSchema, names: ReadonlySet<string>): JsonSchema {
  const kept: JsonSchema = {};
  for (const [key, entry] of Object.entries(schema.properties as JsonSchema)) {
    if (!names.has(key)) setOwnProperty(kept, key, entry);
  }
  const result: JsonSchema = { ...schema, properties: kept };
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter((entry) => typeof entry !== "string" || !names.has(entry));
    if (required.length > 0) result.required = required;
    else delete result.required;
  }
  return result;
}

/** The object schema without `name`; when `value` is an object and the property has properties, only those named. */
function removeProperty(schema: JsonSchema, name: string, value: unknown): JsonSchema {
  const properties = schema.properties as JsonSchema;
  const property = properties[name];
  const nested = isNestedValue(schema, name, value);
  const kept: JsonSchema = {};
  for (const [key, entry] of Object.entries(properties)) {
    if (key !== name) setOwnProperty(kept, key, entry);
    else if (nested) {
      let inner = property as JsonSchema;
      for (const [innerName, innerValue] of Object.entries(value as JsonSchema)) {
        if (findProperty(inner, innerName, false) !== undefined) inner = removeProperty(inner, innerName, innerValue);
      }
      setOwnProperty(kept, key, inner);
    }
  }
  const result: JsonSchema = { ...schema, properties: kept };
  const stillThere = Object.hasOwn(kept, name);
  if (Array.isArray(schema.required) && !stillThere) {
    const required = schema.required.filter((entry) => entry !== name);
    if (required.length > 0) result.required = required;
    else delete result.required;
  }
  return result;
}

/** The layered schema with the new sections; a section left without properties goes, with its `required` entry. */
function rebuild(
  layered: JsonSchema,
  sections: Record<string, JsonSchema>,
  changed: readonly ArgumentSection[],
): JsonSchema {
  const properties: JsonSchema = {};
  const required: string[] = [];
  const wasRequired = Array.isArray(layered.required) ? layered.required : [];
  for (const section of SECTIONS) {
    const schema = sections[section];
    if (schema === undefined) continue;
    if (!changed.includes(section)) {
      properties[section] = schema;
      if (wasRequired.includes(section)) required.push(section);
      continue;
    }
    const emptied = isJsonObject(schema.properties) && Object.keys(schema.properties).length === 0;
    if (emptied && schema.additionalProperties === undefined) continue;
    properties[section] = schema;
    const hasRequired = Array.isArray(schema.required) && schema.required.length > 0;
    if (wasRequired.includes(section) && hasRequired) required.push(section);
  }
  const result: JsonSchema = { ...layered, properties };
  if (required.length > 0) result.required = trimmedArray(required);
  else delete result.required;
  return result;
}
