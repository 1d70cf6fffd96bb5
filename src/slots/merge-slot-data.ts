import { appendJsonPointer } from "../openapi/json-pointer.js";
import { getOwnProperty, isJsonObject, setOwnProperty } from "../openapi/own-properties.js";

/** What {@link mergeSlotData} returns: the merged copy and the pointers it wrote. */
export interface MergedSlotData {
  data: Record<string, unknown>;
  written: string[];
}

/**
 * Deep-merges a phase's answer into the data so far, without touching either. Values already there are kept, except
 * where a pointer in `replace` (a field still missing or invalid) lies at or below them; `null` from the model means
 * "unknown" and is never written.
 */
export function mergeSlotData(
  existing: Record<string, unknown>,
  incoming: Record<string, unknown>,
  replace: readonly string[],
): MergedSlotData {
  const written: string[] = [];
  const data = mergeObject(structuredClone(existing), incoming, "", replace, written);
  return { data, written };
}

function mergeObject(
  target: Record<string, unknown>,
  incoming: Record<string, unknown>,
  pointer: string,
  replace: readonly string[],
  written: string[],
): Record<string, unknown> {
  for (const [key, value] of Object.entries(incoming)) {
    if (value === null || value === undefined) continue;
    const childPointer = appendJsonPointer(pointer, key);
    const current = getOwnProperty(target, key);
    if (isJsonObject(current) && isJsonObject(value)) {
      mergeObject(current, value, childPointer, replace, written);
    } else if (
      !Object.hasOwn(target, key) ||
      replace.some((wanted) => wanted === childPointer || wanted.startsWith(`${childPointer}/`))
    ) {
      setOwnProperty(target, key, structuredClone(value));
      written.push(childPointer);
    }
  }
  return target;
}

/** The pointers of the leaves of a value (arrays count as leaves). */
export function leafPointers(value: unknown, pointer = ""): string[] {
  if (!isJsonObject(value)) return pointer === "" ? [] : [pointer];
  const entries = Object.entries(value);
  if (entries.length === 0) return pointer === "" ? [] : [pointer];
  return entries.flatMap(([key, member]) => leafPointers(member, appendJsonPointer(pointer, key)));
}
