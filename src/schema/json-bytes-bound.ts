import { isJsonObject } from "../openapi/own-properties.js";

/**
 * An upper bound of the UTF-8 bytes of `JSON.stringify(value)`, found without writing the text; once the bound passes
 * `limit`, the walk stops and returns it.
 *
 * Writing a tool's JSON is most of what sizing it costs, and most tools are far inside the token budget, which a
 * bound proves as well as the exact length does: a token holds at least one byte. The walk reads the structure and
 * only the lengths of strings, taking 6 bytes per UTF-16 code unit (no unit is written longer: `\u00XX` or `\uDXXX`
 * when escaped, 3 bytes raw, 4 for two units of a surrogate pair). A value with `toJSON`, which could write anything,
 * gets no bound (`Infinity`).
 *
 * @example
 * jsonBytesBound({ name: "ping" }, 8000); // 41, over the 15 bytes of {"name":"ping"}
 */
export function jsonBytesBound(value: unknown, limit: number): number {
  return addBound(value, 0, limit);
}

function addBound(value: unknown, total: number, limit: number): number {
  if (typeof value === "string") return total + stringBound(value);
  if (typeof value === "number") return total + String(value).length;
  if (typeof value !== "object" || value === null) return total + 5; // true, false, null; others are left out
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return Number.POSITIVE_INFINITY;
  // Brackets or braces, and a comma before every item or member.
  let sum = total + 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      sum = addBound(item, sum + 1, limit);
      if (sum > limit) return sum;
    }
  } else if (isJsonObject(value)) {
    for (const key of Object.keys(value)) {
      // The key, its colon and the comma.
      sum = addBound(value[key], sum + stringBound(key) + 2, limit);
      if (sum > limit) return sum;
    }
  }
  return sum;
}

function stringBound(text: string): number {
  return 6 * text.length + 2;
}
