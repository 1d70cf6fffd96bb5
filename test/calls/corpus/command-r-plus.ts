// Cohere Command R+ and Command R: ``Action: ```json\n[{"tool_name": ..., "parameters": ...}]\n``` ``, as their
// `tool_use` chat template asks for it, after an optional plan, and `directly_answer` to answer without a tool.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const TEMPLATE = "CohereLabs/c4ai-command-r-plus tool_use template (Action: ```json [...]```)";
const MULTI_STEP = "Cohere docs, multi-step tool use with Command R+ (Plan: ..., then Action: ```json [...]```)";
const DIRECT = "langchain-cohere react_multi_hop agent: directly_answer makes no action";
const action = (entries: string) => `Action: \`\`\`json\n[\n    ${entries}\n]\n\`\`\``;
const entry = (name: string, parameters: string) =>
  `{\n        "tool_name": "${name}",\n        "parameters": ${parameters}\n    }`;

// vLLM's Command R template writes `Action:` and the fence on lines of their own (`\nAction:\n```json\n[\n`), the
// list's JSON indented by 4, and closes the fence right after the list (`]```\n`). Issue 39 class 1: every such turn
// was text, with no error, while the marker was Cohere's `Action: ```json` only.
const vllmCommandRTemplate = renderedCases({
  template: "vllm-command_r_tool_chat_template.jinja",
  family: "Command R (vLLM template)",
  format: "cohere",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.\n\n",
    "content-and-two-calls": "Let me look both up.\n\n",
  },
  otherText: "\n\n",
  tools,
});

export const commandRPlusCases: ModelOutputCase[] = [
  ...vllmCommandRTemplate.cases,
  {
    name: "Command R+: Action: ```json [...]```",
    source: TEMPLATE,
    output:
      'Action: ```json\n[\n    {\n        "tool_name": "web_search",\n        "parameters": {\n            "query": "Tokyo weather"\n        }\n    }\n]\n```',
    calls: [call("web_search", { query: "Tokyo weather" }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: a plan, then the action",
    source: MULTI_STEP,
    output:
      'Plan: I will search for the weather.\nAction: ```json\n[{"tool_name": "web_search", "parameters": {"query": "a"}}]\n```',
    calls: [call("web_search", { query: "a" }, "cohere")],
    text: "Plan: I will search for the weather.\n",
    tools,
  },
  {
    name: "Command R+: two actions in one block",
    source: TEMPLATE,
    output: action(`${entry("get_weather", '{"city": "Paris"}')},\n    ${entry("get_weather", '{"city": "Rome"}')}`),
    calls: [call("get_weather", { city: "Paris" }, "cohere"), call("get_weather", { city: "Rome" }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: integer parameters typed by the schema",
    source: TEMPLATE,
    output: action(entry("search", '{"query": "penguins", "limit": "3"}')),
    calls: [call("search", { query: "penguins", limit: 3 }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: empty parameters",
    source: TEMPLATE,
    output: action(entry("get_time", "{}")),
    calls: [call("get_time", {}, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: read without tools",
    source: TEMPLATE,
    output: action(entry("internet_search", '{"query": "biggest penguin in the world"}')),
    calls: [call("internet_search", { query: "biggest penguin in the world" }, "cohere")],
    text: "",
  },
  {
    name: "Command R+: directly_answer makes no call, and the block stays text",
    source: DIRECT,
    output: `Plan: I can answer this directly.\n${action(entry("directly_answer", "{}"))}`,
    calls: [],
    text: `Plan: I can answer this directly.\n${action(entry("directly_answer", "{}"))}`,
    tools,
  },
  {
    name: "Command R+: directly_answer beside a search: the search is the call",
    source: DIRECT,
    output: action(`${entry("directly_answer", "{}")},\n    ${entry("web_search", '{"query": "b"}')}`),
    calls: [call("web_search", { query: "b" }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: a fence mark inside a parameter is its text",
    source: TEMPLATE,
    output: action(entry("bash", '{"command": "printf \'```\\\\n\'"}')),
    calls: [call("bash", { command: "printf '```\\n'" }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: the output ends after the list, its fence not closed",
    source: TEMPLATE,
    output: 'Action: ```json\n[{"tool_name": "web_search", "parameters": {"query": "c"}}]\n',
    calls: [call("web_search", { query: "c" }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: Action: before other JSON (a ReAct agent's) is text, with no error",
    source: TEMPLATE,
    output: 'Thought: search.\nAction: ```json\n{"action": "search", "action_input": "d"}\n```',
    calls: [],
    text: 'Thought: search.\nAction: ```json\n{"action": "search", "action_input": "d"}\n```',
    tools,
  },
  {
    name: "Command R+: the word Action in prose is text",
    source: MULTI_STEP,
    output: "Action: none needed. The answer is 42.",
    calls: [],
    text: "Action: none needed. The answer is 42.",
    tools,
  },
  {
    name: "Command R+: an unreadable entry is reported by its index, its sibling kept",
    source: TEMPLATE,
    output: action(`${entry("web_search", '{"query": "e"}')},\n    {"tool_name": "web_search", "parameters": {oops}}`),
    calls: [call("web_search", { query: "e" }, "cohere")],
    text: "",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
];
