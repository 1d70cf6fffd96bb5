import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { resolveJsonPointer } from "../openapi/json-pointer.js";
import { isOperationSpec, OPERATION_EXPECTED, type OperationSpec } from "../openapi/operation-spec.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import type { FixedParams } from "../schema/tool-definition.js";

/** Fixed parameters placed where the operation takes them, and the names it does not know. */
export interface LocatedFixedParams {
  /** `{header: {"x-account-id": "..."}, body: {props: {data_source: ...}}}`. */
  byLocation: FixedParams;
  /** Names neither a parameter nor a body property (dotted path) of the operation; reported, never dropped silently. */
  unlocated: string[];
}

type SchemaObject = Record<string, unknown>;

/** Follows `$ref`s (a bounded number of hops, so a ref loop cannot hang) to the schema they name. */
function dereference(schema: unknown, document: unknown): SchemaObject | undefined {
  let current = schema;
  for (let hops = 0; hops < 32 && isJsonObject(current) && typeof current.$ref === "string"; hops += 1) {
    try {
      current = resolveJsonPointer(document, current.$ref);
    } catch {
      return undefined;
    }
  }
  return isJsonObject(current) ? current : undefined;
}

/** True when the body schema has a property at the dotted path (through `$ref` and `allOf`), or is free-form there. */
function bodyHasPath(schema: unknown, segments: readonly string[], document: unknown): boolean {
  const resolved = dereference(schema, document);
  if (resolved === undefined) return false;
  const [first, ...rest] = segments;
  if (first === undefined) return true;
  const properties = resolved.properties;
  if (isJsonObject(properties) && Object.hasOwn(properties, first))
    return bodyHasPath(properties[first], rest, document);
  const branches = [resolved.allOf, resolved.anyOf, resolved.oneOf].filter(Array.isArray).flat();
  if (branches.some((branch) => bodyHasPath(branch, segments, document))) return true;
  // An object schema that names no properties takes any key: the value can go there.
  return (
    !isJsonObject(properties) &&
    branches.length === 0 &&
    (resolved.type === "object" || isJsonObject(resolved.additionalProperties))
  );
}

function setDotted(target: Record<string, unknown>, segments: readonly string[], value: unknown): boolean {
  const [first, ...rest] = segments;
  if (first === undefined) return false;
  if (rest.length === 0) {
    setOwnProperty(target, first, value);
    return true;
  }
  const existing = Object.hasOwn(target, first) ? target[first] : undefined;
  if (existing !== undefined && !isJsonObject(existing)) return false;
  const child = existing ?? {};
  setOwnProperty(target, first, child);
  return setDotted(child as Record<string, unknown>, rest, value);
}

/**
 * The parameter conversion hook the seed leaves as TODO: places each fixed parameter (`actions[0].parameters`) where
 * the operation takes it. A name that is a parameter goes to its location (`header`, `path`, `query`, `cookie`; header
 * names match case-insensitively); otherwise a dotted name (`props.data_source`) that the request body schema has goes
 * into nested body objects; anything else is reported in `unlocated`.
 *
 * @example
 * locateFixedParams({ "x-account-id": "a", "props.kind": "b" }, operation)
 * // { byLocation: { header: { "x-account-id": "a" }, body: { props: { kind: "b" } } }, unlocated: [] }
 */
export function locateFixedParams(
  fixed: Readonly<Record<string, unknown>>,
  operation: OperationSpec,
): LocatedFixedParams {
  checkObjectArgument("locateFixedParams", "fixed", fixed);
  if (!isOperationSpec(operation)) {
    throw invalidArgumentError("locateFixedParams", "operation", operation, OPERATION_EXPECTED);
  }
  const byLocation: FixedParams = {};
  const unlocated: string[] = [];
  const section = (name: keyof FixedParams): Record<string, unknown> => {
    const existing = byLocation[name];
    if (existing !== undefined) return existing;
    const created: Record<string, unknown> = {};
    byLocation[name] = created;
    return created;
  };
  for (const [name, value] of Object.entries(fixed)) {
    const parameter =
      operation.parameters.find((candidate) => candidate.name === name) ??
      operation.parameters.find(
        (candidate) => candidate.in === "header" && candidate.name.toLowerCase() === name.toLowerCase(),
      );
    if (parameter !== undefined) {
      setOwnProperty(section(parameter.in), parameter.name, value);
      continue;
    }
    const segments = name.split(".");
    const body = operation.requestBody;
    if (
      body !== undefined &&
      segments.every((segment) => segment !== "") &&
      bodyHasPath(body.schema, segments, operation.document) &&
      setDotted(section("body"), segments, value)
    ) {
      continue;
    }
    unlocated.push(name);
  }
  return { byLocation, unlocated };
}
