import { describe, expect, test } from "vitest";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../../src/openapi/find-deep-nesting.js";

/** `{a: {a: ... 1}}`, `levels` objects deep. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

describe("findDeepNesting", () => {
  test("names the first value past the limit by its JSON pointer, keys escaped", () => {
    expect(findDeepNesting({ a: { "b/c": [{}, { "~d": {} }] } }, 3)).toBe("/a/b~1c/1/~0d");
  });

  test("counts arrays and objects, not scalars", () => {
    expect(findDeepNesting({ a: { b: "deep as a string" } }, 1)).toBeUndefined();
    expect(findDeepNesting([[1]], 1)).toBeUndefined();
    expect(findDeepNesting([[[]]], 1)).toBe("/0/0");
  });

  test(`allows ${MAX_VALUE_DEPTH} levels below the root by default, and reports the next`, () => {
    expect(findDeepNesting(nested(MAX_VALUE_DEPTH + 1))).toBeUndefined();
    expect(findDeepNesting(nested(MAX_VALUE_DEPTH + 2))).toBe("/a".repeat(MAX_VALUE_DEPTH + 1));
  });

  test("a value 100,000 levels deep is found without overflowing the stack", () => {
    expect(findDeepNesting(nested(100_000))).toBe("/a".repeat(MAX_VALUE_DEPTH + 1));
  });
});
