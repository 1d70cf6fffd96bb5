import { ActionRecallError } from "../errors/action-recall-error.js";
import type { JsonObject, JsonValue } from "../schema/json-schema.js";
import { detectDocumentKind } from "./detect-document-kind.js";
import { formatJsonPointer } from "./json-pointer.js";
import { isJsonObject, setOwnProperty } from "./own-properties.js";
import { parseYamlText } from "./parse-yaml-text.js";
import { upgradeSwagger2 } from "./upgrade-swagger2.js";

/** Deeper than this, a document is refused: real specs nest a few dozen levels, hostile ones thousands. */
export const MAX_DOCUMENT_NESTING = 1000;

/**
 * Reads a document from JSON or YAML text, or takes an already-parsed object as it is, and checks that it is something
 * this package converts: OpenAPI 3.0/3.1, Swagger 2.0 (upgraded to OpenAPI 3.0 here), a tool-box tool detail or its
 * bare `api_spec`, or an MCP tool. Bad text throws `INVALID_DOCUMENT` with the line and column; an unknown shape throws
 * `UNSUPPORTED_SPEC`.
 *
 * @example
 * const document = loadDocument("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}");
 */
export function loadDocument(input: string | object): JsonObject {
  // An object is not copied: the engine never mutates its input and reads own properties only, so a copy of a large
  // document (13 MB for GitHub's) would cost far more than the conversion. Nesting is bounded where schemas are walked
  // (`expandRefs` throws SCHEMA_TOO_DEEP) and values that are not JSON are refused where they are read.
  const parsed = withVersionAsText(typeof input === "string" ? parseDocumentText(input) : (input as JsonValue));
  if (!isJsonObject(parsed)) {
    throw new ActionRecallError("INVALID_DOCUMENT", `A document must be an object, found ${describe(parsed)}`, {
      data: { pointer: "#" },
    });
  }
  const kind = detectDocumentKind(parsed);
  if (kind === undefined) {
    throw new ActionRecallError(
      "UNSUPPORTED_SPEC",
      'Unknown document: expected "openapi": "3.0.x", "3.1.x" or "3.2.x", "swagger": "2.0", a tool detail with metadata.api_spec, an api_spec, or an MCP tool with inputSchema',
      { data: { pointer: "#" } },
    );
  }
  return kind === "swagger-2.0" ? upgradeSwagger2(parsed) : parsed;
}

/**
 * Parses document text as {@link loadDocument} does: JSON or YAML, a byte order mark skipped, blank text refused, bad
 * text `INVALID_DOCUMENT` with the line and column. JSON text is not copied, nor its nesting bounded: see
 * {@link copyJson}.
 */
export function parseDocumentText(written: string): JsonValue {
  // Windows editors save UTF-8 with a byte order mark, which JSON.parse refuses.
  const text = written.charCodeAt(0) === 0xfeff ? written.slice(1) : written;
  const trimmed = text.trimStart();
  // YAML reads blank text as null: "found null" would send people looking for a null in a file that has nothing.
  if (trimmed === "")
    throw new ActionRecallError("INVALID_DOCUMENT", "The document is empty", { data: { pointer: "#" } });
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      // JSON.parse makes fresh plain objects, `__proto__` keys included as own data: no copy needed. Nesting is
      // bounded where schemas are walked (`expandRefs` throws SCHEMA_TOO_DEEP).
      return JSON.parse(text) as JsonValue;
    } catch (cause) {
      // JSON.parse names only an offset, or none when the text ends too soon: turn it into a line and column, which
      // people can find. Node 20 names none for an unexpected token either, but quotes the text around it.
      const message = (cause as Error).message;
      const offset =
        /position (\d+)/.exec(message)?.[1] ?? (/end of JSON input/.test(message) ? text.length : undefined);
      if (offset === undefined) throw new ActionRecallError("INVALID_DOCUMENT", `Invalid JSON: ${message}`, { cause });
      const { line, column } = lineAndColumn(text, Number(offset));
      throw new ActionRecallError("INVALID_DOCUMENT", `Invalid JSON at line ${line}, column ${column}: ${message}`, {
        cause,
        data: { line, column },
      });
    }
  }
  // YAML is a superset of JSON.
  return copyJson(parseYamlText(text));
}

/**
 * The document with a version YAML read as a number (`swagger: 2.0` is 2, `openapi: 3.1` is 3.1) written as the text
 * its author meant ("2.0", "3.1"); the root is copied, never the input changed. Other values are returned as they are.
 */
function withVersionAsText(parsed: JsonValue): JsonValue {
  if (!isJsonObject(parsed)) return parsed;
  const key =
    typeof parsed.openapi === "number" ? "openapi" : typeof parsed.swagger === "number" ? "swagger" : undefined;
  if (key === undefined) return parsed;
  const copy: JsonObject = {};
  for (const name of Object.keys(parsed)) setOwnProperty(copy, name, parsed[name]);
  copy[key] = (parsed[key] as number).toFixed(1);
  return copy;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

/**
 * A deep copy of a parsed value (YAML's, or a bundle of files) holding JSON values only, with every key (`__proto__`
 * included) as an own data property. Refuses values that are not JSON (functions, dates, `undefined` in arrays) and
 * nesting deeper than {@link MAX_DOCUMENT_NESTING}, naming the pointer. The path is kept as a stack of keys and only
 * formatted into a pointer on error: building a string per node would double the time on large documents.
 */
export function copyJson(value: unknown, path: string[] = []): JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    throw invalid(formatJsonPointer(path), `holds ${value}, which JSON cannot represent`);
  }
  if (typeof value !== "object") throw invalid(formatJsonPointer(path), `holds a ${typeof value}, which is not JSON`);
  if (path.length >= MAX_DOCUMENT_NESTING) {
    const pointer = formatJsonPointer(path.slice(0, 20));
    throw new ActionRecallError(
      "SCHEMA_TOO_DEEP",
      `The document nests deeper than ${MAX_DOCUMENT_NESTING} levels below ${pointer}/...`,
      { data: { pointer } },
    );
  }
  if (Array.isArray(value)) {
    const copy: JsonValue[] = [];
    for (let index = 0; index < value.length; index += 1) {
      path.push(String(index));
      copy.push(copyJson(value[index], path));
      path.pop();
    }
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    const what = prototype?.constructor?.name ?? "non-plain";
    throw invalid(formatJsonPointer(path), `holds a ${what} object, which is not JSON`);
  }
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined) continue; // as JSON.stringify does
    path.push(key);
    const copied = copyJson(entry, path);
    if (key === "__proto__") setOwnProperty(copy, key, copied);
    else copy[key] = copied;
    path.pop();
  }
  return copy;
}

function invalid(pointer: string, what: string): ActionRecallError {
  return new ActionRecallError("INVALID_DOCUMENT", `The document at ${pointer} ${what}`, { data: { pointer } });
}

function describe(value: JsonValue): string {
  return Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
}
