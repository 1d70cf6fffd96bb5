import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

const weather = (id: string, city: string, format: string) => ({
  id,
  name: "get_weather",
  arguments: { city },
  format,
});

describe("call objects a reply starts with (json-text), as Ollama's /v1 passes them on and Llama 3 writes them", () => {
  test.each([
    {
      name: "an object with arguments (Qwen through Ollama)",
      given: '{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}',
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris", days: 3 }, format: "json-text" }],
      text: "",
    },
    {
      name: "objects with parameters, separated by `; ` (Llama 3), with leading space kept as text",
      given:
        '  {"name": "get_weather", "parameters": {"city": "A"}}; {"name": "get_weather", "parameters": {"city": "B"}}',
      calls: [weather("call_0", "A", "json-text"), weather("call_1", "B", "json-text")],
      text: "  ",
    },
    {
      name: "one object per line, then prose",
      given:
        '{"name": "get_weather", "arguments": {"city": "A"}}\n{"name": "get_weather", "arguments": {"city": "B"}}\nDone.',
      calls: [weather("call_0", "A", "json-text"), weather("call_1", "B", "json-text")],
      text: "\nDone.",
    },
    {
      name: "an array of objects",
      given:
        '[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "get_weather", "arguments": {"city": "B"}}]',
      calls: [weather("call_0", "A", "json-text"), weather("call_1", "B", "json-text")],
      text: "",
    },
    {
      name: "Llama 3's <|python_tag|> before the JSON is dropped with it",
      given: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "A"}}',
      calls: [weather("call_0", "A", "json-text")],
      text: "",
    },
    {
      name: "Granite 3.0's <|tool_call|> before a JSON array is dropped with it",
      given: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "A"}}]',
      calls: [weather("call_0", "A", "json-text")],
      text: "",
    },
    {
      name: "Phi-4-mini's functools[...] (vLLM's and sglang's templates) goes with the calls, arrays inside arguments too",
      given: 'functools[{"name": "write_file", "arguments": {"path": "a", "content": "[1, 2]", "mode": 3}}] Done.',
      calls: [
        { id: "call_0", name: "write_file", arguments: { path: "a", content: "[1, 2]", mode: 3 }, format: "json-text" },
      ],
      text: " Done.",
    },
    {
      name: "GigaChat 3's function call<|role_sep|> before its call, and the </s> after it, go with it",
      given: 'function call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "A"}}</s>',
      calls: [weather("call_0", "A", "json-text")],
      text: "",
    },
    {
      name: "GigaChat 3's function call written right before the JSON goes with it",
      given: 'function call{"name": "get_weather", "arguments": {"city": "A"}} Ok.',
      calls: [weather("call_0", "A", "json-text")],
      text: " Ok.",
    },
    {
      name: "GigaChat 3's call in the message after its <|message_sep|>: the separator is no text",
      given:
        'Checking.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "A"}}',
      calls: [weather("call_0", "A", "json-text")],
      text: "Checking.\n\n",
    },
    {
      name: "GigaChat 3.1's <|function_call|> before its call goes with it",
      given: '<|function_call|>{"name": "get_weather", "arguments": {"city": "A"}}</s>',
      calls: [weather("call_0", "A", "json-text")],
      text: "",
    },
    {
      name: "Phi-4-mini's <|tool_call|> and <|/tool_call|> around its calls go with them",
      given: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "A"}}]<|/tool_call|> Ok.',
      calls: [weather("call_0", "A", "json-text")],
      text: " Ok.",
    },
    {
      name: "Llama 4's <|python_start|> and <|python_end|> around its calls go with them",
      given:
        '<|python_start|>{"type": "function", "name": "get_weather", "parameters": {"city": "A"}}<|python_end|> Ok.',
      calls: [weather("call_0", "A", "json-text")],
      text: " Ok.",
    },
    {
      name: "Qwen2.5-Coder's <tools> around its calls (vLLM #32926) goes with them: one object, or an array, per block",
      given:
        '<tools>\n{"name": "get_weather", "arguments": {"city": "A"}}\n</tools>\n<tools>[{"name": "get_weather", "arguments": {"city": "B"}}]</tools> Ok.',
      calls: [weather("call_0", "A", "json-text"), weather("call_1", "B", "json-text")],
      text: "\n Ok.",
    },
    {
      name: "Qwen2.5-Coder's other wrappers (kronk #944), such as <function>",
      given: '<function>{"name": "get_weather", "arguments": {"city": "A"}}</function>',
      calls: [weather("call_0", "A", "json-text")],
      text: "",
    },
    {
      name: "a wrapper left unclosed at the end of the reply",
      given: '<function-call> {"name": "get_weather", "arguments": {"city": "A"}}',
      calls: [weather("call_0", "A", "json-text")],
      text: "",
    },
    {
      name: "Granite 20B's <function_call> before each call, never closed (vLLM's granite-20b-fc)",
      given:
        '<function_call> {"name": "get_weather", "arguments": {"city": "A"}} <function_call> {"name": "get_weather", "arguments": {"city": "B"}}',
      calls: [weather("call_0", "A", "json-text"), weather("call_1", "B", "json-text")],
      text: "",
    },
    {
      name: "the wrapper again before what is no call: the calls before it are read, the rest stays text",
      given: '<|python_tag|>{"name": "get_weather", "arguments": {"city": "A"}}<|python_tag|> see above',
      calls: [weather("call_0", "A", "json-text")],
      text: "<|python_tag|> see above",
    },
    {
      name: "part of a closer before another object: text from there on, the part not dropped",
      given:
        '```json\n{"name": "get_weather", "arguments": {"city": "A"}}\n`{"name": "get_weather", "arguments": {"city": "B"}}',
      calls: [weather("call_0", "A", "json-text")],
      text: '\n`{"name": "get_weather", "arguments": {"city": "B"}}',
    },
    {
      name: "a wrapper closed by another tag: the calls are read, the tag stays text",
      given: '<function_call>{"name": "get_weather", "arguments": {"city": "A"}} </tool',
      calls: [weather("call_0", "A", "json-text")],
      text: " </tool",
    },
    {
      name: "a ```json fence around the calls (Qwen2.5-Coder) goes with them; text after it stays",
      given: '```json\n{\n  "name": "get_weather",\n  "arguments": {"city": "A"}\n}\n```\nFetching it.',
      calls: [weather("call_0", "A", "json-text")],
      text: "\nFetching it.",
    },
    {
      name: "an OpenAI-shaped call object, its arguments a JSON string and its id kept",
      given:
        '{"id": "call_x1", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"A\\"}"}}',
      calls: [weather("call_x1", "A", "json-text")],
      text: "",
    },
    {
      name: "a call after a reasoning block: the answer starts there",
      given: '<think>The user wants weather.</think>\n\n{"name": "get_weather", "arguments": {"city": "A"}}',
      calls: [weather("call_0", "A", "json-text")],
      text: "<think>The user wants weather.</think>\n\n",
    },
  ])("$name", ({ given, calls, text }) => {
    expect(parseToolCalls(given, { tools })).toEqual({ calls, text, errors: [] });
  });

  test.each([
    ["another object, whose keys are not a call's", '{"name": "Alice", "age": 3}'],
    ["a call object naming no known tool", '{"name": "get_wether", "arguments": {"city": "A"}}'],
    ["a call object with a key a call does not have", '{"name": "get_weather", "arguments": {}, "reason": "x"}'],
    ["call objects after prose", 'Sure: {"name": "get_weather", "arguments": {"city": "A"}}'],
    ["JSON that does not parse", '{"name": "get_weather", "arguments": {"city": "A",}}'],
    ["a fence holding other JSON", '```json\n{"city": "A"}\n```'],
    ["a fence holding code", "```python\nprint(1)\n```"],
    ["a wrapper holding prose", "<tools>get_weather for Paris</tools>"],
    ["functools as a word", "functools is a Python module: functools.cache"],
    ["function call as words", "function call overhead is small"],
    ["GigaChat's marker before prose", "function call<|role_sep|>\nNo, I will answer directly."],
    ["GigaChat's marker before a call naming no known tool", 'function call{"name": "nope", "arguments": {}}'],
    ["a wrapper holding a call object naming no known tool", '<tools>{"name": "nope", "arguments": {}}</tools>'],
    ["a wrapper after prose", 'Calling: <tools>{"name": "get_weather", "arguments": {"city": "A"}}</tools>'],
    ["a <function> wrapper holding a tool's name, not JSON", "<function>get_weather</function>"],
    ["an empty array", "[]"],
  ])("%s is text, as written", (_, given) => {
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test.each([
    ["at the reply's start", "functools[1, 2]"],
    ["after prose", "The list is functools[1, 2]."],
  ])("functools[ before other JSON %s is text, and reported: it is the model's marker", (_, given) => {
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [],
      text: given,
      errors: [{ code: "PARSE_ERROR", message: "functools is followed by no call; it is read as text" }],
    });
  });

  test("a model's own marker followed by no call (Llama's built-in tool calls, not JSON) is text, and reported", () => {
    const given = '<|python_tag|>brave_search.call(query="x")';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [],
      text: given,
      errors: [{ code: "PARSE_ERROR", message: "<|python_tag|> is followed by no call; it is read as text" }],
    });
  });

  test("without tools, nothing but a marker says JSON is a call: it stays text", () => {
    const given = '{"name": "get_weather", "arguments": {"city": "A"}}';
    expect(parseToolCalls(given)).toEqual({ calls: [], text: given, errors: [] });
  });

  test("JSON that is no call is read as prose, so a call written after it is still found", () => {
    const result = parseToolCalls(
      '{"note": "x"} <tool_call>{"name": "get_weather", "arguments": {"city": "A"}}</tool_call>',
      {
        tools,
      },
    );
    expect(result.calls).toEqual([weather("call_0", "A", "hermes")]);
    expect(result.text).toBe('{"note": "x"} ');
  });

  test("a call cut off mid-JSON is an UNTERMINATED_CALL naming the tool; JSON naming no tool is text", () => {
    expect(parseToolCalls('{"name": "get_weather", "arguments": {"city": "Par', { tools })).toEqual({
      calls: [],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message:
            'The output ended inside a call of "get_weather" the reply starts with; a call that did not close is not run',
          name: "get_weather",
        },
      ],
    });
    const other = '{"name": "nobody", "arguments": {"city": "Par';
    expect(parseToolCalls(other, { tools })).toEqual({ calls: [], text: other, errors: [] });
  });

  test("format json-text reads only these; format hermes leaves them as text", () => {
    const given = '{"name": "get_weather", "arguments": {"city": "A"}} <tool_call>{"name": "get_weather"}</tool_call>';
    expect(parseToolCalls(given, { tools, format: "json-text" }).calls).toEqual([weather("call_0", "A", "json-text")]);
    expect(parseToolCalls(given, { tools, format: "hermes" }).calls.map((call) => call.format)).toEqual(["hermes"]);
  });

  test("the stream holds JSON that may be a call, and gives prose at once when the first key shows it is not", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push('{"name": "get_weather", ')).toEqual([]);
    expect(stream.push('"arguments": {"city": "A"}}')).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: '{"name": "get_weather", "arguments": {"city": "A"}}' },
      { type: "tool-call", call: weather("call_0", "A", "json-text") },
    ]);
    expect(stream.end()).toEqual([]);

    const prose = createToolCallStream({ tools });
    // `a` may begin `arguments`; `answer` is no key of a call.
    expect(prose.push('{"a')).toEqual([]);
    expect(prose.push('nswer": 42, "more": "')).toEqual([{ type: "text", delta: '{"answer": 42, "more": "' }]);
    expect(prose.push("x")).toEqual([{ type: "text", delta: "x" }]);
  });
});

