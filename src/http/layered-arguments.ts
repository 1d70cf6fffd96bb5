/**
 * Arguments sorted by where they go in the request. The four parameter sections are null-prototype records, so a
 * model-written name such as `__proto__` is just a name.
 */
export interface LayeredArguments {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, unknown>;
  /** The request body; `undefined` when there is none. */
  body?: unknown;
}

/** The four parameter sections of {@link LayeredArguments}, in the order requests are built. */
export const PARAMETER_SECTIONS = ["path", "query", "header", "cookie"] as const;

/** Every section a layered argument object may have. */
export const ARGUMENT_SECTIONS = [...PARAMETER_SECTIONS, "body"] as const;

/** A record with no prototype: assigning any untrusted key to it only ever creates an own property. */
export function createRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** Empty {@link LayeredArguments}. */
export function createLayeredArguments(): LayeredArguments {
  return { path: createRecord(), query: createRecord(), header: createRecord(), cookie: createRecord() };
}

/** True for a plain JSON object (not an array, not null, not bytes). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value) || ArrayBuffer.isView(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** A deep copy in which null-prototype records become ordinary objects, for output that leaves this module. */
export function toPlainData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlainData);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, toPlainData(member)]));
}
