import { SECTION_ORDER } from "./build-layered-schema.js";
import type { JsonSchema } from "./json-schema.js";

const SECTIONS: ReadonlySet<string> = new Set(SECTION_ORDER);

/**
 * True when a schema is a layered tool schema (seed 000): its top-level properties are only request sections
 * (`header`, `path`, `query`, `cookie`, `body`).
 */
export function isLayeredSchema(schema: JsonSchema): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const properties = schema.properties;
  if (properties === null || typeof properties !== "object") return false;
  const names = Object.keys(properties);
  return names.length > 0 && names.every((name) => SECTIONS.has(name));
}
