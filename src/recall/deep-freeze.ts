/**
 * Freezes a JSON-like value and everything it holds, so one cached value can be handed to every caller without any
 * caller corrupting it for the next (a write throws in strict mode). Returns the value itself. Hand-written: no
 * installed library freezes deeply.
 */
export function deepFreeze<Value>(value: Value): Value {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}
