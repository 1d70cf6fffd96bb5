import { describe, expect, test } from "vitest";
import { coerceArgument } from "../../src/calls/coerce-argument.js";
import { decodeXmlText } from "../../src/calls/decode-xml-text.js";
import { parseJsonArguments } from "../../src/calls/parse-json-arguments.js";

describe("coerceArgument", () => {
  test.each([
    { name: "string keeps leading zeros", raw: "0123", schema: { type: "string" }, want: "0123" },
    { name: "string keeps 1.0", raw: "1.0", schema: { type: "string" }, want: "1.0" },
    {
      name: "string loses one line break at each end",
      raw: "\n\n  a\n\n",
      schema: { type: "string" },
      want: "\n  a\n",
    },
    {
      name: "string written right after its tag keeps its final line break",
      raw: "a\n",
      schema: { type: "string" },
      want: "a\n",
    },
    { name: "float is a number", raw: "\n3.14\n", schema: { type: "float" }, want: 3.14 },
    // Type names as programming languages write them, which vLLM's Hunyuan and Qwen3 XML parsers read so.
    { name: "int is an integer", raw: "7", schema: { type: "int" }, want: 7 },
    { name: "uint32 is an integer", raw: " 7 ", schema: { type: "uint32" }, want: 7 },
    { name: "Double is a number", raw: "2.5", schema: { type: "Double" }, want: 2.5 },
    { name: "bool is a boolean", raw: "True", schema: { type: "bool" }, want: true },
    { name: "list[str] is an array", raw: '["a"]', schema: { type: "list[str]" }, want: ["a"] },
    { name: "dict is an object", raw: '{"a": 1}', schema: { type: "dict" }, want: { a: 1 } },
    { name: "str keeps its text", raw: "007", schema: { type: "str" }, want: "007" },
    {
      name: "None for integer or null",
      raw: "None",
      schema: { anyOf: [{ type: "integer" }, { type: "null" }] },
      want: null,
    },
    { name: "None for string or null", raw: "None", schema: { type: ["string", "null"] }, want: null },
    { name: "string keeps CRLF content", raw: "\r\na\r\nb\r\n", schema: { type: "string" }, want: "a\r\nb" },
    { name: "integer", raw: " 5 ", schema: { type: "integer" }, want: 5 },
    { name: "integer with leading zeros", raw: "0123", schema: { type: "integer" }, want: 123 },
    { name: "negative number with exponent", raw: "-1.5e3", schema: { type: "number" }, want: -1500 },
    { name: "boolean false", raw: "false", schema: { type: "boolean" }, want: false },
    { name: "null", raw: "null", schema: { type: "null" }, want: null },
    { name: "integer or null, given null", raw: "null", schema: { type: ["integer", "null"] }, want: null },
    {
      name: "anyOf integer or boolean",
      raw: "true",
      schema: { anyOf: [{ type: "integer" }, { type: "boolean" }] },
      want: true,
    },
    { name: "array as JSON", raw: "[1, 2]", schema: { type: "array" }, want: [1, 2] },
    { name: "object repaired", raw: "{a: 1", schema: { type: "object" }, want: { a: 1 } },
    { name: "no schema keeps the text", raw: "5", schema: undefined, want: "5" },
    { name: "schema without type keeps the text", raw: "5", schema: { description: "any" }, want: "5" },
  ])("$name", ({ raw, schema, want }) => {
    expect(coerceArgument(raw, schema)).toEqual({ success: true, value: want });
  });

  test.each([
    { raw: "5.5", schema: { type: "integer" }, want: '"5.5" is not integer' },
    { raw: "yes", schema: { type: "boolean" }, want: '"yes" is not boolean' },
    { raw: "", schema: { type: "number" }, want: '"" is not number' },
    { raw: "[1]", schema: { type: "object" }, want: '"[1]" is not object' },
    { raw: "0x10", schema: { type: "integer" }, want: '"0x10" is not integer' },
    // A prefix names a type only when nothing of a longer word follows it.
    { raw: "7", schema: { type: "internal" }, want: '"7" is not internal' },
    { raw: "None", schema: { type: "integer" }, want: '"None" is not integer' },
  ])("$raw is not $schema.type", ({ raw, schema, want }) => {
    expect(coerceArgument(raw, schema)).toEqual({ success: false, message: want });
  });
});

describe("decodeXmlText", () => {
  test.each([
    { given: "a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;", want: "a <b> & \"c\" 'd'" },
    { given: "&#60;&#x3C;&#x1F600;", want: "<<\u{1F600}" },
    { given: "<![CDATA[<a> &amp;]]> &amp; <![CDATA[]]>", want: "<a> &amp; & " },
    { given: "if (a && b < c) &nbsp; &#99999999;", want: "if (a && b < c) &nbsp; &#99999999;" },
  ])("$given", ({ given, want }) => {
    expect(decodeXmlText(given)).toBe(want);
  });
});

describe("parseJsonArguments", () => {
  test.each([
    { given: "", want: { arguments: {} } },
    { given: '{"a": 1}', want: { arguments: { a: 1 } } },
    { given: '{"a": 1', want: { arguments: { a: 1 }, rawArguments: '{"a": 1' } },
    {
      given: '"text"',
      want: { arguments: {}, rawArguments: '"text"', message: "Arguments are a JSON string, not an object" },
    },
    {
      given: "[1, 2]",
      want: { arguments: {}, rawArguments: "[1, 2]", message: "Arguments are a JSON array, not an object" },
    },
    { given: "3", want: { arguments: {}, rawArguments: "3", message: "Arguments are a JSON number, not an object" } },
    { given: "null", want: { arguments: {}, rawArguments: "null", message: "Arguments are JSON null, not an object" } },
    // Text a repair makes a string of, or an array, is no JSON object: said so, not that it is JSON.
    { given: "foo", want: { arguments: {}, rawArguments: "foo", message: "Arguments are not a JSON object: foo" } },
    {
      given: "[1, 2",
      want: { arguments: {}, rawArguments: "[1, 2", message: "Arguments are not a JSON object: [1, 2" },
    },
    {
      given: '{"path": "a.md", "content": "The first li',
      want: {
        arguments: {},
        rawArguments: '{"path": "a.md", "content": "The first li',
        message: "Arguments end inside a string: they were cut off (a token limit?), and are not read",
      },
    },
    {
      given: '{"note": "it\'s \\"fine\\""',
      want: { arguments: { note: 'it\'s "fine"' }, rawArguments: '{"note": "it\'s \\"fine\\""' },
    },
  ])("$given", ({ given, want }) => {
    expect(parseJsonArguments(given)).toEqual(want);
  });
});
