import { closestName } from "../errors/closest-name.js";
import { ActionRecallError } from "../errors/index.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { isLayeredSchema } from "../schema/is-layered-schema.js";

const PARAMETER_SECTIONS = ["header", "path", "query", "cookie"] as const;

/**
 * Throws UNKNOWN_PARAMETER when a model's arguments for a proxied tool write a header, path, query or cookie parameter
 * its layered schema does not declare. The tool-box proxy sends what it is given: an invented `Authorization`, or a
 * header the API trusts, would reach the API. `buildRequest` refuses the same for a converted operation. A section
 * whose schema admits other members (`additionalProperties` set and not false) is taken at its word.
 *
 * @example
 * assertDeclaredParameters(tool.parameters, { header: { "X-Admin": "1" } }, tool.name); // throws UNKNOWN_PARAMETER
 */
export function assertDeclaredParameters(
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
  toolName: string,
): void {
  if (!isLayeredSchema(schema) || !isJsonObject(schema.properties)) return;
  for (const section of PARAMETER_SECTIONS) {
    const written = args[section];
    const declared = schema.properties[section];
    if (!isJsonObject(written)) continue;
    const declaredNames =
      isJsonObject(declared) && isJsonObject(declared.properties) ? Object.keys(declared.properties) : [];
    if (
      isJsonObject(declared) &&
      declared.additionalProperties !== undefined &&
      declared.additionalProperties !== false
    )
      continue;
    // Header names match in any case, as HTTP says; the others exactly. A set, not a scan for each name written: a
    // tool of thousands of parameters must not make checking its arguments quadratic.
    const declaredSet = new Set(section === "header" ? declaredNames.map((name) => name.toLowerCase()) : declaredNames);
    for (const name of Object.keys(written)) {
      if (declaredSet.has(section === "header" ? name.toLowerCase() : name)) continue;
      const suggestion = closestName(name, declaredNames);
      const hint = suggestion === undefined ? "" : `; did you mean "${section}.${suggestion}"?`;
      throw new ActionRecallError(
        "UNKNOWN_PARAMETER",
        `"${section}.${name}" is not a ${section} parameter of ${toolName}${hint}`,
        { data: { parameter: `${section}.${name}`, operation: toolName } },
      );
    }
  }
}