describe("a pythonic call list a reply starts with, as Llama 3.2 and 4 write it", () => {
  test("keyword arguments are read as Python literals: both quotes, escapes, numbers, True, None, lists, tuples, dicts", () => {
    const given =
      "[write_file(path='a.py', content=\"print('hi')\\n\", mode=-4.2e1, overwrite=True, note=None, tags=['x', ('y', 2)], options={'k': {1: False}}), get_weather(city='Paris',)] done";
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        {
          id: "call_0",
          name: "write_file",
          arguments: {
            path: "a.py",
            content: "print('hi')\n",
            mode: -42,
            overwrite: true,
            note: null,
            tags: ["x", ["y", 2]],
            options: { k: { "1": false } },
          },
          format: "pythonic",
        },
        weather("call_1", "Paris", "pythonic"),
      ],
      text: " done",
      errors: [],
    });
  });

  test("a bracket or quote inside a string does not end the list; Llama 4's python tokens go with it", () => {
    const given = "<|python_start|>[get_weather(city='it\\'s ] \"x\"')]<|python_end|>";
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [weather("call_0", 'it\'s ] "x"', "pythonic")],
      text: "",
      errors: [],
    });
  });

  test.each([
    ["a positional argument", '[get_weather("Paris")]'],
    ["a variable", "[get_weather(city=paris)]"],
    ["an unknown tool", '[get_wether(city="Paris")]'],
    ["a list of numbers", "[1, 2, 3]"],
    ["a call after prose", 'I will call [get_weather(city="Paris")]'],
  ])("%s is text, as written", (_, given) => {
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test("a tool whose name begins as [TOOL_CALLS] does is still read as a call list", () => {
    const translate: CallableTool = {
      name: "TOOLS_translate",
      description: "Translates.",
      parameters: { type: "object" },
    };
    const given = "[TOOLS_translate(text='hi')]";
    expect(parseToolCalls(given, { tools: [...tools, translate] }).calls).toEqual([
      { id: "call_0", name: "TOOLS_translate", arguments: { text: "hi" }, format: "pythonic" },
    ]);
  });

  test("a call list cut off is an UNTERMINATED_CALL naming its first tool", () => {
    expect(parseToolCalls('[get_weather(city="Pa', { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message:
          'The output ended inside a call of "get_weather" the reply starts with; a call that did not close is not run',
        name: "get_weather",
      },
    ]);
  });

  test("format pythonic reads only these; format json-text leaves them as text", () => {
    const given = '[get_weather(city="A")]';
    expect(parseToolCalls(given, { tools, format: "pythonic" }).calls).toEqual([weather("call_0", "A", "pythonic")]);
    expect(parseToolCalls(given, { tools, format: "json-text" })).toEqual({ calls: [], text: given, errors: [] });
  });
});

