/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A JSON Schema (draft-07, 2020-12 or the OpenAPI dialect) as plain data. Kept loose on purpose: schemas come from
 * untrusted documents, so every reader checks the shape of what it reads.
 */
export type JsonSchema = { [keyword: string]: unknown };
