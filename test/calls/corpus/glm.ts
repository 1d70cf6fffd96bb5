// GLM-4.5 / 4.6 / 4.7: `<tool_call>name\n<arg_key>k</arg_key>\n<arg_value>v</arg_value>\n</tool_call>`, as the chat
// templates write it and vLLM's `glm45` / `glm47` parsers read it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const GLM45 = "zai-org/GLM-4.5 chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_glm4_moe_tool_parser.py";
const GLM47 = "zai-org/GLM-4.7 chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_glm47_moe_tool_parser.py";

// The template opens every assistant turn with an empty `<think></think>` when thinking is off.
/** The text around the calls in GLM-4.5's and GLM-4.6's rendered turns. */
const GLM_TURN_TEXT = {
  text: {
    "content-and-call": "\n<think></think>\nI'll check the weather in Tokyo first.\n",
    "two-calls": "\n<think></think>\n\n",
    "content-and-two-calls": "\n<think></think>\nLet me look both up.\n\n",
  },
  otherText: "\n<think></think>\n",
};

const llamaCppTemplate = renderedCases({
  template: "llama.cpp-glm_4_5.jinja",
  family: "GLM-4.5 (llama.cpp template)",
  format: "hermes",
  ...GLM_TURN_TEXT,
  tools,
});

// GLM-4.6's template (llama.cpp's copy) writes a call as GLM-4.5's does; its values of other types than string as JSON.
const llamaCppGlm46Template = renderedCases({
  template: "llama.cpp-GLM-4.6.jinja",
  family: "GLM-4.6 (llama.cpp template)",
  format: "hermes",
  ...GLM_TURN_TEXT,
  tools,
});

export const glmCases: ModelOutputCase[] = [
  ...llamaCppTemplate.cases,
  ...llamaCppGlm46Template.cases,
  {
    name: "GLM-4.5: one call",
    source: GLM45,
    output:
      "<tool_call>get_current_weather\n<arg_key>city</arg_key>\n<arg_value>Dallas</arg_value>\n<arg_key>state</arg_key>\n<arg_value>TX</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>fahrenheit</arg_value>\n</tool_call>",
    calls: [call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "GLM-4.5: two calls after prose",
    source: GLM45,
    output:
      "I'll check both.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Shanghai</arg_value>\n</tool_call>",
    calls: [call("get_weather", { city: "Beijing" }, "hermes"), call("get_weather", { city: "Shanghai" }, "hermes")],
    text: "I'll check both.\n\n",
    tools,
  },
  {
    name: "GLM-4.5: an integer typed by the schema, an object value as JSON",
    source: GLM45,
    output:
      '<tool_call>calculate_area\n<arg_key>shape</arg_key>\n<arg_value>circle</arg_value>\n<arg_key>dimensions</arg_key>\n<arg_value>{"radius": 5}</arg_value>\n<arg_key>precision</arg_key>\n<arg_value>3</arg_value>\n</tool_call>',
    calls: [call("calculate_area", { shape: "circle", dimensions: { radius: 5 }, precision: 3 }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "GLM-4.5: reasoning, then the call",
    source: GLM45,
    output:
      "<think>The user asks for Paris.</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>",
    calls: [call("get_weather", { city: "Paris" }, "hermes")],
    text: "<think>The user asks for Paris.</think>\n",
    tools,
  },
  {
    name: "GLM-4.7: the compact form, no line breaks",
    source: GLM47,
    output:
      "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>days</arg_key><arg_value>3</arg_value></tool_call>",
    calls: [call("get_weather", { city: "Beijing", days: 3 }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "GLM-4.7: a call with no arguments",
    source: GLM47,
    output: "<tool_call>get_time</tool_call>",
    calls: [call("get_time", {}, "hermes")],
    text: "",
    tools,
  },
  {
    name: "GLM-4.6: a multi-line value",
    source: "zai-org/GLM-4.6 chat_template.jinja (arg_value holds the raw string)",
    output: "<tool_call>bash\n<arg_key>command</arg_key>\n<arg_value>cd /app\nnpm test</arg_value>\n</tool_call>",
    calls: [call("bash", { command: "cd /app\nnpm test" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "GLM-4.7: prose after the call",
    source: GLM47,
    output:
      "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Hangzhou</arg_value></tool_call>Waiting for the result.",
    calls: [call("get_weather", { city: "Hangzhou" }, "hermes")],
    text: "Waiting for the result.",
    tools,
  },
  {
    name: "GLM-4.5: an array value as JSON",
    source: GLM45,
    output: '<tool_call>label\n<arg_key>tags</arg_key>\n<arg_value>["urgent", "bug"]</arg_value>\n</tool_call>',
    calls: [call("label", { tags: ["urgent", "bug"] }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "GLM-4.5: the output ends inside an arg_value: reported",
    source: GLM45,
    output: "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Bei",
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  // Hunyuan v3 writes GLM's form after a <tool_sep>, its blocks in a bare <tool_calls> wrapper, as vLLM's hy_v3 parser
  // reads them: the wrapper is no text.
  {
    name: "Hunyuan v3: a bare <tool_calls> wrapper after prose is no text",
    source:
      "vllm-project/vllm tests/tool_parsers/test_hy_v3_tool_parser.py::TestHYV3ExtractToolCalls::test_content_before",
    output: "Checking.<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>",
    calls: [call("get_current_date", {}, "hermes")],
    text: "Checking.\n",
    tools: [
      { name: "get_current_date", parameters: { type: "object", properties: {} } },
      {
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" }, date: { type: "string" } } },
      },
    ],
  },
  {
    name: "Hunyuan v3: two calls in one bare <tool_calls> wrapper",
    source: "vllm-project/vllm tests/tool_parsers/test_hy_v3_tool_parser.py::TestHYV3ExtractToolCalls::test_multiple",
    output:
      "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Hangzhou</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n</tool_calls>",
    calls: [
      call("get_weather", { city: "Beijing", date: "2026-03-30" }, "hermes"),
      call("get_weather", { city: "Hangzhou", date: "2026-03-30" }, "hermes"),
    ],
    text: "\n\n",
    tools: [
      { name: "get_current_date", parameters: { type: "object", properties: {} } },
      {
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" }, date: { type: "string" } } },
      },
    ],
  },
  {
    name: "Hunyuan v3: a call with no argument, all on one line",
    source:
      "vllm-project/vllm tests/tool_parsers/test_hy_v3_tool_parser.py::TestHYV3ExtractToolCalls::test_zero_arg_inline",
    output: "<tool_calls><tool_call>get_current_date<tool_sep></tool_call></tool_calls>",
    calls: [call("get_current_date", {}, "hermes")],
    text: "",
    tools: [
      { name: "get_current_date", parameters: { type: "object", properties: {} } },
      {
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" }, date: { type: "string" } } },
      },
    ],
  },
];
