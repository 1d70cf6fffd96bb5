import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { jsonBytesBound } from "../../src/schema/json-bytes-bound.js";

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");

/** JSON values whose strings have any code units: control characters, quotes, non-ASCII, lone surrogates. */
const anyJson = fc.jsonValue({ maxDepth: 4, stringUnit: "binary" });

/**
 * The bound with the strings' characters scanned: a limit just under the first walk's bound (6 bytes per unit, no
 * scan) makes the walk scan. The result is either that tighter bound, or past the limit and so no lower than the first.
 */
const scannedBound = (value: unknown): number =>
  jsonBytesBound(value, jsonBytesBound(value, Number.POSITIVE_INFINITY) - 1);

describe("jsonBytesBound", () => {
  test("is never below the UTF-8 bytes of the JSON text, for any JSON value", () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const bytes = bytesOf(value);
        return jsonBytesBound(value, Number.POSITIVE_INFINITY) >= bytes && scannedBound(value) >= bytes;
      }),
      { numRuns: 2000 },
    );
  });

  test("is never below the bytes of long strings of any characters (those the walk scans)", () => {
    const character = fc.oneof(
      fc.constantFrom("a", " ", '"', "\\", "\n", "\t", "\r", "\b", "\f", "\u0001", "\u001f", "\u007f"),
      fc.constantFrom("é", "日", "😀", "\ud800", "\udfff", "\u2028"),
      fc.string({ unit: "binary", maxLength: 1 }),
    );
    const longString = fc.array(character, { minLength: 16, maxLength: 80 }).map((characters) => characters.join(""));
    fc.assert(
      fc.property(fc.array(longString, { maxLength: 4 }), (strings) => {
        const value = Object.fromEntries(strings.map((text) => [text, text]));
        return scannedBound(value) >= bytesOf(value);
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    { name: "a control character", given: "\u0001" },
    { name: "a lone surrogate", given: "\ud800" },
    { name: "a quote and a backslash", given: '"\\' },
    { name: "an emoji", given: "😀" },
    { name: "a form feed among printable ASCII", given: "line\fbreak, long enough to be scanned" },
    { name: "a lone surrogate among non-ASCII", given: "é\udc00, long enough to be scanned" },
    { name: "line breaks and quotes", given: '"quoted"\n\t"and again"\r\n' },
    { name: "non-ASCII text", given: "日本語のテキスト、スキャンされる長さ" },
  ])("is never below the bytes of the escaped string: $name, repeated", ({ given }) => {
    const value = { [given]: given.repeat(100) };
    expect(scannedBound(value)).toBeGreaterThanOrEqual(bytesOf(value));
  });

  test("is tight enough that a long plain description of 3,000 characters fits a budget of 8,000 bytes", () => {
    expect(jsonBytesBound({ description: "Lists the issues of a repository.\n".repeat(85) }, 8000)).toBeLessThanOrEqual(
      8000,
    );
  });

  test("takes a byte per character for long ASCII strings with nothing to escape, as JSON writes them", () => {
    // The short key is bounded without a scan, at 6 bytes per character (55 over), and a comma after each member (1).
    const clean = { description: "Lists the issues of a repository. ".repeat(200) };
    const limit = bytesOf(clean) + 56;
    expect(jsonBytesBound(clean, limit)).toBeLessThanOrEqual(limit);
    // One line break makes every unit of the string count twice, as it could be escaped.
    const withLineBreak = { description: `${clean.description}\n` };
    expect(jsonBytesBound(withLineBreak, limit + 1)).toBeGreaterThan(2 * bytesOf(withLineBreak) - 100);
  });

  test("stops past the limit with a bound over it", () => {
    const value = { a: "x".repeat(100), b: ["y".repeat(100)] };
    expect(jsonBytesBound(value, 50)).toBeGreaterThan(50);
    fc.assert(
      fc.property(anyJson, fc.nat(200), (json, limit) => {
        const bound = jsonBytesBound(json, limit);
        // Within the limit the walk went through everything; past it, the full bound is past it too.
        return bound <= limit ? bound >= bytesOf(json) : jsonBytesBound(json, Number.POSITIVE_INFINITY) > limit;
      }),
      { numRuns: 1000 },
    );
  });

  test.each([
    { given: Number.NaN },
    { given: Number.NEGATIVE_INFINITY },
    { given: -0 },
    { given: -1.2345678901234566e-7 },
    { given: 1e21 },
    { given: false },
    { given: null },
    { given: "" },
  ])("is never below the bytes of $given on its own", ({ given }) => {
    expect(jsonBytesBound(given, Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(bytesOf(given));
  });

  test("a value with toJSON, which could write anything, has no bound", () => {
    expect(jsonBytesBound({ when: new Date(0) }, 8000)).toBe(Number.POSITIVE_INFINITY);
  });

  test("a cyclic value ends the walk at the limit instead of running forever", () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    expect(jsonBytesBound(cyclic, 8000)).toBeGreaterThan(8000);
  });

  test("undefined members and items, and NaN, are bounded like the null or nothing JSON writes", () => {
    const value = { a: undefined, b: [undefined, () => 1], c: 1.5e-7, d: true, e: Number.NaN, f: [Number.NaN] };
    expect(jsonBytesBound(value, Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(bytesOf(value));
  });
});
