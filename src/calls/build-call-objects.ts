import { buildJsonCall } from "./build-json-call.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import type { JsonCallObject } from "./json-call-objects.js";
import type { ToolCallFormat } from "./tool-call.js";
import type { ToolCatalog } from "./tool-catalog.js";

/**
 * Builds call objects read from `text` as calls of `format`. Each call's text is `text` when it holds one call, else
 * the JSON of the call's own object.
 */
export function buildCallObjects(
  objects: readonly JsonCallObject[],
  text: string,
  format: Extract<ToolCallFormat, "hermes" | "mistral" | "json-text" | "lfm">,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const calls = objects.map((object, offset) => {
    const { id, name, arguments: given } = object;
    const built = buildJsonCall({ id, name, arguments: given, format }, firstCallIndex + offset, catalog);
    return { ...built, text: objects.length === 1 ? text : JSON.stringify(object.written) };
  });
  return { calls, errors: [] };
}
