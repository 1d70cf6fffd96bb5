// GigaChat 3 (`function call<|role_sep|>\n{...}`) and 3.1 (`<|function_call|>{...}`), as ai-sage's chat templates write
// a call and vLLM's `gigachat3` parser reads it.
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
