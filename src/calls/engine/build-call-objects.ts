import { isJsonObject } from "../../openapi/own-properties.js";
import { type JsonTextResult, parseJsonAsWritten, parseJsonText, repairJsonText } from "../parse-json-arguments.js";
import type { TextToolCallFormat } from "../tool-call.js";
import { buildJsonCall } from "./build-json-call.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import { holdsWholeCallObjects, type JsonCallObject, jsonCallObjects } from "./json-call-objects.js";
import { endsInsideString, JsonValueEnd, openBracketsAtEnd } from "./json-value-end.js";
import { shortenText } from "./shorten-text.js";
import type { ToolCatalog } from "./tool-catalog.js";

/** The formats whose calls may be JSON objects: any text format but a tool's own tags (an XML block may hold one). */
type CallObjectFormat = Exclude<TextToolCallFormat, "legacy-xml">;

/**
 * Builds call objects read from `text` as calls of `format`. Each call's text is `text` when it holds one call, else
 * the JSON of the call's own object.
 */
export function buildCallObjects(
  objects: readonly JsonCallObject[],
  text: string,
  format: CallObjectFormat,
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

/** How {@link buildMarkedCallObjects} reads a marker's JSON, where a format differs from the common one. */
export interface MarkedCallObjectsOptions {
  /** The error message when the JSON holds no call; by default, that the marker does not hold a call object. */
  noCallMessage?: string;
  /** The calls of the JSON value, undefined when it holds none; by default {@link jsonCallObjects}. */
  readObjects?: (value: unknown) => JsonCallObject[] | undefined;
}

/**
 * The call objects of JSON that a marker says holds calls (`<tool_call>`, `[TOOL_CALLS]`, a call block's token): an
 * object, an array of them, or objects one after another. Broken JSON is repaired, the raw text kept on each call.
 * An empty array as written is no call and no error: a model may write `<TOOLCALL>[]</TOOLCALL>` to call nothing. JSON
 * holding no call object, or ending inside a string, is a `PARSE_ERROR`. Where it holds several entries (objects one
 * per line, as MiniMax-M1 writes them, or the items of an array) and some are no call object (`{invalid json here}`),
 * each such entry is a `PARSE_ERROR` naming the marker and its index, and the calls of the others are kept.
 */
export function buildMarkedCallObjects(
  json: string,
  marker: string,
  format: Exclude<CallObjectFormat, "json-text">,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  { noCallMessage, readObjects = jsonCallObjects }: MarkedCallObjectsOptions = {},
): BuiltBlockCalls {
  const trimmed = json.trim();
  const parsed = parseJsonValues(trimmed);
  if (parsed.success && !parsed.repaired && isEmptyArray(parsed.value)) return { calls: [], errors: [] };
  // Repairing would close the string, and make a call of what a closing tag written in a value cut off.
  if (parsed.success && parsed.repaired && endsInsideString(trimmed)) {
    const message = `${marker} ends inside a JSON string (was its closing tag written in a value?); no call is made: ${shortenText(trimmed)}`;
    return { calls: [], errors: [{ code: "PARSE_ERROR", message }] };
  }
  if (!parsed.success && parsed.refused === true) {
    const message = `${marker} holds ${parsed.message}; no call is made: ${shortenText(trimmed)}`;
    return { calls: [], errors: [{ code: "PARSE_ERROR", message }] };
  }
  const objects = parsed.success ? readObjects(parsed.value) : undefined;
  const entries = objects === undefined ? jsonEntries(trimmed) : undefined;
  if (entries !== undefined) {
    const built = buildCallObjectEntries(entries, marker, format, firstCallIndex, catalog, readObjects);
    if (built.calls.length > 0) return built;
  }
  if (objects === undefined) {
    const message = noCallMessage ?? `${marker} does not hold {"name": ..., "arguments": ...}: ${shortenText(trimmed)}`;
    return { calls: [], errors: [{ code: "PARSE_ERROR", message }] };
  }
  const built = buildCallObjects(objects, json, format, firstCallIndex, catalog);
  if (parsed.success && parsed.repaired) withholdCutOffCall(built, trimmed, marker, readObjects, objects.length - 1);
  // One object per line (MiniMax-M1) is JSON as written, line by line: nothing was repaired.
  const repaired = parsed.success && parsed.repaired && !holdsWholeCallObjects(trimmed);
  if (repaired) for (const { call } of built.calls) call.rawArguments = json;
  return built;
}

/**
 * The calls of each entry of marked JSON (see {@link jsonEntries}), read (and repaired) on its own; an entry holding no
 * call object is reported by its index. A repaired entry's text is kept on its calls.
 */
function buildCallObjectEntries(
  entries: readonly string[],
  marker: string,
  format: Exclude<CallObjectFormat, "json-text">,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  readObjects: (value: unknown) => JsonCallObject[] | undefined,
): BuiltBlockCalls {
  const built: BuiltBlockCalls = { calls: [], errors: [] };
  for (const [index, entry] of entries.entries()) {
    const parsed = parseJsonText(entry);
    const objects = parsed.success ? readObjects(parsed.value) : undefined;
    if (objects === undefined) {
      const message = `${marker}: entry ${index} is no {"name": ..., "arguments": ...}: ${shortenText(entry)}`;
      built.errors.push({ code: "PARSE_ERROR", message });
      continue;
    }
    const read = buildCallObjects(objects, entry, format, firstCallIndex + built.calls.length, catalog);
    if (parsed.success && parsed.repaired) {
      withholdCutOffCall(read, entry, marker, readObjects, index);
      for (const { call } of read.calls) call.rawArguments = entry;
    }
    built.errors.push(...read.errors);
    built.calls.push(...read.calls);
  }
  return built;
}

/**
 * Takes back the last of `built`'s calls, read from repaired `text`, when its arguments were cut off (see
 * {@link cutsLastCallArguments}) and reports it, naming the marker and the entry's index: a repair would make a call
 * with the arguments it had so far, as if they were whole. `entry` is the call's index among the block's entries.
 */
function withholdCutOffCall(
  built: BuiltBlockCalls,
  text: string,
  marker: string,
  readObjects: (value: unknown) => JsonCallObject[] | undefined,
  entry: number,
): void {
  if (!cutsLastCallArguments(text, readObjects)) return;
  built.calls.pop();
  const message = `${marker}: the arguments of entry ${entry} end before their object closes (was its closing tag written early, or the output cut off?); no call is made: ${shortenText(text)}`;
  built.errors.push({ code: "PARSE_ERROR", message });
}

/**
 * Whether the last call of JSON text whose last value ends before it closes has its arguments among what was cut off:
 * an object or array left open, or a member whose value never came (`"arguments": `). A call object left open after
 * whole arguments (`{"name": "f", "arguments": {...}`) loses nothing.
 */
function cutsLastCallArguments(text: string, readObjects: (value: unknown) => JsonCallObject[] | undefined): boolean {
  const last = splitJsonValues(text)?.at(-1) ?? text;
  const open = openBracketsAtEnd(last);
  if (open === 0) return false;
  const parsed = parseJsonText(last);
  const given = parsed.success ? readObjects(parsed.value)?.at(-1)?.arguments : undefined;
  if (given === undefined || !parsed.success) return false;
  // What the text ends inside is a chain of last members or items from its outermost value: one per open bracket, and
  // then a member whose value never came.
  const cutValues = open + (/:\s*$/.test(last) ? 1 : 0);
  let inside: unknown = parsed.value;
  for (let depth = 0; depth < cutValues; depth += 1) {
    if (inside === given) return true;
    inside = lastMember(inside);
  }
  return false;
}

/** The last item of an array, or the value of an object's last member; undefined for any other value. */
function lastMember(value: unknown): unknown {
  if (Array.isArray(value)) return value.at(-1);
  return isJsonObject(value) ? Object.values(value).at(-1) : undefined;
}

/**
 * The entries of marked JSON: the values it holds one after another, or the items of the one array it holds, when
 * there are two or more, each an object or an array; undefined otherwise.
 */
function jsonEntries(text: string): string[] | undefined {
  const values = splitJsonValues(text);
  const array = values?.length === 1 && values[0]?.startsWith("[") ? values[0] : undefined;
  const entries =
    array === undefined ? values : splitJsonValues(array.slice(1, array.endsWith("]") ? -1 : undefined).trim());
  return entries !== undefined && entries.length > 1 ? entries : undefined;
}

/**
 * JSON a model wrote, as {@link parseJsonText} reads it, where values one after another (objects one per line) are read
 * as an array. Each value is read (and repaired) on its own: jsonrepair reads such text as an array too, but inserts
 * each missing comma by copying all it wrote so far, which took 30 s for 40,000 lines.
 */
function parseJsonValues(text: string): JsonTextResult {
  // Most blocks hold one value as written: parsed natively, without a scan for values one after another.
  const asWritten = parseJsonAsWritten(text);
  if (asWritten !== undefined) return { success: true, value: asWritten, repaired: false };
  const values = splitJsonValues(text);
  // One value, which did not parse as written: only a repair can read it.
  if (values === undefined || values.length < 2) return repairJsonText(text);
  const parsed: unknown[] = [];
  let repaired = false;
  for (const value of values) {
    const read = parseJsonText(value);
    if (!read.success) return read;
    parsed.push(read.value);
    repaired ||= read.repaired;
  }
  return { success: true, value: parsed, repaired };
}

/**
 * The objects and arrays `text` holds one after another, apart from the whitespace and commas between them (the last
 * may be cut off); undefined when it holds anything else between them.
 */
function splitJsonValues(text: string): string[] | undefined {
  const values: string[] = [];
  const end = new JsonValueEnd();
  let start = 0;
  while (start < text.length) {
    if (text.charAt(start) !== "{" && text.charAt(start) !== "[") return undefined;
    end.reset();
    const valueEnd = end.scan(text, start);
    values.push(text.slice(start, valueEnd));
    start = valueEnd;
    while (start < text.length && /[\s,]/.test(text.charAt(start))) start += 1;
  }
  return values;
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}
