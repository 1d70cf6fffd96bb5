import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, visit } from "yaml";
import { ActionRecallError } from "../errors/action-recall-error.js";

/** Alias expansions one document may make: bounds the "billion laughs" document. */
const MAX_ALIAS_COUNT = 100;

/**
 * Parses YAML text into plain values; bad text throws `INVALID_DOCUMENT` with the line and column, nesting deeper than
 * the parser's stack holds `SCHEMA_TOO_DEEP`.
 *
 * `<<` merge keys are applied. They are YAML 1.1, not the 1.2 that OpenAPI names, but hand-written specs use them to
 * share parameters and responses, and the js-yaml based tools (swagger-parser, Redocly) apply them. Kept as a key, a
 * merged parameter would lose its name and a schema its type, silently. A quoted `"<<"` stays a key.
 *
 * @example
 * parseYamlText("base: &base {type: string}\nid: {<<: *base, maxLength: 8}"); // id: {type, maxLength}
 */
export function parseYamlText(text: string): unknown {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { merge: true, uniqueKeys: true, lineCounter });
  const [error] = document.errors;
  if (error !== undefined) {
    // The yaml package catches its own stack overflow (some 360 levels of flow nesting, before MAX_DOCUMENT_NESTING is
    // checked) and places it where the stack ran out, a place that says nothing about the document.
    if (error.code === "RESOURCE_EXHAUSTION") throw nestsTooDeeply(error);
    const position = error.linePos?.[0];
    throw invalidYaml(error.message.split("\n")[0] ?? error.message, position, error);
  }
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (cause) {
    if (cause instanceof RangeError) throw nestsTooDeeply(cause);
    // Thrown while values are built (too many aliases, a merge source that is not a map), with no position: the
    // merge source is found again to name its place.
    const offset = badMergeKeyOffset(document);
    const position = offset === undefined ? undefined : lineCounter.linePos(offset);
    throw invalidYaml((cause as Error).message, position, cause);
  }
}

/** Where the first `<<` key whose value is neither a map nor a list of maps (aliases resolved) starts. */
function badMergeKeyOffset(document: Document): number | undefined {
  const resolve = (node: unknown): unknown => (isAlias(node) ? node.resolve(document) : node);
  let offset: number | undefined;
  visit(document, {
    Pair(_, pair) {
      // With merge keys on, a plain `<<` key is a scalar holding a symbol.
      if (!isScalar(pair.key) || typeof pair.key.value !== "symbol") return undefined;
      const source = resolve(pair.value);
      const sources = isSeq(source) ? source.items : [source];
      if (sources.every((item) => isMap(resolve(item)))) return undefined;
      offset = (pair.key as Node).range?.[0];
      return visit.BREAK;
    },
  });
  return offset;
}

function nestsTooDeeply(cause: unknown): ActionRecallError {
  return new ActionRecallError("SCHEMA_TOO_DEEP", "The document nests too deeply to be read as YAML", { cause });
}

function invalidYaml(
  message: string,
  position: { line: number; col: number } | undefined,
  cause: unknown,
): ActionRecallError {
  const where = position === undefined ? "" : ` at line ${position.line}, column ${position.col}`;
  return new ActionRecallError("INVALID_DOCUMENT", `Invalid YAML${where}: ${message}`, {
    cause,
    data: position === undefined ? {} : { line: position.line, column: position.col },
  });
}
