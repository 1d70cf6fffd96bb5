import { buildJsonCall } from "./build-json-call.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import { type JsonCallObject, jsonCallObjects } from "./json-call-objects.js";
import type { ToolCallFormat } from "./tool-call.js";
import type { ToolCatalog } from "./tool-catalog.js";

/**
 * The calls of JSON a reply starts with, when it is nothing but call objects naming known tools (see
 * {@link jsonCallObjects}); undefined when it is anything else, which is then the reply's text. Servers that do not
 * parse a model's calls pass them on so: Ollama's `/v1` for Qwen, Llama 3's JSON calls. Strict, because nothing marks
 * such JSON as a call: it must be valid as written, hold only the keys of calls, and name known tools.
 */
export function readJsonTextCalls(
  text: string,
  firstCallIndex: number,
  catalog: ToolCatalog,
): BuiltBlockCalls | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const objects = jsonCallObjects(value, { exact: true });
  if (objects === undefined || !objects.every((object) => catalog.byName.has(object.name))) return undefined;
  return buildCallObjects(objects, text, "json-text", firstCallIndex, catalog);
}

/**
 * Builds call objects read from `text` as calls of `format`. Each call's text is `text` when it holds one call, else
 * the JSON of the call's own object.
 */
export function buildCallObjects(
  objects: readonly JsonCallObject[],
  text: string,
  format: Extract<ToolCallFormat, "hermes" | "mistral" | "json-text">,
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
