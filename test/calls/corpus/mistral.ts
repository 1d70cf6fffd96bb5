// Mistral: `[TOOL_CALLS][{...}]` (v0.3 tokenizer) and `[TOOL_CALLS]name[ARGS]{...}` (v11+), as mistral-common writes
// them and vLLM's `mistral` parser reads them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const V3 =
  "mistralai/Mistral-7B-Instruct-v0.3 model card (function calling); vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py";
const V11 =
  "mistralai/Mistral-Small-3.2-24B-Instruct-2506 (tekken v11+ [TOOL_CALLS]name[ARGS]); vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py";

// vLLM's parallel Mistral template writes `[TOOL_CALLS] [...]` with each call's id, and drops the turn's prose.
const vllmParallelTemplate = renderedCases({
  template: "vllm-tool_chat_template_mistral_parallel.jinja",
  family: "Mistral (vLLM parallel template)",
  format: "mistral",
  tools,
});

// Mistral Small 3.1's template (llama.cpp's copy) writes a turn that calls as its `[TOOL_CALLS]` list only (its prose
// dropped), each call with the last 9 characters of its id.
const llamaCppSmall31Template = renderedCases({
  template: "llama.cpp-mistralai-Mistral-Small-3.1-24B-Instruct-2503.jinja",
  family: "Mistral Small 3.1 (llama.cpp template)",
  format: "mistral",
  tools,
  callId: (_, index) => `callid00${index}`,
});

// vLLM's Mistral 3 template writes `[TOOL_CALLS] [...]`, each call's JSON with the last 9 characters of its id, and
// drops the turn's prose.
const vllmMistral3Template = renderedCases({
  template: "vllm-tool_chat_template_mistral3.jinja",
  family: "Mistral Small 3 (vLLM template)",
  format: "mistral",
  tools,
  callId: (_, index) => `callid00${index}`,
});

export const mistralCases: ModelOutputCase[] = [
  ...vllmParallelTemplate.cases,
  ...llamaCppSmall31Template.cases,
  ...vllmMistral3Template.cases,
  {
    name: "Mistral v0.3: one call in a list",
    source: V3,
    output:
      '[TOOL_CALLS] [{"name": "get_current_weather", "arguments": {"location": "Paris, France", "unit": "celsius"}}]',
    calls: [call("get_current_weather", { location: "Paris, France", unit: "celsius" }, "mistral")],
    text: "",
    tools,
  },
  {
    name: "Mistral v0.3: two calls",
    source: V3,
    output:
      '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3, "b": 4}}, {"name": "get_weather", "arguments": {"city": "San Francisco"}}]',
    calls: [call("add", { a: 3, b: 4 }, "mistral"), call("get_weather", { city: "San Francisco" }, "mistral")],
    text: "",
    tools,
  },
  {
    name: "Mistral v0.3: prose before the marker",
    source: V3,
    output: 'Let me check.[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Nice"}}]',
    calls: [call("get_weather", { city: "Nice" }, "mistral")],
    text: "Let me check.",
    tools,
  },
  {
    name: "Mistral v0.3: the id the model writes is kept",
    source: V3,
    output: '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Lyon"}, "id": "a1b2c3d4e"}]',
    calls: [call("get_weather", { city: "Lyon" }, "mistral", "a1b2c3d4e")],
    text: "",
    tools,
  },
  {
    name: "Mistral v11: name[ARGS]{...}",
    source: V11,
    output: '[TOOL_CALLS]get_weather[ARGS]{"city": "Marseille"}',
    calls: [call("get_weather", { city: "Marseille" }, "mistral")],
    text: "",
    tools,
  },
  {
    name: "Mistral v11: two calls, each after its marker",
    source: V11,
    output: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_weather[ARGS]{"city": "Rome"}',
    calls: [call("get_weather", { city: "Paris" }, "mistral"), call("get_weather", { city: "Rome" }, "mistral")],
    text: "",
    tools,
  },
  {
    name: "Mistral v11: prose, then a call with nested arguments",
    source: V11,
    output: 'Sure.[TOOL_CALLS]calculate_area[ARGS]{"shape": "rectangle", "dimensions": {"width": 2, "height": 3}}',
    calls: [call("calculate_area", { shape: "rectangle", dimensions: { width: 2, height: 3 } }, "mistral")],
    text: "Sure.",
    tools,
  },
  {
    name: "Magistral: reasoning, then the call",
    source: "mistralai/Magistral-Small-2509 chat template ([THINK]...[/THINK] then [TOOL_CALLS])",
    output: '[THINK]The user wants Paris.[/THINK][TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
    calls: [call("get_weather", { city: "Paris" }, "mistral")],
    text: "[THINK]The user wants Paris.[/THINK]",
    tools,
  },
  {
    name: "Mistral v11: a call with empty arguments",
    source: V11,
    output: "[TOOL_CALLS]get_time[ARGS]{}",
    calls: [call("get_time", {}, "mistral")],
    text: "",
    tools,
  },
  {
    name: "Mistral: an answer with brackets but no marker is text",
    source: V3,
    output: "The list is [1, 2, 3].",
    calls: [],
    text: "The list is [1, 2, 3].",
    tools,
  },
];
