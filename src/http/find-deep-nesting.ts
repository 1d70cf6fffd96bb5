import { escapeJsonPointerToken } from "../openapi/json-pointer.js";
import { isPlainObject } from "./layered-arguments.js";

/**
 * Levels model-written arguments may nest. Real ones nest a few; building a request walks them recursively
 * (serialising, copying, `JSON.stringify`), and 10,000 levels would overflow the stack there.
 */
export const MAX_ARGUMENT_NESTING = 500;

/**
 * The JSON pointer of the first value nested deeper than {@link MAX_ARGUMENT_NESTING} levels in `value`, or undefined.
 * The walk keeps its own stack, so it cannot overflow whatever the depth.
 */
export function findDeepNesting(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: "", depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > MAX_ARGUMENT_NESTING) return next.pointer;
    const members = Array.isArray(next.value)
      ? next.value.entries()
      : isPlainObject(next.value)
        ? Object.entries(next.value)
        : [];
    for (const [key, member] of members) {
      if (member === null || typeof member !== "object") continue;
      pending.push({
        value: member,
        pointer: `${next.pointer}/${escapeJsonPointerToken(String(key))}`,
        depth: next.depth + 1,
      });
    }
  }
  return undefined;
}
