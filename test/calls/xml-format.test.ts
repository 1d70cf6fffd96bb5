import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

/** One `<function_calls>` block with one invoke of write_file. */
function block(parameters: string, name = "write_file"): string {
  return `<function_calls>\n<invoke name="${name}">\n${parameters}\n</invoke>\n</function_calls>`;
}

describe("XML <function_calls>: values", () => {
  test.each([
    {
      name: "code containing </parameter>, < and &",
      given: block(
        '<parameter name="path">a.js</parameter>\n<parameter name="content">if (a < b && c) { s = "</parameter>"; }</parameter>',
      ),
      want: { path: "a.js", content: 'if (a < b && c) { s = "</parameter>"; }' },
    },
    {
      name: "a literal </parameter> followed by more code on the next line",
      given: block('<parameter name="content">x = "</parameter>"\ny = 1</parameter>'),
      want: { content: 'x = "</parameter>"\ny = 1' },
    },
    {
      name: "a literal </parameter> followed by a non-structure tag",
      given: block('<parameter name="content">a</parameter> <div>b</div></parameter>'),
      want: { content: "a</parameter> <div>b</div>" },
    },
    {
      name: "CDATA protecting a closing tag",
      given: block('<parameter name="content"><![CDATA[a </parameter></invoke> & b]]></parameter>'),
      want: { content: "a </parameter></invoke> & b" },
    },
    {
      name: "entities, named and numeric",
      given: block('<parameter name="content">&lt;p&gt; &amp;&quot;&apos; &#65;&#x42; &nbsp; a&&b</parameter>'),
      want: { content: "<p> &\"' AB &nbsp; a&&b" },
    },
    {
      name: "multiline value: one line break trimmed at each end, indentation kept",
      given: block('<parameter name="content">\n  def f():\n      return 1\n</parameter>'),
      want: { content: "  def f():\n      return 1" },
    },
    {
      name: "whitespace inside a single-line string is kept",
      given: block('<parameter name="content">  padded  </parameter>'),
      want: { content: "  padded  " },
    },
    {
      name: "whitespace around typed values is trimmed",
      given: block('<parameter name="mode">\n  5 \n</parameter>\n<parameter name="overwrite"> false </parameter>'),
      want: { mode: 5, overwrite: false },
    },
    {
      name: "schema types: string stays string, integer, number, boolean, array and object from JSON",
      given: block(
        [
          '<parameter name="path">0123</parameter>',
          '<parameter name="content">1.0</parameter>',
          '<parameter name="mode">5</parameter>',
          '<parameter name="ratio">1.5e2</parameter>',
          '<parameter name="overwrite">TRUE</parameter>',
          '<parameter name="tags">["a", "b"]</parameter>',
          '<parameter name="options">{"depth": 2, "nested": {"x": [1]}}</parameter>',
        ].join("\n"),
      ),
      want: {
        path: "0123",
        content: "1.0",
        mode: 5,
        ratio: 150,
        overwrite: true,
        tags: ["a", "b"],
        options: { depth: 2, nested: { x: [1] } },
      },
    },
    {
      name: "broken JSON for an object is repaired",
      given: block("<parameter name=\"options\">{'depth': 2,}</parameter>"),
      want: { options: { depth: 2 } },
    },
    {
      name: "a nullable string given null",
      given: block('<parameter name="note">null</parameter>'),
      want: { note: null },
    },
    {
      name: "single-quoted attributes",
      given: "<function_calls><invoke name='write_file'><parameter name='path'>x</parameter></invoke></function_calls>",
      want: { path: "x" },
    },
    {
      name: "a self-closing parameter is an empty string",
      given: block('<parameter name="content"/>'),
      want: { content: "" },
    },
  ])("$name", ({ given, want }) => {
    const result = parseToolCalls(given, { tools });
    expect(result.errors).toEqual([]);
    expect(result.calls).toEqual([{ id: "call_0", name: "write_file", arguments: want, format: "xml" }]);
  });

  test("a value that cannot be converted keeps the call, as text, with an argument error", () => {
    const result = parseToolCalls(block('<parameter name="mode">five</parameter>'), { tools });
    expect(result.calls).toEqual([
      {
        id: "call_0",
        name: "write_file",
        arguments: { mode: "five" },
        format: "xml",
        argumentErrors: [{ parameter: "mode", message: '"five" is not integer', raw: "five" }],
      },
    ]);
    expect(result.errors).toEqual([
      {
        code: "INVALID_ARGUMENTS",
        message: 'Tool "write_file", parameter "mode": "five" is not integer',
        callIndex: 0,
        name: "write_file",
        parameter: "mode",
      },
    ]);
  });

  test("without tools every value stays a string", () => {
    const result = parseToolCalls(block('<parameter name="mode">5</parameter>'));
    expect(result.calls[0]?.arguments).toEqual({ mode: "5" });
    expect(result.errors).toEqual([]);
  });
});

