import { InvalidArgumentsError } from "../errors/invalid-arguments-error.js";
import { escapeJsonPointerToken } from "../openapi/json-pointer.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import { encodeStrict } from "./encode-uri-component.js";
import { findParameter } from "./find-parameter.js";
import { contentValue, serializePathStyle } from "./serialize-parameter.js";

/**
 * Fills the operation's path template (`/pets/{petId}`) with percent-encoded values (OAS `simple`, `label` or
 * `matrix` style). A value can never add or remove a path segment: `/` is encoded, and a value that would make a
 * whole segment `.` or `..` is refused, because every URL parser (WHATWG `new URL`, undici, proxies) resolves such a
 * segment, `%2E%2E` included, and the request would reach another path.
 */
export function expandPathTemplate(operation: OperationSpec, values: Record<string, unknown>): string {
  const template = operation.path.startsWith("/") ? operation.path : `/${operation.path}`;
  const missing: string[] = [];
  const path = template.replace(/\{([^{}]+)\}/g, (_placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null) {
      missing.push(name);
      return "";
    }
    const parameter = findParameter(operation, "path", name);
    const text = serializePathStyle({
      name,
      value: contentValue(parameter, value),
      style: parameter?.style ?? "simple",
      explode: parameter?.explode ?? false,
      encode: (item) => encodeStrict(item, `path.${name}`),
    });
    if (text === "" || text === "." || text === "..") throw invalidPathValue(operation, name, text);
    return text;
  });
  if (missing.length > 0) {
    throw new InvalidArgumentsError(
      `${operation.id} needs ${missing.map((name) => `path.${name}`).join(", ")}`,
      missing.map((name) => ({
        instancePath: "/path",
        schemaPath: "#/properties/path/required",
        keyword: "required",
        params: { missingProperty: name },
        message: `must have required property '${name}'`,
        location: `path.${name}`,
      })),
      { operation: operation.id },
    );
  }
  assertSameSegments(operation, template, path);
  return path;
}

/** Values side by side (`{a}{b}` given `.` and `.`) could still form a dot segment; the segments must line up. */
function assertSameSegments(operation: OperationSpec, template: string, path: string): void {
  const templateSegments = template.split("/");
  path.split("/").forEach((segment, index) => {
    if ((segment === "." || segment === "..") && templateSegments[index] !== segment) {
      throw invalidPathValue(operation, templateSegments[index] ?? segment, segment);
    }
  });
}

function invalidPathValue(operation: OperationSpec, name: string, text: string): InvalidArgumentsError {
  const reason = text === "" ? "must not be empty" : `must not be "${text}": it would change the path`;
  return new InvalidArgumentsError(
    `path.${name} of ${operation.id} ${reason}`,
    [
      {
        instancePath: `/path/${escapeJsonPointerToken(name)}`,
        schemaPath: "#/properties/path",
        keyword: "pathSegment",
        params: { value: text },
        message: reason,
        location: `path.${name}`,
      },
    ],
    { operation: operation.id },
  );
}
