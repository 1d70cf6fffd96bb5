import { buildJsonCall } from "./build-json-call.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import type { PythonicCall } from "./read-pythonic-calls.js";
import type { ToolCallFormat } from "./tool-call.js";
import type { ToolCatalog } from "./tool-catalog.js";

/**
 * Builds the calls of a pythonic call list read from `text` (see {@link readPythonicCalls}) as calls of `format`. Each
 * call's text is `text` when the list holds one call, else the call's own text.
 */
export function buildPythonicCalls(
  pythonic: readonly PythonicCall[],
  text: string,
  format: Extract<ToolCallFormat, "pythonic" | "lfm" | "olmo">,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const calls = pythonic.map((call, offset) => {
    const given = { id: undefined, name: call.name, arguments: call.arguments, format };
    const built = buildJsonCall(given, firstCallIndex + offset, catalog);
    return { ...built, text: pythonic.length === 1 ? text : call.text };
  });
  return { calls, errors: [] };
}