describe("XML <function_calls>: structure", () => {
  test.each([
    {
      name: "three invokes in one block, in order",
      given:
        '<function_calls><invoke name="a"></invoke>\n<invoke name="b"><parameter name="x">1</parameter></invoke><invoke name="c"/></function_calls>',
      want: {
        calls: [
          { id: "call_0", name: "a", arguments: {}, format: "xml" },
          { id: "call_1", name: "b", arguments: { x: "1" }, format: "xml" },
          { id: "call_2", name: "c", arguments: {}, format: "xml" },
        ],
        text: "",
      },
    },
    {
      name: "two blocks with the prose around them kept",
      given:
        'First.\n<function_calls><invoke name="a"></invoke></function_calls>\nThen.\n<function_calls><invoke name="b"></invoke></function_calls>\nDone.',
      want: {
        calls: [
          { id: "call_0", name: "a", arguments: {}, format: "xml" },
          { id: "call_1", name: "b", arguments: {}, format: "xml" },
        ],
        text: "First.\n\nThen.\n\nDone.",
      },
    },
    {
      name: "XML inside a markdown fence is parsed; the fence stays in the text",
      given: 'Here:\n```xml\n<function_calls>\n<invoke name="a">\n</invoke>\n</function_calls>\n```\nok',
      want: { calls: [{ id: "call_0", name: "a", arguments: {}, format: "xml" }], text: "Here:\n```xml\n\n```\nok" },
    },
    {
      name: "HTML and comparisons in prose stay text",
      given: "Use <b>bold</b> when a < b, and <br/> or <function_callsx> too.",
      want: { calls: [], text: "Use <b>bold</b> when a < b, and <br/> or <function_callsx> too." },
    },
  ])("$name", ({ given, want }) => {
    const result = parseToolCalls(given);
    expect(result).toEqual({ ...want, errors: [] });
  });

  test("a wrong closing tag is accepted with an error naming it", () => {
    const result = parseToolCalls(
      block('<parameter name="path">a.py</paramter>\n<parameter name="content">x</parameter>'),
      { tools },
    );
    expect(result.calls).toEqual([
      { id: "call_0", name: "write_file", arguments: { path: "a.py", content: "x" }, format: "xml" },
    ]);
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: 'Parameter "path" was closed by </paramter>; read as </parameter>',
        callIndex: 0,
        name: "write_file",
        parameter: "path",
      },
    ]);
  });

  test("a missing </invoke> ends the call at </function_calls>, with an error", () => {
    const result = parseToolCalls(
      '<function_calls><invoke name="a"><parameter name="x">1</parameter></function_calls>',
    );
    expect(result.calls).toEqual([{ id: "call_0", name: "a", arguments: { x: "1" }, format: "xml" }]);
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: '<invoke name="a"> was not closed before </function_calls>',
        callIndex: 0,
        name: "a",
      },
    ]);
  });

  test("text inside a block outside any invoke is reported", () => {
    const result = parseToolCalls('<function_calls>oops<invoke name="a"></invoke></function_calls>');
    expect(result.calls).toHaveLength(1);
    expect(result.errors).toEqual([
      { code: "PARSE_ERROR", message: "Text outside any tag inside <function_calls>: oops" },
    ]);
  });

  test("a truncated block is an UNTERMINATED_CALL error; the calls that closed before it are kept", () => {
    const result = parseToolCalls(
      'Sure.\n<function_calls><invoke name="a"></invoke><invoke name="b"><parameter name="x">hal',
    );
    expect(result.calls).toEqual([{ id: "call_0", name: "a", arguments: {}, format: "xml" }]);
    expect(result.text).toBe("Sure.\n");
    expect(result.errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: 'The output ended inside <invoke name="b"> (call_1); a call that did not close is not run',
        name: "b",
        callId: "call_1",
      },
    ]);
  });

  test.each([
    {
      name: "unknown tool",
      given: block("", "writ_file"),
      want: { code: "UNKNOWN_TOOL", name: "writ_file", suggestion: "write_file" },
    },
    {
      name: "__proto__ is an unknown tool",
      given: block("", "__proto__"),
      want: { code: "UNKNOWN_TOOL", name: "__proto__" },
    },
    {
      name: "toString is an unknown tool",
      given: block("", "toString"),
      want: { code: "UNKNOWN_TOOL", name: "toString" },
    },
    {
      name: "misspelled parameter",
      given: block('<parameter name="pth">a</parameter>'),
      want: { code: "UNKNOWN_PARAMETER", name: "write_file", parameter: "pth", suggestion: "path" },
    },
    {
      name: "__proto__ parameter",
      given: block('<parameter name="__proto__">a</parameter>'),
      want: { code: "UNKNOWN_PARAMETER", name: "write_file", parameter: "__proto__" },
    },
  ])("reports $name, keeping the call", ({ given, want }) => {
    const result = parseToolCalls(given, { tools });
    expect(result.calls).toHaveLength(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ ...want, callIndex: 0 });
  });

  test("a __proto__ parameter is an own argument, not the prototype", () => {
    const call = parseToolCalls(block('<parameter name="__proto__">{"polluted": 1}</parameter>')).calls[0];
    expect(Object.getPrototypeOf(call?.arguments)).toBe(Object.prototype);
    expect(Object.hasOwn(call?.arguments ?? {}, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("rednote dots.llm's <dots_function_call> block", () => {
  test("holds invokes read as in <function_calls>, the prose before it text", () => {
    const given =
      'Checking.\n<dots_function_call>\n<invoke name="get_weather">\n<parameter name="city">Shanghai</parameter>\n</invoke>\n<invoke name="get_weather">\n<parameter name="days">2</parameter>\n</invoke>\n</dots_function_call>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Shanghai" }, format: "xml" },
        { id: "call_1", name: "get_weather", arguments: { days: 2 }, format: "xml" },
      ],
      text: "Checking.\n",
      errors: [],
    });
  });

  test("holds a JSON call object instead, its closing tag and tags in a string its text, as vLLM's dots parser reads it", () => {
    const given =
      'Writing.<dots_function_call>\n{"name": "write_file", "parameters": {"path": "a.html", "content": "<b>x</b></dots_function_call>", "mode": "5"}}\n</dots_function_call> Done.';
    const written = { path: "a.html", content: "<b>x</b></dots_function_call>", mode: 5 };
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        {
          id: "call_0",
          name: "write_file",
          arguments: written,
          format: "xml",
          conversions: [{ parameter: "mode", pointer: "/mode", raw: "5", value: 5 }],
        },
      ],
      text: "Writing. Done.",
      errors: [],
    });
    // A stream starts the call at its object's opening, and streams the object.
    const events = createToolCallStream({ tools }).push(given.slice(0, given.indexOf('"path"')));
    expect(events.filter((event) => event.type === "tool-call-start")).toEqual([
      { type: "tool-call-start", id: "call_0", name: "write_file" },
    ]);
  });

  test("a JSON object that is no call, and text that is neither JSON nor invokes, are reported; a later call is kept", () => {
    const given =
      '<dots_function_call>{"query": "chairs"}</dots_function_call><dots_function_call>garbage</dots_function_call><dots_function_call><invoke name="get_weather"><parameter name="city">Oslo</parameter></invoke></dots_function_call>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "xml" }],
      text: "",
      errors: [
        {
          code: "PARSE_ERROR",
          message: '<dots_function_call> does not hold {"name": ..., "arguments": ...}: {"query": "chairs"}',
        },
        { code: "PARSE_ERROR", message: "Text outside any tag inside <dots_function_call>: garbage" },
      ],
    });
  });
});

