// IBM Granite: 3.0-3.3's `<|tool_call|>[...]`, Granite 20B FC's `<function_call> {...}`, Granite 4's `<tool_call>`.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const G3 =
  "ibm-granite/granite-3.1-8b-instruct chat template; vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite_tool_parser.py";
const G20B =
  "ibm-granite/granite-20b-functioncalling; vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite_20b_fc_tool_parser.py";
const G4 =
  "ibm-granite/granite-4.0-h-small chat template; vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite4_tool_parser.py";

// vLLM's Granite 20B FC template: `<function_call> {...}` on a line of its own per call, the turn's prose dropped.
const vllm20bTemplate = renderedCases({
  template: "vllm-tool_chat_template_granite_20b_fc.jinja",
  family: "Granite 20B FC (vLLM template)",
  format: "json-text",
  otherText: "\n\n",
  tools,
});

export const graniteCases: ModelOutputCase[] = [
  ...vllm20bTemplate.cases,
  {
    name: "Granite 3.1: <|tool_call|> with one call",
    source: G3,
    output:
      '<|tool_call|>[{"name": "get_current_weather", "arguments": {"city": "Boston", "state": "MA", "unit": "celsius"}}]',
    calls: [call("get_current_weather", { city: "Boston", state: "MA", unit: "celsius" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Granite 3.1: two calls",
    source: G3,
    output:
      '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Boston"}}, {"name": "get_weather", "arguments": {"city": "Austin"}}]',
    calls: [call("get_weather", { city: "Boston" }, "json-text"), call("get_weather", { city: "Austin" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Granite 3.0: no closing token, whitespace after the marker",
    source: G3,
    output: '<|tool_call|> [{"name": "get_time", "arguments": {}}]',
    calls: [call("get_time", {}, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Granite 20B FC: <function_call> then a JSON call",
    source: G20B,
    output:
      '<function_call> {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}',
    calls: [call("get_current_weather", { city: "Dallas", state: "TX", unit: "fahrenheit" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Granite 20B FC: two calls, each after <function_call>",
    source: G20B,
    output:
      '<function_call> {"name": "get_weather", "arguments": {"city": "Paris"}} <function_call> {"name": "get_weather", "arguments": {"city": "Rome"}}',
    calls: [call("get_weather", { city: "Paris" }, "json-text"), call("get_weather", { city: "Rome" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Granite 4: <tool_call> as Hermes writes it",
    source: G4,
    output: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Zurich"}}\n</tool_call>',
    calls: [call("get_weather", { city: "Zurich" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Granite 4: prose, then two blocks",
    source: G4,
    output:
      'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Zurich"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Basel"}}\n</tool_call>',
    calls: [call("get_weather", { city: "Zurich" }, "hermes"), call("get_weather", { city: "Basel" }, "hermes")],
    text: "Checking.\n\n",
    tools,
  },
  {
    name: "Granite 3.1: <|tool_call|> with no tools given (misread a)",
    source: G3,
    output: '<|tool_call|>[{"name": "search", "arguments": {"query": "granite"}}]',
    calls: [call("search", { query: "granite" }, "json-text")],
    text: "",
  },
  {
    name: "Granite 3.1: string numbers typed by the schema",
    source: G3,
    output: '<|tool_call|>[{"name": "add", "arguments": {"a": "4", "b": "5"}}]',
    calls: [call("add", { a: 4, b: 5 }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Granite: an answer with no call",
    source: G3,
    output: "Boston is 12 °C.",
    calls: [],
    text: "Boston is 12 °C.",
    tools,
  },
];
