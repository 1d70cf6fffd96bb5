import type { OperationSpec, ParameterLocation, ParameterSpec } from "../openapi/operation-spec.js";

/**
 * The operation's parameter with this name at this location. Header names match case-insensitively, as HTTP says;
 * the others match exactly.
 */
export function findParameter(
  operation: OperationSpec | undefined,
  location: ParameterLocation,
  name: string,
): ParameterSpec | undefined {
  if (operation === undefined) return undefined;
  const wanted = location === "header" ? name.toLowerCase() : name;
  return operation.parameters.find(
    (parameter) =>
      parameter.in === location && (location === "header" ? parameter.name.toLowerCase() : parameter.name) === wanted,
  );
}

/** Every parameter name at one location, for "did you mean" hints. */
export function parameterNames(operation: OperationSpec, location: ParameterLocation): string[] {
  return operation.parameters.filter((parameter) => parameter.in === location).map((parameter) => parameter.name);
}