describe("MiniMax M3's block, every tag after ]<]minimax[>[", () => {
  const ns = "]<]minimax[>[";
  const element = (name: string, body: string) => `${ns}<${name}>${body}${ns}</${name}>`;
  const invoke = (name: string, body: string) => `${ns}<invoke name="${name}">${body}${ns}</invoke>`;
  const block = (...invokes: string[]) => `${ns}<tool_call>\n${invokes.join("\n")}\n${ns}</tool_call>`;
  const orderTools: CallableTool[] = [
    {
      name: "create_order",
      description: "Places an order",
      parameters: {
        type: "object",
        properties: {
          user_id: { type: "integer" },
          shipping: { type: "object", properties: { city: { type: "string" }, zip: { type: "integer" } } },
          items: {
            type: "array",
            items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } } },
          },
          note: { type: "string" },
        },
      },
    },
  ];

  test("parameters are elements named by their keys, objects' and arrays' values their child elements, typed by the schema", () => {
    const items =
      element("item", element("sku", "book-001") + element("qty", "2")) + element("item", element("sku", "pen"));
    const order = invoke(
      "create_order",
      element("user_id", "42") +
        element("shipping", element("city", "Singapore") + element("zip", "018956")) +
        element("items", items) +
        element("note", "a < b ] c"),
    );
    const given = `Ordering [now].\n${block(order)}\nDone]`;
    const parsed = parseToolCalls(given, { tools: orderTools });
    expect(parsed).toEqual({
      calls: [
        {
          id: "call_0",
          name: "create_order",
          arguments: {
            user_id: 42,
            shipping: { city: "Singapore", zip: 18956 },
            items: [{ sku: "book-001", qty: 2 }, { sku: "pen" }],
            note: "a < b ] c",
          },
          format: "xml",
        },
      ],
      text: "Ordering [now].\n\nDone]",
      errors: [],
    });
    const stream = createToolCallStream({ tools: orderTools });
    const events = [...[...given].flatMap((character) => stream.push(character)), ...stream.end()];
    expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(parsed.calls);
  });

  test("a stream starts each invoke once its opening tag is whole, streams its text to its end, then gives the calls", () => {
    const given = `Sure.${block(invoke("get_weather", element("city", "Paris")), invoke("get_weather", element("city", "a ] b")))}`;
    const stream = createToolCallStream({ tools });
    const events: ToolCallStreamEvent[] = [];
    const firstInvokeEnd = given.indexOf(`${ns}</invoke>`);
    let startedBeforeItsEnd = false;
    for (const [index, character] of [...given].entries()) {
      events.push(...stream.push(character));
      if (index === firstInvokeEnd) startedBeforeItsEnd = events.some((event) => event.type === "tool-call-start");
    }
    events.push(...stream.end());
    expect(startedBeforeItsEnd).toBe(true);
    expect(events.filter((event) => event.type === "tool-call-start").map((event) => event.id)).toEqual([
      "call_0",
      "call_1",
    ]);
    const deltas = events.flatMap((event) =>
      event.type === "tool-call-delta" && event.id === "call_1" ? [event.argumentsDelta] : [],
    );
    // As a section's calls, its text runs from after `<invoke` to its end marker.
    expect(deltas.join("")).toBe(` name="get_weather">${element("city", "a ] b")}`);
    expect(events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []))).toEqual(
      parseToolCalls(given, { tools }).calls,
    );
    expect(parseToolCalls(given, { tools }).calls.map((call) => call.arguments)).toEqual([
      { city: "Paris" },
      { city: "a ] b" },
    ]);
  });

  test("a ] in prose is text, and so is what follows it when it is no marker (a tag after it is read)", () => {
    const given = '] and ]<b>bold</b> and ]<function_calls><invoke name="get_weather"></invoke></function_calls>';
    const parsed = parseToolCalls(given, { tools });
    expect(parsed.text).toBe("] and ]<b>bold</b> and ]");
    expect(parsed.calls.map((call) => call.name)).toEqual(["get_weather"]);
  });

  test("an element repeated in an object is a list of its values, with no tools too; a parameter given twice keeps its last, reported", () => {
    const given = block(
      invoke(
        "f",
        element("items", element("item", "a") + element("item", "b")) + element("tag", "x") + element("tag", "y"),
      ),
    );
    expect(parseToolCalls(given)).toEqual({
      calls: [{ id: "call_0", name: "f", arguments: { items: { item: ["a", "b"] }, tag: "y" }, format: "xml" }],
      text: "",
      errors: [
        {
          code: "PARSE_ERROR",
          message: 'Tool "f": parameter "tag" given twice; the last value is used',
          callIndex: 0,
          name: "f",
          parameter: "tag",
        },
      ],
    });
  });

  test("elements repeated where the schema declares an array are its items, each typed by the items' schema", () => {
    const shipTools: CallableTool[] = [
      {
        name: "ship",
        description: "Ships parcels",
        parameters: {
          type: "object",
          properties: {
            order: {
              type: "object",
              properties: {
                parcel: {
                  type: "array",
                  items: { type: "object", properties: { weight: { type: "integer" } } },
                },
              },
            },
          },
        },
      },
    ];
    const parcels = element("parcel", element("weight", "2")) + element("parcel", element("weight", "5"));
    const parsed = parseToolCalls(block(invoke("ship", element("order", parcels))), { tools: shipTools });
    expect(parsed.calls.map((call) => call.arguments)).toEqual([{ order: { parcel: [{ weight: 2 }, { weight: 5 }] } }]);
    expect(parsed.errors).toEqual([]);
  });

  test("an element never closed is reported with the invoke; a block cut off is UNTERMINATED_CALL naming its tool", () => {
    const broken = parseToolCalls(block(invoke("get_weather", `${ns}<city>Paris`)), { tools });
    expect(broken.calls).toEqual([]);
    // Only the block's error: the call a stream would have started (and then withdrawn) was not started here.
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]?.message).toMatch(/^The MiniMax M3 parameter "city" was not closed: /);
    const cut = parseToolCalls(`${ns}<tool_call>\n${ns}<invoke name="get_weather">${ns}<city>Pa`, { tools });
    expect(cut.errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: `The output ended inside ${ns}<tool_call>; a call that did not close is not run`,
        name: "get_weather",
        callId: "call_0",
      },
    ]);
  });
});

