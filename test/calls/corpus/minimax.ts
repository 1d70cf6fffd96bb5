// MiniMax M1 (`<tool_calls>` holding one JSON object a line) and M3 (`]<]minimax[>[` before every tag).
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM_M1 = "vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py";
const VLLM_M3 = "vllm-project/vllm tests/tool_parsers/test_minimax_m3_tool_parser.py";
const ns = "]<]minimax[>[";
const m3Invoke = (name: string, body: string) => `${ns}<invoke name="${name}">${body}${ns}</invoke>`;
const m3Param = (key: string, value: string) => `${ns}<${key}>${value}${ns}</${key}>`;
const m3Block = (...invokes: string[]) => `${ns}<tool_call>\n${invokes.join("\n")}\n${ns}</tool_call>`;

// vLLM's MiniMax-M1 template writes one JSON object a line inside `<tool_calls>` and drops the turn's prose.
const vllmM1Template = renderedCases({
  template: "vllm-tool_chat_template_minimax_m1.jinja",
  family: "MiniMax-M1 (vLLM template)",
  format: "hermes",
  tools,
});

export const minimaxCases: ModelOutputCase[] = [
  ...vllmM1Template.cases,
  {
    name: "MiniMax-M1: prose before the block",
    source: VLLM_M1,
    output:
      'I\'ll help you check the weather. <tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}\n</tool_calls>',
    calls: [call("get_current_weather", { city: "Seattle", state: "WA", unit: "celsius" }, "hermes")],
    text: "I'll help you check the weather. ",
    tools,
  },
  {
    name: "MiniMax-M1: a block the output ends inside, its call whole: the call kept (vLLM reads it)",
    source: VLLM_M1,
    output: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Boston", "state": "MA"}}',
    calls: [call("get_current_weather", { city: "Boston", state: "MA" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "MiniMax-M1: one unreadable line among two good ones (issue 39 class 4)",
    source: VLLM_M1,
    output:
      '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Seattle"}}\n{invalid json here}\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_calls>',
    calls: [call("get_weather", { city: "Seattle" }, "hermes"), call("bash", { command: "ls" }, "hermes")],
    text: "",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "MiniMax-M1: a call in reasoning is not made, the one after it is",
    source: VLLM_M1,
    output:
      '<think>I should use a tool. <tool_calls>\n{"name": "get_weather", "arguments": {"city": "Nowhere"}}\n</tool_calls></think>\n\nLet me help you with the weather. <tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Miami", "state": "FL", "unit": "fahrenheit"}}\n</tool_calls>',
    calls: [call("get_current_weather", { city: "Miami", state: "FL", unit: "fahrenheit" }, "hermes")],
    text: '<think>I should use a tool. <tool_calls>\n{"name": "get_weather", "arguments": {"city": "Nowhere"}}\n</tool_calls></think>\n\nLet me help you with the weather. ',
    tools,
  },
  {
    name: "MiniMax M3: one invoke",
    source: VLLM_M3,
    output: m3Block(m3Invoke("get_weather", m3Param("city", "Shanghai"))),
    calls: [call("get_weather", { city: "Shanghai" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniMax M3: two invokes after prose, an integer typed",
    source: VLLM_M3,
    output: `Checking.\n${m3Block(m3Invoke("get_weather", m3Param("city", "Paris") + m3Param("days", "2")), m3Invoke("get_weather", m3Param("city", "Lyon")))}`,
    calls: [call("get_weather", { city: "Paris", days: 2 }, "xml"), call("get_weather", { city: "Lyon" }, "xml")],
    text: "Checking.\n",
    tools,
  },
  {
    name: "MiniMax M3: the output ends inside the second invoke: the closed one kept, the rest reported (class c)",
    source: VLLM_M3,
    output: `${ns}<tool_call>\n${m3Invoke("get_weather", m3Param("city", "Paris"))}\n${ns}<invoke name="get_weather">${ns}<city>Ly`,
    calls: [call("get_weather", { city: "Paris" }, "xml")],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "MiniMax M3: an answer with no call",
    source: VLLM_M3,
    output: "The capital of France is Paris.",
    calls: [],
    text: "The capital of France is Paris.",
    tools,
  },
];
