import { ActionRecallError } from "../errors/action-recall-error.js";
import { shortPointer } from "../openapi/json-pointer.js";

// How far one `$ref` expansion may go: past these, a schema is refused or its refs pruned, so that no spec, however
// hostile, can exhaust the stack or the memory.

/** Schemas nested deeper than this are refused with `SCHEMA_TOO_DEEP` (real ones nest a few dozen levels). */
export const MAX_SCHEMA_NESTING = 400;
/**
 * Schema objects one expansion may produce; past it every further `$ref` is pruned (reason `budget`). This bounds the
 * output of a "ref bomb" (each schema referencing the next twice doubles the tree at every hop).
 */
export const MAX_EXPANDED_SCHEMAS = 20_000;
/**
 * Schema objects one expansion may make at all, inline ones too; past it the expansion stops with `INVALID_DOCUMENT`.
 * Text parses into a tree, whose size the document's own length bounds, but a JavaScript caller can pass a graph whose
 * schemas share subschemas (json-schema-ref-parser's `dereference` makes one): 25 levels of `{a: s, b: s}` are 2^25
 * schemas once written out, which no `$ref` budget sees.
 */
export const MAX_SCHEMAS_MADE = 10 * MAX_EXPANDED_SCHEMAS;

/** The error of an expansion past {@link MAX_SCHEMAS_MADE}, at the output's `pointer`. */
export function tooManySchemasError(pointer: string): ActionRecallError {
  return new ActionRecallError(
    "INVALID_DOCUMENT",
    `The schema expands to more than ${MAX_SCHEMAS_MADE} schemas at ${shortPointer(pointer)}: its objects share subschemas (a graph, as json-schema-ref-parser's dereference makes, not a tree); pass the document with its $refs`,
    { data: { pointer: pointer.slice(0, 2000) } },
  );
}
