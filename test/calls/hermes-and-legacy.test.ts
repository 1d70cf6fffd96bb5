import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { call } from "./corpus/tools.js";
import { expectCaseReadEveryWay, type ModelOutputCase } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

describe("Hermes / Qwen <tool_call>", () => {
  test.each([
    {
      name: "object arguments",
      given: 'Sure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      want: {
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" }],
        text: "Sure.\n",
      },
    },
    {
      name: "arguments as a JSON string, two calls",
      given:
        '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"A\\"}"}</tool_call><tool_call>{"name": "get_weather", "arguments": {"city": "B"}}</tool_call>',
      want: {
        calls: [
          { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" },
          { id: "call_1", name: "get_weather", arguments: { city: "B" }, format: "hermes" },
        ],
        text: "",
      },
    },
    {
      name: "several calls in one block, as a JSON array",
      given:
        '<tool_call>[{"name": "get_weather", "arguments": {"city": "E"}}, {"name": "get_weather", "arguments": {"city": "F"}}]</tool_call>',
      want: {
        calls: [
          { id: "call_0", name: "get_weather", arguments: { city: "E" }, format: "hermes" },
          { id: "call_1", name: "get_weather", arguments: { city: "F" }, format: "hermes" },
        ],
        text: "",
      },
    },
    {
      name: "several calls in one block, one object per line: JSON as written, line by line, so no raw text",
      given:
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "G"}}\n{"name": "get_weather", "arguments": {}}\n</tool_call>',
      want: {
        calls: [
          { id: "call_0", name: "get_weather", arguments: { city: "G" }, format: "hermes" },
          { id: "call_1", name: "get_weather", arguments: {}, format: "hermes" },
        ],
        text: "",
      },
    },
    {
      name: "the call wrapped as OpenAI writes it",
      given:
        '<tool_call>{"type": "function", "function": {"name": "get_weather", "arguments": {"city": "D"}}}</tool_call>',
      want: {
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "D" }, format: "hermes" }],
        text: "",
      },
    },
    {
      name: "broken JSON is repaired, raw kept",
      given: "<tool_call>{'name': 'get_weather', 'arguments': {'city': 'C'}}</tool_call>",
      want: {
        calls: [
          {
            id: "call_0",
            name: "get_weather",
            arguments: { city: "C" },
            format: "hermes",
            rawArguments: "{'name': 'get_weather', 'arguments': {'city': 'C'}}",
          },
        ],
        text: "",
      },
    },
  ])("$name", ({ given, want }) => {
    expect(parseToolCalls(given, { tools })).toEqual({ ...want, errors: [] });
  });

  test("a body without a name is an error, not a call", () => {
    expect(parseToolCalls("<tool_call>not json at all</tool_call>", { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        { code: "PARSE_ERROR", message: '<tool_call> does not hold {"name": ..., "arguments": ...}: not json at all' },
      ],
    });
  });

  test("an unclosed <tool_call> is an UNTERMINATED_CALL error", () => {
    expect(parseToolCalls('<tool_call>{"name": "get_weather"', { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: "The output ended inside <tool_call>; a call that did not close is not run",
      },
    ]);
  });

  test("a block whose JSON is whole is a call though the output ends before </tool_call> (Granite 3.1, as vLLM reads it)", () => {
    expect(parseToolCalls('<tool_call>[{"name": "get_weather", "arguments": {"city": "A"}}]\n', { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" }],
      text: "",
      errors: [],
    });
    // Whole as written: JSON that would need repairing was cut off.
    expect(parseToolCalls('<tool_call>{"name": "get_weather", "arguments": {}', { tools }).calls).toEqual([]);
  });
});

