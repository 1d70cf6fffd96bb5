// StepFun Step3: `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="f">
// <steptml:parameter name="x">v</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM =
  "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_step3_tool_parser.py; stepfun-ai/step3 chat_template";
const one = (name: string, params: string) =>
  `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="${name}">${params}</steptml:invoke><｜tool_call_end｜>`;
const param = (key: string, value: string) => `<steptml:parameter name="${key}">${value}</steptml:parameter>`;
const section = (...calls: string[]) => `<｜tool_calls_begin｜>${calls.join("")}<｜tool_calls_end｜>`;

export const step3Cases: ModelOutputCase[] = [
  {
    name: "Step3: one call",
    source: VLLM,
    output: section(one("get_weather", param("city", "Beijing"))),
    calls: [call("get_weather", { city: "Beijing" }, "step3")],
    text: "",
    tools,
  },
  {
    name: "Step3: prose, then two calls",
    source: VLLM,
    output: `Let me check.${section(one("get_weather", param("city", "Beijing")), one("get_weather", param("city", "Tianjin")))}`,
    calls: [call("get_weather", { city: "Beijing" }, "step3"), call("get_weather", { city: "Tianjin" }, "step3")],
    text: "Let me check.",
    tools,
  },
  {
    name: "Step3: an integer typed by the schema",
    source: VLLM,
    output: section(one("add", param("a", "1") + param("b", "2"))),
    calls: [call("add", { a: 1, b: 2 }, "step3")],
    text: "",
    tools,
  },
  {
    name: "Step3: an object value as JSON",
    source: VLLM,
    output: section(one("calculate_area", param("shape", "square") + param("dimensions", '{"side": 3}'))),
    calls: [call("calculate_area", { shape: "square", dimensions: { side: 3 } }, "step3")],
    text: "",
    tools,
  },
  {
    name: "Step3: reasoning closed, then the call",
    source: VLLM,
    output: `<think>Weather needed.</think>${section(one("get_weather", param("city", "Xiamen")))}`,
    calls: [call("get_weather", { city: "Xiamen" }, "step3")],
    text: "<think>Weather needed.</think>",
    tools,
  },
  {
    name: "Step3: a call with no parameters",
    source: VLLM,
    output: section(one("get_time", "")),
    calls: [call("get_time", {}, "step3")],
    text: "",
    tools,
  },
  {
    name: "Step3: a multi-line value",
    source: VLLM,
    output: section(one("bash", param("command", "cd /x\nmake"))),
    calls: [call("bash", { command: "cd /x\nmake" }, "step3")],
    text: "",
    tools,
  },
  {
    name: "Step3: the output ends inside the second call: the closed one kept, the rest reported (class c)",
    source: VLLM,
    output: `<｜tool_calls_begin｜>${one("get_weather", param("city", "Beijing"))}<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tian`,
    calls: [call("get_weather", { city: "Beijing" }, "step3")],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Step3: prose after the section",
    source: VLLM,
    output: `${section(one("get_weather", param("city", "Beijing")))}Done.`,
    calls: [call("get_weather", { city: "Beijing" }, "step3")],
    text: "Done.",
    tools,
  },
  {
    name: "Step3: an invoke without the function<｜tool_sep｜> header before it, as vLLM's tests write it",
    source:
      "vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py::TestStep3ToolParser::test_single_tool_call_simple_args",
    output:
      '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    calls: [call("get_weather", { city: "Tokyo" }, "step3")],
    text: "",
    tools,
  },
  {
    name: "Step3: prose around a section whose invoke has no header",
    source:
      "vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py::TestStep3ToolParser::test_surrounding_text",
    output:
      'Let me check the weather for you.\n\n<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n\nI\'ll get that information.',
    calls: [call("get_weather", { city: "Tokyo" }, "step3")],
    text: "Let me check the weather for you.\n\n\n\nI'll get that information.",
    tools,
  },
  {
    name: "Step3: an invoke with no header and no parameters",
    source: "vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py::TestStep3ToolParser::test_empty_arguments",
    output:
      '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="refresh"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    calls: [call("refresh", {}, "step3")],
    text: "",
  },
  {
    name: "Step3: an invoke with no header, its values escaped as the test writes them",
    source: "vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py::TestStep3ToolParser::test_escaped_strings",
    output:
      '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="test_function"><steptml:parameter name="quoted">He said "hello"</steptml:parameter><steptml:parameter name="path">C:\\Users\\file.txt</steptml:parameter><steptml:parameter name="newline">line1\nline2</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    calls: [
      call(
        "test_function",
        { quoted: 'He said "hello"', path: "C:\\Users\\file.txt", newline: "line1\nline2" },
        "step3",
      ),
    ],
    text: "",
  },
  {
    name: "Step3: an answer with no call",
    source: VLLM,
    output: "It is 21 °C in Beijing.",
    calls: [],
    text: "It is 21 °C in Beijing.",
    tools,
  },
];
