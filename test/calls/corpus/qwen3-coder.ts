// Qwen3-Coder and Qwen3.5: `<tool_call>\n<function=name>\n<parameter=key>\nvalue\n</parameter>\n</function>\n</tool_call>`,
// as the chat template renders it and vLLM's `qwen3_coder` parser reads it (values typed by the tool's schema).
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/tool_parsers/test_qwen3coder_tool_parser.py";

const fn = (name: string, parameters: string) =>
  `<tool_call>\n<function=${name}>\n${parameters}</function>\n</tool_call>`;
const param = (key: string, value: string) => `<parameter=${key}>\n${value}\n</parameter>\n`;

const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_qwen3coder.jinja",
  family: "Qwen3-Coder (vLLM template)",
  format: "hermes",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.\n\n",
    "two-calls": "\n",
    "content-and-two-calls": "Let me look both up.\n\n\n",
  },
  tools,
});

// StepFun 3.7 Flash writes Qwen3-Coder's tags; its prompt opens `<think>\n`, so the turn starts by closing it.
const llamaCppStepFunTemplate = renderedCases({
  template: "llama.cpp-StepFun3.7-Flash.jinja",
  family: "StepFun 3.7 Flash (llama.cpp template)",
  format: "hermes",
  text: {
    "content-and-call": "\n</think>\nI'll check the weather in Tokyo first.",
    "content-and-two-calls": "\n</think>\nLet me look both up.",
  },
  otherText: "\n</think>\n",
  tools,
});

export const qwen3CoderCases: ModelOutputCase[] = [
  ...vllmTemplate.cases,
  ...llamaCppStepFunTemplate.cases,
  {
    name: "Qwen3-Coder (vLLM template): nested arguments, a boolean as Python writes it (True)",
    source:
      "chat template vllm-tool_chat_template_qwen3coder.jinja, rendered by Python's Jinja2 as transformers sets it up",
    output:
      '<tool_call>\n<function=register_user>\n<parameter=name>\nAda\n</parameter>\n<parameter=age>\n37\n</parameter>\n<parameter=address>\n{"city": "London", "lines": ["12 St James\'s Square", "Flat 3"]}\n</parameter>\n<parameter=passed_test>\nTrue\n</parameter>\n<parameter=aliases>\n["ada", "countess"]\n</parameter>\n</function>\n</tool_call>',
    calls: [
      call(
        "register_user",
        {
          name: "Ada",
          age: 37,
          address: { city: "London", lines: ["12 St James's Square", "Flat 3"] },
          passed_test: true,
          aliases: ["ada", "countess"],
        },
        "hermes",
      ),
    ],
    text: "",
    tools,
  },
  {
    name: "Qwen3-Coder: prose before the call",
    source: VLLM,
    output: `Sure! Let me check the weather.\n${fn("get_weather", param("city", "Orlando"))}`,
    calls: [call("get_weather", { city: "Orlando" }, "hermes")],
    text: "Sure! Let me check the weather.\n",
    tools,
  },
  {
    name: "Qwen3-Coder: two calls",
    source: VLLM,
    output: `${fn("get_weather", param("city", "Dallas"))}\n${fn("get_weather", param("city", "Orlando"))}`,
    calls: [call("get_weather", { city: "Dallas" }, "hermes"), call("get_weather", { city: "Orlando" }, "hermes")],
    text: "\n",
    tools,
  },
  {
    name: "Qwen3-Coder: an integer and an object typed by the schema",
    source: VLLM,
    output: fn(
      "calculate_area",
      param("shape", "rectangle") + param("dimensions", '{"width": 10, "height": 20}') + param("precision", "2"),
    ),
    calls: [
      call("calculate_area", { shape: "rectangle", dimensions: { width: 10, height: 20 }, precision: 2 }, "hermes"),
    ],
    text: "",
    tools,
  },
  {
    name: "Qwen3-Coder: a multi-line code value keeps its inner lines",
    source: VLLM,
    output: fn("bash", param("command", "cd /repo\nls -la | head -5")),
    calls: [call("bash", { command: "cd /repo\nls -la | head -5" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Qwen3-Coder: <function=...> without its <tool_call> (a known tool)",
    source: "vllm-project/vllm issue: Qwen3-Coder leaves out <tool_call> (qwen3coder parser reads a bare <function=)",
    output: "<function=get_weather>\n<parameter=city>\nBerlin\n</parameter>\n</function>",
    calls: [call("get_weather", { city: "Berlin" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Qwen3-Coder: a missing </parameter> closed by the next <parameter= (issue 39 class 5)",
    source: "issue 39 class 5, a Qwen3-Coder output",
    output:
      "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n</function>\n</tool_call>",
    calls: [call("get_current_weather", { city: "Dallas", state: "TX" }, "hermes")],
    text: "",
    errors: [{ code: "PARSE_ERROR", callIndex: 0, parameter: "city" }],
    tools,
  },
  {
    name: "Qwen3-Coder: reasoning closed, then the call (Qwen3.5 thinking)",
    source: "Qwen/Qwen3.5 chat_template.jinja (<think> then the same tool_call rendering)",
    output: `<think>\nNeed the file first.\n</think>\n\n${fn("read_file", param("path", "src/index.ts"))}`,
    calls: [call("read_file", { path: "src/index.ts" }, "hermes")],
    text: "<think>\nNeed the file first.\n</think>\n\n",
    tools,
  },
  {
    name: "Qwen3-Coder: the output ends inside a parameter: reported, nothing run",
    source: VLLM,
    output: "<tool_call>\n<function=bash>\n<parameter=command>\nrm -rf /tmp/bu",
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
];
