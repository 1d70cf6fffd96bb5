// GigaChat 3 (`function call<|role_sep|>\n{...}`) and 3.1 (`<|function_call|>{...}`), as ai-sage's chat templates write
// a call and vLLM's `gigachat3` parser reads it; GigaChat 3.5's GCML blocks (`<｜GCML｜tool_calls>`), as its template
// writes them and vLLM's and SGLang's `gigachat35` parsers read them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const G3 =
  "ai-sage/GigaChat3-10B-A1.8B chat_template; vllm-project/vllm tests/tool_parsers/test_gigachat3_tool_parser.py";
const G31 =
  "ai-sage GigaChat 3.1 chat template (<|function_call|>); vllm-project/vllm tests/tool_parsers/test_gigachat3_tool_parser.py";

// GigaChat 3's template (llama.cpp's copy) ends the assistant's message, empty when it only calls, by
// `<|message_sep|>\n\n`, then writes the call's message, ended alike; the separators' line breaks stay in the text.
const llamaCppTemplate = renderedCases({
  template: "llama.cpp-GigaChat3-10B-A1.8B.jinja",
  family: "GigaChat 3 (llama.cpp template)",
  format: "json-text",
  text: { "content-and-call": "I'll check the weather in Tokyo first.\n\n\n\n" },
  otherText: "\n\n\n\n",
  tools,
});