describe("Mistral's [TOOL_CALLS]", () => {
  test("before the v11 tokenizer: a JSON array of call objects, after prose, with ids kept when written", () => {
    const given =
      'Hello[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "A"}, "id": "a1b2c3d4e"}, {"name": "get_weather", "arguments": {"city": "B"}}]';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [weather("a1b2c3d4e", "A", "mistral"), weather("call_1", "B", "mistral")],
      text: "Hello",
      errors: [],
    });
  });

  test("v11 and later: a name and its arguments after each marker, with or without [ARGS], and v13's [CALL_ID]", () => {
    const given =
      '[TOOL_CALLS]get_weather{"city": "A"}[TOOL_CALLS]get_weather[ARGS]{"city": "B"}[TOOL_CALLS]get_weather[CALL_ID]Xy12AbC9z[ARGS]{"city": "C"}\nextra trailing data';
    expect(parseToolCalls(given, { tools })).toEqual({
      calls: [
        weather("call_0", "A", "mistral"),
        weather("call_1", "B", "mistral"),
        weather("Xy12AbC9z", "C", "mistral"),
      ],
      text: "\nextra trailing data",
      errors: [],
    });
  });

  test("a brace or bracket inside a string argument does not end the call", () => {
    const given = '[TOOL_CALLS]write_file{"path": "a.py", "content": "re.compile(r\'{}]\')\\n}"} after';
    const result = parseToolCalls(given, { tools });
    expect(result.calls.map((call) => call.arguments)).toEqual([{ path: "a.py", content: "re.compile(r'{}]')\n}" }]);
    expect(result.text).toBe(" after");
  });

  test("the marker says a call follows: an unknown tool is reported, broken JSON is repaired with the raw text kept", () => {
    const result = parseToolCalls('[TOOL_CALLS]get_wether{"city": "A"}[TOOL_CALLS]get_weather{"city": \'B\',}', {
      tools,
    });
    expect(result.calls).toEqual([
      { id: "call_0", name: "get_wether", arguments: { city: "A" }, format: "mistral" },
      { ...weather("call_1", "B", "mistral"), rawArguments: "{\"city\": 'B',}" },
    ]);
    expect(result.errors).toEqual([
      {
        code: "UNKNOWN_TOOL",
        message: 'Unknown tool "get_wether"; did you mean "get_weather"?',
        callIndex: 0,
        name: "get_wether",
        suggestion: "get_weather",
      },
    ]);
  });

  test("before v11, a broken JSON array of calls is repaired too, its raw text kept on each call", () => {
    const json = '[{"name": "get_weather", "arguments": {"city": "A",}}]';
    expect(parseToolCalls(`[TOOL_CALLS] ${json}`, { tools }).calls).toEqual([
      { ...weather("call_0", "A", "mistral"), rawArguments: json },
    ]);
  });

  test("a marker followed by neither calls nor a name is reported, and everything stays text", () => {
    expect(parseToolCalls("[TOOL_CALLS] I will look it up", { tools })).toEqual({
      calls: [],
      text: "[TOOL_CALLS] I will look it up",
      errors: [
        {
          code: "PARSE_ERROR",
          message: "[TOOL_CALLS] is followed by neither call objects nor a tool's name; it is read as text",
        },
      ],
    });
    const noCall = '[TOOL_CALLS][{"city": "A"}]';
    expect(parseToolCalls(noCall, { tools })).toEqual({
      calls: [],
      text: noCall,
      errors: [{ code: "PARSE_ERROR", message: `[TOOL_CALLS] is followed by no call: [{"city": "A"}]` }],
    });
  });

  test("a call cut off is an UNTERMINATED_CALL naming its tool", () => {
    expect(parseToolCalls('Ok [TOOL_CALLS]get_weather[ARGS]{"city": "Pa', { tools })).toEqual({
      calls: [],
      text: "Ok ",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message:
            'The output ended inside [TOOL_CALLS]get_weather[ARGS]{"city": "Pa; a call that did not close is not run',
          name: "get_weather",
          callId: "call_0",
        },
      ],
    });
  });

  test("brackets in prose, such as Markdown links, are text", () => {
    const given = "See [the docs](https://x.test) and [TOOL_CALL] or [[1]].";
    expect(parseToolCalls(given, { tools })).toEqual({ calls: [], text: given, errors: [] });
  });

  test("format mistral reads only these; another format leaves them as text", () => {
    const given = '[TOOL_CALLS]get_weather{"city": "A"}';
    expect(parseToolCalls(given, { tools, format: "mistral" }).calls).toEqual([weather("call_0", "A", "mistral")]);
    expect(parseToolCalls(given, { tools, format: "xml" })).toEqual({ calls: [], text: given, errors: [] });
  });
});

