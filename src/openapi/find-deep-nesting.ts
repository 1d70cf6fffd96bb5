import { escapeJsonPointerToken } from "./json-pointer.js";

/**
 * Levels model-written values (tool arguments, slot data) may nest. Real ones nest a few; the walks that read them
 * (serialising, copying, `structuredClone`, `JSON.stringify`) recurse, and 10,000 levels would overflow the stack.
 */
export const MAX_VALUE_DEPTH = 500;

/**
 * The JSON pointer of the first value nested deeper than `limit` levels of arrays and objects in `value`, or
 * undefined. The walk keeps its own stack, so it cannot overflow whatever the depth.
 *
 * @example
 * findDeepNesting({ a: { b: {} } }, 1); // "/a/b"
 */
export function findDeepNesting(value: unknown, limit: number = MAX_VALUE_DEPTH): string | undefined {
  const pending: Nested[] = [{ value, depth: 0, key: "", parent: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > limit) return pointerOf(next);
    if (next.value === null || typeof next.value !== "object") continue;
    const members = Array.isArray(next.value) ? next.value.entries() : Object.entries(next.value);
    for (const [key, member] of members) {
      if (member !== null && typeof member === "object") {
        pending.push({ value: member, depth: next.depth + 1, key: String(key), parent: next });
      }
    }
  }
  return undefined;
}

/** A value met by the walk, with the way back to the root (the pointer is written only for the one reported). */
interface Nested {
  value: unknown;
  depth: number;
  key: string;
  parent: Nested | undefined;
}

function pointerOf(nested: Nested): string {
  const tokens: string[] = [];
  for (let at: Nested | undefined = nested; at?.parent !== undefined; at = at.parent) {
    tokens.push(escapeJsonPointerToken(at.key));
  }
  return tokens
    .reverse()
    .map((token) => `/${token}`)
    .join("");
}
