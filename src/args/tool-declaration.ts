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
