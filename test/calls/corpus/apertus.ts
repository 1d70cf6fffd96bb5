// Swiss AI Apertus: `<|tools_prefix|>[{"name": {arguments}}]<|tools_suffix|>`, as its chat template writes calls and
// vLLM's `apertus` parser reads them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const TEMPLATE =
  "swiss-ai/Apertus-8B-Instruct-2509 chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_apertus_tool_parser.py";
const block = (json: string) => `<|tools_prefix|>${json}<|tools_suffix|>`;

// vLLM's Apertus template writes `{"<name>": <arguments as the API's JSON text>}` entries, the turn's prose before.
const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_apertus.jinja",
  family: "Apertus (vLLM template)",
  format: "apertus",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

export const apertusCases: ModelOutputCase[] = [
  ...vllmTemplate.cases,
  {
    name: "Apertus: one call",
    source: TEMPLATE,
    output: block('[{"get_weather": {"city": "Bern"}}]'),
    calls: [call("get_weather", { city: "Bern" }, "apertus")],
    text: "",
    tools,
  },
  {
    name: "Apertus: two calls after reasoning",
    source: TEMPLATE,
    output: `<|inner_prefix|>Two cities.<|inner_suffix|>${block('[{"get_weather": {"city": "Bern"}}, {"get_weather": {"city": "Zurich", "days": 2}}]')}`,
    calls: [
      call("get_weather", { city: "Bern" }, "apertus"),
      call("get_weather", { city: "Zurich", days: 2 }, "apertus"),
    ],
    text: "<|inner_prefix|>Two cities.<|inner_suffix|>",
    tools,
  },
  {
    name: "Apertus: prose before the block",
    source: TEMPLATE,
    output: `Let me check.${block('[{"get_weather": {"city": "Geneva"}}]')}`,
    calls: [call("get_weather", { city: "Geneva" }, "apertus")],
    text: "Let me check.",
    tools,
  },
  {
    name: "Apertus: empty arguments",
    source: TEMPLATE,
    output: block('[{"get_time": {}}]'),
    calls: [call("get_time", {}, "apertus")],
    text: "",
    tools,
  },
  {
    name: "Apertus: nested arguments",
    source: TEMPLATE,
    output: block('[{"calculate_area": {"shape": "square", "dimensions": {"side": 2}}}]'),
    calls: [call("calculate_area", { shape: "square", dimensions: { side: 2 } }, "apertus")],
    text: "",
    tools,
  },
  {
    name: "Apertus: whole JSON without <|tools_suffix|> (issue 39 class 8)",
    source: TEMPLATE,
    output: '<|tools_prefix|>[{"get_weather": {"city": "Lugano"}}]',
    calls: [call("get_weather", { city: "Lugano" }, "apertus")],
    text: "",
    tools,
  },
  {
    name: "Apertus: an empty list is no call",
    source: TEMPLATE,
    output: "Nothing to do.<|tools_prefix|>[]<|tools_suffix|>",
    calls: [],
    text: "Nothing to do.",
    tools,
  },
  {
    name: "Apertus: read without tools",
    source: TEMPLATE,
    output: block('[{"search": {"query": "apertus"}}]'),
    calls: [call("search", { query: "apertus" }, "apertus")],
    text: "",
  },
  {
    name: "Apertus: the output ends inside the JSON: reported",
    source: TEMPLATE,
    output: '<|tools_prefix|>[{"get_weather": {"city": "Ber',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Apertus: an answer with no call",
    source: TEMPLATE,
    output: "Bern is 18 °C.",
    calls: [],
    text: "Bern is 18 °C.",
    tools,
  },
];
