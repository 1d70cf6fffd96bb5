import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { sglangAgentTools, stringsTool } from "./corpus/kimi.js";
import { streamedEvents, summarize } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

describe("Kimi K2's tool-call section, as it leaks into text", () => {
  test("each call keeps Kimi's id, its name is read from it, and its JSON arguments are read as OpenAI's", () => {
    const given =
      'Checking. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "Rome", "days": 3}<|tool_call_end|><|tool_calls_section_end|> Done.';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "functions.get_weather:0", name: "get_weather", arguments: { city: "Paris" }, format: "kimi" },
        { id: "functions.get_weather:1", name: "get_weather", arguments: { city: "Rome", days: 3 }, format: "kimi" },
      ],
      text: "Checking.  Done.",
      errors: [],
    });
  });

  test("spaces between the markers, arguments encoded twice, and a literal end marker inside a string are read", () => {
    const encodedTwice = JSON.stringify(JSON.stringify({ city: "<|tool_call_end|>" }));
    const given = `<|tool_calls_section_begin|> <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> ${encodedTwice} <|tool_call_end|> <|tool_calls_section_end|>`;
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["get_weather", { city: "<|tool_call_end|>" }],
    ]);
    expect(result.errors).toEqual([]);
  });

  test("the singular section marker and an id without functions. are read; a missing end marker is reported", () => {
    const result = parseToolCalls(
      "<|tool_call_section_begin|><|tool_call_begin|>get_weather:2<|tool_call_argument_begin|>{'city': 'Oslo'}<|tool_call_section_end|>",
      { tools },
    );
    expect(result.calls).toEqual([
      {
        id: "get_weather:2",
        name: "get_weather",
        arguments: { city: "Oslo" },
        format: "kimi",
        rawArguments: "{'city': 'Oslo'}",
      },
    ]);
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: 'Tool "get_weather": its call was not closed by <|tool_call_end|>',
        callIndex: 0,
        name: "get_weather",
      },
    ]);
  });

  test("a section without calls, an unknown tool and an unterminated section are errors, never silent", () => {
    expect(parseToolCalls("<|tool_calls_section_begin|>none<|tool_calls_section_end|>", { tools }).errors).toEqual([
      { code: "PARSE_ERROR", message: "Text outside <|tool_call_begin|> in a tool-call section: none" },
    ]);
    const unknown = parseToolCalls(
      "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_wether:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
      { tools },
    );
    expect(unknown.errors).toEqual([expect.objectContaining({ code: "UNKNOWN_TOOL", suggestion: "get_weather" })]);
    expect(parseToolCalls("<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0", { tools })).toEqual(
      {
        calls: [],
        text: "",
        errors: [
          {
            code: "UNTERMINATED_CALL",
            message: "The output ended inside <|tool_calls_section_begin|>; a call that did not close is not run",
          },
        ],
      },
    );
  });

  test("other special tokens stay text, and format hermes leaves a section as text", () => {
    expect(parseToolCalls("a <|im_end|> b", { tools }).text).toBe("a <|im_end|> b");
    // A section's token with no section around it is the trace of a call whose opening was lost: it stays text too.
    expect(parseToolCalls("normal text<|tool_calls_section_end|>", { tools }).text).toBe(
      "normal text<|tool_calls_section_end|>",
    );
    const section =
      "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>";
    expect(parseToolCalls(section, { tools, format: "hermes" })).toEqual({ calls: [], text: section, errors: [] });
    expect(parseToolCalls(section, { tools, format: "kimi" }).calls).toHaveLength(1);
  });
});

