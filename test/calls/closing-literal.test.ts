import { expect, test } from "vitest";
import { ClosingLiteral } from "../../src/calls/engine/closing-literal.js";

test.each([
  { literal: "]]>", chunks: ["a]]]>rest"], want: { text: "a]", found: true, rest: "rest" } },
  { literal: "]]>", chunks: ["a]", "]", "]", ">rest"], want: { text: "a]", found: true, rest: "rest" } },
  { literal: "]]>", chunks: ["a]]", "b]]>"], want: { text: "a]]b", found: true, rest: "" } },
  {
    literal: "</tool_call>",
    chunks: ["x</tool", "_cal", "</tool_call>!"],
    want: { text: "x</tool_cal", found: true, rest: "!" },
  },
  { literal: "</tool_call>", chunks: ["x</tool_c"], want: { text: "x", found: false, rest: "" } },
])("$literal in $chunks", ({ literal, chunks, want }) => {
  const closing = new ClosingLiteral(literal);
  let text = "";
  let rest = "";
  for (const chunk of chunks) {
    if (closing.found) {
      rest += chunk;
      continue;
    }
    const end = closing.scan(chunk, 0, (piece) => {
      text += piece;
    });
    if (closing.found) rest += chunk.slice(end);
  }
  expect({ text, found: closing.found, rest }).toEqual(want);
});

test.each([
  { literal: "</tool_call>", held: "<", character: " ", want: "< " },
  { literal: "</tool_call>", held: "</", character: "p", want: "</p" },
  // The character goes on with the literal, or starts it again: nothing is released.
  { literal: "</tool_call>", held: "</", character: "t", want: undefined },
  { literal: "</tool_call>", held: "<", character: "<", want: undefined },
  // `]]` then `]`: the literal may still start at the second `]`.
  { literal: "]]>", held: "]]", character: "]", want: undefined },
  { literal: "]]>", held: "]]", character: "x", want: "]]x" },
  { literal: "</tool_call>", held: "", character: "x", want: undefined },
])("$literal holding $held, then $character, releases $want", ({ literal, held, character, want }) => {
  const closing = new ClosingLiteral(literal);
  for (const start of held) expect(closing.holds(start)).toBe(true);
  expect(closing.textReleasedBy(character)).toBe(want);
  // Asking changes nothing: what was held is still held.
  expect(closing.held).toBe(held);
});

test("a start released is no longer held, and the literal is found after it", () => {
  const closing = new ClosingLiteral("</tool_call>");
  closing.holds("<");
  closing.release();
  let text = "";
  const end = closing.scan("a</tool_call>b", 0, (piece) => {
    text += piece;
  });
  expect({ text, found: closing.found, end, held: closing.held }).toEqual({
    text: "a",
    found: true,
    end: 13,
    held: "",
  });
});

test.each([
  { literal: "</function>", text: "< ", want: true },
  { literal: "</function>", text: "</p", want: true },
  { literal: "<|tool_call_end|>", text: "</", want: true },
  // A start of the literal left at the end would be held, and the literal itself ends the region.
  { literal: "</function>", text: "a </f", want: false },
  { literal: "</function>", text: "x</function>y", want: false },
  // `]]` then `]`: the literal may still start at the last two.
  { literal: "]]>", text: "]]]", want: false },
  { literal: "]]>", text: "]]x", want: true },
])("$literal: $text read now is text and nothing else: $want", ({ literal, text, want }) => {
  const closing = new ClosingLiteral(literal);
  expect(closing.passesOver(text)).toBe(want);
  // Asking changes nothing.
  expect(closing.holding).toBe(false);
});