describe("a call object after a <tool_call> block, closed by </tool_call> again (vLLM's Hermes 2 Pro template)", () => {
  const source = "written for this test, as vLLM's tool_chat_template_hermes_2_pro.jinja writes a turn's calls";
  const block = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "A"}}\n</tool_call>';
  const first = call("get_weather", { city: "A" }, "hermes");

  test.each<Omit<ModelOutputCase, "source">>([
    {
      name: "each later call is read, tools known or not: the closing tag marks it",
      output: `${block} {"name": "b", "arguments": {"x": 1}}\n</tool_call> {"name": "c", "arguments": {}}\n</tool_call> `,
      calls: [first, call("b", { x: 1 }, "hermes"), call("c", {}, "hermes")],
      text: " ",
    },
    {
      name: "a closing tag inside a string of the object is its text",
      output: `${block}\n{"name": "b", "arguments": {"x": "</tool_call>"}}\n</tool_call>`,
      calls: [first, call("b", { x: "</tool_call>" }, "hermes")],
      text: "",
    },
    {
      name: "a call object no closing tag follows is prose, as JSON in prose is",
      output: `${block}\n{"name": "b", "arguments": {}} is what I would call next.`,
      calls: [first],
      text: '\n{"name": "b", "arguments": {}} is what I would call next.',
    },
    {
      name: "an object whose first key is no call's is prose, closing tag and all",
      output: `${block}\n{"city": "Paris"}\n</tool_call>`,
      calls: [first],
      text: '\n{"city": "Paris"}\n</tool_call>',
    },
    {
      name: "a call object the output ends in before its closing tag is whole is prose",
      output: `${block}\n{"name": "b"} </tool_ca`,
      calls: [first],
      text: '\n{"name": "b"} </tool_ca',
    },
    {
      name: "a call object too broken to read is reported, not dropped",
      output: `${block}\n{"name": "b", "arguments": {"x": 1,, ]}\n</tool_call>`,
      calls: [first],
      text: "",
      errors: [
        {
          code: "PARSE_ERROR",
          message: '<tool_call> does not hold {"name": ..., "arguments": ...}: {"name": "b", "arguments": {"x": 1,, ]}',
        },
      ],
    },
  ])("$name", (given) => {
    expectCaseReadEveryWay({ ...given, source });
  });
});

