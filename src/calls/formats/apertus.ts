import { isJsonObject } from "../../openapi/own-properties.js";
import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { JSON_STRING, JsonBlockCallAnnouncer, LIST_LEAD, namedCallForm } from "../engine/json-block-call-announcer.js";
import { type JsonCallObject, jsonCallObjects } from "../engine/json-call-objects.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";
import { shortenText } from "../engine/shorten-text.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";

/** The special token Apertus opens its tool calls with, and the one that closes them. */
export const APERTUS_CALLS_START = "<|tools_prefix|>";
export const APERTUS_CALLS_END = "<|tools_suffix|>";

/**
 * The calls of an Apertus block, the text between {@link APERTUS_CALLS_START} and {@link APERTUS_CALLS_END}: a JSON
 * array of objects that each name one tool by their only key, its arguments the value (`[{"get_weather": {"city":
 * "Bern"}}]`), as vLLM's, sglang's and llama.cpp's `apertus` parsers read it. The tokens say calls follow, so broken
 * JSON is repaired, and calls written as other models write them (`{"name": "f", "arguments": {...}}`) are read too.
 */
export function buildApertusCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const noCallMessage = `${APERTUS_CALLS_START} does not hold [{"tool": {arguments}}]: ${shortenText(body.trim())}`;
  return buildMarkedCallObjects(body, APERTUS_CALLS_START, "apertus", firstCallIndex, catalog, {
    noCallMessage,
    // An object with a string `name` (and nothing but a call's keys) is a call as others write it, not a tool `name`.
    readObjects: (value) => jsonCallObjects(value, { exact: true }) ?? apertusCallObjects(value),
  });
}

/** The calls of a JSON value when it is an object of one key, or a non-empty array of them; undefined otherwise. */
function apertusCallObjects(value: unknown): JsonCallObject[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return undefined;
  const calls: JsonCallObject[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) return undefined;
    const keys = Object.keys(item);
    const name = keys[0];
    if (keys.length !== 1 || name === undefined) return undefined;
    calls.push({ id: undefined, name, arguments: item[name], written: item });
  }
  return calls;
}

/** The tool the first call of an unfinished Apertus block names, once its key is whole. */
export function firstApertusCallName(body: string): string | undefined {
  return /^\s*\[?\s*\{\s*"([^"\\]*)"\s*:/.exec(body)?.[1];
}

/**
 * How Apertus' calls open while they arrive: `{"f": {`, or a named call; `{"function": {...}}` is an OpenAI-shaped
 * call, which its reader reads as such.
 */
const APERTUS_FORMS = [
  {
    opening: new RegExp(`${LIST_LEAD}(?<name>${JSON_STRING})\\s*:\\s*\\{`),
    decided: new RegExp(`${LIST_LEAD}${JSON_STRING}\\s*:\\s*\\S`),
  },
  namedCallForm(LIST_LEAD),
];

/**
 * Apertus' `<|tools_prefix|>[{"f": {...}}]<|tools_suffix|>` (see {@link buildApertusCalls}). It often leaves out its
 * closing token: a body of whole JSON is then its calls.
 */
export const APERTUS: CallBlockSyntax = {
  format: "apertus",
  tags: new Map([[APERTUS_CALLS_START.slice(1, -1), APERTUS_CALLS_END]]),
  valueStrings: "json",
  closesWithWholeJson: true,
  build: (_opener, body, firstCallIndex, catalog) => buildApertusCalls(body, firstCallIndex, catalog),
  firstCallName: (body) => firstCallName(body) ?? firstApertusCallName(body),
  announcer: (deltas, sink) =>
    new JsonBlockCallAnnouncer(deltas, sink, APERTUS_FORMS, { notNames: new Set(["function"]) }),
};