describe("Kimi K2's calls whose header is an id only, as clients that rewrote its ids make it write", () => {
  const kimiCall = (header: string, args: string) =>
    `<|tool_call_begin|>${header}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
  const section = (...calls: string[]) => `<|tool_calls_section_begin|>${calls.join("")}<|tool_calls_section_end|>`;
  // sglang's agent tools, which share parameters (test_kimik2_detector.py::TestKimiK2ToolNameInferenceStrictness).
  const agentTools = [...sglangAgentTools, stringsTool("Ping", [])];
  const nameOf = (header: string, args: string, given: readonly CallableTool[] = agentTools) =>
    parseToolCalls(section(kimiCall(header, args)), { tools: given }).calls.map((call) => call.name);

  test("the header is kept as the call's id and as rawName, and the tool is the one its arguments fit", () => {
    for (const header of ["0", "call_3", "call00003", "functionsexec5", "toolu_01AkmjoowNgNx2qNfJzc8z2F"]) {
      expect(parseToolCalls(section(kimiCall(header, '{"city": "Paris"}')), { tools })).toEqual({
        calls: [{ id: header, name: "get_weather", arguments: { city: "Paris" }, format: "kimi", rawName: header }],
        text: "",
        errors: [],
      });
    }
  });

  test("a tool fits when the arguments give every key it requires and only keys it declares", () => {
    expect(nameOf("call_3", '{"file_path": "/x"}')).toEqual(["Read"]);
    expect(nameOf("call_3", '{"file_path": "/x", "content": "c"}')).toEqual(["Write"]);
    expect(nameOf("call_3", '{"path": "/x"}')).toEqual(["LS"]);
    expect(nameOf("call_3", '{"pattern": "a", "output_mode": "c"}')).toEqual(["Grep"]);
    expect(nameOf("call_3", "{}")).toEqual(["Ping"]);
    const open = { ...stringsTool("dispatch", []), parameters: { type: "object", additionalProperties: {} } };
    expect(nameOf("call_3", '{"action": "read"}', [open, ...agentTools])).toEqual(["dispatch"]);
  });

  test("where no tool or several fit, the call is named by its header and reported, as any unknown tool", () => {
    const unknown = expect.objectContaining({ code: "UNKNOWN_TOOL", name: "call_3" });
    const cutOff = expect.objectContaining({ code: "PARSE_ERROR", name: "call_3" });
    for (const [args, errors] of [
      ['{"pattern": "a", "path": "/x"}', [unknown]],
      ['{"file_path": "/x", "bogus": 1}', [unknown]],
      // Cut off: fits no tool, and is not read.
      ['{"path": "/x"', [cutOff, unknown]],
    ] as const) {
      const result = parseToolCalls(section(kimiCall("call_3", args)), { tools: agentTools });
      expect(result.calls.map((call) => [call.id, call.name, call.rawName])).toEqual([["call_3", "call_3", undefined]]);
      expect(result.errors).toEqual(errors);
    }
    // A tool whose schema is composed of others may take the arguments or not: the one that does is unsure.
    const locate = { ...stringsTool("locate", []), parameters: { anyOf: [{ required: ["zip"] }] } };
    expect(nameOf("call_3", '{"path": "/x"}', [locate, ...agentTools])).toEqual(["call_3"]);
  });

  test("a tool alone is the one, whatever the arguments; without tools, and for a header that names one, none is sought", () => {
    const weather = tools.filter((tool) => tool.name === "get_weather");
    const alone = parseToolCalls(section(kimiCall("0", '{"town": "Oslo"}')), { tools: weather });
    expect(alone.calls.map((call) => [call.id, call.name])).toEqual([["0", "get_weather"]]);
    expect(alone.errors).toEqual([expect.objectContaining({ code: "UNKNOWN_PARAMETER", parameter: "town" })]);
    expect(parseToolCalls(section(kimiCall("call_3", '{"city": "Oslo"}'))).calls.map((call) => call.name)).toEqual([
      "call_3",
    ]);
    for (const header of ["functions.get_wether:0", "get_wether:0", "functions.get_wether"]) {
      expect(nameOf(header, '{"city": "Oslo"}', tools)).toEqual(["get_wether"]);
    }
    // A name no tool has is no id: it is reported, never run as the one tool given.
    for (const header of ["delete_file", "get_wether", "functions.delete_file:0"]) {
      const result = parseToolCalls(section(kimiCall(header, '{"city": "Oslo"}')), { tools: weather });
      expect(result.calls.map((call) => call.name)).not.toEqual(["get_weather"]);
      expect(result.errors).toEqual([expect.objectContaining({ code: "UNKNOWN_TOOL" })]);
    }
  });

  test("a stream starts such a call when its section closes, by the tool found, however the output is cut", () => {
    const output = section(
      kimiCall("functions.get_weather:0", '{"city": "Rome"}'),
      kimiCall("call_3", '{"city": "Paris"}'),
      kimiCall("functions.get_weather:1", '{"city": "Oslo"}'),
    );
    const oneShot = parseToolCalls(output, { tools });
    expect(oneShot.calls.map((call) => [call.id, call.name])).toEqual([
      ["functions.get_weather:0", "get_weather"],
      ["call_3", "get_weather"],
      ["functions.get_weather:1", "get_weather"],
    ]);
    for (const size of [1, 7, output.length]) {
      const events = streamedEvents(output, { size }, { tools });
      expect(summarize(events)).toEqual(oneShot);
      const starts = events.flatMap((event) => (event.type === "tool-call-start" ? [[event.id, event.name]] : []));
      expect(starts).toEqual(oneShot.calls.map((call) => [call.id, call.name]));
      // No call is started by its header and withdrawn once the tool is found.
      expect(events.filter((event) => event.type === "error")).toEqual([]);
    }
    // The call before it starts as it arrives; the one found, and those after it, when the section closes.
    const stream = createToolCallStream({ tools });
    const beforeClose = stream.push(output.slice(0, -"<|tool_calls_section_end|>".length));
    expect(beforeClose.flatMap((event) => (event.type === "tool-call-start" ? [event.id] : []))).toEqual([
      "functions.get_weather:0",
    ]);
  });
});

describe("Kimi K3's XTML tools channel, as it leaks into text", () => {
  const call = (index: number, body: string) =>
    `<|open|>call tool="get_weather" index="${index}"<|sep|>${body}<|close|>call<|sep|>`;

  test("each call's arguments: strings raw, other types JSON, or one json element; the answer is text, its markers not", () => {
    const given = `<|open|>response<|sep|>On it.<|close|>response<|sep|><|open|>tools<|sep|>${call(1, '<|open|>argument key="city" type="string"<|sep|> New York <|close|>argument<|sep|><|open|>argument key="days" type="number"<|sep|>2<|close|>argument<|sep|>')}${call(2, '<|open|>json type="object"<|sep|>{"city": "Rome"}<|close|>json<|sep|>')}<|close|>tools<|sep|><|close|>message<|sep|>`;
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: " New York ", days: 2 }, format: "kimi" },
        { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "kimi" },
      ],
      text: "On it.",
      errors: [],
    });
  });

  test('a value typed "null" is null, as the template writes a none (type="null", its JSON); typed "string" it is text', () => {
    const given = `<|open|>tools<|sep|><|open|>call tool="set_note" index="1"<|sep|><|open|>argument key="note" type="null"<|sep|>null<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>null<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`;
    expect(parseToolCalls(given).calls[0]?.arguments).toEqual({ note: null, text: "null" });
  });

  test("a call in the think channel opening the output is not made; an escaped tool name is read unescaped", () => {
    const considered = `<|open|>tools<|sep|>${call(1, "")}<|close|>tools<|sep|>`;
    const given = `<|open|>think<|sep|>Maybe ${considered}<|close|>think<|sep|><|open|>tools<|sep|><|open|>call tool="write&amp;file" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`;
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((made) => made.name)).toEqual(["write&file"]);
    expect(result.text).toBe(`<|open|>think<|sep|>Maybe ${considered}<|close|>think<|sep|>`);
  });

  test("what a call cannot say is reported with it; __proto__ is a key like any other", () => {
    const given = `<|open|>tools<|sep|>${call(1, '<|open|>argument key="__proto__" type="object"<|sep|>{"polluted": true}<|close|>argument<|sep|>stray<|open|>json type="object"<|sep|>[1]<|close|>json<|sep|><|open|>argument key="city"<|sep|>Oslo')}<|close|>tools<|sep|>`;
    const result = parseToolCalls(given, { tools });
    expect(Object.getPrototypeOf(result.calls[0]?.arguments)).toBe(Object.prototype);
    expect(result.errors.map((error) => error.message)).toEqual([
      'Tool "get_weather" has no parameter "__proto__"',
      "Text outside the arguments of a Kimi call: stray",
      "The json element of a Kimi call is no JSON object: [1]",
      "<|open|>argument was not closed by <|close|>argument<|sep|>",
    ]);
    expect(result.calls[0]?.arguments).toMatchObject({ city: "Oslo" });
  });

  test("the reply's frame is no text: the answer's markers (its close standing alone too), the message's close and <|end_of_msg|>", () => {
    const reply = "Done.<|close|>response<|sep|><|close|>message<|sep|><|end_of_msg|>";
    expect(parseToolCalls(reply, { tools }).text).toBe("Done.");
    // Each token cut across chunks: the stream holds it until it is whole, and drops it then.
    const cut = summarize(streamedEvents(`<|open|>response<|sep|>${reply}`, { size: 5 }));
    expect(cut.text).toBe("Done.");
    // A stray close of any other channel, or of none, is no frame of the reply: it stays text.
    expect(parseToolCalls("a<|close|>tools<|sep|>b <|close|> c", { tools }).text).toBe(
      "a<|close|>tools<|sep|>b <|close|> c",
    );
  });
});

describe("DeepSeek V3's and V3.1's tool-call section, as it leaks into text", () => {
  test("V3 and R1: function<｜tool▁sep｜>name, then the arguments fenced as JSON", () => {
    const given =
      'Sure.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris", "days": 3}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "deepseek" }],
      text: "Sure.",
      errors: [],
    });
  });

  test("V3.1: name<｜tool▁sep｜>arguments, several calls; DeepSeek's other special tokens stay text", () => {
    const given =
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "A"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "B"}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>';
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((call) => [call.id, call.arguments, call.format])).toEqual([
      ["call_0", { city: "A" }, "deepseek"],
      ["call_1", { city: "B" }, "deepseek"],
    ]);
    expect(result.text).toBe("<｜end▁of▁sentence｜>");
    expect(result.errors).toEqual([]);
  });

  test("a call without its separator is reported; format kimi leaves DeepSeek's section as text", () => {
    const result = parseToolCalls(
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather{"city": "A"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      { tools },
    );
    expect(result.errors).toContainEqual({
      code: "PARSE_ERROR",
      message: 'Tool "get_weather{"city": "A"}": no <｜tool▁sep｜> before its arguments',
      callIndex: 0,
      name: 'get_weather{"city": "A"}',
    });
    const section =
      "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>";
    expect(parseToolCalls(section, { tools, format: "kimi" })).toEqual({ calls: [], text: section, errors: [] });
  });
});

describe("Step 3's tool-call section, as it leaks into text", () => {
  const call = (name: string, parameters: string) =>
    `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="${name}">${parameters}</steptml:invoke><｜tool_call_end｜>`;

  test("each call's steptml tags: values decoded as XML and typed by the schema, several calls in one section", () => {
    const given = `Checking.\n<｜tool_calls_begin｜>${call("get_weather", '<steptml:parameter name="city">Paris &amp; Nice</steptml:parameter><steptml:parameter name="days">3</steptml:parameter>')}\n${call("write_file", '<steptml:parameter name="content"><![CDATA[a < b]]></steptml:parameter>')}<｜tool_calls_end｜> Done.`;
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        { id: "call_0", name: "get_weather", arguments: { city: "Paris & Nice", days: 3 }, format: "step3" },
        { id: "call_1", name: "write_file", arguments: { content: "a < b" }, format: "step3" },
      ],
      text: "Checking.\n Done.",
      errors: [],
    });
  });

  test("a call without its tags, with two functions or with other text before the separator, an unclosed parameter and an unknown tool are reported", () => {
    const given = `<｜tool_calls_begin｜>${call("get_weather", '<steptml:parameter name="city">Oslo')}<｜tool_call_begin｜>function<｜tool_sep｜>oops<｜tool_call_end｜><｜tool_call_begin｜>functions<｜tool_sep｜><steptml:invoke name="write_file"></steptml:invoke><｜tool_call_end｜>${call("nope", "")}${call("get_weather", '</steptml:invoke><steptml:invoke name="write_file">')}<｜tool_calls_end｜>`;
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map(({ name, arguments: args, format }) => [name, args, format])).toEqual([
      ["get_weather", { city: "Oslo" }, "step3"],
      ["", {}, "step3"],
      ["write_file", {}, "step3"],
      ["nope", {}, "step3"],
      ["get_weather", {}, "step3"],
    ]);
    expect(result.errors.map(({ code, message }) => [code, message])).toEqual([
      ["PARSE_ERROR", 'Parameter "city" was not closed by </steptml:parameter>'],
      ["PARSE_ERROR", "Text outside <steptml:invoke name=...> in <｜tool_call_begin｜>: oops"],
      ["PARSE_ERROR", 'Tool "": no <steptml:invoke name=...> in its call'],
      ["PARSE_ERROR", "Text outside <steptml:invoke name=...> in <｜tool_call_begin｜>: functions<｜tool_sep｜>"],
      ["UNKNOWN_TOOL", expect.stringContaining('"nope"')],
      ["PARSE_ERROR", expect.stringContaining('<steptml:invoke name="write_file"> after the first function')],
    ]);
  });

  test("an invoke without the function<｜tool_sep｜> header before it is the call, its arguments read; text before it is reported", () => {
    const invoke =
      '<steptml:invoke name="get_weather"><steptml:parameter name="city">Oslo</steptml:parameter></steptml:invoke>';
    const given = `<｜tool_calls_begin｜><｜tool_call_begin｜>${invoke}<｜tool_call_end｜><｜tool_call_begin｜>oops${invoke}<｜tool_call_end｜><｜tool_calls_end｜>`;
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map(({ name, arguments: args }) => [name, args])).toEqual([
      ["get_weather", { city: "Oslo" }],
      ["get_weather", { city: "Oslo" }],
    ]);
    expect(result.errors.map(({ code, message }) => [code, message])).toEqual([
      ["PARSE_ERROR", "Text outside <steptml:invoke name=...> in <｜tool_call_begin｜>: oops"],
    ]);
    // A stream starts the call once its invoke names it, before the call ends.
    const stream = createToolCallStream({ tools });
    const events = stream.push(`<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather">`);
    expect(events[0]).toEqual({ type: "tool-call-start", id: "call_0", name: "get_weather" });
  });

  test("format deepseek leaves Step 3's section as text, and format step3 leaves DeepSeek's", () => {
    const step3 = `<｜tool_calls_begin｜>${call("get_weather", '<steptml:parameter name="city">Oslo</steptml:parameter>')}<｜tool_calls_end｜>`;
    expect(parseToolCalls(step3, { tools, format: "deepseek" })).toEqual({ calls: [], text: step3, errors: [] });
    const deepseek =
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Oslo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    expect(parseToolCalls(deepseek, { tools, format: "step3" })).toEqual({ calls: [], text: deepseek, errors: [] });
  });
});