describe("other models' blocks read as <tool_call> is", () => {
  test("LongCat's <longcat_tool_call>, and Hunyuan-A13B's and Jamba's <tool_calls> holding a JSON array, after prose", () => {
    const given =
      'Sure.<longcat_tool_call>\n{"name": "get_weather", "arguments": {"city": "A"}}\n</longcat_tool_call> And <tool_calls>\n[{"name": "get_weather", "arguments": {"city": "B"}}]\n</tool_calls>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" },
        { id: "call_1", name: "get_weather", arguments: { city: "B" }, format: "hermes" },
      ],
      text: "Sure. And ",
      errors: [],
    });
  });

  test("MiniMax-M1's <tool_calls>: one object per line, its </tool_calls> may be left out", () => {
    const given =
      '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "A"}}\n{"name": "get_weather", "arguments": {"city": "B"}}\n';
    expect(parseToolCalls(given, { tools }).calls.map((call) => call.arguments)).toEqual([
      { city: "A" },
      { city: "B" },
    ]);
  });

  // Hunyuan v3 and v4 wrap their blocks so, and vLLM's hy_v3 and hy_v4 parsers drop the wrapper.
  test("a <tool_calls> holding no JSON is prose in a sentence; wrapping <tool_call> blocks, it is no text", () => {
    const prose = "Use the <tool_calls> tag, then close it.";
    expect(parseToolCalls(prose, { tools })).toEqual({ calls: [], text: prose, errors: [] });
    const wrapping =
      '<tool_calls> <tool_call>{"name": "get_weather", "arguments": {"city": "A"}}</tool_call></tool_calls>';
    expect(parseToolCalls(wrapping, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" }],
      text: "",
      errors: [],
    });
  });

  test("NVIDIA Nemotron's <TOOLCALL> holding a JSON array, after its reasoning", () => {
    const given =
      '<think>\nTwo cities.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "get_weather", "arguments": {"city": "B"}}]</TOOLCALL>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" },
        { id: "call_1", name: "get_weather", arguments: { city: "B" }, format: "hermes" },
      ],
      text: "<think>\nTwo cities.\n</think>\n",
      errors: [],
    });
    const prose = "Write <TOOLCALL> and then the calls.";
    expect(parseToolCalls(prose, { tools })).toEqual({ calls: [], text: prose, errors: [] });
  });

  test.each(["<TOOLCALL>[]</TOOLCALL>", "<tool_calls>[]</tool_calls>", "<tool_call> [ ] </tool_call>"])(
    "%s, an empty list as written, calls nothing and leaves no text or error",
    (block) => {
      expect(parseToolCalls(`No call needed.${block}`, { tools })).toEqual({
        calls: [],
        text: "No call needed.",
        errors: [],
      });
    },
  );

  test("a list cut off is no empty list: it is reported, not repaired into one", () => {
    expect(parseToolCalls("<TOOLCALL>[</TOOLCALL>", { tools }).errors).toEqual([
      { code: "PARSE_ERROR", message: '<TOOLCALL> does not hold {"name": ..., "arguments": ...}: [' },
    ]);
  });

  test.each([
    {
      name: "once",
      given:
        '<tool_call>{"name": "write_file", "arguments": {"path": "a.md", "content": "end it with </tool_call> then"}}</tool_call> Done.',
      content: "end it with </tool_call> then",
    },
    {
      name: "twice, in an array of <tool_calls>",
      given:
        '<tool_calls>[{"name": "write_file", "arguments": {"path": "a.md", "content": "</tool_calls> or </tool_calls>"}}]</tool_calls> Done.',
      content: "</tool_calls> or </tool_calls>",
    },
    {
      name: "in a call whose arguments come before its name",
      given:
        '<tool_call>{"arguments": {"path": "a.md", "content": "end it with </tool_call> then"}, "name": "write_file"}</tool_call> Done.',
      content: "end it with </tool_call> then",
    },
    {
      name: "in OpenAI's shape, arguments as a JSON string",
      given:
        '<tool_call>{"type": "function", "function": {"name": "write_file", "arguments": "{\\"path\\": \\"a.md\\", \\"content\\": \\"a </tool_call>\\"}"}}</tool_call> Done.',
      content: "a </tool_call>",
    },
    {
      name: "with the output ending before the block's own closing tag",
      given: '<tool_call>{"name": "write_file", "arguments": {"path": "a.md", "content": "a </tool_call>"}}',
      content: "a </tool_call>",
    },
    {
      name: "of Llama 3.1's <function=name> inside the block",
      given:
        '<tool_call>\n<function=write_file>{"path": "a.md", "content": "x </function></tool_call> y"}</function>\n</tool_call> Done.',
      content: "x </function></tool_call> y",
    },
  ])(
    "a closing tag written in a JSON string ($name) is the value's text: the call gets it whole",
    ({ given, content }) => {
      const parsed = parseToolCalls(given, { tools });
      expect(parsed.calls).toEqual([
        { id: "call_0", name: "write_file", arguments: { path: "a.md", content }, format: "hermes" },
      ]);
      expect(parsed.errors).toEqual([]);
      expect(parsed.text).toBe(given.endsWith(" Done.") ? " Done." : "");
    },
  );

  test.each([
    {
      name: "the quote never closed, the output ending",
      given: '<TOOLCALL>[{"name": "write_file", "arguments": {"path": "a.md", "content": "abc}}]</TOOLCALL> Done.',
      text: " Done.",
      calls: [],
    },
    {
      name: "a block after it, whose quotes leave the JSON inside a string",
      given:
        '<tool_call>{"name": "write_file", "arguments": {"path": "a.md", "content": "abc</tool_call>\n<tool_call>{"name": "get_weather", "arguments": {"city": "A"}}</tool_call> Done.',
      text: "\n Done.",
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" }],
    },
    {
      name: "a block after it, whose quotes leave the JSON outside a string but broken",
      given:
        '<tool_call>{"name": "write_file", "arguments": {"path": "a.md", "content": "abc</tool_call> a " quote\n<tool_call>{"name": "get_weather", "arguments": {"days": 3}}</tool_call> Done.',
      text: ' a " quote\n Done.',
      calls: [{ id: "call_0", name: "get_weather", arguments: { days: 3 }, format: "hermes" }],
    },
  ])(
    "JSON still inside a string when no later closing tag makes it whole ($name) is cut at its first closing tag after all: no call is made of it, and what followed is read again",
    ({ given, text, calls }) => {
      const parsed = parseToolCalls(given, { tools });
      expect(parsed.calls).toEqual(calls);
      expect(parsed.text).toBe(text);
      // Its one error is the block's: the call of write_file a stream withdraws here was never started in one pass.
      expect(parsed.errors).toHaveLength(1);
      const stream = createToolCallStream({ tools });
      const streamed = [...stream.push(given), ...stream.end()];
      expect(streamed.flatMap((event) => (event.type === "error" ? [event.error.withdrawn] : []))).toEqual([
        "call_0",
        undefined,
      ]);
      expect(parsed.errors.at(-1)).toEqual({
        code: "PARSE_ERROR",
        message: expect.stringMatching(
          /ends inside a JSON string \(was its closing tag written in a value\?\); no call is made: /,
        ),
      });
      expect(parsed.errors.at(-1)?.message).toMatch(/"content": "abc(}}])?$/);
    },
  );

  test("JSON repaired for other reasons still makes its call: a trailing comma, single quotes", () => {
    const given = `<tool_call>{"name": "get_weather", "arguments": {"city": "A",}}</tool_call><tool_call>{'name': 'get_weather', 'arguments': {'city': "it's"}}</tool_call>`;
    expect(parseToolCalls(given, { tools }).calls.map((call) => call.arguments)).toEqual([
      { city: "A" },
      { city: "it's" },
    ]);
  });

  test("a block holding no call object is reported by its own tag", () => {
    expect(parseToolCalls("<tool_calls>[1, 2]</tool_calls>", { tools }).errors).toEqual([
      { code: "PARSE_ERROR", message: '<tool_calls> does not hold {"name": ..., "arguments": ...}: [1, 2]' },
    ]);
  });
});

