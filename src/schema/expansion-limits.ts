// How far one `$ref` expansion may go: past these, a schema is refused or its refs pruned, so that no spec, however
// hostile, can exhaust the stack or the memory.

/** Schemas nested deeper than this are refused with `SCHEMA_TOO_DEEP` (real ones nest a few dozen levels). */
export const MAX_SCHEMA_NESTING = 400;
/**
 * Schema objects one expansion may produce; past it every further `$ref` is pruned (reason `budget`). This bounds the
 * output of a "ref bomb" (each schema referencing the next twice doubles the tree at every hop).
 */
export const MAX_EXPANDED_SCHEMAS = 20_000;
