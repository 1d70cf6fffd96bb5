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
  // vLLM's tests of its Qwen3-Coder and Qwen3 XML parsers, shared by both: coding agents write files that hold tool
  // calls, and Qwen3.5's template renders a null argument as Python's None.
  {
    name: "Qwen3-Coder: a file holding a whole tool call, tags and all, is the value's text",
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py::test_content_with_full_nested_tool_call_nonstreaming",
    output:
      '<tool_call>\n<function=write_file>\n<parameter=path>\nfixture.py\n</parameter>\n<parameter=content>\ndoc = """\n<tool_call>\n<function=write_file>\n<parameter=path>\nliteral/value.txt\n</parameter>\n<parameter=content>\nhello\n</parameter>\n</function>\n</tool_call>\n"""\n</parameter>\n</function>\n</tool_call>',
    calls: [
      call(
        "write_file",
        {
          path: "fixture.py",
          content:
            'doc = """\n<tool_call>\n<function=write_file>\n<parameter=path>\nliteral/value.txt\n</parameter>\n<parameter=content>\nhello\n</parameter>\n</function>\n</tool_call>\n"""',
        },
        "hermes",
      ),
    ],
    text: "",
    tools: [
      {
        name: "write_file",
        parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
      },
    ],
  },
  {
    name: "Qwen3-Coder: a value holding another tool's call, after a call to that tool",
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py::test_two_tools_second_with_out_of_schema_nested_literal_nonstreaming",
    output:
      '<tool_call>\n<function=foo>\n<parameter=bar>baz</parameter>\n</function>\n</tool_call>\n\n<tool_call>\n<function=write_file>\n<parameter=path>\nfixture.py\n</parameter>\n<parameter=content>\ntemplate = """\n<tool_call>\n<function=foo>\n<parameter=bar>baz</parameter>\n</function>\n</tool_call>\n"""\n</parameter>\n</function>\n</tool_call>',
    calls: [
      call("foo", { bar: "baz" }, "hermes"),
      call(
        "write_file",
        {
          path: "fixture.py",
          content:
            'template = """\n<tool_call>\n<function=foo>\n<parameter=bar>baz</parameter>\n</function>\n</tool_call>\n"""',
        },
        "hermes",
      ),
    ],
    text: "\n\n",
    errors: [{ code: "UNKNOWN_TOOL", name: "foo" }],
    tools: [
      {
        name: "write_file",
        parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
      },
    ],
  },
  {
    name: "Qwen3-Coder: parameter tags naming no parameter of the tool are the value's text",
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py::test_content_with_param_like_lines_nonstreaming",
    output:
      '<tool_call>\n<function=write_file>\n<parameter=path>\ntest_template.py\n</parameter>\n<parameter=content>\nTOOL_CALL_TEMPLATE = """\n</parameter>\n<parameter=new_string>\n#!/usr/bin/env python3\n</parameter>\n"""\n</parameter>\n</function>\n</tool_call>\n',
    calls: [
      call(
        "write_file",
        {
          path: "test_template.py",
          content:
            'TOOL_CALL_TEMPLATE = """\n</parameter>\n<parameter=new_string>\n#!/usr/bin/env python3\n</parameter>\n"""',
        },
        "hermes",
      ),
    ],
    text: "\n",
    tools: [
      {
        name: "write_file",
        parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
      },
    ],
  },
  {
    name: "Qwen3-Coder: a value holding the tags as strings of code",
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py::test_content_with_xml_structural_tags_nonstreaming",
    output:
      '<tool_call>\n<function=write_file>\n<parameter=path>\ntest.py\n</parameter>\n<parameter=content>\nchar_deltas = [\n    "<tool_call>\\n",\n    "<parameter=query>\\n",\n    "\\n</parameter>\\n",\n    "</function>\\n",\n]\n</parameter>\n</function>\n</tool_call>\n',
    calls: [
      call(
        "write_file",
        {
          path: "test.py",
          content:
            'char_deltas = [\n    "<tool_call>\\n",\n    "<parameter=query>\\n",\n    "\\n</parameter>\\n",\n    "</function>\\n",\n]',
        },
        "hermes",
      ),
    ],
    text: "\n",
    tools: [
      {
        name: "write_file",
        parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
      },
    ],
  },
  {
    name: "Qwen3.5: Python's None for an integer or null",
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py::test_python_none_value_for_nullable_int",
    output: "<tool_call>\n<function=set_count>\n<parameter=count>None</parameter>\n</function>\n</tool_call>",
    calls: [call("set_count", { count: null }, "hermes")],
    text: "",
    tools: [
      {
        name: "set_count",
        parameters: { type: "object", properties: { count: { anyOf: [{ type: "integer" }, { type: "null" }] } } },
      },
    ],
  },
  {
    name: "Qwen3.5: Python's None for a string or null",
    source:
      "vllm-project/vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py::test_anyof_string_null_with_null_literal_returns_none",
    output: "<tool_call>\n<function=set_value>\n<parameter=optional>None</parameter>\n</function>\n</tool_call>",
    calls: [call("set_value", { optional: null }, "hermes")],
    text: "",
    tools: [
      {
        name: "set_value",
        parameters: { type: "object", properties: { optional: { anyOf: [{ type: "string" }, { type: "null" }] } } },
      },
    ],
  },
];
