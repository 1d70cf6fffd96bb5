// Hermes 2 Pro / Qwen2.5 / Qwen3: `<tool_call>\n{"name": ..., "arguments": ...}\n</tool_call>`, as their chat
// templates write a call and vLLM's `hermes` parser reads it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusToolsAsOpenAI, corpusTools as tools } from "./tools.js";

const QWEN3_TEMPLATE = "Qwen/Qwen3-8B tokenizer_config.json chat_template (tool_call block)";
const QWEN25_TEMPLATE = "Qwen/Qwen2.5-7B-Instruct tokenizer_config.json chat_template (tool_call block)";
const VLLM_HERMES = "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_hermes_tool_parser.py";
const HERMES_CARD = "NousResearch/Hermes-2-Pro-Llama-3-8B model card (function calling)";

// vLLM's Hermes template writes `{ "arguments": ..., "name": ...}` and a space after each `</tool_call>`, and drops
// the prose of a turn that calls.
const vllmHermesTemplate = renderedCases({
  template: "vllm-tool_chat_template_hermes.jinja",
  family: "Hermes (vLLM template)",
  format: "hermes",
  text: {
    "two-calls": " \n ",
    "content-and-two-calls": " \n ",
  },
  otherText: " ",
  tools,
});

// vLLM's Hermes 2 Pro template writes like its Hermes one, but opens `<tool_call>` once for all of a turn's calls and
// closes it after each: `<tool_call>\n{...}\n</tool_call> {...}\n</tool_call> `.
const vllmHermes2ProTemplate = renderedCases({
  template: "vllm-tool_chat_template_hermes_2_pro.jinja",
  family: "Hermes 2 Pro (vLLM template)",
  format: "hermes",
  // The second call, after the first block's `</tool_call>` with no `<tool_call>` of its own, is a call: its closing
  // tag marks it (vLLM's hermes parser, which matches `<tool_call>...</tool_call>` pairs, leaves it as text).
  otherText: " ",
  tools,
});

// vLLM's Qwen2.5-Coder template writes each call as JSON in a `<tools>` tag of its own, a newline after each, the
// turn's prose right before the first.
const vllmQwen25CoderTemplate = renderedCases({
  template: "vllm-tool_chat_template_qwen2_5_coder.jinja",
  family: "Qwen2.5-Coder (vLLM template)",
  format: "json-text",
  text: { "content-and-call": "I'll check the weather in Tokyo first.\n", "two-calls": "\n\n" },
  otherText: "\n",
  tools,
  // `<tools>` after prose stays text, with no error: it is a word prose writes, so it opens calls only where a reply
  // starts (the documented convention, src/calls/formats/json-text.ts).
  misreads: ["content-and-call", "content-and-two-calls"],
});

export const hermesCases: ModelOutputCase[] = [
  ...vllmHermesTemplate.cases,
  ...vllmHermes2ProTemplate.cases,
  ...vllmQwen25CoderTemplate.cases,
  {
    name: "Qwen3: one call, as the template renders it",
    source: QWEN3_TEMPLATE,
    output: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
    calls: [call("get_weather", { city: "Paris" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Qwen3: two calls one after another",
    source: QWEN3_TEMPLATE,
    output:
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_call>',
    calls: [call("get_weather", { city: "Paris" }, "hermes"), call("get_weather", { city: "Rome" }, "hermes")],
    text: "\n",
    tools,
  },
  {
    name: "Qwen3: prose before the call",
    source: VLLM_HERMES,
    output:
      'I will check the weather for you.\n<tool_call>\n{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n</tool_call>',
    calls: [call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "hermes")],
    text: "I will check the weather for you.\n",
    tools,
  },
  {
    name: "Qwen3: reasoning closed, then the call",
    source: QWEN3_TEMPLATE,
    output:
      '<think>\nThe user wants the weather in Tokyo.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Tokyo"}}\n</tool_call>',
    calls: [call("get_weather", { city: "Tokyo" }, "hermes")],
    text: "<think>\nThe user wants the weather in Tokyo.\n</think>\n\n",
    tools,
  },
  {
    name: "Qwen2.5: a call with no arguments",
    source: QWEN25_TEMPLATE,
    output: '<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>',
    calls: [call("get_time", {}, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Qwen2.5: typed arguments (integer, nested object)",
    source: QWEN25_TEMPLATE,
    output:
      '<tool_call>\n{"name": "calculate_area", "arguments": {"shape": "rectangle", "dimensions": {"width": 10, "height": 20}, "precision": 2}}\n</tool_call>',
    calls: [
      call("calculate_area", { shape: "rectangle", dimensions: { width: 10, height: 20 }, precision: 2 }, "hermes"),
    ],
    text: "",
    tools,
  },
  {
    name: "Hermes 2 Pro: no tools given, the tag still reads",
    source: HERMES_CARD,
    output: '<tool_call>\n{"arguments": {"symbol": "TSLA"}, "name": "get_stock_fundamentals"}\n</tool_call>',
    calls: [call("get_stock_fundamentals", { symbol: "TSLA" }, "hermes")],
    text: "",
  },
  {
    name: "Qwen3: an answer with no call is text",
    source: VLLM_HERMES,
    output: "The weather in Paris is sunny, 22 °C.",
    calls: [],
    text: "The weather in Paris is sunny, 22 °C.",
    tools,
  },
  {
    name: "Qwen3: a block the output ends inside (max tokens) is reported, the closed call before it kept",
    source: VLLM_HERMES,
    output:
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ro',
    calls: [call("get_weather", { city: "Paris" }, "hermes")],
    text: "\n",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Qwen2.5: a string value holding JSON-like text and escapes",
    source: QWEN25_TEMPLATE,
    output:
      '<tool_call>\n{"name": "bash", "arguments": {"command": "echo \\"{\\\\\\"a\\\\\\": 1}\\" > /tmp/x.json"}}\n</tool_call>',
    calls: [call("bash", { command: 'echo "{\\"a\\": 1}" > /tmp/x.json' }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Qwen3: an unreadable block among good siblings is an error, the siblings kept",
    source: VLLM_HERMES,
    output:
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{not json at all}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_call>',
    calls: [call("get_weather", { city: "Paris" }, "hermes"), call("get_weather", { city: "Rome" }, "hermes")],
    text: "\n\n",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "Qwen3: tools given as OpenAI function tools, values typed by their schema (issue 39 class 12)",
    source: QWEN3_TEMPLATE,
    output: '<tool_call>\n{"name": "add", "arguments": {"a": "2", "b": 3}}\n</tool_call>',
    calls: [call("add", { a: 2, b: 3 }, "hermes")],
    text: "",
    tools: corpusToolsAsOpenAI,
  },
];

/** Rendered outputs read wrong today (expected failures). */
export const hermesMisreads: ModelOutputCase[] = vllmQwen25CoderTemplate.misreads;
