// Formats the parser does not read yet (issue 39 class 11): Functionary v3.2 and Cohere Command R+'s `Action:` block.
// Each case is what must be read once the format is; until then they run as expected failures.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call, corpusTools as tools } from "./tools.js";

const FUNCTIONARY = "MeetKai/functionary-small-v3.2 chat template (>>>recipient\\ncontent; `all` for text)";
const COMMAND_R_PLUS = "CohereLabs/c4ai-command-r-plus tool_use template (Action: ```json [...]```)";

export const unreadFormatCases: ModelOutputCase[] = [
  {
    name: "Functionary v3.2: >>>name then JSON",
    source: FUNCTIONARY,
    output: '>>>get_weather\n{"city": "Tokyo"}',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "",
    tools,
  },
  {
    name: "Functionary v3.2: text on `all`, then a call",
    source: FUNCTIONARY,
    output: 'all\nLet me check.>>>get_weather\n{"city": "Tokyo"}',
    calls: [call("get_weather", { city: "Tokyo" }, "json-text")],
    text: "Let me check.",
    tools,
  },
  {
    name: "Functionary v3.2: an answer on `all`",
    source: FUNCTIONARY,
    output: "all\nHello there",
    calls: [],
    text: "Hello there",
    tools,
  },
  {
    name: "Command R+: Action: ```json [...]```",
    source: COMMAND_R_PLUS,
    output:
      'Action: ```json\n[\n    {\n        "tool_name": "web_search",\n        "parameters": {\n            "query": "Tokyo weather"\n        }\n    }\n]\n```',
    calls: [call("web_search", { query: "Tokyo weather" }, "cohere")],
    text: "",
    tools,
  },
  {
    name: "Command R+: a plan, then the action",
    source: COMMAND_R_PLUS,
    output:
      'Plan: I will search for the weather.\nAction: ```json\n[{"tool_name": "web_search", "parameters": {"query": "a"}}]\n```',
    calls: [call("web_search", { query: "a" }, "cohere")],
    text: "Plan: I will search for the weather.\n",
    tools,
  },
];
