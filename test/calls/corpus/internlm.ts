// InternLM 2 / 2.5 / Intern-S1: `<|action_start|><|plugin|>\n{"name": ..., "parameters": ...}<|action_end|>`, as
// InternLM's chat template writes a call and vLLM's `internlm` parser reads it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_internlm2_tool_parser.py";
const CARD = "internlm/internlm2_5-7b-chat docs (agent / function call: <|action_start|><|plugin|>)";
const plugin = (json: string) => `<|action_start|><|plugin|>\n${json}<|action_end|>`;

// vLLM's InternLM2 template writes the arguments as the API's JSON text, and the turn's prose right before the call.
const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_internlm2_tool.jinja",
  family: "InternLM2 (vLLM template)",
  format: "internlm",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

export const internlmCases: ModelOutputCase[] = [
  ...vllmTemplate.cases,
  {
    name: "InternLM2.5: one call",
    source: CARD,
    output: plugin('{"name": "get_weather", "parameters": {"city": "Shanghai"}}'),
    calls: [call("get_weather", { city: "Shanghai" }, "internlm")],
    text: "",
    tools,
  },
  {
    name: "InternLM2.5: prose before the call",
    source: VLLM,
    output: `I need to look up the weather.${plugin('{"name": "get_current_weather", "parameters": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}')}`,
    calls: [call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "internlm")],
    text: "I need to look up the weather.",
    tools,
  },
  {
    name: 'InternLM2.5: "arguments" for "parameters"',
    source: VLLM,
    output: plugin('{"name": "get_weather", "arguments": {"city": "Beijing"}}'),
    calls: [call("get_weather", { city: "Beijing" }, "internlm")],
    text: "",
    tools,
  },
  {
    name: "InternLM2.5: two calls in a row",
    source: VLLM,
    output: `${plugin('{"name": "get_weather", "parameters": {"city": "Oslo"}}')}${plugin('{"name": "get_weather", "parameters": {"city": "Bergen"}}')}`,
    calls: [call("get_weather", { city: "Oslo" }, "internlm"), call("get_weather", { city: "Bergen" }, "internlm")],
    text: "",
    tools,
  },
  {
    name: "InternLM2.5: nested parameters",
    source: VLLM,
    output: plugin('{"name": "calculate_area", "parameters": {"shape": "circle", "dimensions": {"radius": 1}}}'),
    calls: [call("calculate_area", { shape: "circle", dimensions: { radius: 1 } }, "internlm")],
    text: "",
    tools,
  },
  {
    name: "InternLM2.5: the code interpreter is no call, its block text",
    source: CARD,
    output: "<|action_start|><|interpreter|>\nprint(1 + 1)<|action_end|>",
    calls: [],
    text: "<|action_start|><|interpreter|>\nprint(1 + 1)<|action_end|>",
    tools,
  },
  {
    name: "InternLM2.5: empty parameters",
    source: VLLM,
    output: plugin('{"name": "get_time", "parameters": {}}'),
    calls: [call("get_time", {}, "internlm")],
    text: "",
    tools,
  },
  {
    name: "InternLM2.5: read without tools",
    source: CARD,
    output: plugin('{"name": "search", "parameters": {"query": "intern"}}'),
    calls: [call("search", { query: "intern" }, "internlm")],
    text: "",
  },
  {
    name: "InternLM2.5: the output ends inside the call: reported",
    source: VLLM,
    output: '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Sha',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "InternLM2.5: an answer with no call",
    source: VLLM,
    output: "Shanghai is 25 °C today.",
    calls: [],
    text: "Shanghai is 25 °C today.",
    tools,
  },
];
