// `<function_calls>` (Anthropic-style XML invokes) and the families that write it under other names: MiniMax-M2's
// `<minimax:tool_call>`, DeepSeek V3.2's DSML, rednote dots.llm's `<dots_function_call>`.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const ANTHROPIC = "Anthropic docs, legacy XML tool use (docs.anthropic.com: <function_calls><invoke name=...>)";
const MINIMAX_M2 =
  "MiniMaxAI/MiniMax-M2 chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_minimax_m2_tool_parser.py";
const DSML =
  "deepseek-ai/DeepSeek-V3.2 encoding_dsv32.py; vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py";

const VLLM_DSML_V32 = "vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py";
const VLLM_DSML_V4 = "vllm-project/vllm tests/tool_parsers/test_deepseekv4_tool_parser.py";
/** The tool of vLLM's DSML wrapper tests, which declares neither `arguments` nor `input`. */
const locationWeather = [
  {
    type: "function",
    function: { name: "get_weather", parameters: { type: "object", properties: { location: { type: "string" } } } },
  },
];

/** The tools of vLLM's dots tests: `search` and `open`. */
const dotsSearchTools = [
  {
    type: "function",
    function: { name: "search", parameters: { type: "object", properties: { query: { type: "string" } } } },
  },
  {
    type: "function",
    function: { name: "open", parameters: { type: "object", properties: { id: { type: "integer" } } } },
  },
];