describe("legacy tags read through xml.mappings", () => {
  test.each([
    {
      name: "attribute and content (the seed's create-file)",
      given: 'Creating it.\n<create-file file_path="src/main.py">\ndef main():\n    print("hi")\n</create-file>\nDone.',
      want: {
        calls: [
          {
            id: "call_0",
            name: "create_file",
            arguments: { file_path: "src/main.py", file_contents: 'def main():\n    print("hi")' },
            format: "legacy-xml",
          },
        ],
        text: "Creating it.\n\nDone.",
      },
    },
    {
      name: "single-quoted attribute and elements by path",
      given: "<str-replace file_path='a.txt'><old_str>a &lt; b</old_str><new_str>\nc\n</new_str></str-replace>",
      want: {
        calls: [
          {
            id: "call_0",
            name: "str_replace",
            arguments: { file_path: "a.txt", old_str: "a < b", new_str: "c" },
            format: "legacy-xml",
          },
        ],
        text: "",
      },
    },
    {
      name: "HTML in prose and unregistered tags stay text",
      given: '<div class="x">Hi</div> <create-files path="a">no</create-files>',
      want: { calls: [], text: '<div class="x">Hi</div> <create-files path="a">no</create-files>' },
    },
  ])("$name", ({ given, want }) => {
    expect(parseToolCalls(given, { tools })).toEqual({ ...want, errors: [] });
  });

  test("without tools, no legacy tag is known, so none is a call", () => {
    expect(parseToolCalls('<create-file file_path="a">x</create-file>').calls).toEqual([]);
  });

  test("an attribute no mapping reads is reported with the closest mapped one", () => {
    const result = parseToolCalls('<create-file file_pth="a.py">x</create-file>', { tools });
    expect(result.calls).toEqual([
      { id: "call_0", name: "create_file", arguments: { file_contents: "x" }, format: "legacy-xml" },
    ]);
    expect(result.errors).toEqual([
      {
        code: "UNKNOWN_PARAMETER",
        message: '<create-file> has no attribute "file_pth"; did you mean "file_path"?',
        callIndex: 0,
        name: "create_file",
        parameter: "file_pth",
        suggestion: "file_path",
      },
    ]);
  });

  test("format legacy-xml reads only legacy tags", () => {
    const given =
      '<create-file file_path="a">x</create-file><function_calls><invoke name="a"></invoke></function_calls>';
    const result = parseToolCalls(given, { tools, format: "legacy-xml" });
    expect(result.calls.map((call) => call.name)).toEqual(["create_file"]);
    expect(result.text).toBe('<function_calls><invoke name="a"></invoke></function_calls>');
  });
});