describe("MiniMax-M2's <minimax:tool_call> block", () => {
  test("holds invokes read as in <function_calls>: typed values, a literal </parameter> kept, the prose around it text", () => {
    const given =
      'Let me look.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Beijing</parameter>\n<parameter name="days">3</parameter>\n</invoke>\n<invoke name="write_file">\n<parameter name="path">a.js</parameter>\n<parameter name="content">s = "</parameter>";</parameter>\n</invoke>\n</minimax:tool_call>\nDone.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Beijing", days: 3 }, format: "xml" },
        {
          id: "call_1",
          name: "write_file",
          arguments: { path: "a.js", content: 's = "</parameter>";' },
          format: "xml",
        },
      ],
      text: "Let me look.\n\nDone.",
      errors: [],
    });
  });

  test("is closed only by its own closing tag, and a missing </invoke> is reported with it", () => {
    const result = parseToolCalls(
      '<minimax:tool_call><invoke name="get_weather"><parameter name="city">B</parameter></minimax:tool_call> <function_calls></function_calls>',
      { tools },
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: "B" }]);
    expect(result.text).toBe(" ");
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: '<invoke name="get_weather"> was not closed before </minimax:tool_call>',
        callIndex: 0,
        name: "get_weather",
      },
    ]);
    const mismatched = parseToolCalls('<minimax:tool_call><invoke name="get_weather"></invoke></function_calls>', {
      tools,
    });
    expect(mismatched.errors.map((error) => error.message)).toEqual([
      "Unexpected </function_calls> inside <minimax:tool_call>",
      "The output ended inside <minimax:tool_call>; a call that did not close is not run",
    ]);
  });
});