const invoke = (name: string, parameters: string) => `<invoke name="${name}">\n${parameters}</invoke>\n`;
const param = (key: string, value: string) => `<parameter name="${key}">${value}</parameter>\n`;
const dsml = (name: string, parameters: string) =>
  `<｜DSML｜function_calls>\n<｜DSML｜invoke name="${name}">\n${parameters}</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
const dsmlParam = (key: string, value: string, isString: boolean) =>
  `<｜DSML｜parameter name="${key}" string="${isString}">${value}</｜DSML｜parameter>\n`;

// llama.cpp's copy of Unsloth's MiniMax-M2 template: a line break before `<minimax:tool_call>` and after its close.
const miniMaxM2Template = renderedCases({
  template: "llama.cpp-unsloth-MiniMax-M2.jinja",
  family: "MiniMax-M2 (llama.cpp template)",
  format: "xml",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.\n\n",
    "content-and-two-calls": "Let me look both up.\n\n",
  },
  otherText: "\n\n",
  tools,
  // The template writes each string as it is (`v if v is not string`, no escaping), and vLLM's minimax_m2 parser reads
  // it so (no unescaping): `Fish &amp; chips &lt;3` is what the model meant ("markup-and-entities").
});

// llama.cpp's DeepSeek V3.2 template (thinking off): DSML after a blank line, `string="false"` on every non-string.
const deepSeekV32Template = renderedCases({
  template: "llama.cpp-DeepSeek-V3.2.jinja",
  family: "DeepSeek V3.2 DSML (llama.cpp template)",
  format: "xml",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.\n\n",
    "content-and-two-calls": "Let me look both up.\n\n",
  },
  otherText: "\n\n",
  tools,
});

export const functionCallsCases: ModelOutputCase[] = [
  ...miniMaxM2Template.cases,
  ...deepSeekV32Template.cases,
  {
    name: "<function_calls>: one invoke",
    source: ANTHROPIC,
    output: `<function_calls>\n${invoke("get_weather", param("city", "San Francisco"))}</function_calls>`,
    calls: [call("get_weather", { city: "San Francisco" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "<function_calls>: prose, then two invokes",
    source: ANTHROPIC,
    output: `Let me look both up.\n<function_calls>\n${invoke("get_weather", param("city", "Paris"))}${invoke("get_weather", param("city", "Rome"))}</function_calls>`,
    calls: [call("get_weather", { city: "Paris" }, "xml"), call("get_weather", { city: "Rome" }, "xml")],
    text: "Let me look both up.\n",
    tools,
  },
  {
    name: "<function_calls>: values typed by the schema",
    source: ANTHROPIC,
    output: `<function_calls>\n${invoke("search", param("query", "vitest streaming") + param("limit", "5"))}</function_calls>`,
    calls: [call("search", { query: "vitest streaming", limit: 5 }, "xml")],
    text: "",
    tools,
  },
  {
    name: "<function_calls>: the output ends inside the second invoke: the first kept, the rest reported",
    source: ANTHROPIC,
    output: `<function_calls>\n${invoke("get_weather", param("city", "Paris"))}<invoke name="get_weather">\n<parameter name="city">Ro`,
    calls: [call("get_weather", { city: "Paris" }, "xml")],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "MiniMax-M2: <minimax:tool_call> with typed parameters",
    source: MINIMAX_M2,
    output: `<minimax:tool_call>\n${invoke("get_current_weather", param("city", "Seattle") + param("state", "WA") + param("unit", "celsius"))}</minimax:tool_call>`,
    calls: [call("get_current_weather", { city: "Seattle", state: "WA", unit: "celsius" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniMax-M2: reasoning, prose, then two invokes",
    source: MINIMAX_M2,
    output: `<think>\nTwo cities.\n</think>\n\nChecking both.\n<minimax:tool_call>\n${invoke("get_weather", param("city", "Oslo"))}${invoke("get_weather", param("city", "Bergen"))}</minimax:tool_call>`,
    calls: [call("get_weather", { city: "Oslo" }, "xml"), call("get_weather", { city: "Bergen" }, "xml")],
    text: "<think>\nTwo cities.\n</think>\n\nChecking both.\n",
    tools,
  },
  {
    name: "MiniMax-M2: an object parameter written as JSON",
    source: MINIMAX_M2,
    output: `<minimax:tool_call>\n${invoke("calculate_area", param("shape", "rectangle") + param("dimensions", '{"width": 4, "height": 5}'))}</minimax:tool_call>`,
    calls: [call("calculate_area", { shape: "rectangle", dimensions: { width: 4, height: 5 } }, "xml")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3.2: DSML with string and non-string parameters",
    source: DSML,
    output: dsml("get_weather", dsmlParam("city", "Hangzhou", true) + dsmlParam("days", "3", false)),
    calls: [call("get_weather", { city: "Hangzhou", days: 3 }, "xml")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3.2: prose, then DSML",
    source: DSML,
    output: `I'll search for that.\n\n${dsml("web_search", dsmlParam("query", "DeepSeek V3.2 release", true))}`,
    calls: [call("web_search", { query: "DeepSeek V3.2 release" }, "xml")],
    text: "I'll search for that.\n\n",
    tools,
  },
  {
    name: 'DeepSeek V3.2: string="false" types a parameter the schema does not declare (issue 39 class 7)',
    source: DSML,
    output: dsml("search", dsmlParam("query", "rust", true) + dsmlParam("limit", "10", false)),
    calls: [call("search", { query: "rust", limit: 10 }, "xml")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3.2: every argument wrapped in one `arguments` parameter, as JSON: unwrapped (vLLM's repair)",
    source: `${VLLM_DSML_V32}::TestExtractToolCalls::test_arguments_wrapper_repaired`,
    output: dsml("get_weather", dsmlParam("arguments", '{"location":"Beijing"}', false)),
    calls: [call("get_weather", { location: "Beijing" }, "xml")],
    text: "",
    tools: locationWeather,
  },
  {
    name: 'DeepSeek V3.2: every argument wrapped in one `input` parameter, marked string="true": unwrapped too',
    source: `${VLLM_DSML_V32}::TestExtractToolCalls::test_input_wrapper_repaired`,
    output: dsml("get_weather", dsmlParam("input", '{"location":"Beijing"}', true)),
    calls: [call("get_weather", { location: "Beijing" }, "xml")],
    text: "",
    tools: locationWeather,
  },
  {
    name: "DeepSeek V4: every argument wrapped in one `arguments` parameter in <｜DSML｜tool_calls>: unwrapped",
    source: `${VLLM_DSML_V4}::test_extract_tool_calls_arguments_wrapper`,
    output:
      '<｜DSML｜tool_calls><｜DSML｜invoke name="get_weather"><｜DSML｜parameter name="arguments" string="false">{"location":"Beijing"}</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>',
    calls: [call("get_weather", { location: "Beijing" }, "xml")],
    text: "",
    tools: locationWeather,
  },
  {
    name: "dots.llm: <dots_function_call> (vLLM's dots parser)",
    source: "vllm-project/vllm tests/tool_parsers/test_dots_tool_parser.py",
    output: `<dots_function_call>\n${invoke("get_weather", param("city", "Shenzhen"))}</dots_function_call>`,
    calls: [call("get_weather", { city: "Shenzhen" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "dots.llm: a block of invokes, then a block holding a JSON call object",
    source:
      "vllm-project/vllm tests/tool_parsers/test_dots_tool_parser.py::test_non_stream_supports_multiple_invokes_and_json_fallback",
    output:
      '<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke><invoke name="open"><parameter name="id">7</parameter></invoke></dots_function_call><dots_function_call>{"name":"search","arguments":{"query":"tables"}}</dots_function_call>',
    calls: [
      call("search", { query: "chairs" }, "xml"),
      call("open", { id: 7 }, "xml"),
      call("search", { query: "tables" }, "xml"),
    ],
    text: "",
    tools: dotsSearchTools,
  },
  {
    name: "dots.llm: a JSON call object in the block",
    source:
      "vllm-project/vllm tests/tool_parsers/test_dots_tool_parser.py::test_streaming_emits_complete_json_before_end_marker_without_duplication",
    output: '<dots_function_call>{"name":"search","arguments":{"query":"chairs"}}</dots_function_call>',
    calls: [call("search", { query: "chairs" }, "xml")],
    text: "",
    tools: dotsSearchTools,
  },
  {
    name: "dots.llm: values typed through a $ref to the schema's $defs",
    source:
      "vllm-project/vllm tests/tool_parsers/test_dots_tool_parser.py::test_non_stream_xml_converts_schema_types_and_resolves_ref",
    output: `ok<dots_function_call><invoke name="set_location"><parameter name="location">{"city": "Shanghai"}</parameter><parameter name="days">3</parameter><parameter name="include_weather">true</parameter></invoke></dots_function_call>`,
    calls: [call("set_location", { location: { city: "Shanghai" }, days: 3, include_weather: true }, "xml")],
    text: "ok",
    tools: [
      {
        type: "function",
        function: {
          name: "set_location",
          parameters: {
            type: "object",
            properties: {
              location: { $ref: "#/$defs/Location" },
              days: { type: "integer" },
              include_weather: { type: "boolean" },
            },
            $defs: { Location: { type: "object", properties: { city: { type: "string" } } } },
          },
        },
      },
    ],
  },
];
