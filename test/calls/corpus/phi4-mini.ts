// Phi-4-mini: `functools[{...}]` (as vLLM's and SGLang's templates prompt it) and `<|tool_call|>[...]<|/tool_call|>`
// (the model card's tokens).
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (functools[...])";
const CARD = "microsoft/Phi-4-mini-instruct model card: <|tool_call|>[...]<|/tool_call|>";
const FIREFUNCTION = "ggml-org/llama.cpp common/chat.cpp common_chat_parse_firefunction_v2 (' functools[' anywhere)";

// llama.cpp's Phi-4-mini template: one `<|tool_call|>{...}<|/tool_call|>` a call, the turn's prose before them.
const llamaCppTemplate = renderedCases({
  template: "llama.cpp-llama-cpp-microsoft-Phi-4-mini-instruct.jinja",
  family: "Phi-4-mini (llama.cpp template)",
  format: "json-text",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

// vLLM's Phi-4-mini template prompts `functools[...]` but writes a turn's calls as bare JSON objects (the arguments
// as the API's JSON text), joined by commas with no list around them (issue 39 class 1: the second was text, with no
// error); a turn with prose loses its calls (not recorded).
const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_phi4_mini.jinja",
  family: "Phi-4-mini (vLLM template)",
  format: "json-text",
  tools,
});

export const phi4MiniCases: ModelOutputCase[] = [
  ...llamaCppTemplate.cases,
  ...vllmTemplate.cases,
  {
    name: "Phi-4-mini: functools[ at the start, no tools given (misread a)",
    source: VLLM,
    output: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "",
  },
  {
    name: "Phi-4-mini: functools[...] the reply starts with",
    source: VLLM,
    output: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Phi-4-mini: functools with two calls",
    source: VLLM,
    output:
      'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "get_time", "arguments": {"timezone": "JST"}}]',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text"), call("get_time", { timezone: "JST" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Phi-4-mini: <|tool_call|> ... <|/tool_call|>",
    source: CARD,
    output: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|/tool_call|>',
    calls: [call("get_weather", { city: "Paris" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Phi-4-mini: <|tool_call|> after prose (issue 39 class 1)",
    source: CARD,
    output: 'Let me check the weather.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check the weather.\n",
    tools,
  },
  {
    name: "Phi-4-mini: <|tool_call|> after prose, no tools given (misread a)",
    source: CARD,
    output: 'Let me check the weather.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check the weather.\n",
  },
  {
    name: "Phi-4-mini: two calls between the tokens, prose after",
    source: CARD,
    output:
      'I will look both up.<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]<|/tool_call|> Done.',
    calls: [call("get_weather", { city: "Paris" }, "json-text"), call("get_weather", { city: "Rome" }, "json-text")],
    text: "I will look both up. Done.",
    tools,
  },
  {
    name: 'Phi-4-mini: "parameters" for "arguments"',
    source: VLLM,
    output: 'functools[{"name": "add", "parameters": {"a": 1, "b": 2}}]',
    calls: [call("add", { a: 1, b: 2 }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Phi-4-mini: <|tool_call|> followed by no call is text, and reported",
    source: CARD,
    output: "<|tool_call|>I cannot call a tool for that.",
    calls: [],
    text: "<|tool_call|>I cannot call a tool for that.",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "Phi-4-mini: the word functools in prose is text",
    source: VLLM,
    output: "Python's functools module has lru_cache.",
    calls: [],
    text: "Python's functools module has lru_cache.",
    tools,
  },
  {
    name: "Phi-4-mini: an answer with no call",
    source: VLLM,
    output: "It is 18 °C in Tokyo.",
    calls: [],
    text: "It is 18 °C in Tokyo.",
    tools,
  },
  {
    name: "Phi-4-mini: functools[ after prose, with tools",
    source: VLLM,
    output: 'Let me check. functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check. ",
    tools,
  },
  {
    name: "Phi-4-mini: functools[ after prose, no tools given",
    source: VLLM,
    output: 'I will look it up: functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}] Done.',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "I will look it up:  Done.",
  },
  {
    name: "Phi-4-mini: functools[ after prose followed by no call list is text, and reported",
    source: VLLM,
    output: "The module is imported as functools[0] here.",
    calls: [],
    text: "The module is imported as functools[0] here.",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "Firefunction v2: a space, then functools[",
    source: FIREFUNCTION,
    output: ' functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    calls: [call("get_weather", { city: "Paris" }, "json-text")],
    text: " ",
    tools,
  },
  {
    name: "Firefunction v2: prose, then two calls after functools[",
    source: FIREFUNCTION,
    output:
      'Looking both up. functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"timezone": "CET"}}]',
    calls: [call("get_weather", { city: "Paris" }, "json-text"), call("get_time", { timezone: "CET" }, "json-text")],
    text: "Looking both up. ",
    tools,
  },
];

/** Rendered outputs read wrong today (expected failures). */