describe("<tool_call> bodies written with tags: Qwen3-Coder and GLM", () => {
  test("Qwen3-Coder: values typed by the schema, one line break trimmed at each end, nothing XML-decoded", () => {
    const given =
      'Checking.\n<tool_call>\n<function=write_file>\n<parameter=path>\na &amp; b.txt\n</parameter>\n<parameter=content>\n  indented\n\n</parameter>\n<parameter=mode>\n 644\n</parameter>\n<parameter=tags>\n["x", "y"]\n</parameter>\n</function>\n</tool_call>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        {
          id: "call_0",
          name: "write_file",
          arguments: { path: "a &amp; b.txt", content: "  indented\n", mode: 644, tags: ["x", "y"] },
          format: "hermes",
        },
      ],
      text: "Checking.\n",
      errors: [],
    });
  });

  test("Qwen3-Coder: several functions in one block, and a literal </parameter> inside a value", () => {
    const given =
      '<tool_call>\n<function=write_file>\n<parameter=path>a.js</parameter>\n<parameter=content>s = "</parameter>";</parameter>\n</function>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</tool_call><tool_call><function=get_weather><parameter=city>Rome</parameter></function></tool_call>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        {
          id: "call_0",
          name: "write_file",
          arguments: { path: "a.js", content: 's = "</parameter>";' },
          format: "hermes",
        },
        { id: "call_1", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" },
        { id: "call_2", name: "get_weather", arguments: { city: "Rome" }, format: "hermes" },
      ],
      text: "",
      errors: [],
    });
  });

  test("Qwen3-Coder: a missing </parameter> is cut at the next tag, a missing </function> at the block's end; both reported", () => {
    const result = parseToolCalls(
      "<tool_call><function=get_weather><parameter=city>Oslo\n<parameter=days>3</tool_call>",
      {
        tools,
      },
    );
    expect(result.calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Oslo", days: 3 }, format: "hermes" },
    ]);
    const at = { code: "PARSE_ERROR", callIndex: 0, name: "get_weather" };
    expect(result.errors).toEqual([
      { ...at, message: 'Parameter "city" was not closed by </parameter>', parameter: "city" },
      { ...at, message: 'Parameter "days" was not closed by </parameter>', parameter: "days" },
      { ...at, message: "<function=get_weather> was not closed before </tool_call>" },
    ]);
  });

  test("Qwen3-Coder: text outside the tags is reported, a misspelt parameter named with the closest, the call kept", () => {
    const result = parseToolCalls(
      "<tool_call><function=get_weather>I think <parameter=ctiy>Oslo</parameter></function> done</tool_call>",
      { tools },
    );
    expect(result.calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { ctiy: "Oslo" }, format: "hermes" },
    ]);
    expect(result.errors).toEqual([
      { code: "PARSE_ERROR", message: "Text outside <function=...> in <tool_call>: done" },
      {
        code: "PARSE_ERROR",
        message: "Text outside any tag inside <function=get_weather>: I think",
        callIndex: 0,
        name: "get_weather",
      },
      expect.objectContaining({ code: "UNKNOWN_PARAMETER", callIndex: 0, parameter: "ctiy", suggestion: "city" }),
    ]);
  });

  test("Qwen3-Coder: a value written where the > belongs (<parameter=path=a.txt</parameter>) is read, and reported", () => {
    const result = parseToolCalls(
      "<tool_call>\n<function=write_file>\n<parameter=path=a.txt</parameter>\n<parameter=content>\nx\n</parameter>\n</function>\n</tool_call>",
      { tools },
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ path: "a.txt", content: "x" }]);
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: '<parameter=path> is missing its ">"',
        callIndex: 0,
        name: "write_file",
        parameter: "path",
      },
    ]);
  });

  test("Qwen3-Coder: a value that does not fit its type stays text and is reported", () => {
    const result = parseToolCalls(
      "<tool_call><function=get_weather><parameter=city>A</parameter><parameter=days>three</parameter></function></tool_call>",
      { tools },
    );
    expect(result.calls[0]?.arguments).toEqual({ city: "A", days: "three" });
    expect(result.calls[0]?.argumentErrors).toEqual([
      { parameter: "days", message: '"three" is not integer', raw: "three" },
    ]);
  });

  test("GLM: a name, then key and value pairs; a name alone is a call without arguments", () => {
    const given =
      "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>7</arg_value>\n</tool_call>\n<tool_call>get_weather</tool_call>";
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Beijing", days: 7 }, format: "hermes" },
        { id: "call_1", name: "get_weather", arguments: {}, format: "hermes" },
      ],
      text: "\n",
      errors: [],
    });
  });

  test("Hunyuan v3: <tool_sep> after the name, in a <tool_calls> wrapper; Ling 3 and Hunyuan v4 write GLM's form", () => {
    const given =
      "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key><arg_value>3</arg_value></tool_call><tool_call>get_weather<tool_sep></tool_call></tool_calls>";
    expect(parseToolCalls(given, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "hermes" },
      { id: "call_1", name: "get_weather", arguments: {}, format: "hermes" },
    ]);
  });

  test.each([
    {
      name: "Hy3's :opensource, with <tool_sep>",
      given:
        "Sure.<tool_calls:opensource><tool_call:opensource>get_weather<tool_sep:opensource><arg_key:opensource>city</arg_key:opensource><arg_value:opensource>Paris</arg_value:opensource><arg_key:opensource>days</arg_key:opensource><arg_value:opensource>3</arg_value:opensource></tool_call:opensource></tool_calls:opensource> Done.",
      want: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "hermes" }],
    },
    {
      name: "Hy4's :6124c78e, two calls in GLM's form",
      given:
        "Sure.<tool_calls:6124c78e><tool_call:6124c78e>get_weather<arg_key:6124c78e>city</arg_key:6124c78e><arg_value:6124c78e>Oslo</arg_value:6124c78e></tool_call:6124c78e><tool_call:6124c78e>get_weather</tool_call:6124c78e></tool_calls:6124c78e> Done.",
      want: [
        { id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "hermes" },
        { id: "call_1", name: "get_weather", arguments: {}, format: "hermes" },
      ],
    },
  ])(
    "Hunyuan's released tags carry a vocabulary suffix ($name): read as the bare tags are, the wrapper dropped from the text",
    ({ given, want }) => {
      expect(parseToolCalls(given, { tools })).toEqual({ calls: want, text: "Sure. Done.", errors: [] });
    },
  );

  test("closing tags in prose stay prose, but for Hunyuan's suffixed wrapper", () => {
    const given = "Close with </tool_calls> or </foo>, and a < b.";
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test("iQuest Coder's <iquestcoder_tool_call> holds GLM's form", () => {
    const given =
      "<iquestcoder_tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</iquestcoder_tool_call>";
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" }],
      text: "",
      errors: [],
    });
  });

  test("GLM: a key without a value and an unclosed value are reported", () => {
    const result = parseToolCalls(
      "<tool_call>write_file<arg_key>path</arg_key><arg_key>content</arg_key><arg_value>x</tool_call>",
      { tools },
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ content: "x" }]);
    const at = { code: "PARSE_ERROR", callIndex: 0, name: "write_file" };
    expect(result.errors.slice(0, 2)).toEqual([
      { ...at, message: "<arg_key>path</arg_key> has no <arg_value>", parameter: "path" },
      { ...at, message: 'The value of "content" was not closed by </arg_value>', parameter: "content" },
    ]);
  });

  test.each([
    {
      name: "Qwen3-Coder",
      given:
        "<tool_call>\n<function=write_file>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\nWrap calls in <tool_call>...</tool_call> tags.\n</parameter>\n</function>\n</tool_call> Done.",
    },
    {
      name: "GLM",
      given:
        "<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a.md</arg_value>\n<arg_key>content</arg_key>\n<arg_value>Wrap calls in <tool_call>...</tool_call> tags.</arg_value>\n</tool_call> Done.",
    },
    {
      name: "Llama 3.1's JSON in <function=name>",
      given:
        '<tool_call>\n<function=write_file>{"path": "a.md", "content": "Wrap calls in <tool_call>...</tool_call> tags."}</function>\n</tool_call> Done.',
    },
    {
      name: "Hunyuan, its tags suffixed",
      given:
        "<tool_call:opensource>write_file<tool_sep:opensource><arg_key:opensource>path</arg_key:opensource><arg_value:opensource>a.md</arg_value:opensource><arg_key:opensource>content</arg_key:opensource><arg_value:opensource>Wrap calls in <tool_call>...</tool_call:opensource> tags.</arg_value:opensource></tool_call:opensource> Done.",
    },
  ])("$name: a </tool_call> written in a value is the value's text, in one pass or streamed", ({ given }) => {
    const parsed = parseToolCalls(given, { tools });
    expect(parsed).toEqual({
      calls: [
        {
          id: "call_0",
          name: "write_file",
          arguments: {
            path: "a.md",
            content: given.includes(":opensource")
              ? "Wrap calls in <tool_call>...</tool_call:opensource> tags."
              : "Wrap calls in <tool_call>...</tool_call> tags.",
          },
          format: "hermes",
        },
      ],
      text: " Done.",
      errors: [],
    });
    const stream = createToolCallStream({ tools });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
  });

  test.each([
    {
      name: "Qwen3-Coder",
      given:
        "<tool_call><function=write_file><parameter=path>a.md</parameter><parameter=content>abc</tool_call>\n<tool_call><function=get_weather><parameter=city>A</parameter></function></tool_call> Done.",
      unclosed: [
        'Parameter "content" was not closed by </parameter>',
        "<function=write_file> was not closed before </tool_call>",
      ],
    },
    {
      name: "GLM",
      given:
        "<tool_call>write_file<arg_key>path</arg_key><arg_value>a.md</arg_value><arg_key>content</arg_key><arg_value>abc</tool_call>\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>A</arg_value></tool_call> Done.",
      unclosed: ['The value of "content" was not closed by </arg_value>'],
    },
    {
      name: "Hunyuan",
      given:
        "<tool_call:opensource>write_file<arg_key:opensource>path</arg_key:opensource><arg_value:opensource>a.md</arg_value:opensource><arg_key:opensource>content</arg_key:opensource><arg_value:opensource>abc</tool_call:opensource>\n<tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>A</arg_value:opensource></tool_call:opensource> Done.",
      unclosed: ['The value of "content" was not closed by </arg_value>'],
    },
  ])(
    "$name: a value never closed before </tool_call> ends at it, as before, when another block's call follows: that call is made too",
    ({ given, unclosed }) => {
      const parsed = parseToolCalls(given, { tools });
      expect(parsed.calls.map((call) => [call.name, call.arguments])).toEqual([
        ["write_file", { path: "a.md", content: "abc" }],
        ["get_weather", { city: "A" }],
      ]);
      expect(parsed.errors.map((error) => error.message)).toEqual(unclosed);
      expect(parsed.text).toBe("\n Done.");
    },
  );

  test("prose in <tool_call> is still an error, not a call", () => {
    expect(parseToolCalls("<tool_call>I will look it up</tool_call>", { tools }).calls).toEqual([]);
  });

  test("property: any body of these tags is read without throwing, and every string value is text the model wrote", () => {
    const fragment = fc.constantFrom(
      ...["<function=get_weather>", "<function=", "</function>", "<parameter=city>", "<parameter=days>", "<parameter="],
      ...["</parameter>", "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>", "get_weather", "city", "days"],
      ...[">", "<", "\n", " ", "3", "&amp;", "{", '"', "__proto__", "<parameter=__proto__>", "</tool_call>"],
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (fragments) => {
        const output = `<tool_call>${fragments.join("")}`;
        const result = parseToolCalls(output, { tools });
        for (const call of result.calls) {
          expect(Object.getPrototypeOf(call.arguments)).toBe(Object.prototype);
          for (const value of Object.values(call.arguments)) {
            if (typeof value === "string") expect(output).toContain(value);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });

  test("a body where every value leaves out its closing tag is read whole", () => {
    const parameters = Array.from({ length: 20_000 }, (_, index) => `<parameter=p${index}>${index}`).join("");
    const result = parseToolCalls(`<tool_call><function=get_weather>${parameters}</function></tool_call>`);
    expect(Object.keys(result.calls[0]?.arguments ?? {})).toHaveLength(20_000);
    expect(result.calls[0]?.arguments.p19999).toBe("19999");
    expect(result.errors).toHaveLength(20_000);
  });

  test("a body where every value opens a call it never closes is read whole, each value once", () => {
    const parameters = Array.from({ length: 20_000 }, (_, index) => `<parameter=p${index}><tool_call>${index}`).join(
      "",
    );
    const result = parseToolCalls(`<tool_call><function=get_weather>${parameters}</function></tool_call>`);
    expect(Object.keys(result.calls[0]?.arguments ?? {})).toHaveLength(20_000);
    expect(result.calls[0]?.arguments.p19999).toBe("<tool_call>19999");
  });
});

describe("Doubao Seed and Seed-OSS: <seed:tool_call> holding Qwen3-Coder's tags", () => {
  test("the block is read as <tool_call> is, and <seed:think> opening the output is reasoning, not calls", () => {
    const given =
      "<seed:think>Maybe <seed:tool_call><function=write_file><parameter=path>x</parameter></function></seed:tool_call></seed:think>Checking.<seed:tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>3</parameter>\n</function>\n</seed:tool_call>";
    const result = parseToolCalls(given, { tools });
    expect(result.calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "hermes" },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.text).toBe(
      "<seed:think>Maybe <seed:tool_call><function=write_file><parameter=path>x</parameter></function></seed:tool_call></seed:think>Checking.",
    );
  });

  test("an unclosed <seed:tool_call> is an UNTERMINATED_CALL naming its own tag, and its function's tool", () => {
    expect(parseToolCalls("<seed:tool_call><function=get_weather><parameter=city>Pa", { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: "The output ended inside <seed:tool_call>; a call that did not close is not run",
        name: "get_weather",
        callId: "call_0",
      },
    ]);
  });
});

describe("Qwen3-Coder calls written without their <tool_call>", () => {
  test("a bare <function=...> naming a known tool is a call, and the orphan </tool_call> after it is dropped", () => {
    const given =
      "I'll check.\n\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n<function=get_weather>\n<parameter=city>Rome</parameter>\n</function> Done.";
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" },
        { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "hermes" },
      ],
      text: "I'll check.\n\n\n Done.",
      errors: [],
    });
  });

  test("what follows a bare call and is not </tool_call> stays text", () => {
    const result = parseToolCalls("<function=get_weather><parameter=city>A</parameter></function>\n</tool_cal", {
      tools,
    });
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: "A" }]);
    expect(result.text).toBe("\n</tool_cal");
  });

  test("a <function=...> naming no known tool, or read without tools, or in the xml format, stays text", () => {
    const unknown = "In Go, <function=main> is not a tool. <function = get_weather> neither.";
    expect(parseToolCalls(unknown, { tools })).toEqual({ calls: [], text: unknown, errors: [] });
    const known = "<function=get_weather><parameter=city>A</parameter></function>";
    expect(parseToolCalls(known)).toEqual({ calls: [], text: known, errors: [] });
    expect(parseToolCalls(known, { tools, format: "xml" })).toEqual({ calls: [], text: known, errors: [] });
  });

  test.each([
    {
      name: "Qwen3-Coder",
      given:
        "<function=write_file>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\nClose each call with </function>, then stop.\n</parameter>\n</function>\n</tool_call> Done.",
      content: "Close each call with </function>, then stop.",
      format: "hermes",
    },
    {
      name: "Llama 3.1's JSON object",
      given: '<function=write_file>{"path": "a.md", "content": "Close each call with </function>."}</function> Done.',
      content: "Close each call with </function>.",
      format: "hermes",
    },
    {
      name: "MiniCPM's CDATA",
      given:
        '<function name="write_file"><param name="path">a.md</param><param name="content"><![CDATA[Close with </function>.]]></param></function> Done.',
      content: "Close with </function>.",
      format: "xml",
    },
  ])(
    "$name: a </function> written in a value of a bare call is the value's text, in one pass or streamed",
    ({ given, content, format }) => {
      const parsed = parseToolCalls(given, { tools });
      expect(parsed).toEqual({
        calls: [{ id: "call_0", name: "write_file", arguments: { path: "a.md", content }, format }],
        text: " Done.",
        errors: [],
      });
      const stream = createToolCallStream({ tools });
      const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
      expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
    },
  );

  test("a value never closed before </function> ends at it, as before, when another function follows: both calls are made", () => {
    const given =
      "<function=write_file><parameter=path>a.md</parameter><parameter=content>abc</function>\n<function=get_weather><parameter=city>A</parameter></function> Done.";
    const parsed = parseToolCalls(given, { tools });
    expect(parsed.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["write_file", { path: "a.md", content: "abc" }],
      ["get_weather", { city: "A" }],
    ]);
    expect(parsed.errors.map((error) => error.message)).toEqual(['Parameter "content" was not closed by </parameter>']);
    expect(parsed.text).toBe("\n Done.");
    const stream = createToolCallStream({ tools });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
  });

  test("a bare call that never closes is an UNTERMINATED_CALL error, not a call, naming the id it started by", () => {
    expect(parseToolCalls("<function=get_weather><parameter=city>A</parameter>", { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <function=get_weather>; a call that did not close is not run",
          name: "get_weather",
          callId: "call_0",
        },
      ],
    });
  });
});

