import { isJsonObject } from "../../openapi/own-properties.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";

/** A tool call a model wrote as a JSON object, before checking. */
export interface JsonCallObject {
  id: unknown;
  name: string;
  /** An object, or a JSON string of one; undefined when the model wrote none. */
  arguments: unknown;
  /** The object as written (inside its `function` wrapper, if any). */
  written: Record<string, unknown>;
}

/** The keys a call object may have when nothing but its shape says it is a call. */
const CALL_KEYS: ReadonlySet<string> = new Set(["name", "arguments", "parameters", "id", "type", "function"]);
/** The keys of the `function` an OpenAI-shaped call object wraps its name and arguments in. */
const FUNCTION_KEYS: ReadonlySet<string> = new Set(["name", "arguments", "parameters"]);

/**
 * The calls in a JSON value a model wrote, when it is a call object or a non-empty array of them; undefined when it is
 * anything else. A call object is `{"name": "f", "arguments": {...}}` (in a `<tool_call>`, after `[TOOL_CALLS]`, through Ollama's `/v1`),
 * `{"name": "f", "parameters": {...}}`, or an OpenAI tool call `{"type": "function", "function": {"name":
 * "f", "arguments": "..."}}`; an `id` is kept, and arguments may be left out (a call without any). Where a marker says
 * calls follow (`<tool_call>`, `[TOOL_CALLS]`), any object with a name is one, also Cohere's `{"tool_call_id": "0",
 * "tool_name": "f", "parameters": {...}}`; `exact` asks for nothing but the keys of a call, for JSON that only its
 * shape makes a call.
 *
 * @example
 * jsonCallObjects([{ name: "add", arguments: { a: 1 } }], { exact: true })?.[0]?.arguments; // { a: 1 }
 */
export function jsonCallObjects(value: unknown, { exact = false } = {}): JsonCallObject[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return undefined;
  const calls: JsonCallObject[] = [];
  for (const item of items) {
    const call = callObject(item, exact);
    if (call === undefined) return undefined;
    calls.push(call);
  }
  return calls;
}

function callObject(item: unknown, exact: boolean): JsonCallObject | undefined {
  if (!isJsonObject(item)) return undefined;
  const wrapped = item.name === undefined && isJsonObject(item.function) ? item.function : undefined;
  const written = wrapped ?? item;
  if (exact && !hasExactlyCallKeys(item, wrapped)) return undefined;
  // Cohere's Command models name the tool `tool_name` and the call `tool_call_id`: read where a marker says calls
  // follow.
  const name = written.name ?? (exact ? undefined : written.tool_name);
  if (typeof name !== "string") return undefined;
  const given = Object.hasOwn(written, "arguments") ? written.arguments : written.parameters;
  return { id: item.id ?? (exact ? undefined : item.tool_call_id), name, arguments: given, written };
}

function hasExactlyCallKeys(item: Record<string, unknown>, wrapped: Record<string, unknown> | undefined): boolean {
  if (!hasOnlyKeys(item, CALL_KEYS) || (item.type !== undefined && item.type !== "function")) return false;
  return wrapped === undefined ? item.function === undefined : hasOnlyKeys(wrapped, FUNCTION_KEYS);
}

function hasOnlyKeys(object: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  return Object.keys(object).every((key) => keys.has(key));
}

/**
 * Whether JSON text a reply starts with can still be a call object (or an array of them), judged by its first key as
 * soon as that key is whole; undefined while it is not. A reply that starts with other JSON is then text at once,
 * rather than held until its last bracket.
 */
export function startsLikeCallObject(held: string): boolean | undefined {
  const opening = /^\[?\s*(\{\s*)?/.exec(held)?.[0] ?? "";
  const rest = held.slice(opening.length);
  if (rest === "") return undefined;
  if (!opening.includes("{") || !rest.startsWith('"')) return false;
  const keyEnd = rest.indexOf('"', 1);
  const key = rest.slice(1, keyEnd === -1 ? undefined : keyEnd);
  if (keyEnd !== -1) return CALL_KEYS.has(key);
  return [...CALL_KEYS].some((known) => known.startsWith(key)) ? undefined : false;
}

/**
 * Whether `text` is call objects written whole: JSON as written (an object or an array of them), or one such object
 * per line, with nothing cut off or repaired.
 */
export function holdsWholeCallObjects(text: string): boolean {
  if (jsonCallObjects(parseJsonAsWritten(text)) !== undefined) return true;
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  return lines.length > 1 && lines.every((line) => jsonCallObjects(parseJsonAsWritten(line)) !== undefined);
}
