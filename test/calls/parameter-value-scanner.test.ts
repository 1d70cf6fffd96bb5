import { describe, expect, test } from "vitest";
import { ParameterValueScanner } from "../../src/calls/engine/parameter-value-scanner.js";

/** Feeds the chunks until the value ends; returns the value, its ending and what was left for the caller. */
function read(chunks: readonly string[]): { value: string; ending: unknown; rest: string; pieces: string } {
  const pieces: string[] = [];
  const scanner = new ParameterValueScanner((text) => pieces.push(text));
  scanner.start();
  let rest = "";
  for (const chunk of chunks) {
    if (scanner.ending !== undefined) {
      rest += chunk;
      continue;
    }
    const stopped = scanner.scan(chunk, 0);
    rest += chunk.slice(stopped);
  }
  return { value: scanner.text.toString(), ending: scanner.ending, rest, pieces: pieces.join("") };
}

describe("ParameterValueScanner", () => {
  test.each([
    {
      name: "a closing tag proved by the next parameter",
      given: ['a < b</parameter>\n<parameter name="x">'],
      want: { value: "a < b", ending: { closingTagName: "parameter", nextTag: "<parameter" }, rest: ' name="x">' },
    },
    {
      name: "a literal </parameter> in code, followed by code",
      given: ['s !== "</parameter>";</parameter></invoke>'],
      want: { value: 's !== "</parameter>";', ending: { closingTagName: "parameter", nextTag: "</invoke" }, rest: ">" },
    },
    {
      name: "the same, one character at a time",
      given: [...'s !== "</parameter>";</parameter></invoke>'],
      want: { value: 's !== "</parameter>";', ending: { closingTagName: "parameter", nextTag: "</invoke" }, rest: ">" },
    },
    {
      name: "a wrong closing name, proved all the same",
      given: ["5</param>  </function_calls>"],
      want: { value: "5", ending: { closingTagName: "param", nextTag: "</function_calls" }, rest: ">" },
    },
    {
      name: "a wrong closing name, one character at a time",
      given: [..."5</param>  </function_calls>"],
      want: { value: "5", ending: { closingTagName: "param", nextTag: "</function_calls" }, rest: ">" },
    },
    {
      name: "a closing tag with a space before its >, one character at a time",
      given: [..."1</parameter >\n<parameter "],
      want: { value: "1", ending: { closingTagName: "parameter", nextTag: "<parameter" }, rest: " " },
    },
    {
      name: "a closing tag with no name: value",
      given: ["a</ >b</parameter></invoke>"],
      want: { value: "a</ >b", ending: { closingTagName: "parameter", nextTag: "</invoke" }, rest: ">" },
    },
    {
      name: "a closing tag followed by a tag that is not a structure tag",
      given: ["x</parameter> <b>bold</b></parameter><invoke "],
      want: {
        value: "x</parameter> <b>bold</b>",
        ending: { closingTagName: "parameter", nextTag: "<invoke" },
        rest: " ",
      },
    },
    {
      name: "CDATA kept whole, a closing tag inside it ignored",
      given: ["<![CDATA[</parameter><invoke]]></parameter><parameter "],
      want: {
        value: "<![CDATA[</parameter><invoke]]>",
        ending: { closingTagName: "parameter", nextTag: "<parameter" },
        rest: " ",
      },
    },
    {
      name: "a structure tag not yet proved whole (it may still be <invokes>)",
      given: ["x</parameter><invoke"],
      want: { value: "x", ending: undefined, rest: "" },
    },
    {
      name: "no closing tag yet",
      given: ["still ", "writing </par"],
      want: { value: "still writing ", ending: undefined, rest: "" },
    },
  ])("$name", ({ given, want }) => {
    const { pieces, ...outcome } = read(given);
    expect(outcome).toEqual(want);
    // Every piece of value text is reported as it is read, and nothing else.
    expect(pieces).toBe(want.value);
  });
});
