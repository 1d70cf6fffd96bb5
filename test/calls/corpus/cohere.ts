// Cohere Command R7B and Command A: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": ..., "parameters": ...}]
// <|END_ACTION|>`, as their chat templates write calls and vLLM's `cohere_command` parser reads them.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const R7B =
  "CohereLabs/c4ai-command-r7b-12-2024 chat template (tool use); vllm-project/vllm tests/tool_parsers/test_cohere_command_tool_parser.py";
const COMMAND_A = "CohereLabs/c4ai-command-a-03-2025 chat template (tool use)";
const action = (entries: string) => `<|START_ACTION|>[\n    ${entries}\n]<|END_ACTION|>`;
const entry = (id: string, name: string, parameters: string) =>
  `{"tool_call_id": "${id}", "tool_name": "${name}", "parameters": ${parameters}}`;

// llama.cpp's Command R7B template: an empty thinking block before the action (the turn has no reasoning), ids by
// position, the turn's prose dropped.
const llamaCppR7bTemplate = renderedCases({
  template: "llama.cpp-CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja",
  family: "Command R7B (llama.cpp template)",
  format: "cohere",
  otherText: "<|START_THINKING|><|END_THINKING|>",
  tools,
});

export const cohereCases: ModelOutputCase[] = [
  ...llamaCppR7bTemplate.cases,
  {
    name: "Command R7B: plan in thinking, then one action",
    source: R7B,
    output: `<|START_THINKING|>I will look up the weather in Paris.<|END_THINKING|>${action(entry("0", "get_weather", '{"city": "Paris"}'))}`,
    calls: [call("get_weather", { city: "Paris" }, "cohere", "0")],
    text: "<|START_THINKING|>I will look up the weather in Paris.<|END_THINKING|>",
    tools,
  },
  {
    name: "Command R7B: two actions",
    source: R7B,
    output: action(
      `${entry("0", "get_weather", '{"city": "Paris"}')},\n    ${entry("1", "get_weather", '{"city": "Rome"}')}`,
    ),
    calls: [
      call("get_weather", { city: "Paris" }, "cohere", "0"),
      call("get_weather", { city: "Rome" }, "cohere", "1"),
    ],
    text: "",
    tools,
  },
  {
    name: "Command A: one action",
    source: COMMAND_A,
    output: action(entry("0", "web_search", '{"query": "Command A release date"}')),
    calls: [call("web_search", { query: "Command A release date" }, "cohere", "0")],
    text: "",
    tools,
  },
  {
    name: "Command A: integer parameters",
    source: COMMAND_A,
    output: action(entry("0", "add", '{"a": 2, "b": 3}')),
    calls: [call("add", { a: 2, b: 3 }, "cohere", "0")],
    text: "",
    tools,
  },
  {
    name: "Command A: nested parameters",
    source: COMMAND_A,
    output: action(entry("0", "calculate_area", '{"shape": "rectangle", "dimensions": {"width": 1, "height": 2}}')),
    calls: [call("calculate_area", { shape: "rectangle", dimensions: { width: 1, height: 2 } }, "cohere", "0")],
    text: "",
    tools,
  },
  {
    name: "Command A: empty parameters",
    source: COMMAND_A,
    output: action(entry("0", "get_time", "{}")),
    calls: [call("get_time", {}, "cohere", "0")],
    text: "",
    tools,
  },
  {
    name: "Command R7B: the answer in a response block is text",
    source: R7B,
    output: "<|START_RESPONSE|>It is sunny in Paris.<|END_RESPONSE|>",
    calls: [],
    text: "<|START_RESPONSE|>It is sunny in Paris.<|END_RESPONSE|>",
    tools,
  },
  {
    name: "Command R7B: read without tools",
    source: R7B,
    output: action(entry("0", "search", '{"query": "cohere"}')),
    calls: [call("search", { query: "cohere" }, "cohere", "0")],
    text: "",
  },
  {
    name: "Command A: the output ends inside the action: reported",
    source: COMMAND_A,
    output: '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Par',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Command R7B: prose before the action",
    source: R7B,
    output: `Let me check.${action(entry("0", "get_weather", '{"city": "Oslo"}'))}`,
    calls: [call("get_weather", { city: "Oslo" }, "cohere", "0")],
    text: "Let me check.",
    tools,
  },
];
