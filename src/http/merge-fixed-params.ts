import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { createRecord, isPlainObject, type LayeredArguments } from "./layered-arguments.js";

/**
 * Merges caller-fixed values into model arguments, location by location. Fixed values always win: a model argument
 * with a fixed name is replaced (header names compared case-insensitively, so `X-Account-Id` cannot slip past a fixed
 * `x-account-id`), and a fixed body object is merged deeply with the fixed side winning at every level.
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
    cookie: Object.assign(createRecord(), args.cookie, fixed.cookie),
  };
  const body = fixed.body === undefined ? args.body : mergeFixedValue(args.body, fixed.body);
  if (body !== undefined) merged.body = body;
  return merged;
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
