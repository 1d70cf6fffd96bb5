import type { OperationSpec, ParameterLocation, ParameterSpec } from "../openapi/operation-spec.js";

/**
 * The operation's parameter with this name at this location. Header names match case-insensitively, as HTTP says;
 * the others match exactly. The first one listed wins, as a scan would find it.
 */
export function findParameter(
  operation: OperationSpec | undefined,
  location: ParameterLocation,
  name: string,
): ParameterSpec | undefined {
  if (operation === undefined) return undefined;
  const { parameters } = operation;
  if (parameters.length > SCANNED_PARAMETERS) return indexOf(parameters).get(keyOf(location, name));
  const wanted = location === "header" ? name.toLowerCase() : name;
  return parameters.find(
    (parameter) =>
      parameter.in === location && (location === "header" ? parameter.name.toLowerCase() : parameter.name) === wanted,
  );
}

/** Lists up to this long are scanned: cheaper than building and hashing a key, for the few parameters most have. */
const SCANNED_PARAMETERS = 32;

/** Every parameter name at one location, for "did you mean" hints. */
export function parameterNames(operation: OperationSpec, location: ParameterLocation): string[] {
  return operation.parameters.filter((parameter) => parameter.in === location).map((parameter) => parameter.name);
}

/**
 * The parameters by location and name, built once per long parameter list: a request's every argument is looked up,
 * and a scan per argument made an operation of 16,000 parameters (a hostile document) take 2 s a request. A list that
 * grew or shrank since is indexed again.
 */
function indexOf(parameters: readonly ParameterSpec[]): ReadonlyMap<string, ParameterSpec> {
  const cached = indexes.get(parameters);
  if (cached !== undefined && cached.size === parameters.length) return cached.index;
  const index = new Map<string, ParameterSpec>();
  for (const parameter of parameters) {
    const key = keyOf(parameter.in, parameter.name);
    if (!index.has(key)) index.set(key, parameter);
  }
  indexes.set(parameters, { index, size: parameters.length });
  return index;
}

const indexes = new WeakMap<readonly ParameterSpec[], { index: ReadonlyMap<string, ParameterSpec>; size: number }>();

function keyOf(location: ParameterLocation, name: string): string {
  return `${location}\u0000${location === "header" ? name.toLowerCase() : name}`;
}
