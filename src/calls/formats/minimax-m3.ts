import { MAX_VALUE_DEPTH } from "../../openapi/find-deep-nesting.js";
import { getOwnProperty, isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import { coerceArgument, schemaOfType, schemaTypes } from "../coerce-argument.js";
import { buildJsonCall } from "../engine/build-json-call.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import type { SectionCallMarkers } from "../engine/section-call-announcer.js";
import { SectionCallAnnouncer } from "../engine/section-call-announcer.js";
import { shortenText } from "../engine/shorten-text.js";
import { TaggedBodyReader } from "../engine/tagged-body-reader.js";
import { type ToolCatalog, typingSchema } from "../engine/tool-catalog.js";
import type { ToolCallError } from "../tool-call-error.js";

/** The marker MiniMax M3 writes before each tag of its calls. */
const NAMESPACE = "]<]minimax[>[";
/** What opens and closes M3's block of calls. */
export const MINIMAX_M3_OPENING = `${NAMESPACE}<tool_call>`;
export const MINIMAX_M3_CLOSING = `${NAMESPACE}</tool_call>`;
const INVOKE = `${NAMESPACE}<invoke`;
const INVOKE_END = `${NAMESPACE}</invoke>`;
const ELEMENT = `${NAMESPACE}<`;
/** An invoke's name, as the text after `<invoke` writes it: ` name="f">`. */
const INVOKE_NAME = /^\s+name\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))\s*>/;

/** The name the text after `<invoke` gives, and where its opening tag ends; undefined before the tag is whole. */
function readInvokeName(text: string): { name: string; end: number } | undefined {
  const opening = INVOKE_NAME.exec(text);
  if (opening === null) return undefined;
  return { name: (opening[1] ?? opening[2] ?? opening[3] ?? "").trim(), end: opening[0].length };
}

/**
 * What marks each call of M3's block, for announcing its calls while the block arrives: the invoke's tags, and its name
 * once its opening tag is whole, read as {@link buildMinimaxM3Calls} reads it.
 */
export const MINIMAX_M3_CALLS: SectionCallMarkers = {
  callBegin: INVOKE,
  callEnd: INVOKE_END,
  readOpening(text) {
    const opening = readInvokeName(text);
    if (opening !== undefined) return { name: opening.name };
    return text.includes(">") ? { name: "" } : undefined;
  },
};

/** Where text mixed with child elements goes (vLLM's `minimax_m3` parser), unless a child has that name. */
const MIXED_TEXT = "$text";

/** A parameter as M3 writes it: an element named by its key, holding text or child elements. */
interface M3Element {
  name: string;
  text: string;
  children: M3Element[];
}

/** Thrown where the block stops being M3's syntax; caught at the call. */
class NotM3 extends Error {}

/**
 * The calls of a MiniMax M3 block, the text between {@link MINIMAX_M3_OPENING} and {@link MINIMAX_M3_CLOSING}, as
 * vLLM's `minimax_m3` parser reads it: `<invoke name="f">` elements (every tag after the marker `]<]minimax[>[`), each
 * parameter an element named by its key (`<city>Paris</city>`), an object's or an array's value its child elements.
 * Values are typed by the tool's schema, an array's items by position whatever their elements' names; an element
 * repeated in an object is the list of its values, and a parameter given twice keeps its last, reported. A call that is
 * not M3's syntax is reported, and the calls before it kept.
 */
