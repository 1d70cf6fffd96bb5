import { ActionRecallError, isActionRecallError } from "../errors/action-recall-error.js";
import { MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { appendJsonPointer, shortPointer } from "../openapi/json-pointer.js";
import { setOwnProperty } from "../openapi/own-properties.js";

/**
 * Copies a plain data value (an `enum`, a `default`, an example) so the output never shares objects with the input;
 * keys such as `__proto__` stay own data properties. A value nested deeper than `MAX_VALUE_DEPTH` throws
 * `SCHEMA_TOO_DEEP`: it would overflow the stack here and in every later walk of the tool (its size, its JSON).
 */
export function copyJsonValue(value: unknown, nesting = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (nesting > MAX_VALUE_DEPTH) {
    throw new ActionRecallError("SCHEMA_TOO_DEEP", `A value nests deeper than ${MAX_VALUE_DEPTH} levels`);
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
    const message = `The value at ${shortPointer(at)} nests deeper than ${MAX_VALUE_DEPTH} levels`;
    throw new ActionRecallError("SCHEMA_TOO_DEEP", message, { cause, data: { pointer: at.slice(0, 2000) } });
  }
}
