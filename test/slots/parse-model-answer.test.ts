import { describe, expect, test } from "vitest";
import { parseModelAnswer } from "../../src/slots/index.js";

describe("parseModelAnswer", () => {
  test.each([
    { name: "plain JSON", given: '{"city": "Hangzhou"}', want: { city: "Hangzhou" } },
    {
      name: "reasoning is stripped before reading",
      given: '<think>maybe {"city": "Paris"}</think>{"city": "Hangzhou"}',
      want: { city: "Hangzhou" },
    },
    {
      name: "the last fenced block wins",
      given: 'First:\n```json\n{"a": 1}\n```\nCorrected:\n```json\n{"a": 2}\n```',
      want: { a: 2 },
    },
    {
      name: "the last object in prose",
      given: 'I think {"a": 1} or rather {"a": "}", "b": 2}.',
      want: { a: "}", b: 2 },
    },
    {
      name: "broken JSON is repaired",
      given: "```json\n{city: 'Hangzhou', date: 'tomorrow',}\n```",
      want: { city: "Hangzhou", date: "tomorrow" },
    },
    {
      name: "a truncated object is closed",
      given: 'Sure: {"city": "Hangzhou", "date": "tomor',
      want: { city: "Hangzhou", date: "tomor" },
    },
    { name: "no object at all", given: "I cannot help with that.", want: undefined },
    { name: "an array is not an object", given: "[1, 2]", want: undefined },
    { name: "an answer cut inside its reasoning", given: '<think>{"a": 1}', want: undefined },
    { name: "an object nested 10,000 deep", given: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`, want: undefined },
    {
      name: "a broken object of 64,011 characters (under 64 KB) is repaired",
      given: `{"tags": [${"1 ".repeat(32_000)}]`,
      want: { tags: new Array(32_000).fill(1) },
    },
    {
      name: "a broken object past 64 KB is not repaired (jsonrepair took seconds on such text)",
      given: `{"tags": [${"1 ".repeat(200_000)}]`,
      want: undefined,
    },
  ])("$name", ({ given, want }) => {
    expect(parseModelAnswer(given)).toEqual(want);
  });
});
