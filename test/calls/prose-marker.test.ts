import { expect, test } from "vitest";
import { ProseMarker } from "../../src/calls/engine/prose-marker.js";

// A marker after its first character: where it stops, what it ended as ("" when none) and what was read of it.
test.each([
  { name: "a literal read whole", first: "[", chunks: ["TOOL_CALLS]get"], want: ["[TOOL_CALLS]", "[TOOL_CALLS]", 11] },
  {
    name: "a literal split across chunks ends in the last",
    first: "[",
    chunks: ["TOO", "L_CA", "LLS]{"],
    want: ["[TOOL_CALLS]", "[TOOL_CALLS]", 4],
  },
  { name: "another of its literals", first: "[", chunks: ["THINK]hm"], want: ["[THINK]", "[THINK]", 6] },
  { name: "none of them, at the character that breaks them", first: "[", chunks: ["TOOLS]"], want: ["", "[TOOL", 4] },
  { name: "a bracket followed by anything else", first: "]", chunks: ["<]mini", "x"], want: ["", "]<]mini", 0] },
  { name: "still one of them at the end of the chunks", first: "[", chunks: ["TOOL_"], want: [undefined, "[TOOL_", 5] },
])("$name", ({ first, chunks, want }) => {
  const marker = new ProseMarker();
  marker.start(first, first === "[" ? ["[TOOL_CALLS]", "[THINK]"] : ["]<]minimax[>[<tool_call>"]);
  let end = 0;
  for (const chunk of chunks) end = marker.scan(chunk, 0);
  expect([marker.ended, marker.text, end]).toEqual(want);
});

test("a literal it was not started with is not read", () => {
  const marker = new ProseMarker();
  marker.start("[", ["[TOOL_CALLS]"]);
  expect([marker.scan("THINK]", 0), marker.ended, marker.text]).toEqual([1, "", "[T"]);
});

test("a character taken on the fast path goes on with a literal; the one completing it, or breaking it, is not taken", () => {
  const marker = new ProseMarker();
  marker.start("[", ["[TOOL_CALLS]", "[THINK]"]);
  for (const character of "TOOL_CALLS") expect(marker.takeCharacter(character)).toBe(true);
  expect(marker.takeCharacter("]")).toBe(false);
  expect(marker.takeCharacter("x")).toBe(false);
  expect(marker.text).toBe("[TOOL_CALLS");
  expect(marker.scan("]", 0)).toBe(1);
  expect(marker.ended).toBe("[TOOL_CALLS]");
});
