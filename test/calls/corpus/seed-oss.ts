// ByteDance Seed-OSS: `<seed:tool_call>\n<function=f>\n<parameter=k>v</parameter>\n</function>\n</seed:tool_call>`,
// as its chat template writes calls and vLLM's `seed_oss` parser reads them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const TEMPLATE =
  "ByteDance-Seed/Seed-OSS-36B-Instruct chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_seed_oss_tool_parser.py";
const block = (name: string, params: string) =>
  `<seed:tool_call>\n<function=${name}>\n${params}</function>\n</seed:tool_call>`;
const param = (key: string, value: string) => `<parameter=${key}>${value}</parameter>\n`;

const llamaCppTemplate = renderedCases({
  template: "llama.cpp-ByteDance-Seed-OSS.jinja",
  family: "Seed-OSS (llama.cpp template)",
  format: "hermes",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.\n\n",
    "two-calls": "\n",
    "content-and-two-calls": "Let me look both up.\n\n\n",
  },
  tools,
});

export const seedOssCases: ModelOutputCase[] = [
  ...llamaCppTemplate.cases,
  {
    name: "Seed-OSS: one call",
    source: TEMPLATE,
    output: block("get_weather", param("location", "Barcelona, Spain")),
    calls: [call("get_weather", { location: "Barcelona, Spain" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Seed-OSS: thinking, then the call",
    source: TEMPLATE,
    output: `<seed:think>\nThe user wants Barcelona.\n</seed:think>${block("get_weather", param("location", "Barcelona"))}`,
    calls: [call("get_weather", { location: "Barcelona" }, "hermes")],
    text: "<seed:think>\nThe user wants Barcelona.\n</seed:think>",
    tools,
  },
  {
    name: "Seed-OSS: an integer typed by the schema",
    source: TEMPLATE,
    output: block("get_weather", param("city", "Madrid") + param("days", "5")),
    calls: [call("get_weather", { city: "Madrid", days: 5 }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Seed-OSS: a code value keeps its real trailing newline (issue 39 class 9)",
    source: TEMPLATE,
    output: block(
      "edit_file",
      param("path", "a.py") + param("oldString", "    return a\n") + param("newString", "    return b\n"),
    ),
    calls: [call("edit_file", { path: "a.py", oldString: "    return a\n", newString: "    return b\n" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Seed-OSS: two calls in one block",
    source: TEMPLATE,
    output: `<seed:tool_call>\n<function=get_weather>\n${param("city", "Madrid")}</function>\n<function=get_weather>\n${param("city", "Sevilla")}</function>\n</seed:tool_call>`,
    calls: [call("get_weather", { city: "Madrid" }, "hermes"), call("get_weather", { city: "Sevilla" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Seed-OSS: prose before the block",
    source: TEMPLATE,
    output: `Let me check.\n${block("get_time", param("timezone", "CET"))}`,
    calls: [call("get_time", { timezone: "CET" }, "hermes")],
    text: "Let me check.\n",
    tools,
  },
  {
    name: "Seed-OSS: an object value as JSON",
    source: TEMPLATE,
    output: block("calculate_area", param("shape", "square") + param("dimensions", '{"side": 2}')),
    calls: [call("calculate_area", { shape: "square", dimensions: { side: 2 } }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Seed-OSS: a call with no parameters",
    source: TEMPLATE,
    output: "<seed:tool_call>\n<function=get_time>\n</function>\n</seed:tool_call>",
    calls: [call("get_time", {}, "hermes")],
    text: "",
    tools,
  },
  {
    name: "Seed-OSS: the output ends inside a parameter: reported",
    source: TEMPLATE,
    output: "<seed:tool_call>\n<function=get_weather>\n<parameter=city>Mad",
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Seed-OSS: an answer with no call",
    source: TEMPLATE,
    output: "Madrid is 28 °C.",
    calls: [],
    text: "Madrid is 28 °C.",
    tools,
  },
];