describe("Step-DeepResearch's <steptml:toolcall> block", () => {
  test("invokes and parameters prefixed with steptml: are read as invokes are, a literal closing tag in a value kept", () => {
    const given =
      'Let me search.\n<steptml:toolcall>\n<steptml:invoke name="get_weather">\n<steptml:parameter name="city">a </steptml:parameter> b</steptml:parameter>\n<steptml:parameter name="days">2</steptml:parameter>\n</steptml:invoke>\n</steptml:toolcall>\nDone.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        {
          id: "call_0",
          name: "get_weather",
          arguments: { city: "a </steptml:parameter> b", days: 2 },
          format: "xml",
        },
      ],
      text: "Let me search.\n\nDone.",
      errors: [],
    });
  });
});

describe("DeepSeek's DSML blocks: V3.2's <｜DSML｜function_calls>, V4's <｜DSML｜tool_calls>", () => {
  test("its prefixed invokes and parameters are read as <function_calls>' are; the schema types values, not string=", () => {
    const given =
      'Checking.\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">NYC</｜DSML｜parameter>\n<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="write_file">\n<｜DSML｜parameter name="path" string="true">a.js</｜DSML｜parameter>\n<｜DSML｜parameter name="content" string="true">s = "</｜DSML｜parameter>";</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "NYC", days: 3 }, format: "xml" },
        {
          id: "call_1",
          name: "write_file",
          arguments: { path: "a.js", content: 's = "</｜DSML｜parameter>";' },
          format: "xml",
        },
      ],
      text: "Checking.\n\n",
      errors: [],
    });
  });

  test("a value is its text as written, as DeepSeek's encoder writes it: entities and the line breaks at its ends kept", () => {
    const given =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_file">\n<｜DSML｜parameter name="path" string="true">a.html</｜DSML｜parameter>\n<｜DSML｜parameter name="content" string="true">\n<p>Tom &amp; Jerry</p>\n</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    expect(parseToolCalls(given, { tools }).calls).toEqual([
      {
        id: "call_0",
        name: "write_file",
        arguments: { path: "a.html", content: "\n<p>Tom &amp; Jerry</p>\n" },
        format: "xml",
      },
    ]);
  });

  test("MiniMax-M2's values are not escaped (its template writes them as they are), but the line breaks around them go", () => {
    const value = (blockName: string) =>
      `<${blockName}>\n<invoke name="write_file">\n<parameter name="path">a.html</parameter>\n<parameter name="content">\n<p>Tom &amp; Jerry</p>\n</parameter>\n</invoke>\n</${blockName}>`;
    const contentOf = (given: string) => parseToolCalls(given, { tools }).calls[0]?.arguments.content;
    expect(contentOf(value("minimax:tool_call"))).toBe("<p>Tom &amp; Jerry</p>");
    // Claude's <function_calls> values are XML text.
    expect(contentOf(value("function_calls"))).toBe("<p>Tom & Jerry</p>");
  });

  test("the block closes only with its own prefixed tag; DeepSeek's other special tokens stay text", () => {
    const result = parseToolCalls(
      '<｜DSML｜function_calls><｜DSML｜invoke name="get_weather"></｜DSML｜invoke></function_calls></｜DSML｜function_calls> <｜end▁of▁sentence｜>',
      { tools },
    );
    expect(result.calls.map((call) => call.name)).toEqual(["get_weather"]);
    expect(result.text).toBe(" <｜end▁of▁sentence｜>");
    expect(result.errors.map((error) => error.message)).toEqual([
      "Unexpected </function_calls> inside <｜DSML｜function_calls>",
    ]);
  });

  test("V4's <｜DSML｜tool_calls>, with the prefix's bars written any way models write them, is read alike", () => {
    const variants = [
      '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">A | B</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
      '<‖DSML‖tool_calls><‖DSML‖invoke name="get_weather"><‖DSML‖parameter name="city" string="true">A | B</‖DSML‖parameter></‖DSML‖invoke></‖DSML‖tool_calls>',
      '<｜｜DSML｜｜tool_calls><｜｜DSML｜｜invoke name="get_weather"><｜｜DSML｜｜parameter name="city">A | B</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke></｜DSML｜tool_calls>',
    ];
    for (const given of variants) {
      expect(parseToolCalls(`Ok. ${given} Done.`, { tools })).toEqual({
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "A | B" }, format: "xml" }],
        text: "Ok.  Done.",
        errors: [],
      });
    }
  });

  test("one parameter wrapping every argument is unwrapped only as vLLM does: the tool declaring every member, not it", () => {
    const wrapperTools: CallableTool[] = [
      {
        name: "forecast",
        description: "Forecasts",
        parameters: { type: "object", properties: { location: { type: "string" }, days: { type: "integer" } } },
      },
      {
        name: "call_api",
        description: "Calls an API",
        parameters: { type: "object", properties: { arguments: { type: "string" } } },
      },
    ];
    const dsmlParameter = (name: string, value: string, string = false) =>
      `<｜DSML｜parameter name="${name}" string="${string}">${value}</｜DSML｜parameter>`;
    const read = (tool: string, parameters: string, prefix = "｜DSML｜") => {
      const given = `<${prefix}tool_calls><${prefix}invoke name="${tool}">${parameters}</${prefix}invoke></${prefix}tool_calls>`;
      const parsed = parseToolCalls(given, { tools: wrapperTools });
      return [parsed.calls[0]?.arguments, parsed.errors.map((error) => [error.code, error.parameter])];
    };
    // The members are typed by the schema, as every JSON argument is.
    expect(read("forecast", dsmlParameter("arguments", '{"location": "Paris", "days": "3"}'))).toEqual([
      { location: "Paris", days: 3 },
      [],
    ]);
    expect(read("call_api", dsmlParameter("arguments", '{"location": "Paris"}', true))).toEqual([
      { arguments: '{"location": "Paris"}' },
      [],
    ]);
    const unknownWrapper = [["UNKNOWN_PARAMETER", "input"]];
    expect(read("forecast", dsmlParameter("input", '{"location": "Paris", "city": "Lyon"}'))).toEqual([
      { input: { location: "Paris", city: "Lyon" } },
      unknownWrapper,
    ]);
    expect(read("forecast", dsmlParameter("input", '{"location": "Paris"}') + dsmlParameter("days", "3"))).toEqual([
      { input: { location: "Paris" }, days: 3 },
      unknownWrapper,
    ]);
    // GigaChat 3.5 writes DSML's tags under its own name, and vLLM's parser for it unwraps nothing.
    const gcml = '<｜GCML｜parameter name="input" string="false">{"location": "Paris"}</｜GCML｜parameter>';
    expect(read("forecast", gcml, "｜GCML｜")).toEqual([{ input: { location: "Paris" } }, unknownWrapper]);
  });

  test("a <tool_calls> without DeepSeek's prefix opens no block", () => {
    const given = '<tool_calls><invoke name="get_weather"></invoke></tool_calls>';
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });
});