export const gigachatCases: ModelOutputCase[] = [
  ...llamaCppTemplate.cases,
  {
    name: "GigaChat 3: a call the reply starts with",
    source: G3,
    output: 'function call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Москва"}}',
    calls: [call("get_weather", { city: "Москва" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3: prose, <|message_sep|>, then the call's message",
    source: G3,
    output:
      'Уточню погоду.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Kazan"}}',
    calls: [call("get_weather", { city: "Kazan" }, "json-text")],
    text: "Уточню погоду.\n\n",
    tools,
  },
  {
    name: "GigaChat 3: an answer ending with <|message_sep|>",
    source: G3,
    output: "В Казани солнечно, 21 °C.<|message_sep|>",
    calls: [],
    text: "В Казани солнечно, 21 °C.",
    tools,
  },
  {
    name: "GigaChat 3: nested arguments",
    source: G3,
    output:
      'function call<|role_sep|>\n{"name": "calculate_area", "arguments": {"shape": "circle", "dimensions": {"radius": 3}}}',
    calls: [call("calculate_area", { shape: "circle", dimensions: { radius: 3 } }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3.1: <|function_call|> at the start",
    source: G31,
    output: '<|function_call|>{"name": "get_weather", "arguments": {"city": "Омск"}}',
    calls: [call("get_weather", { city: "Омск" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3.1: <|function_call|> after prose, ended by </s>",
    source: G31,
    output: 'Сейчас узнаю.<|function_call|>{"name": "get_weather", "arguments": {"city": "Москва"}}</s>',
    calls: [call("get_weather", { city: "Москва" }, "json-text")],
    text: "Сейчас узнаю.",
    tools,
  },
  {
    name: "GigaChat 3.1: <|function_call|> after prose, no tools given (misread a)",
    source: G31,
    output: 'Сейчас узнаю.<|function_call|>{"name": "get_weather", "arguments": {"city": "Сочи"}}',
    calls: [call("get_weather", { city: "Сочи" }, "json-text")],
    text: "Сейчас узнаю.",
  },
  {
    name: "GigaChat 3: function call<|role_sep|> at the start, no tools given (misread a)",
    source: G3,
    output: 'function call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Тула"}}',
    calls: [call("get_weather", { city: "Тула" }, "json-text")],
    text: "",
  },
  {
    name: "GigaChat 3.1: empty arguments",
    source: G31,
    output: '<|function_call|>{"name": "get_time", "arguments": {}}',
    calls: [call("get_time", {}, "json-text")],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3: <|message_sep|> is no text without tools either",
    source: G3,
    output: "Привет! Чем помочь?<|message_sep|>",
    calls: [],
    text: "Привет! Чем помочь?",
  },
  {
    name: "GigaChat 3: an answer with no call",
    source: G3,
    output: "Привет! Чем могу помочь?",
    calls: [],
    text: "Привет! Чем могу помочь?",
    tools,
  },
];

const G35_VLLM = "vllm-project/vllm tests/tool_parsers/test_gigachat35_tool_parser.py";
const G35_REASONING = "vllm-project/vllm tests/reasoning/test_gigachat35_reasoning_parser.py";

// GigaChat 3.5's template (llama.cpp's copy) joins the turn's prose and its block with a blank line, and writes each
// value as it is: `string="true"` a string, `string="false"` its JSON. Read with the tools, and without them, where
// `string=` alone types the values.
const gcmlTemplate = { template: "llama.cpp-GigaChat3.5.jinja", format: "xml" } as const;
const gcmlText = {
  "content-and-call": "I'll check the weather in Tokyo first.\n\n",
  "content-and-two-calls": "Let me look both up.\n\n",
};
const gcmlWithTools = renderedCases({
  ...gcmlTemplate,
  family: "GigaChat 3.5 GCML (llama.cpp template)",
  text: gcmlText,
  tools,
});
const gcmlWithoutTools = renderedCases({
  ...gcmlTemplate,
  family: "GigaChat 3.5 GCML (llama.cpp template, no tools)",
  text: gcmlText,
});

/** A GCML block as vLLM's tests write it, with nothing between its tags. */
const gcml = (...invokes: string[]) => `<｜GCML｜tool_calls>${invokes.join("")}</｜GCML｜tool_calls>`;
const gcmlInvoke = (name: string, parameters = "") => `<｜GCML｜invoke name="${name}">${parameters}</｜GCML｜invoke>`;
const gcmlParameter = (name: string, value: string, isString: boolean) =>
  `<｜GCML｜parameter name="${name}" string="${isString}">${value}</｜GCML｜parameter>`;

export const gigachat35Cases: ModelOutputCase[] = [
  ...gcmlWithTools.cases,
  ...gcmlWithoutTools.cases,
  {
    name: "GigaChat 3.5: two invokes, nothing between the tags",
    source: G35_VLLM,
    output: gcml(
      gcmlInvoke("get_weather", gcmlParameter("city", "Tokyo", true)),
      gcmlInvoke("get_time", gcmlParameter("timezone", "Asia/Tokyo", true)),
    ),
    calls: [call("get_weather", { city: "Tokyo" }, "xml"), call("get_time", { timezone: "Asia/Tokyo" }, "xml")],
    text: "",
    tools,
  },
  {
    name: 'GigaChat 3.5: every JSON type written string="false", no tools',
    source: G35_VLLM,
    output: gcml(
      gcmlInvoke(
        "typed_args",
        [
          gcmlParameter("string_field", '"hello"', false),
          gcmlParameter("int_field", "7", false),
          gcmlParameter("float_field", "3.5", false),
          gcmlParameter("bool_field", "true", false),
          gcmlParameter("null_field", "null", false),
          gcmlParameter("array_field", "[1, 2, 3]", false),
          gcmlParameter("object_field", '{"nested": true}', false),
        ].join(""),
      ),
    ),
    calls: [
      call(
        "typed_args",
        {
          string_field: "hello",
          int_field: 7,
          float_field: 3.5,
          bool_field: true,
          null_field: null,
          array_field: [1, 2, 3],
          object_field: { nested: true },
        },
        "xml",
      ),
    ],
    text: "",
  },
  {
    name: "GigaChat 3.5: prose, then the block",
    source: G35_VLLM,
    output: `I will check.${gcml(gcmlInvoke("get_weather", gcmlParameter("city", "Tokyo", true)))}`,
    calls: [call("get_weather", { city: "Tokyo" }, "xml")],
    text: "I will check.",
    tools,
  },
  {
    name: "GigaChat 3.5: an invoke without parameters",
    source: G35_VLLM,
    output: gcml(gcmlInvoke("get_time")),
    calls: [call("get_time", {}, "xml")],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3.5: a backslash and quotes in a string are its text",
    source: G35_VLLM,
    output: gcml(gcmlInvoke("bash", gcmlParameter("command", 'line 1\\n"quoted"', true))),
    calls: [call("bash", { command: 'line 1\\n"quoted"' }, "xml")],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3.5: an empty block calls nothing",
    source: G35_VLLM,
    output: gcml(),
    calls: [],
    text: "",
    tools,
  },
  {
    name: "GigaChat 3.5: the block after the reasoning its template opened (</think> only)",
    source: G35_REASONING,
    output:
      'Need the weather tool.</think>\n\n<｜GCML｜tool_calls>\n<｜GCML｜invoke name="get_weather">\n<｜GCML｜parameter name="city" string="true">Москва</｜GCML｜parameter>\n</｜GCML｜invoke>\n</｜GCML｜tool_calls>',
    calls: [call("get_weather", { city: "Москва" }, "xml")],
    text: "Need the weather tool.</think>\n\n",
    tools,
    startsInReasoning: true,
  },
];