describe("gpt-oss's Harmony messages to tools, as they leak into text", () => {
  test("a message to functions.<name> is a call; the reasoning before it stays text, markers and all", () => {
    const given =
      '<|channel|>analysis<|message|>Use get_weather for Berlin.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Berlin"}<|call|>';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Berlin" }, format: "harmony" }],
      text: "<|channel|>analysis<|message|>Use get_weather for Berlin.<|end|>",
      errors: [],
    });
  });

  test("the recipient may stand in the <|start|> header, and the <|call|> the model stops on may be missing", () => {
    const given =
      '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Rome", "days": 3}';
    expect(parseToolCalls(given, { tools }).calls).toEqual([
      { id: "call_0", name: "get_weather", arguments: { city: "Rome", days: 3 }, format: "harmony" },
    ]);
  });

  test("arguments cut off before <|call|> are UNTERMINATED_CALL; the answer is text, broken headers too", () => {
    expect(
      parseToolCalls('<|channel|>commentary to=functions.get_weather<|message|>{"city": "Ro', { tools }).errors,
    ).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message:
          "The output ended inside <|channel|>commentary to=functions.get_weather<|message|>; a call that did not close is not run",
        name: "get_weather",
        callId: "call_0",
      },
    ]);
    expect(parseToolCalls("<|channel|>final<|message|>Four.<|return|>", { tools })).toEqual({
      calls: [],
      text: "Four.",
      errors: [],
    });
    const broken = "a <|channel|> b\nc to=functions.x<|message|>";
    expect(parseToolCalls(broken, { tools })).toEqual({ calls: [], text: broken, errors: [] });
  });
});

