/**
 * An upper bound of the UTF-8 bytes of `JSON.stringify(value)`, found without writing the text; once the bound passes
 * `limit`, the walk stops and returns it.
 *
 * Writing a tool's JSON is most of what sizing it costs, and most tools are far inside the token budget, which a
 * bound proves as well as the exact length does: a token holds at least one byte. The walk reads the structure and
 * only the lengths of strings, taking 6 bytes per UTF-16 code unit (no unit is written longer: `\u00XX` or `\uDXXX`
 * when escaped, 3 bytes raw, 4 for two units of a surrogate pair); a long string whose characters are all printable
 * ASCII, tabs or line breaks takes 2 per unit (`\"`, `\n`), and one without other control characters or surrogates
 * 3. A value with `toJSON`, which could write anything, gets no bound (`Infinity`).
 *
 * The strings are scanned only when a first walk, at 6 bytes per unit for every string, ends over the limit: that
 * walk reads nothing but lengths, and clears most small tools on its own.
 *
 * @example
 * jsonBytesBound({ name: "ping" }, 8000); // 56, over the 15 bytes of {"name":"ping"}
 */
export function jsonBytesBound(value: unknown, limit: number): number {
  const unscanned = addBound(value, 0, limit, false);
  return unscanned <= limit ? unscanned : addBound(value, 0, limit, true);
}

/** The bound of `value` added to `total`; `scan` reads the characters of long strings to tighten theirs. */
function addBound(value: unknown, total: number, limit: number, scan: boolean): number {
  if (typeof value === "string") return total + stringBound(value, scan);
  // `NaN` and the infinities are written `null`.
  if (typeof value === "number") return total + (Number.isFinite(value) ? String(value).length : 4);
  if (typeof value !== "object" || value === null) return total + 5; // true, false, null; others are left out
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return Number.POSITIVE_INFINITY;
  // Brackets or braces, and a comma before every item or member.
  let sum = total + 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      sum = addBound(item, sum + 1, limit, scan);
      if (sum > limit) return sum;
    }
  } else {
    // `for...in` lists no fewer keys than `JSON.stringify` writes (inherited ones too, which can only raise the bound),
    // and unlike `Object.keys` allocates no array.
    for (const key in value) {
      // The key, its colon and the comma.
      sum = addBound((value as Record<string, unknown>)[key], sum + stringBound(key, scan) + 2, limit, scan);
      if (sum > limit) return sum;
    }
  }
  return sum;
}

/** Characters that could take more than 2 bytes: not printable ASCII, nor a tab or line break (escaped in 2). */
const OVER_TWO_BYTES = /[^\x20-\x7e\t\n\r]/;
/** Characters that could take more than 3 bytes: other control characters (`\u00XX`) and surrogates, maybe lone. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const OVER_THREE_BYTES = /[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]/;

function stringBound(text: string, scan: boolean): number {
  // Long strings (descriptions) carry most of a tool's bytes: one native scan or two tighten their bound.
  const perUnit = !scan || text.length < 16 ? 6 : !OVER_TWO_BYTES.test(text) ? 2 : !OVER_THREE_BYTES.test(text) ? 3 : 6;
  return perUnit * text.length + 2;
}
