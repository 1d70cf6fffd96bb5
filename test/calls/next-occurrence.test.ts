import { expect, test, vi } from "vitest";
import { NextOccurrence } from "../../src/calls/engine/next-occurrence.js";

test("gives the next place of its character from any point, in order or not, and -1 past the last", () => {
  const chunk = "a<b<c";
  const lessThan = new NextOccurrence("<");
  expect([0, 1, 2, 3, 4, 0].map((from) => lessThan.in(chunk, 1, from))).toEqual([1, 1, 3, 3, -1, 1]);
});

test("a chunk with another number is searched anew, even when its text is the same length", () => {
  const bracket = new NextOccurrence("[");
  expect(bracket.in("ab[d", 1, 0)).toBe(2);
  expect(bracket.in("[bcd", 2, 0)).toBe(0);
  expect(bracket.in("abcd", 3, 0)).toBe(-1);
  expect(bracket.in("abc[", 4, 1)).toBe(3);
});

test("a chunk's place is still known after text read again inside it: the outer chunk is not searched again", () => {
  const bracket = new NextOccurrence("[");
  const outer = `]<${"x".repeat(100)}`;
  const searches = vi.spyOn(String.prototype, "indexOf");
  try {
    expect(bracket.in(outer, 1, 0)).toBe(-1);
    expect(bracket.in("<", 2, 0)).toBe(-1);
    expect(bracket.in(outer, 1, 2)).toBe(-1);
    expect(bracket.in(`${outer}[`, 3, 0)).toBe(outer.length);
    // Searched: the outer chunk once, the text read again once, the third chunk once.
    expect(searches).toHaveBeenCalledTimes(3);
  } finally {
    searches.mockRestore();
  }
});
