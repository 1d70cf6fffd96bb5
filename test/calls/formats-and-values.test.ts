// Real outputs of the families issue 39 found read wrong (classes 7, 8, 9 and 11), each read one-shot and streamed.
import { describe, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { expectCaseReadEveryWay, type ModelOutputCase } from "./model-output-corpus.js";

/** A tool of the given parameters, each a JSON Schema. */
function tool(name: string, properties: Record<string, unknown>): CallableTool {
  return { name, description: name, parameters: { type: "object", properties } };
}

const editTools = [tool("edit", { filePath: { type: "string" }, oldString: { type: "string" } })];
const thermostatTools = [tool("set_temperature", { room: { type: "string" }, value: { type: "float" } })];
const searchTools = [
  tool("search_products", {
    query: { type: "string" },
    price: {
      oneOf: [{ type: "object", properties: { min: { type: "integer" }, max: { type: "integer" } } }, { type: "null" }],
    },
    sizes: { anyOf: [{ type: "array", items: { type: "integer" } }, { type: "null" }] },
  }),
];

const dsmlTools = [tool("get_weather", { city: { type: "string" }, days: { type: "integer" } })];
const DSML = "｜DSML｜";

const dsmlCases: ModelOutputCase[] = [
  {
    name: "DeepSeek V3.2: an invoke whose body is a JSON object gives its arguments",
    source: "issue 39's measurement of DeepSeek-V3.2 outputs (DSML block, arguments written as one JSON object)",
    output: `Checking.\n\n<${DSML}function_calls>\n<${DSML}invoke name="get_weather">\n{"city": "Hangzhou", "days": 3}\n</${DSML}invoke>\n</${DSML}function_calls>`,
    tools: dsmlTools,
    calls: [{ name: "get_weather", arguments: { city: "Hangzhou", days: 3 }, format: "xml" }],
    text: "Checking.\n\n",
  },
  {
    name: 'DeepSeek V3.2: string="false" values are JSON, also for parameters the schema does not declare',
    source: 'DeepSeek-V3.2 encoding_dsv32.py system prompt: "pass the value in JSON format and set string=\\"false\\""',
    output: `<${DSML}function_calls>\n<${DSML}invoke name="search">\n<${DSML}parameter name="query" string="true">DSML spec</${DSML}parameter>\n<${DSML}parameter name="limit" string="false">10</${DSML}parameter>\n<${DSML}parameter name="filters" string="false">{"lang": ["en", "zh"], "recent": true}</${DSML}parameter>\n</${DSML}invoke>\n</${DSML}function_calls>`,
    calls: [
      {
        name: "search",
        arguments: { query: "DSML spec", limit: 10, filters: { lang: ["en", "zh"], recent: true } },
        format: "xml",
      },
    ],
    text: "",
  },
  {
    name: 'DeepSeek V3.2: a string="false" value is typed by the schema where it declares the parameter',
    source: 'DeepSeek-V3.2 encoding_dsv32.py (string="true" / "false" parameters)',
    output: `<${DSML}function_calls>\n<${DSML}invoke name="get_weather">\n<${DSML}parameter name="city" string="false">"Hangzhou"</${DSML}parameter>\n<${DSML}parameter name="days" string="false">3</${DSML}parameter>\n</${DSML}invoke>\n</${DSML}function_calls>`,
    tools: dsmlTools,
    calls: [{ name: "get_weather", arguments: { city: "Hangzhou", days: 3 }, format: "xml" }],
    text: "",
  },
];

describe("class 7: DeepSeek V3.2's DSML", () => {
  test.each(dsmlCases.map((given) => [given.name, given] as const))("%s", (_name, given) => {
    expectCaseReadEveryWay(given);
  });
});

const apertusCases: ModelOutputCase[] = [
  {
    name: "Apertus: whole JSON at the end of the output is a call without <|tools_suffix|>",
    source:
      "swiss-ai/Apertus-8B-Instruct-2509 chat template (<|tools_prefix|>[{name: arguments}]<|tools_suffix|>), the suffix dropped as servers drop the stop token",
    output: 'Let me look that up.<|tools_prefix|>[{"get_weather": {"city": "Bern", "days": 3}}]',
    tools: dsmlTools,
    calls: [{ name: "get_weather", arguments: { city: "Bern", days: 3 }, format: "apertus" }],
    text: "Let me look that up.",
  },
  {
    name: "Apertus: whole JSON that names no tool, unterminated, is an error, never silence",
    source: "swiss-ai/Apertus-8B-Instruct-2509 chat template; vLLM's apertus tool parser (one key per call object)",
    output: '<|tools_prefix|>[{"city": "Bern", "days": 3}]',
    tools: dsmlTools,
    calls: [],
    text: "",
    errors: [{ code: "PARSE_ERROR" }],
  },
];

describe("class 8: Apertus without its closing token", () => {
  test.each(apertusCases.map((given) => [given.name, given] as const))("%s", (_name, given) => {
    expectCaseReadEveryWay(given);
  });
});

const harmonyCases: ModelOutputCase[] = [
  {
    name: "gpt-oss fine-tune: spaces after the special tokens and around the recipient",
    source:
      "issue 39's measurement of gpt-oss fine-tunes; OpenAI harmony format docs (<|channel|>commentary to=functions.f <|constrain|>json<|message|>)",
    output:
      '<|start|> assistant<|channel|> commentary to= functions.get_weather <|constrain|> json<|message|> {"city": "Tokyo"} <|call|>',
    tools: dsmlTools,
    calls: [{ name: "get_weather", arguments: { city: "Tokyo" }, format: "harmony" }],
    text: "",
  },
];

describe("class 11: the gpt-oss dialect with spaces", () => {
  test.each(harmonyCases.map((given) => [given.name, given] as const))("%s", (_name, given) => {
    expectCaseReadEveryWay(given);
  });
});

const valueCases: ModelOutputCase[] = [
  {
    name: "Seed-OSS: a value written right after its tag keeps its final line break",
    source:
      "Seed-OSS-36B-Instruct chat_template.jinja (values inline: <parameter=K>VALUE</parameter>); llama.cpp's seed-oss format",
    output:
      "<seed:tool_call>\n<function=edit>\n<parameter=filePath>src/a.py</parameter>\n<parameter=oldString>def f():\n    return 1\n</parameter>\n</function>\n</seed:tool_call>",
    tools: editTools,
    calls: [
      { name: "edit", arguments: { filePath: "src/a.py", oldString: "def f():\n    return 1\n" }, format: "hermes" },
    ],
    text: "",
  },
  {
    name: "Qwen3-Coder: a value on lines of its own loses that framing only",
    source: "Qwen3-Coder-30B-A3B-Instruct chat_template.jinja (<parameter=K>\\nVALUE\\n</parameter>)",
    output:
      "<tool_call>\n<function=edit>\n<parameter=filePath>\nsrc/a.py\n</parameter>\n<parameter=oldString>\ndef f():\n    return 1\n\n</parameter>\n</function>\n</tool_call>",
    tools: editTools,
    calls: [
      { name: "edit", arguments: { filePath: "src/a.py", oldString: "def f():\n    return 1\n" }, format: "hermes" },
    ],
    text: "",
  },
  {
    name: 'Qwen3-Coder: a schema type "float" reads the value as a number',
    source: "vLLM qwen3coder_tool_parser.py (param_type float read as a number); Qwen3-Coder chat template",
    output:
      "<tool_call>\n<function=set_temperature>\n<parameter=room>\nkitchen\n</parameter>\n<parameter=value>\n3.14\n</parameter>\n</function>\n</tool_call>",
    tools: thermostatTools,
    calls: [{ name: "set_temperature", arguments: { room: "kitchen", value: 3.14 }, format: "hermes" }],
    text: "",
  },
  {
    name: "MiniMax M3: nested elements follow the properties of the one oneOf / anyOf branch that fits",
    source: "vLLM minimax_m3 tool parser (nested elements typed by the property schema)",
    output:
      ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="search_products">]<]minimax[>[<query>boots]<]minimax[>[</query>]<]minimax[>[<price>]<]minimax[>[<min>20]<]minimax[>[</min>]<]minimax[>[<max>10]<]minimax[>[</max>]<]minimax[>[</price>]<]minimax[>[<sizes>]<]minimax[>[<item>42]<]minimax[>[</item>]<]minimax[>[<item>43]<]minimax[>[</item>]<]minimax[>[</sizes>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
    tools: searchTools,
    calls: [
      {
        name: "search_products",
        arguments: { query: "boots", price: { min: 20, max: 10 }, sizes: [42, 43] },
        format: "xml",
      },
    ],
    text: "",
  },
];

describe("class 9: values keep their meaning", () => {
  test.each(valueCases.map((given) => [given.name, given] as const))("%s", (_name, given) => {
    expectCaseReadEveryWay(given);
  });
});
