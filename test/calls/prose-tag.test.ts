import { expect, test } from "vitest";
import { ProseTag } from "../../src/calls/engine/prose-tag.js";
import { TagOpeners } from "../../src/calls/engine/tag-openers.js";
import { createToolCatalog } from "../../src/calls/engine/tool-catalog.js";
import type { TextToolCallFormat } from "../../src/calls/tool-call.js";

const catalog = createToolCatalog([
  { name: "get_weather", description: "", parameters: { type: "object", properties: { city: { type: "string" } } } },
]);
const openers = new TagOpeners(new Set<TextToolCallFormat>(["xml", "hermes"]), catalog, false);

// Each chunk after the first `<` of a tag met in prose: where the tag ends, what it opens, and what was read of it.
test.each([
  {
    name: "a block tag opens",
    chunks: ["function_calls>rest"],
    want: ["opens", "function_calls", "<function_calls>", 15],
  },
  {
    name: "a tag split across chunks opens in the last",
    chunks: ["function_", "cal", "ls>after"],
    want: ["opens", "function_calls", "<function_calls>", 3],
  },
  {
    name: "a block tag takes no attributes",
    chunks: ["function_calls id=1>"],
    want: ["prose", "function_calls", "<function_calls ", 15],
  },
  { name: "an unknown name is prose at once", chunks: ["b>bold</b>"], want: ["prose", undefined, "<b", 1] },
  {
    name: "a quoted > inside an attribute does not end the tag",
    chunks: ['function name="a>b">x'],
    want: ["opens", "xml-function", '<function name="a>b">', 20],
  },
  {
    name: "Hermes' <function=name> runs to its >",
    chunks: ["function=get_weather>{"],
    want: ["opens", "function", "<function=get_weather>", 21],
  },
  {
    name: "a <function= broken by a line break is prose",
    chunks: ["function=get\n"],
    want: ["prose", "function", "<function=get", 12],
  },
  {
    name: "a tag still open at the end of the chunks has not ended",
    chunks: ["function_ca"],
    want: [undefined, undefined, "<function_ca", 11],
  },
])("$name", ({ chunks, want }) => {
  const tag = new ProseTag(openers);
  tag.start();
  let end = 0;
  for (const chunk of chunks) end = tag.scan(chunk, 0, false);
  expect([tag.ended, tag.ended === undefined ? undefined : tag.opener, tag.text, end]).toEqual(want);
});

test("a tag started with what a reader held reads on from it", () => {
  const tag = new ProseTag(openers);
  tag.start("<function_c");
  const end = tag.scan("alls>", 0, false);
  expect([tag.ended, tag.opener, tag.text, end]).toEqual(["opens", "function_calls", "<function_calls>", 5]);
});

test("a tag's name taken a character at a time reads as scanning it does; what ends the name is not taken", () => {
  const tag = new ProseTag(openers);
  tag.start();
  for (const character of "function_calls") expect(tag.takeCharacter(character)).toBe(true);
  expect(tag.takeCharacter(">")).toBe(false);
  expect(tag.text).toBe("<function_calls");
  expect(tag.scan(">", 0, false)).toBe(1);
  expect([tag.ended, tag.opener, tag.text]).toEqual(["opens", "function_calls", "<function_calls>"]);
  // Once the name is read, nothing more is a name character: attributes and quotes go through `scan`.
  tag.start();
  tag.scan("tool_call ", 0, false);
  expect(tag.ended).toBeUndefined();
  expect(tag.takeCharacter("n")).toBe(false);
});

test("a closing tag's slash is a name character only right after its `<`", () => {
  const tag = new ProseTag(openers);
  tag.start();
  expect(tag.takeCharacter("/")).toBe(true);
  expect(tag.takeCharacter("/")).toBe(false);
});

test("a <function=name> tool's name and a quoted attribute value are taken; what ends them goes through scan", () => {
  const bare = new TagOpeners(new Set<TextToolCallFormat>(["hermes"]), catalog, false);
  const fn = new ProseTag(bare);
  fn.start();
  fn.scan("function=", 0, false);
  for (const character of "get_weather") expect(fn.takeCharacter(character)).toBe(true);
  expect(fn.takeCharacter(">")).toBe(false);
  expect(fn.takeCharacter("\n")).toBe(false);
  expect(fn.scan(">", 0, false)).toBe(1);
  expect([fn.ended, fn.text]).toEqual(["opens", "<function=get_weather>"]);
  // `<function name="...">` (a tag that takes attributes, with format xml).
  const quoted = new ProseTag(openers);
  quoted.start();
  quoted.scan('function name="', 0, false);
  expect([quoted.ended, quoted.opener]).toEqual([undefined, "xml-function"]);
  expect([quoted.takeCharacter("f"), quoted.takeCharacter(">"), quoted.takeCharacter('"')]).toEqual([
    true,
    true,
    false,
  ]);
});
