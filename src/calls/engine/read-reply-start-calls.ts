import { buildPythonicCalls } from "../formats/index.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";
import { buildCallObjects } from "./build-call-objects.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import { jsonCallObjects, startsLikeCallObject } from "./json-call-objects.js";
import { readPythonicCalls } from "./read-pythonic-calls.js";
import type { ToolCatalog } from "./tool-catalog.js";

/**
 * The calls of text a reply starts with, when it is nothing but calls naming known tools; undefined when it is anything
 * else, which is then the reply's text. Servers that do not parse a model's calls pass them on so:
 * - `json-text`: call objects (see {@link jsonCallObjects}), as Ollama's `/v1` passes them on and models write them;
 * - `pythonic`: a call list, `[f(x=1)]` (see {@link readPythonicCalls}).
 * Strict, because nothing marks such text as calls: it must be valid as written, hold only calls, and name known tools.
 * After a model's own marker (`<|python_tag|>`), which says calls follow, any name is read when no tools are given.
 */
export function readReplyStartCalls(
  text: string,
  formats: { json: boolean; pythonic: boolean },
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  afterMarker = false,
): BuiltBlockCalls | undefined {
  const known = (call: { name: string }) => (catalog === undefined ? afterMarker : catalog.byName.has(call.name));
  if (formats.json) {
    const objects = jsonCallObjects(parseJsonAsWritten(text), { exact: true });
    if (objects?.every(known)) return buildCallObjects(objects, text, "json-text", firstCallIndex, catalog);
  }
  const pythonic = formats.pythonic ? readPythonicCalls(text) : undefined;
  if (pythonic === undefined || !pythonic.every(known)) return undefined;
  return buildPythonicCalls(pythonic, text, "pythonic", firstCallIndex, catalog);
}

/** A pythonic call list's start: `[`, a name, then `(` once written. */
const PYTHONIC_START = /^\[\s*([A-Za-z_][\w.-]*)(\s*\()?/;

/**
 * Whether text a reply starts with can still be calls: a call object by its first key (see
 * {@link startsLikeCallObject}), or a pythonic call list by its first name and `(`; undefined while that is not yet
 * known. Other text is prose at once, rather than held to its last bracket.
 */
export function startsLikeReplyCalls(held: string): boolean | undefined {
  const pythonic = PYTHONIC_START.exec(held);
  if (pythonic === null) return startsLikeCallObject(held);
  if (pythonic[2] !== undefined) return true;
  return pythonic[0].length === held.length ? undefined : false;
}

/** The tool the first call of unfinished text a reply starts with names, if it names one. */
export function firstCallName(held: string): string | undefined {
  const pythonic = PYTHONIC_START.exec(held);
  if (pythonic?.[2] !== undefined) return pythonic[1];
  return /"name"\s*:\s*"([^"\\]*)"/.exec(held)?.[1];
}
