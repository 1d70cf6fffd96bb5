import { ActionRecallError, isActionRecallError } from "../errors/action-recall-error.js";
import { appendJsonPointer } from "../openapi/json-pointer.js";
import { setOwnProperty } from "../openapi/own-properties.js";

/**
 * Levels a copied value (an `enum`, a `default`, an example) may nest. Real ones nest a few; one nested 10,000 deep
 * would overflow the stack here and in every later walk of the tool (its size, its JSON, its dialect).
 */
export const MAX_VALUE_NESTING = 400;

/**
 * Copies a plain data value (an `enum`, a `default`, an example) so the output never shares objects with the input;
 * keys such as `__proto__` stay own data properties. A value nested deeper than {@link MAX_VALUE_NESTING} throws
 * `SCHEMA_TOO_DEEP`.
 */
export function copyJsonValue(value: unknown, nesting = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (nesting > MAX_VALUE_NESTING) {
    throw new ActionRecallError("SCHEMA_TOO_DEEP", `A value nests deeper than ${MAX_VALUE_NESTING} levels`);
  }
  if (Array.isArray(value)) return value.map((item) => copyJsonValue(item, nesting + 1));
  const copy = {};
  for (const [key, entry] of Object.entries(value)) setOwnProperty(copy, key, copyJsonValue(entry, nesting + 1));
  return copy;
}

/** {@link copyJsonValue} of the value of `keyword` in the schema at `pointer`: one nested too deep is refused there. */
export function copyKeywordValue(value: unknown, pointer: string, keyword: string): unknown {
  // Most values are strings, numbers and booleans: nothing to copy, nothing to catch.
  if (typeof value !== "object" || value === null) return value;
  try {
    return copyJsonValue(value);
  } catch (cause) {
    if (!isActionRecallError(cause, "SCHEMA_TOO_DEEP")) throw cause;
    const at = appendJsonPointer(pointer, keyword);
    const message = `The value at ${at.slice(0, 200)} nests deeper than ${MAX_VALUE_NESTING} levels`;
    throw new ActionRecallError("SCHEMA_TOO_DEEP", message, { cause, data: { pointer: at.slice(0, 2000) } });
  }
}
