/**
 * Reading and writing untrusted objects by their own properties only. Names come from documents and model output:
 * `__proto__` or `constructor` must be data, never the prototype, in both directions.
 */

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Sets `key` as an own enumerable property. `__proto__` is the one key whose plain assignment reaches the prototype (an
 * accessor on `Object.prototype`), so it is defined; every other key is assigned, which is far cheaper on hot paths
 * such as `$ref` expansion.
 */
export function setOwnProperty(target: object, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (target as Record<string, unknown>)[key] = value;
  }
}

/** Reads an own property only, so `constructor` or `__proto__` never reach the prototype. */
export function getOwnProperty(source: unknown, key: string): unknown {
  if (source === null || typeof source !== "object" || !Object.hasOwn(source, key)) return undefined;
  return (source as Record<string, unknown>)[key];
}
