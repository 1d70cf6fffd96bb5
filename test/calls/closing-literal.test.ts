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
