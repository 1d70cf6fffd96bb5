import { describe, expect, test } from "vitest";
import { TextAccumulator } from "../../src/calls/engine/text-accumulator.js";

/** The text an accumulator gives after these appends. */
function accumulate(pieces: readonly string[]): string {
  const accumulator = new TextAccumulator();
  for (const piece of pieces) accumulator.append(piece);
  return accumulator.toString();
}

describe("TextAccumulator", () => {
  test.each([
    { name: "single characters", given: ["a", "b", "c"], want: "abc" },
    {
      name: "single characters and longer pieces, in order",
      given: ["a", "bc", "d", "", "e", "<", "fgh"],
      want: "abcde<fgh",
    },
    { name: "a surrogate pair split across two chunks", given: ["x", "\ud83d", "\ude00", "y"], want: "x\u{1F600}y" },
    { name: "a lone surrogate, kept as it is", given: ["\ud800", "a", "\udfff"], want: "\ud800a\udfff" },
    { name: "nothing", given: [], want: "" },
    {
      name: "short pieces between single characters, as a stream gives a closing tag's start that is text",
      given: ["a", "< ", "b", "</p", "c", "\ud83d", "\ude00</", "d"],
      want: "a< b</pc\u{1F600}</d",
    },
    { name: "a short piece, then a longer one", given: ["ab", "c", "defghijklmnop"], want: "abcdefghijklmnop" },
    {
      name: "ASCII past the first room, then a character past ASCII, then ASCII again, one block",
      given: [..."a".repeat(100), "é", ..."b".repeat(100), "日", "c"],
      want: `${"a".repeat(100)}é${"b".repeat(100)}日c`,
    },
    { name: "a short piece past ASCII among single characters", given: ["a", "é<", "b"], want: "aé<b" },
  ])("$name", ({ given, want }) => {
    expect(accumulate(given)).toBe(want);
  });

  test.each([8191, 8192, 8193, 70_000])("%i single characters come out whole and in order", (count) => {
    const want = "0123456789".repeat(Math.ceil(count / 10)).slice(0, count);
    expect(accumulate([...want])).toBe(want);
  });

  test.each([8189, 8192, 8195])("pieces of three characters past %i units come out whole and in order", (count) => {
    const want = "abc".repeat(Math.ceil(count / 3) + 1);
    expect(accumulate(want.match(/.../g) ?? [])).toBe(want);
  });

  test.each([
    { name: "a shorter value after a longer one", given: [[..."abcde"], [..."xy"]], want: ["abcde", "xy"] },
    { name: "a longer value after a shorter one", given: [[..."ab"], [..."wxyz"]], want: ["ab", "wxyz"] },
    {
      name: "a value of longer pieces after single characters",
      given: [[..."abc"], ["de", "f"]],
      want: ["abc", "def"],
    },
    { name: "an empty value between two", given: [[..."abc"], [], ["z"]], want: ["abc", "", "z"] },
    {
      name: "ASCII after a value past ASCII",
      given: [[..."aé"], [..."x".repeat(40)]],
      want: ["aé", "x".repeat(40)],
    },
  ])("values one after another, reset between them: $name", ({ given, want }) => {
    const accumulator = new TextAccumulator();
    const values = given.map((pieces) => {
      accumulator.reset();
      for (const piece of pieces) accumulator.append(piece);
      return accumulator.toString();
    });
    expect(values).toEqual(want);
  });

  test("reading does not end the text; reset does", () => {
    const accumulator = new TextAccumulator();
    accumulator.append("a");
    const first = accumulator.toString();
    accumulator.append("b");
    const second = accumulator.toString();
    accumulator.reset();
    accumulator.append("c");
    expect([first, second, accumulator.toString()]).toEqual(["a", "ab", "c"]);
  });
});
