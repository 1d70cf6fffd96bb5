import { escapeJsonPointerToken } from "./json-pointer.js";

/**
 * Levels a value (tool arguments, slot data, a schema's `default` or example) may nest. Real ones nest a few; the walks
 * that read them (serialising, copying, `structuredClone`, `JSON.stringify`) recurse, and 10,000 levels would
 * overflow the stack.
 */
export const MAX_VALUE_DEPTH = 500;

/**
 * The JSON pointer of the first value nested deeper than `limit` levels of arrays and objects in `value`, or
 * undefined. The walk stops at the limit, so it recurses at most `limit` levels whatever the depth of the value.
 *
 * @example
 * findDeepNesting({ a: { b: {} } }, 1); // "/a/b"
 */
export function findDeepNesting(value: unknown, limit: number = MAX_VALUE_DEPTH): string | undefined {
  const tokens = pathPastLimit(value, limit, 0);
  return tokens?.reverse().reduce((pointer, token) => `${pointer}/${escapeJsonPointerToken(token)}`, "");
}

/** The keys, innermost first, down to the first container past the limit. */
function pathPastLimit(value: unknown, limit: number, depth: number): string[] | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (depth > limit) return [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = pathPastLimit(value[index], limit, depth + 1);
      if (found !== undefined) {
        found.push(String(index));
        return found;
      }
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const found = pathPastLimit((value as Record<string, unknown>)[key], limit, depth + 1);
    if (found !== undefined) {
      found.push(key);
      return found;
    }
  }
  return undefined;
}
