/**
 * Sets `key` on `target` as an own, enumerable property. Names come from untrusted documents and model output, and a
 * plain assignment of `__proto__` would replace the prototype instead of adding a field.
 */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Reads an own property only, so `constructor` or `__proto__` never reach the prototype. */
export function getOwnProperty(source: unknown, key: string): unknown {
  if (source === null || typeof source !== "object" || !Object.hasOwn(source, key)) return undefined;
  return (source as Record<string, unknown>)[key];
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
