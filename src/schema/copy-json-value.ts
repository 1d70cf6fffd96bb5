import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";

/**
 * Copies a plain data value (an `enum`, a `default`, an example) so the output never shares objects with the input;
 * keys such as `__proto__` stay own data properties. Values are a few levels deep, so recursion is safe here.
 */
export function copyJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJsonValue);
  if (!isJsonObject(value)) return value;
  const copy = {};
  for (const [key, entry] of Object.entries(value)) setOwnProperty(copy, key, copyJsonValue(entry));
  return copy;
}
