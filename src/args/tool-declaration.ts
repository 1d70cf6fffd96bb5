import type { JsonSchema } from "../schema/json-schema.js";

/**
 * A tool's full declaration, as a function declaration lists it (seed 002): its name and the JSON Schema of its
 * parameters, flat (`{properties: {input_structure, ...}}`) or layered (`{properties: {query: {...}, body: {...}}}`).
 */
export interface ToolDeclaration {
  name: string;
  description?: string;
  parameters: JsonSchema;
}

/** The sections of a layered tool schema, in request order. */
export const ARGUMENT_SECTIONS: readonly string[] = ["header", "path", "query", "cookie", "body"];

/** True when the schema's top-level properties are only request sections (`header`, `path`, `query`, `cookie`, `body`). */
export function isLayeredSchema(schema: JsonSchema): boolean {
  const properties = schema.properties;
  if (properties === null || typeof properties !== "object") return false;
  const names = Object.keys(properties);
  return names.length > 0 && names.every((name) => ARGUMENT_SECTIONS.includes(name));
}
