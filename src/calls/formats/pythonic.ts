import { buildJsonCall } from "../engine/build-json-call.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { PythonicEntry } from "../engine/read-pythonic-calls.js";
import { shortenText } from "../engine/shorten-text.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import type { ToolCallFormat } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";

type PythonicFormat = Extract<ToolCallFormat, "pythonic" | "lfm" | "olmo">;

/** The families that write each pythonic format, as errors name them. */
const FAMILIES: Readonly<Record<PythonicFormat, string>> = {
  pythonic: "Llama's pythonic call list",
  lfm: "LFM2's <|tool_call_start|>",
  olmo: "OLMo 3's <function_calls>",
};

/**
 * Builds the calls of a pythonic call list read from `text` (see {@link readPythonicCalls}) as calls of `format`. Each
 * call's text is `text` when the list holds one entry, else the call's own text. An unreadable entry is a
 * `PARSE_ERROR` naming the family and the entry's index; the calls beside it are kept.
 */
export function buildPythonicCalls(
  entries: readonly PythonicEntry[],
  text: string,
  format: PythonicFormat,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const calls: BuiltBlockCalls["calls"] = [];
  const errors: ToolCallError[] = [];
  for (const [index, entry] of entries.entries()) {
    if ("unreadable" in entry) {
      const message = `${FAMILIES[format]}: entry ${index} is no call as written: ${shortenText(entry.text)}`;
      errors.push({ code: "PARSE_ERROR", message, name: entry.name });
      continue;
    }
    const given = { id: undefined, name: entry.name, arguments: entry.arguments, format };
    const built = buildJsonCall(given, firstCallIndex + calls.length, catalog);
    calls.push({ ...built, text: entries.length === 1 ? text : entry.text });
  }
  return { calls, errors };
}
