/**
 * An upper bound of the UTF-8 bytes of `JSON.stringify(value)`, found without writing the text; once the bound is
 * sure to pass `limit`, the walk stops and returns a bound over it.
 *
 * Writing a tool's JSON is most of what sizing it costs, and most tools are far inside the token budget, which a
 * bound proves as well as the exact length does: a token holds at least one byte. The walk reads the structure and
 * only the lengths of strings, taking 6 bytes per UTF-16 code unit (no unit is written longer: `\u00XX` or `\uDXXX`
 * when escaped, 3 bytes raw, 4 for two units of a surrogate pair). That clears most small tools on its own. When it
 * does not, the long strings it met (descriptions carry most of a tool's bytes) are scanned one by one, without a
 * second walk, until the bound is within the limit: ASCII with nothing to escape takes 1 byte per unit, ASCII whose
 * only control characters are `\b\t\n\f\r` 2 (`\"`, `\n`), other text without such control characters or
 * surrogates 3. A value with `toJSON`, which could write anything, gets no bound (`Infinity`).
 *
 * @example
 * jsonBytesBound({ name: "ping" }, 8000); // 56, over the 15 bytes of {"name":"ping"}
 */
export function jsonBytesBound(value: unknown, limit: number): number {
  const walk: BoundWalk = { total: 0, longStrings: [], scannedUnits: 0, limit };
  if (!addBound(value, walk)) return walk.total;
  let total = walk.total;
  for (const text of walk.longStrings) {
    if (total <= limit) return total;
    total -= (6 - bytesPerUnit(text)) * text.length;
  }
  return total;
}

/** The bound so far, at 6 bytes per unit, and the long strings whose scan may lower it. */
interface BoundWalk {
  total: number;
  longStrings: string[];
  /** Units of the strings to scan: scanned, they could take as few as 1 byte each. */
  scannedUnits: number;
  limit: number;
}

/** Strings shorter than this are not worth a scan. */
const SCANNED_LENGTH = 16;

/** Adds the bound of `value`; false once even the scans could not bring the bound within the limit. */
function addBound(value: unknown, walk: BoundWalk): boolean {
  if (typeof value === "string") return addString(value, walk);
  if (typeof value === "object" && value !== null) return addContainer(value, walk);
  // `NaN` and the infinities are written `null`; true, false, null in 5; others are left out.
  walk.total += typeof value === "number" && Number.isFinite(value) ? String(value).length : 5;
  return true;
}

function addContainer(value: object, walk: BoundWalk): boolean {
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") {
    walk.total = Number.POSITIVE_INFINITY;
    return false;
  }
  // Brackets or braces, and a comma before every item or member.
  walk.total += 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      walk.total += 1;
      if (!addBound(item, walk)) return false;
    }
  } else {
    // `for...in` lists no fewer keys than `JSON.stringify` writes (inherited ones too, which can only raise the bound),
    // and unlike `Object.keys` allocates no array.
    for (const key in value) {
      // The key, its colon and the comma.
      walk.total += 2;
      if (!addString(key, walk) || !addBound((value as Record<string, unknown>)[key], walk)) return false;
    }
  }
  return true;
}

function addString(text: string, walk: BoundWalk): boolean {
  walk.total += 6 * text.length + 2;
  if (text.length >= SCANNED_LENGTH) {
    walk.longStrings.push(text);
    walk.scannedUnits += text.length;
  }
  // The least the bound can come to once every long string is scanned; past the limit, the walk can stop (and a
  // cyclic value ends).
  return walk.total - 5 * walk.scannedUnits <= walk.limit;
}

/** Characters other than printable ASCII, or `"` and `\\`: a string without them is written as it is. */
const NOT_WRITTEN_AS_IS = /[^ !#-[\]-~]/;
/** Characters JSON writes in more than 2 bytes: other than printable ASCII and the escapes `\b\t\n\f\r`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const OVER_TWO_BYTES = /[^\x08-\x0a\x0c\x0d -~]/;
/** Characters that could take more than 3 bytes: those escaped as `\u00XX`, and surrogates (maybe lone: `\uDXXX`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const OVER_THREE_BYTES = /[\x00-\x07\x0b\x0e-\x1f\ud800-\udfff]/;

/** The most bytes a unit of `text` takes in JSON. */
function bytesPerUnit(text: string): number {
  if (!NOT_WRITTEN_AS_IS.test(text)) return 1;
  if (!OVER_TWO_BYTES.test(text)) return 2;
  return OVER_THREE_BYTES.test(text) ? 6 : 3;
}
