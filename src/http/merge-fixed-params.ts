import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { createRecord, isPlainObject, type LayeredArguments } from "./layered-arguments.js";
import { cookieName } from "./serialize-headers.js";
import { serializePathStyle } from "./serialize-parameter.js";

/**
 * Merges caller-fixed values into model arguments, location by location. Fixed values always win: a model argument
 * with a fixed name is replaced (header names compared case-insensitively, so `X-Account-Id` cannot slip past a fixed
 * `x-account-id`), a cookie the model wrote is dropped when a fixed `Cookie` header sets its name (a fixed cookie
 * wins over a model's `Cookie` header when the headers are written, see `serializeHeaders`), and a fixed body object
 * is merged deeply with the fixed side winning at every level.
 */
export function mergeFixedParams(args: LayeredArguments, fixed: LayeredArguments): LayeredArguments {
  checkLayeredArguments("args", args);
  checkLayeredArguments("fixed", fixed);
  const fixedHeaderNames = new Set(Object.keys(fixed.header).map((name) => name.toLowerCase()));
  const header = createRecord();
  for (const [name, value] of Object.entries(args.header)) {
    if (!fixedHeaderNames.has(name.toLowerCase())) header[name] = value;
  }
  const merged: LayeredArguments = {
    path: Object.assign(createRecord(), args.path, fixed.path),
    query: Object.assign(createRecord(), args.query, fixed.query),
    header: Object.assign(header, fixed.header),
    cookie: Object.assign(createRecord(), withoutNames(args.cookie, fixedHeaderCookieNames(fixed)), fixed.cookie),
  };
  const body = fixed.body === undefined ? args.body : mergeFixedValue(args.body, fixed.body);
  if (body !== undefined) merged.body = body;
  return merged;
}

/**
 * The cookie names a fixed `Cookie` header (any case) sets, read from its text as it is sent (`simple` style);
 * undefined when no fixed header is a `Cookie` (nearly always).
 */
function fixedHeaderCookieNames(fixed: LayeredArguments): Set<string> | undefined {
  let names: Set<string> | undefined;
  for (const name of Object.keys(fixed.header)) {
    const value = fixed.header[name];
    if (name.toLowerCase() !== "cookie" || value === undefined || value === null) continue;
    const text = serializePathStyle({ name, value, style: "simple", explode: false, encode: (item) => item });
    names ??= new Set();
    for (const pair of text.split(";")) names.add(cookieName(pair));
  }
  return names;
}

function withoutNames(
  values: Record<string, unknown>,
  names: ReadonlySet<string> | undefined,
): Record<string, unknown> {
  if (names === undefined) return values;
  const kept = createRecord();
  for (const [name, value] of Object.entries(values)) if (!names.has(name)) kept[name] = value;
  return kept;
}

function mergeFixedValue(value: unknown, fixed: unknown): unknown {
  if (!isPlainObject(value) || !isPlainObject(fixed)) return fixed;
  const merged = Object.assign(createRecord(), value);
  for (const [name, fixedMember] of Object.entries(fixed)) {
    merged[name] = Object.hasOwn(merged, name) ? mergeFixedValue(merged[name], fixedMember) : fixedMember;
  }
  return merged;
}

/** Throws `INVALID_ARGUMENTS` unless `value` is layered arguments: an object of parameter sections, each an object. */
function checkLayeredArguments(parameter: string, value: unknown): void {
  checkObjectArgument("mergeFixedParams", parameter, value);
  for (const section of ["path", "query", "header", "cookie"]) {
    checkObjectArgument("mergeFixedParams", `${parameter}.${section}`, (value as Record<string, unknown>)[section]);
  }
}