export function buildMinimaxM3Calls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const result: BuiltBlockCalls = { calls: [], errors: [] };
  const reader = new TaggedBodyReader(body);
  let index = reader.skipSpace(0);
  while (index < body.length) {
    const callIndex = firstCallIndex + result.calls.length;
    const end = body.indexOf(INVOKE_END, index);
    if (!body.startsWith(INVOKE, index) || end === -1) {
      result.errors.push({
        code: "PARSE_ERROR",
        message: `Not a MiniMax M3 invoke: ${shortenText(body.slice(index).trim())}`,
      });
      break;
    }
    const text = body.slice(index, end + INVOKE_END.length);
    try {
      const { name, elements } = readInvoke(body.slice(index + INVOKE.length, end));
      const tool = catalog?.byName.get(name);
      const schema = catalog === undefined || tool === undefined ? undefined : typingSchema(catalog, tool);
      const errors: ToolCallError[] = [];
      const parameters = lastOfEachName(elements, (parameter) =>
        errors.push({
          code: "PARSE_ERROR",
          message: `Tool "${name}": parameter "${parameter}" given twice; the last value is used`,
          callIndex,
          name,
          parameter,
        }),
      );
      const args = objectOf(parameters, schema, (message) =>
        errors.push({ code: "PARSE_ERROR", message, callIndex, name }),
      );
      // Typed already: the object is checked as a JSON call's arguments are, and the call is MiniMax's XML.
      const built = buildJsonCall({ id: undefined, name, arguments: args, format: "json" }, callIndex, catalog);
      built.call.format = "xml";
      result.calls.push({ call: built.call, errors: [...errors, ...built.errors], text });
    } catch (error) {
      if (!(error instanceof NotM3)) throw error;
      result.errors.push({ code: "PARSE_ERROR", message: `${error.message}: ${shortenText(text)}` });
    }
    index = reader.skipSpace(end + INVOKE_END.length);
  }
  return result;
}

/**
 * An invoke's parameters, the last of each name: vLLM's `minimax_m3` parser keeps the last value of a parameter given
 * twice (as `<function_calls>` are read), where it lists an element repeated inside one. Each earlier is reported.
 */
function lastOfEachName(elements: readonly M3Element[], reportEarlier: (name: string) => void): M3Element[] {
  const lastIndex = new Map(elements.map((element, index) => [element.name, index]));
  return elements.filter((element, index) => {
    const isLast = lastIndex.get(element.name) === index;
    if (!isLast) reportEarlier(element.name);
    return isLast;
  });
}

/** The tool's name (quoted or not) and the parameter elements of an invoke, after `<invoke`. */
function readInvoke(invoke: string): { name: string; elements: M3Element[] } {
  const opening = readInvokeName(invoke);
  if (opening === undefined) throw new NotM3("A MiniMax M3 invoke without its name");
  const { name } = opening;
  const cursor = { reader: new TaggedBodyReader(invoke), index: opening.end };
  const elements: M3Element[] = [];
  for (;;) {
    cursor.index = cursor.reader.skipSpace(cursor.index);
    if (!cursor.reader.startsWith(ELEMENT, cursor.index)) break;
    elements.push(readElement(cursor, 1));
  }
  const rest = invoke.slice(cursor.index).trim();
  if (rest !== "") throw new NotM3(`Text outside the parameters of a MiniMax M3 invoke of "${name}"`);
  return { name, elements };
}

/**
 * One element at `cursor.index`, its children read recursively; `depth` is how many elements it is in. Past
 * {@link MAX_VALUE_DEPTH}, reading (and later writing the value) would overflow the stack: the call is not read.
 */
function readElement(cursor: { reader: TaggedBodyReader; index: number }, depth: number): M3Element {
  const text = cursor.reader.body;
  const nameEnd = text.indexOf(">", cursor.index + ELEMENT.length);
  const name = nameEnd === -1 ? "" : text.slice(cursor.index + ELEMENT.length, nameEnd);
  if (name === "" || name.startsWith("/")) throw new NotM3("A MiniMax M3 parameter without its name");
  if (depth > MAX_VALUE_DEPTH) throw new NotM3(`MiniMax M3 elements nest deeper than ${MAX_VALUE_DEPTH} levels`);
  const closing = `${NAMESPACE}</${name}>`;
  const element: M3Element = { name, text: "", children: [] };
  cursor.index = nameEnd + 1;
  for (;;) {
    const next = text.indexOf(NAMESPACE, cursor.index);
    if (next === -1) throw new NotM3(`The MiniMax M3 parameter "${name}" was not closed`);
    element.text += text.slice(cursor.index, next);
    cursor.index = next;
    if (text.startsWith(closing, next)) {
      cursor.index = next + closing.length;
      return element;
    }
    if (text.startsWith(`${NAMESPACE}</`, next))
      throw new NotM3(`The MiniMax M3 parameter "${name}" was closed by another tag`);
    element.children.push(readElement(cursor, depth + 1));
  }
}