describe("Llama 3.1's custom tool calls: <function=name> holding a JSON object", () => {
  test("the object is the call's arguments, typed as JSON types them, alone or inside <tool_call>", () => {
    const given =
      'Checking. <function=get_weather>{"city": "Paris", "days": 3}</function> and <tool_call>\n<function=get_weather>\n {"city": "Rome"}\n</function>\n</tool_call>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "hermes" },
        { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "hermes" },
      ],
      text: "Checking.  and ",
      errors: [],
    });
  });

  test("a stream starts the call at its <function=name> and streams its text before </function> arrives", () => {
    const stream = createToolCallStream({ tools });
    const before = [...'Checking. <function=get_weather>{"city": "Par'].flatMap((character) => stream.push(character));
    expect(before.filter((event) => event.type === "tool-call-start")).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
    ]);
    const streamed = (events: readonly ToolCallStreamEvent[]) =>
      events.map((event) => (event.type === "tool-call-delta" ? event.argumentsDelta : "")).join("");
    expect(streamed(before)).toBe('<function=get_weather>{"city": "Par');
    const after = [...stream.push('is"}</function> ok'), ...stream.end()];
    expect(streamed(after)).toBe('is"}</function>');
    expect(after.filter((event) => event.type === "tool-call").map((event) => event.call)).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" },
    ]);
  });

  test("broken JSON is repaired and its raw text kept; a misspelt argument is reported with the closest name", () => {
    const result = parseToolCalls('<function=get_weather>{"ctiy": "Paris",}</function>', { tools });
    expect(result.calls).toEqual([
      {
        id: "call_0",
        name: "get_weather",
        arguments: { ctiy: "Paris" },
        rawArguments: '{"ctiy": "Paris",}',
        format: "hermes",
      },
    ]);
    expect(result.errors.map((error) => [error.code, error.parameter])).toEqual([["UNKNOWN_PARAMETER", "ctiy"]]);
    expect(result.errors[0]?.message).toContain('"city"');
  });

  test("a </function> written in one of the object's strings is its text, inside <tool_call> too", () => {
    const result = parseToolCalls(
      '<tool_call><function=write_file>{"path": "a.md", "content": "x</function>y"}</function></tool_call>',
      { tools },
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ path: "a.md", content: "x</function>y" }]);
    expect(result.errors).toEqual([]);
  });

  test("text after the object, before </function>, is reported as text outside the tags", () => {
    const result = parseToolCalls('<function=get_weather>{"city": "A"} and more</function>', { tools });
    expect(result.calls.map((call) => call.arguments)).toEqual([{}]);
    expect(result.errors.map((error) => error.message)).toEqual([
      'Text outside any tag inside <function=get_weather>: {"city": "A"} and more',
    ]);
  });
});
