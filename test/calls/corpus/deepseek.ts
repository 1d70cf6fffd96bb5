// DeepSeek V3 / V3.1 / R1: sections of special tokens (`<｜tool▁calls▁begin｜>`), as their chat templates write them
// and vLLM's `deepseek_v3` / `deepseek_v31` parsers read them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const V3 =
  "deepseek-ai/DeepSeek-V3-0324 tokenizer_config.json chat_template; vllm-project/vllm tests/tool_parsers/test_deepseekv3_tool_parser.py";
const V31 =
  "deepseek-ai/DeepSeek-V3.1 assets/chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py";
const v3 = (name: string, args: string) =>
  `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`;
const v31 = (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;
const section = (...calls: string[]) => `<｜tool▁calls▁begin｜>${calls.join("")}<｜tool▁calls▁end｜>`;

// llama.cpp's DeepSeek V3.1 template writes the arguments as the API's JSON text, the turn's prose right before them.
const llamaCppV31Template = renderedCases({
  template: "llama.cpp-deepseek-ai-DeepSeek-V3.1.jinja",
  family: "DeepSeek V3.1 (llama.cpp template)",
  format: "deepseek",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

// vLLM's DeepSeek V3 template indents its output tags in the template's source, and the indent is rendered: 20 spaces
// open the turn, 8 stand before the section's end (inside the section, so not text) and 16 between two calls.
const VLLM_INDENTED_TEXT = {
  text: {
    "content-and-call": `${" ".repeat(20)}I'll check the weather in Tokyo first.`,
    "content-and-two-calls": `${" ".repeat(20)}Let me look both up.`,
  },
  otherText: " ".repeat(20),
};

const vllmV3Template = renderedCases({
  template: "vllm-tool_chat_template_deepseekv3.jinja",
  family: "DeepSeek V3 (vLLM template)",
  format: "deepseek",
  ...VLLM_INDENTED_TEXT,
  tools,
});

// vLLM's DeepSeek R1 template writes the section as its V3 template does, with the same rendered indent.
const vllmR1Template = renderedCases({
  template: "vllm-tool_chat_template_deepseekr1.jinja",
  family: "DeepSeek R1 (vLLM template)",
  format: "deepseek",
  ...VLLM_INDENTED_TEXT,
  tools,
});

// llama.cpp's DeepSeek R1 Distill (Qwen 32B) template writes the arguments as the API's JSON text, and a turn's prose
// after its calls as a message of its own, past the stop token: every turn is its section alone.
const llamaCppR1DistillTemplate = renderedCases({
  template: "llama.cpp-deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja",
  family: "DeepSeek R1 Distill (llama.cpp template)",
  format: "deepseek",
  tools,
});

export const deepseekCases: ModelOutputCase[] = [
  ...vllmV3Template.cases,
  ...vllmR1Template.cases,
  ...llamaCppV31Template.cases,
  ...llamaCppR1DistillTemplate.cases,
  {
    name: "DeepSeek V3: one call in a json fence",
    source: V3,
    output: section(v3("get_weather", '{"city": "Tokyo"}')),
    calls: [call("get_weather", { city: "Tokyo" }, "deepseek")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3: prose, then two calls",
    source: V3,
    output: `Let me check.${section(v3("get_weather", '{"city": "Tokyo"}'), "\n", v3("get_weather", '{"city": "Osaka"}'))}`,
    calls: [call("get_weather", { city: "Tokyo" }, "deepseek"), call("get_weather", { city: "Osaka" }, "deepseek")],
    text: "Let me check.",
    tools,
  },
  {
    name: "DeepSeek V3: nested arguments",
    source: V3,
    output: section(v3("calculate_area", '{"shape": "circle", "dimensions": {"radius": 2}, "precision": 1}')),
    calls: [call("calculate_area", { shape: "circle", dimensions: { radius: 2 }, precision: 1 }, "deepseek")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3.1: bare JSON after the name",
    source: V31,
    output: section(v31("get_weather", '{"city": "Beijing"}')),
    calls: [call("get_weather", { city: "Beijing" }, "deepseek")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3.1: two calls after prose",
    source: V31,
    output: `I'll search.${section(v31("web_search", '{"query": "a"}'), v31("web_search", '{"query": "b"}'))}`,
    calls: [call("web_search", { query: "a" }, "deepseek"), call("web_search", { query: "b" }, "deepseek")],
    text: "I'll search.",
    tools,
  },
  {
    name: "DeepSeek V3.1: thinking closed, then the call",
    source: V31,
    output: `Need the time.</think>${section(v31("get_time", '{"timezone": "UTC"}'))}`,
    calls: [call("get_time", { timezone: "UTC" }, "deepseek")],
    text: "Need the time.</think>",
    tools,
  },
  {
    name: "DeepSeek V3.1: empty arguments",
    source: V31,
    output: section(v31("get_time", "{}")),
    calls: [call("get_time", {}, "deepseek")],
    text: "",
    tools,
  },
  {
    name: "DeepSeek V3.1: the output ends inside the second call: the closed one kept, the rest reported (class c)",
    source: V31,
    output: `<｜tool▁calls▁begin｜>${v31("get_weather", '{"city": "Tokyo"}')}<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city"`,
    calls: [call("get_weather", { city: "Tokyo" }, "deepseek")],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "DeepSeek V3: read without tools",
    source: V3,
    output: section(v3("search", '{"query": "deepseek"}')),
    calls: [call("search", { query: "deepseek" }, "deepseek")],
    text: "",
  },
  {
    name: "DeepSeek V3: an answer with no call",
    source: V3,
    output: "Tokyo is sunny today.",
    calls: [],
    text: "Tokyo is sunny today.",
    tools,
  },
];
