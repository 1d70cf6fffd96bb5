// Families whose calls are JSON in a block of their own tag, read as `<tool_call>` is: Hunyuan-A13B's, Jamba's and
// Apriel's `<tool_calls>`, NVIDIA Nemotron's `<TOOLCALL>`, LongCat's `<longcat_tool_call>`.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const HUNYUAN =
  "tencent/Hunyuan-A13B-Instruct chat template; vllm-project/vllm tests/tool_parsers/test_hunyuan_a13b_tool_parser.py";
const JAMBA =
  "ai21labs/AI21-Jamba-1.5-Mini chat template; vllm-project/vllm tests/tool_parsers/test_jamba_tool_parser.py";
const NEMOTRON =
  "nvidia/Llama-3.3-Nemotron-Super-49B-v1 chat template; vllm-project/vllm tests/tool_parsers/test_nemotron_json_tool_parser.py";
const LONGCAT =
  "meituan-longcat/LongCat-Flash-Chat chat template; vllm-project/vllm tests/tool_parsers/test_longcat_tool_parser.py";

// vLLM's Hunyuan-A13B template writes the turn's prose right before `<tool_calls>[...]</tool_calls>`.
const vllmHunyuanTemplate = renderedCases({
  template: "vllm-tool_chat_template_hunyuan_a13b.jinja",
  family: "Hunyuan-A13B (vLLM template)",
  format: "hermes",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

export const hunyuanCases: ModelOutputCase[] = [
  ...vllmHunyuanTemplate.cases,
  {
    name: "Hunyuan-A13B: one call in <tool_calls>",
    source: HUNYUAN,
    output:
      '<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "San Francisco", "state": "CA", "unit": "fahrenheit"}}]</tool_calls>',
    calls: [call("get_current_weather", { city: "San Francisco", state: "CA", unit: "fahrenheit" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Hunyuan-A13B: two calls",
    source: HUNYUAN,
    output:
      '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Shenzhen"}}, {"name": "get_weather", "arguments": {"city": "Guangzhou"}}]</tool_calls>',
    calls: [call("get_weather", { city: "Shenzhen" }, "hermes"), call("get_weather", { city: "Guangzhou" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Hunyuan-A13B: reasoning, then the call",
    source: HUNYUAN,
    output:
      '<think>\nNeed weather.\n</think>\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Beijing"}}]</tool_calls>',
    calls: [call("get_weather", { city: "Beijing" }, "hermes")],
    text: "<think>\nNeed weather.\n</think>\n",
    tools,
  },
  {
    name: "Hunyuan-A13B: nested arguments",
    source: HUNYUAN,
    output:
      '<tool_calls>[{"name": "calculate_area", "arguments": {"shape": "circle", "dimensions": {"radius": 4}}}]</tool_calls>',
    calls: [call("calculate_area", { shape: "circle", dimensions: { radius: 4 } }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Hunyuan-A13B: a bare <tool_calls> in prose is a word",
    source: HUNYUAN,
    output: "Use <tool_calls> to wrap calls.",
    calls: [],
    text: "Use <tool_calls> to wrap calls.",
    tools,
  },
  {
    name: "Hunyuan-A13B: prose before the block",
    source: HUNYUAN,
    output: 'I will check.\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Chengdu"}}]</tool_calls>',
    calls: [call("get_weather", { city: "Chengdu" }, "hermes")],
    text: "I will check.\n",
    tools,
  },
  {
    name: "Hunyuan-A13B: empty arguments",
    source: HUNYUAN,
    output: '<tool_calls>[{"name": "get_time", "arguments": {}}]</tool_calls>',
    calls: [call("get_time", {}, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Hunyuan-A13B: string numbers typed by the schema",
    source: HUNYUAN,
    output: '<tool_calls>[{"name": "add", "arguments": {"a": "7", "b": "8"}}]</tool_calls>',
    calls: [call("add", { a: 7, b: 8 }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Hunyuan-A13B: the output ends inside the block: reported",
    source: HUNYUAN,
    output: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Chong',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Hunyuan-A13B: an answer with no call",
    source: HUNYUAN,
    output: "Chengdu is 24 °C.",
    calls: [],
    text: "Chengdu is 24 °C.",
    tools,
  },
];

export const jambaCases: ModelOutputCase[] = [
  {
    name: "Jamba 1.5: one call",
    source: JAMBA,
    output:
      '<tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>',
    calls: [call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Jamba 1.5: two calls after prose",
    source: JAMBA,
    output:
      'Sure.<tool_calls>[\n    {"name": "get_weather", "arguments": {"city": "Dallas"}},\n    {"name": "get_weather", "arguments": {"city": "Orlando"}}\n]</tool_calls>',
    calls: [call("get_weather", { city: "Dallas" }, "hermes"), call("get_weather", { city: "Orlando" }, "hermes")],
    text: "Sure.",
    tools,
  },
  {
    name: "Jamba 1.5: empty arguments",
    source: JAMBA,
    output: '<tool_calls>[{"name": "get_time", "arguments": {}}]</tool_calls>',
    calls: [call("get_time", {}, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Jamba 1.5: the output ends inside the block: reported",
    source: JAMBA,
    output: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Dal',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Jamba 1.5: an answer with no call",
    source: JAMBA,
    output: "Dallas is 30 °C.",
    calls: [],
    text: "Dallas is 30 °C.",
    tools,
  },
  {
    name: "Jamba 1.5: nested arguments",
    source: JAMBA,
    output:
      '<tool_calls>[{"name": "calculate_area", "arguments": {"shape": "rectangle", "dimensions": {"width": 5, "height": 6}}}]</tool_calls>',
    calls: [call("calculate_area", { shape: "rectangle", dimensions: { width: 5, height: 6 } }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Jamba 1.5: one object per line",
    source: JAMBA,
    output:
      '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Haifa"}}\n{"name": "get_weather", "arguments": {"city": "Eilat"}}\n</tool_calls>',
    calls: [call("get_weather", { city: "Haifa" }, "hermes"), call("get_weather", { city: "Eilat" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Jamba 1.5: prose after the block",
    source: JAMBA,
    output: '<tool_calls>[{"name": "get_time", "arguments": {"timezone": "IST"}}]</tool_calls>One moment.',
    calls: [call("get_time", { timezone: "IST" }, "hermes")],
    text: "One moment.",
    tools,
  },
  {
    name: "Jamba 1.5: read without tools",
    source: JAMBA,
    output: '<tool_calls>[{"name": "search", "arguments": {"query": "jamba"}}]</tool_calls>',
    calls: [call("search", { query: "jamba" }, "hermes")],
    text: "",
  },
  {
    name: "Jamba 1.5: string numbers typed by the schema",
    source: JAMBA,
    output: '<tool_calls>[{"name": "add", "arguments": {"a": "1", "b": "2"}}]</tool_calls>',
    calls: [call("add", { a: 1, b: 2 }, "hermes")],
    text: "",
    tools,
  },
];

// llama.cpp's Nemotron Nano v2 template: `<TOOLCALL>[...]</TOOLCALL>`, a line break before the end of the turn.
const llamaCppNemotronTemplate = renderedCases({
  template: "llama.cpp-NVIDIA-Nemotron-Nano-v2.jinja",
  family: "Nemotron Nano v2 (llama.cpp template)",
  format: "hermes",
  otherText: "\n",
  tools,
});

// llama.cpp's Llama 3.3 Nemotron Super 49B v1.5 template: the turn's prose, then `<TOOLCALL>[...]</TOOLCALL>`.
const llamaCppNemotronSuperTemplate = renderedCases({
  template: "llama.cpp-nvidia-Llama-3_3-Nemotron-Super-49B-v1_5.jinja",
  family: "Nemotron Super 49B v1.5 (llama.cpp template)",
  format: "hermes",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

export const nemotronCases: ModelOutputCase[] = [
  ...llamaCppNemotronTemplate.cases,
  ...llamaCppNemotronSuperTemplate.cases,
  {
    name: "Nemotron: one call in <TOOLCALL>",
    source: NEMOTRON,
    output: '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Santa Clara"}}]</TOOLCALL>',
    calls: [call("get_weather", { city: "Santa Clara" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Nemotron: two calls",
    source: NEMOTRON,
    output:
      '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Austin"}}, {"name": "add", "arguments": {"a": 1, "b": 2}}]</TOOLCALL>',
    calls: [call("get_weather", { city: "Austin" }, "hermes"), call("add", { a: 1, b: 2 }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Nemotron Nano 2: reasoning, then the call",
    source:
      "nvidia/NVIDIA-Nemotron-Nano-9B-v2 chat template; vllm-project/vllm tests/tool_parsers/test_nemotron_nano_v2_tool_parser.py",
    output:
      '<think>\nWeather.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Pune"}}]</TOOLCALL>',
    calls: [call("get_weather", { city: "Pune" }, "hermes")],
    text: "<think>\nWeather.\n</think>\n",
    tools,
  },
  {
    name: "Nemotron: prose before the block",
    source: NEMOTRON,
    output: 'Let me check.<TOOLCALL>[{"name": "get_time", "arguments": {"timezone": "PST"}}]</TOOLCALL>',
    calls: [call("get_time", { timezone: "PST" }, "hermes")],
    text: "Let me check.",
    tools,
  },
  {
    name: "Nemotron: an answer with no call",
    source: NEMOTRON,
    output: "Santa Clara is 20 °C.",
    calls: [],
    text: "Santa Clara is 20 °C.",
    tools,
  },
  {
    name: "Nemotron: empty arguments",
    source: NEMOTRON,
    output: '<TOOLCALL>[{"name": "get_time", "arguments": {}}]</TOOLCALL>',
    calls: [call("get_time", {}, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Nemotron: nested arguments",
    source: NEMOTRON,
    output:
      '<TOOLCALL>[{"name": "calculate_area", "arguments": {"shape": "circle", "dimensions": {"radius": 9}}}]</TOOLCALL>',
    calls: [call("calculate_area", { shape: "circle", dimensions: { radius: 9 } }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Nemotron: read without tools",
    source: NEMOTRON,
    output: '<TOOLCALL>[{"name": "search", "arguments": {"query": "nemotron"}}]</TOOLCALL>',
    calls: [call("search", { query: "nemotron" }, "hermes")],
    text: "",
  },
  {
    name: "Nemotron: the output ends inside the block: reported",
    source: NEMOTRON,
    output: '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Pu',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Nemotron: a bare <TOOLCALL> in prose is a word",
    source: NEMOTRON,
    output: "Wrap calls in <TOOLCALL> tags.",
    calls: [],
    text: "Wrap calls in <TOOLCALL> tags.",
    tools,
  },
];

export const longcatCases: ModelOutputCase[] = [
  {
    name: "LongCat: one call",
    source: LONGCAT,
    output: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Beijing"}}</longcat_tool_call>',
    calls: [call("get_weather", { city: "Beijing" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "LongCat: two calls",
    source: LONGCAT,
    output:
      '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Beijing"}}</longcat_tool_call>\n<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Shanghai"}}</longcat_tool_call>',
    calls: [call("get_weather", { city: "Beijing" }, "hermes"), call("get_weather", { city: "Shanghai" }, "hermes")],
    text: "\n",
    tools,
  },
  {
    name: "LongCat: prose before the call",
    source: LONGCAT,
    output: 'Checking.\n<longcat_tool_call>{"name": "get_time", "arguments": {}}</longcat_tool_call>',
    calls: [call("get_time", {}, "hermes")],
    text: "Checking.\n",
    tools,
  },
  {
    name: "LongCat: a block left unclosed holding a whole call (vLLM reads it)",
    source: LONGCAT,
    output: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tianjin"}}',
    calls: [call("get_weather", { city: "Tianjin" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "LongCat: an answer with no call",
    source: LONGCAT,
    output: "Beijing is 15 °C.",
    calls: [],
    text: "Beijing is 15 °C.",
    tools,
  },
  {
    name: "LongCat: nested arguments",
    source: LONGCAT,
    output:
      '<longcat_tool_call>{"name": "calculate_area", "arguments": {"shape": "square", "dimensions": {"side": 8}}}</longcat_tool_call>',
    calls: [call("calculate_area", { shape: "square", dimensions: { side: 8 } }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "LongCat: prose after the call",
    source: LONGCAT,
    output:
      '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Nanjing"}}</longcat_tool_call>\nOne moment.',
    calls: [call("get_weather", { city: "Nanjing" }, "hermes")],
    text: "\nOne moment.",
    tools,
  },
  {
    name: "LongCat: read without tools",
    source: LONGCAT,
    output: '<longcat_tool_call>{"name": "search", "arguments": {"query": "longcat"}}</longcat_tool_call>',
    calls: [call("search", { query: "longcat" }, "hermes")],
    text: "",
  },
  {
    name: "LongCat: string numbers typed by the schema",
    source: LONGCAT,
    output: '<longcat_tool_call>{"name": "add", "arguments": {"a": "3", "b": "9"}}</longcat_tool_call>',
    calls: [call("add", { a: 3, b: 9 }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "LongCat: the output ends inside the JSON: reported",
    source: LONGCAT,
    output: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Nan',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
];

// ServiceNow Apriel 1.5 (Unsloth's template, llama.cpp's copy): the turn's prose, then its calls as one JSON list in
// `<tool_calls>`, each call's arguments the JSON text they came as; a line break before and after.
const llamaCppAprielTemplate = renderedCases({
  template: "llama.cpp-unsloth-Apriel-1.5.jinja",
  family: "Apriel 1.5 (llama.cpp template)",
  format: "hermes",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.\n\n",
    "content-and-two-calls": "Let me look both up.\n\n",
  },
  otherText: "\n\n",
  tools,
});

export const aprielCases: ModelOutputCase[] = [...llamaCppAprielTemplate.cases];