describe("K2 Horizon's <ifm|tool_calls> section", () => {
  test("a type tag makes a value JSON where the schema types nothing; the schema wins where it types the parameter", () => {
    const typed = (key: string, type: string, value: string) =>
      `<ifm|arg_key>${key}</ifm|arg_key><ifm|arg_type>${type}</ifm|arg_type><ifm|arg_value>${value}</ifm|arg_value>`;
    const untyped = parseToolCalls(
      `<ifm|tool_call>f${typed("n", "integer", "2")}${typed("ids", "array[string]", '["a"]')}${typed("code", "string", "007")}${typed("flag", "boolean", "maybe")}</ifm|tool_call>`,
    );
    expect(untyped.calls[0]?.arguments).toEqual({ n: 2, ids: ["a"], code: "007", flag: "maybe" });
    expect(untyped.errors).toEqual([
      {
        code: "INVALID_ARGUMENTS",
        message: 'Tool "f", parameter "flag": "maybe" is not the JSON its tag says it is',
        callIndex: 0,
        name: "f",
        parameter: "flag",
      },
    ]);
    const bySchema = parseToolCalls(
      `<ifm|tool_call>get_weather${typed("city", "integer", "123")}${typed("days", "string", "3")}</ifm|tool_call>`,
      { tools },
    );
    expect(bySchema.calls[0]?.arguments).toEqual({ city: "123", days: 3 });
    expect(bySchema.errors).toEqual([]);
  });

  test("an unreadable call is reported by its index and name, its siblings kept", () => {
    const result = parseToolCalls(
      '<ifm|tool_calls><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key>Paris</ifm|tool_call>\n<ifm|tool_call>get_weather\n<ifm|arg_key>city</ifm|arg_key>\n<ifm|arg_value>Rome</ifm|arg_value>\n</ifm|tool_call>\n<ifm|tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"</ifm|tool_call></ifm|tool_calls>',
      { tools },
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["get_weather", {}],
      ["get_weather", { city: "Rome" }],
      ["get_weather", {}],
    ]);
    expect(result.errors.map((error) => [error.callIndex, error.message])).toEqual([
      [0, "<ifm|arg_key>city</ifm|arg_key> has no <ifm|arg_value>"],
      [0, "Text outside any tag inside <ifm|tool_call>get_weather: Paris"],
      [2, '<ifm|tool_call> holds no JSON call object: {"name": "get_weather", "arguments": {"city": "Oslo"'],
    ]);
  });

  test("a call starts once a tag follows its name, or once its JSON names it, and streams to </ifm|tool_call>", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push("<ifm|tool_calls>\n<ifm|tool_call>get_weather\n")).toEqual([]);
    expect(
      stream.push("<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Paris</ifm|arg_value>\n</ifm|tool_call>"),
    ).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      {
        type: "tool-call-delta",
        id: "call_0",
        argumentsDelta: "get_weather\n<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Paris</ifm|arg_value>\n",
      },
    ]);
    expect(stream.push('\n<ifm|tool_call>{"name": "get_weather"')[0]).toEqual({
      type: "tool-call-start",
      id: "call_1",
      name: "get_weather",
    });
    const end = [...stream.push(', "arguments": {"days": "3"}}</ifm|tool_call></ifm|tool_calls>'), ...stream.end()];
    expect(end.flatMap((event) => (event.type === "tool-call" ? [event.call.arguments] : []))).toEqual([
      { city: "Paris" },
      { days: 3 },
    ]);
  });

  test("reasoning the template opened ends at </ifm|think>: a call written in it is text, one-shot and streamed", () => {
    const given = "Maybe <ifm|tool_call>get_weather</ifm|tool_call>.</ifm|think>Done.";
    const expected = { calls: [], text: given, errors: [] };
    expect(parseToolCalls(given, { tools })).toEqual(expected);
    expect(summarize(streamedEvents(given, { size: 1 }, { tools, startsInReasoning: "</ifm|think>" }))).toEqual(
      expected,
    );
  });
});
