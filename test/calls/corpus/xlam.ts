// Salesforce xLAM: a JSON array of calls the reply starts with, also in a ```json fence, as vLLM's `xlam` parser reads
// it (only when tools are known: nothing marks such text as calls).
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM =
  "vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py; Salesforce/Llama-xLAM-2-8b-fc-r model card";

// vLLM's xLAM (Qwen) template writes the calls as one JSON list and drops the turn's prose.
const vllmQwenTemplate = renderedCases({
  template: "vllm-tool_chat_template_xlam_qwen.jinja",
  family: "xLAM (vLLM Qwen template)",
  format: "json-text",
  tools,
});

// vLLM's xLAM (Llama) template writes the calls as one JSON list too, and drops the turn's prose.
const vllmLlamaTemplate = renderedCases({
  template: "vllm-tool_chat_template_xlam_llama.jinja",
  family: "xLAM (vLLM Llama template)",
  format: "json-text",
  tools,
});

export const xlamCases: ModelOutputCase[] = [
  ...vllmQwenTemplate.cases,
  ...vllmLlamaTemplate.cases,
  {
    name: "xLAM: a JSON array of one call",
    source: VLLM,
    output: '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]',
    calls: [call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "xLAM: two calls",
    source: VLLM,
    output:
      '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]',
    calls: [
      call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "json-text"),
      call("get_current_weather", { city: "Orlando", state: "FL", unit: "fahrenheit" }, "json-text"),
    ],
    text: "",
    tools,
  },
  {
    name: "xLAM: in a ```json fence",
    source: VLLM,
    output: '```json\n[{"name": "get_weather", "arguments": {"city": "Seattle"}}]\n```',
    calls: [call("get_weather", { city: "Seattle" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "xLAM: one object, not in a list",
    source: VLLM,
    output: '{"name": "get_weather", "arguments": {"city": "Denver"}}',
    calls: [call("get_weather", { city: "Denver" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "xLAM: empty arguments",
    source: VLLM,
    output: '[{"name": "get_time", "arguments": {}}]',
    calls: [call("get_time", {}, "json-text")],
    text: "",
    tools,
  },
  {
    name: "xLAM: without tools, JSON the reply starts with is text",
    source: VLLM,
    output: '[{"name": "get_weather", "arguments": {"city": "Denver"}}]',
    calls: [],
    text: '[{"name": "get_weather", "arguments": {"city": "Denver"}}]',
  },
  {
    name: "xLAM: a list naming an unknown tool is text",
    source: VLLM,
    output: '[{"name": "launch_rocket", "arguments": {}}]',
    calls: [],
    text: '[{"name": "launch_rocket", "arguments": {}}]',
    tools,
  },
  {
    name: "xLAM: JSON that is no call is text",
    source: VLLM,
    output: '[{"city": "Dallas", "temp": 30}]',
    calls: [],
    text: '[{"city": "Dallas", "temp": 30}]',
    tools,
  },
  {
    name: "xLAM: nested arguments",
    source: VLLM,
    output:
      '[{"name": "calculate_area", "arguments": {"shape": "rectangle", "dimensions": {"width": 3, "height": 4}}}]',
    calls: [call("calculate_area", { shape: "rectangle", dimensions: { width: 3, height: 4 } }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "xLAM: an answer with no call",
    source: VLLM,
    output: "Dallas is 30 °C.",
    calls: [],
    text: "Dallas is 30 °C.",
    tools,
  },
];
