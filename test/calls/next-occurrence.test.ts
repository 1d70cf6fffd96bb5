import { expect, test } from "vitest";
import { NextOccurrence } from "../../src/calls/next-occurrence.js";

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