/**
 * Elements as an object: each by its name, typed by the property schema `schema` gives it. A name repeated among
 * siblings gives the list of its elements' values, as vLLM's `minimax_m3` parser collects them.
 */
function objectOf(
  elements: readonly M3Element[],
  schema: unknown,
  report: (message: string) => void,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const properties = isJsonObject(schema) ? schema.properties : undefined;
  const additional = isJsonObject(schema) ? schema.additionalProperties : undefined;
  for (const [name, named] of byName(elements)) {
    const propertySchema = getOwnProperty(properties, name) ?? (isJsonObject(additional) ? additional : undefined);
    const [only] = named;
    setOwnProperty(
      object,
      name,
      named.length === 1 && only !== undefined
        ? elementValue(only, propertySchema, report)
        : listOf(named, propertySchema, report),
    );
  }
  return object;
}

/** Elements grouped by name, in the order each name first comes; a `Map`, so `__proto__` is a name like any other. */
function byName(elements: readonly M3Element[]): Map<string, M3Element[]> {
  const groups = new Map<string, M3Element[]>();
  for (const element of elements) {
    const group = groups.get(element.name);
    if (group === undefined) groups.set(element.name, [element]);
    else group.push(element);
  }
  return groups;
}

/**
 * Elements as a list, whatever their names: the items of the array `schema` declares, each typed by its `items`, or
 * each typed by `schema` itself when it declares no array.
 */
function listOf(elements: readonly M3Element[], schema: unknown, report: (message: string) => void): unknown[] {
  const itemSchema = schemaTypes(schema).has("array") ? itemsOf(schema) : schema;
  return elements.map((element) => elementValue(element, itemSchema, report));
}

/** The schema of the items of the array `schema` declares. */
function itemsOf(schema: unknown): unknown {
  const arraySchema = schemaOfType(schema, "array");
  return isJsonObject(arraySchema) ? arraySchema.items : undefined;
}

/** An element's value: its text typed by `schema`, or its children as the array or object `schema` asks for. */
function elementValue(element: M3Element, schema: unknown, report: (message: string) => void): unknown {
  if (element.children.length === 0) {
    const typed = coerceArgument(element.text, schema);
    if (typed.success) return typed.value;
    report(`Parameter "${element.name}": ${typed.message}`);
    return element.text;
  }
  if (schemaTypes(schema).has("array")) return listOf(element.children, schema, report);
  const object = objectOf(element.children, schemaOfType(schema, "object"), report);
  if (element.text.trim() !== "") setOwnProperty(object, mixedTextKey(object), element.text);
  return object;
}

/** Where an object's mixed text goes: {@link MIXED_TEXT}, a `$` put before it while a child has the name (vLLM's). */
function mixedTextKey(object: Record<string, unknown>): string {
  let key = MIXED_TEXT;
  while (Object.hasOwn(object, key)) key = `$${key}`;
  return key;
}

/** The tool the first invoke of an unfinished M3 block names, once its name is whole. */
export function firstMinimaxM3CallName(body: string): string | undefined {
  return /^\s*\]<\]minimax\[>\[<invoke\s+name\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)\s*>)/
    .exec(body)
    ?.slice(1)
    .find((name) => name !== undefined);
}

/**
 * MiniMax M3's `]<]minimax[>[<tool_call>` block, whose calls are MiniMax's XML (format `xml`): opened by a marker that
 * starts with `]`, not by a tag, and its invokes announced as a section's calls are.
 */
export const MINIMAX_M3: CallBlockSyntax = {
  format: "xml",
  tags: new Map(),
  marker: { opening: MINIMAX_M3_OPENING, closing: MINIMAX_M3_CLOSING },
  callEnd: MINIMAX_M3_CALLS.callEnd,
  build: (_opener, body, firstCallIndex, catalog) => buildMinimaxM3Calls(body, firstCallIndex, catalog),
  firstCallName: firstMinimaxM3CallName,
  announcer: (deltas, sink) => new SectionCallAnnouncer(deltas, sink, MINIMAX_M3_CALLS),
};
