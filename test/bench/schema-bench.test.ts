import { expect, test } from "vitest";
import { timeFirstAndWarm } from "../../bench/schema.js";

test("the schema benchmark's headline converts an object parsed that round; warm converts that same object again", () => {
  const seen: object[] = [];
  const times = timeFirstAndWarm('{"openapi": "3.0.3", "paths": {}}', (document) => seen.push(document), 3, 1);
  // 4 rounds (1 warm-up), each converting twice.
  expect(seen).toHaveLength(8);
  const firsts = seen.filter((_, index) => index % 2 === 0);
  const repeats = seen.filter((_, index) => index % 2 === 1);
  expect(new Set(firsts).size).toBe(4);
  repeats.forEach((repeat, round) => {
    expect(repeat).toBe(firsts[round]);
  });
  expect(Object.keys(times)).toEqual(["parseMs", "firstMs", "warmMs"]);
});
