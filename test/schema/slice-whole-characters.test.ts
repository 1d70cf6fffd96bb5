import { describe, expect, test } from "vitest";
import { toDialect } from "../../src/schema/dialects/index.js";
import { sliceWholeCharacters } from "../../src/schema/slice-whole-characters.js";

describe("cutting text never splits a surrogate pair", () => {
  test.each([
    ["a cut inside a pair drops its first half", "a🚀b", 2, "a"],
    ["a cut after a whole pair keeps it", "a🚀b", 3, "a🚀"],
    ["a cut before a pair", "a🚀b", 1, "a"],
    ["text shorter than the length is whole", "🚀", 5, "🚀"],
    ["a lone second half already in the text is left as it was", "\udc00x", 1, "\udc00"],
  ])("%s", (_name, text, length, want) => {
    expect(sliceWholeCharacters(text, length)).toBe(want);
  });

  test("an openai tool description trimmed where an emoji's halves meet stays well-formed", () => {
    const trimmedNote = " [description trimmed]";
    // The cut falls after the first half of the first emoji.
    const description = `${"x".repeat(1024 - trimmedNote.length - 1)}${"🚀".repeat(100)}`;
    const parameters = { type: "object", properties: {} };
    const { tool } = toDialect({ name: "t", description, parameters }, "openai");
    const written = (tool as { function: { description: string } }).function.description;
    expect(written).toBe(`${"x".repeat(1024 - trimmedNote.length - 1)}${trimmedNote}`);
  });
});
