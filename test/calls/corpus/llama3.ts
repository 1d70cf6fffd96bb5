// Llama 3.1 / 3.2 / 3.3 JSON tool calling: `{"name": ..., "parameters": ...}` a reply starts with, or after
// `<|python_tag|>`, as Meta's prompt-format docs show and vLLM's `llama3_json` parser reads it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const LLAMA31 = "llama.com/docs/model-cards-and-prompt-formats/llama3_1 (JSON based tool calling, <|python_tag|>)";
const VLLM = "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_llama3_json_tool_parser.py";

// vLLM's Llama 3.1 JSON template writes one call as `{"name": ..., "parameters": ...}` and drops the turn's prose; it
// refuses two calls.
const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_llama3.1_json.jinja",
  family: "Llama 3.1 (vLLM JSON template)",
  format: "json-text",
  tools,
});

// vLLM's Llama 3.2 JSON template writes one call alike, drops the turn's prose, and refuses two calls.
const vllmLlama32Template = renderedCases({
  template: "vllm-tool_chat_template_llama3.2_json.jinja",
  family: "Llama 3.2 (vLLM JSON template)",
  format: "json-text",
  tools,
});

export const llama3Cases: ModelOutputCase[] = [
  ...vllmTemplate.cases,
  ...vllmLlama32Template.cases,
  {
    name: "Llama 3.1: a JSON call the reply starts with",
    source: LLAMA31,
    output:
      '{"name": "get_current_weather", "parameters": {"city": "San Francisco", "state": "CA", "unit": "fahrenheit"}}',
    calls: [call("get_current_weather", { city: "San Francisco", state: "CA", unit: "fahrenheit" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.1: after <|python_tag|>",
    source: LLAMA31,
    output: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}',
    calls: [call("get_weather", { city: "Paris" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.2: two calls separated by `;`",
    source: VLLM,
    output:
      '{"name": "get_weather", "parameters": {"city": "Oslo"}}; {"name": "get_weather", "parameters": {"city": "Bergen"}}',
    calls: [call("get_weather", { city: "Oslo" }, "json-text"), call("get_weather", { city: "Bergen" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: 'Llama 3.1: "arguments" instead of "parameters"',
    source: VLLM,
    output: '{"name": "get_weather", "arguments": {"city": "Madrid"}}',
    calls: [call("get_weather", { city: "Madrid" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.1: <|python_tag|> after prose",
    source: LLAMA31,
    output: 'Let me check.\n\n<|python_tag|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check.\n\n",
    tools,
  },
  {
    name: "Llama 3.1: <|python_tag|> after prose, no tools given (misread a)",
    source: LLAMA31,
    output: 'Let me check.<|python_tag|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check.",
  },
  {
    name: "Llama 3.1: <|python_tag|> at the start, no tools given (misread a)",
    source: LLAMA31,
    output: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Kyiv"}}',
    calls: [call("get_weather", { city: "Kyiv" }, "json-text")],
    text: "",
  },
  {
    name: "Llama 3.3: plain JSON after prose stays text (the documented convention)",
    source: VLLM,
    output: 'Here is an example: {"name": "get_weather", "parameters": {"city": "Rome"}}',
    calls: [],
    text: 'Here is an example: {"name": "get_weather", "parameters": {"city": "Rome"}}',
    tools,
  },
  {
    name: "Llama 3.1: typed parameters as strings, typed by the schema",
    source: LLAMA31,
    output: '{"name": "add", "parameters": {"a": "2", "b": "40"}}',
    calls: [call("add", { a: 2, b: 40 }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.1: an answer with no call",
    source: LLAMA31,
    output: "The weather in Paris is sunny.",
    calls: [],
    text: "The weather in Paris is sunny.",
    tools,
  },
  {
    name: "Llama 3.1: <|python_tag|> then <|eom_id|>",
    source: LLAMA31,
    output: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Lisbon"}}<|eom_id|>',
    calls: [call("get_weather", { city: "Lisbon" }, "json-text")],
    text: "",
    tools,
  },
];
