// Gemma 4 (`<|tool_call>call:f{k:<|"|>v<|"|>}<tool_call|>`) and FunctionGemma (`<start_function_call>call:f{k:<escape>v
// <escape>}<end_function_call>`), as their chat templates write calls and vLLM's `gemma4` / `functiongemma` read them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const GEMMA4 = "google/gemma-4 chat_template.jinja; vllm-project/vllm tests/tool_parsers/test_gemma4_tool_parser.py";
const FUNCTIONGEMMA =
  "google/functiongemma-270m-it chat_template; vllm-project/vllm tests/tool_parsers/test_functiongemma_tool_parser.py";
const GEMMA4_VARIANTS = "vllm-project/vllm tests/tool_parsers/test_gemma4_regex_and_bare_calls.py";
const q = '<|"|>';
const g4 = (name: string, body: string) => `<|tool_call>call:${name}{${body}}<tool_call|>`;

// llama.cpp's Gemma 4 template: arguments sorted by key, strings between `<|"|>`, the turn's prose after the calls.
const llamaCppTemplate = renderedCases({
  template: "llama.cpp-gemma4.jinja",
  family: "Gemma 4 (llama.cpp template)",
  format: "gemma",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

// llama.cpp's Gemma 4 31B (interleaved thinking) template writes a turn as the Gemma 4 one does.
const llamaCpp31BTemplate = renderedCases({
  template: "llama.cpp-google-gemma-4-31B-it-interleaved.jinja",
  family: "Gemma 4 31B (llama.cpp interleaved template)",
  format: "gemma",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

export const gemmaCases: ModelOutputCase[] = [
  ...llamaCppTemplate.cases,
  ...llamaCpp31BTemplate.cases,
  {
    name: "Gemma 4: one call with a string",
    source: GEMMA4,
    output: g4("get_weather", `city:${q}Paris${q}`),
    calls: [call("get_weather", { city: "Paris" }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: a string and a number",
    source: GEMMA4,
    output: g4("get_weather", `city:${q}London${q},days:3`),
    calls: [call("get_weather", { city: "London", days: 3 }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: two calls after prose",
    source: GEMMA4,
    output: `Checking both.${g4("get_weather", `city:${q}Paris${q}`)}${g4("get_weather", `city:${q}Rome${q}`)}`,
    calls: [call("get_weather", { city: "Paris" }, "gemma"), call("get_weather", { city: "Rome" }, "gemma")],
    text: "Checking both.",
    tools,
  },
  {
    name: "Gemma 4: nested object and boolean",
    source: GEMMA4,
    output: g4("register_user", `name:${q}Ann${q},address:{city:${q}Oslo${q}},passed_test:true`),
    calls: [call("register_user", { name: "Ann", address: { city: "Oslo" }, passed_test: true }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: a list of strings",
    source: GEMMA4,
    output: g4("label", `tags:[${q}urgent${q},${q}bug${q}]`),
    calls: [call("label", { tags: ["urgent", "bug"] }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: a call with no arguments",
    source: GEMMA4,
    output: g4("get_time", ""),
    calls: [call("get_time", {}, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: thinking channel, then the call",
    source: GEMMA4,
    output: `<|channel>thought\nNeed weather.<channel|>${g4("get_weather", `city:${q}Tokyo${q}`)}`,
    calls: [call("get_weather", { city: "Tokyo" }, "gemma")],
    text: "<|channel>thought\nNeed weather.<channel|>",
    tools,
  },
  {
    name: "FunctionGemma: one call with <escape> strings",
    source: FUNCTIONGEMMA,
    output: "<start_function_call>call:get_weather{city:<escape>Oslo, NO<escape>,days:2}<end_function_call>",
    calls: [call("get_weather", { city: "Oslo, NO", days: 2 }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "FunctionGemma: two calls",
    source: FUNCTIONGEMMA,
    output:
      "<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call><start_function_call>call:get_weather{city:<escape>Rome<escape>}<end_function_call>",
    calls: [call("get_weather", { city: "Paris" }, "gemma"), call("get_weather", { city: "Rome" }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: the turn's end written for the block's closing token",
    source: `${GEMMA4_VARIANTS}::TestGemma4CanonicalFormats::test_turn_end_closure_instead_of_tool_call_end`,
    output: `<|tool_call>call:gdb{args:${q}-batch -ex run /tmp/poc${q}}<turn|>`,
    calls: [call("gdb", { args: "-batch -ex run /tmp/poc" }, "gemma")],
    text: "",
  },
  {
    name: "Gemma 4: a stray colon after <|tool_call>, and the output ends after the call",
    source: `${GEMMA4_VARIANTS}::TestGemma4FallbackFormats::test_colon_prefixed_tool_call`,
    output: `<|tool_call>:call:bash{command:${q}pytest${q}}`,
    calls: [call("bash", { command: "pytest" }, "gemma")],
    text: "",
    tools,
  },
  {
    name: "Gemma 4: the output ends inside the call: reported",
    source: GEMMA4,
    output: `<|tool_call>call:get_weather{city:${q}Par`,
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
];