describe("call objects as values", () => {
  test("a Chat Completions message's tool_calls, or one of them, given on their own are read as provider calls", () => {
    const toolCalls = [
      { id: "call_abc", type: "function", function: { name: "get_weather", arguments: '{"city": "A"}' } },
    ];
    expect(parseToolCalls(toolCalls, { tools })).toEqual({
      calls: [weather("call_abc", "A", "json")],
      text: "",
      errors: [],
    });
    expect(parseToolCalls(toolCalls[0], { tools }).calls).toEqual([weather("call_abc", "A", "json")]);
  });

  test("a message's tool_calls written out as the reply, each call flat (Devstral, llama.cpp #14697), ids kept", () => {
    const reply =
      '{\n  "tool_calls": [\n    {"name": "get_weather", "arguments": {"city": "A"}, "id": "162875335"}\n  ]\n}';
    expect(parseToolCalls(reply, { tools })).toEqual({
      calls: [weather("162875335", "A", "json")],
      text: "",
      errors: [],
    });
  });

  test("a <tool_call> object keeps the id the model gave it", () => {
    const result = parseToolCalls(
      '<tool_call>{"id": "t1", "name": "get_weather", "arguments": {"city": "A"}}</tool_call>',
      {
        tools,
      },
    );
    expect(result.calls).toEqual([weather("t1", "A", "hermes")]);
  });
});
