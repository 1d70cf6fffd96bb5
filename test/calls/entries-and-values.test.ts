// Issue 39, classes 4 to 6: one unreadable entry of a block keeps its siblings, a value left unclosed ends at the next
// value's tag, and pythonic calls read JSON words, strings across lines, quotes of their own kind and sets.
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { readPythonicCalls } from "../../src/calls/engine/read-pythonic-calls.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { expectCaseReadEveryWay, type ModelOutputCase } from "./model-output-corpus.js";

/** A pythonic list a reply starts with is calls when it names a known tool. */
const stockTools: CallableTool[] = [
  {
    name: "get_stock_prices",
    description: "Prices of stock tickers",
    parameters: {
      type: "object",
      properties: { tickers: { type: "array", items: { type: "string" } }, detailed: { type: "boolean" } },
    },
  },
];

const VLLM_QWEN3_CODER =
  "vLLM vllm/tool_parsers/qwen3coder_tool_parser.py: a parameter ends at </parameter>, the next <parameter= or </function>";

const missingClosingTags: ModelOutputCase[] = [
  {
    name: "Qwen3-Coder: a <parameter= opener closes the parameter before it",
    source: `Qwen3-Coder chat template (Qwen/Qwen3-Coder-30B-A3B-Instruct), tags as it writes them; ${VLLM_QWEN3_CODER}`,
    output:
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n</function>\n</tool_call>",
    calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Dallas", state: "TX" }, format: "hermes" }],
    text: "",
    errors: [{ code: "PARSE_ERROR", parameter: "city", message: 'Parameter "city" was not closed by </parameter>' }],
  },
  {
    name: "Seed-OSS: the same tags in <seed:tool_call>",
    source:
      "Seed-OSS chat template (ByteDance-Seed/Seed-OSS-36B-Instruct), <seed:tool_call><function=...><parameter=...>",
    output:
      "<seed:tool_call>\n<function=edit_file>\n<parameter=path>\nsrc/a.py\n<parameter=old>\nx = 1\n</parameter>\n<parameter=new>\nx = 2\n</parameter>\n</function>\n</seed:tool_call>",
    calls: [{ name: "edit_file", arguments: { path: "src/a.py", old: "x = 1", new: "x = 2" } }],
    text: "",
    errors: [{ code: "PARSE_ERROR", parameter: "path" }],
  },
  {
    name: "GLM-4.5: an <arg_key> closes the <arg_value> before it",
    source: "GLM-4.5 chat template (zai-org/GLM-4.5): <tool_call>name<arg_key>k</arg_key><arg_value>v</arg_value>",
    output:
      "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing\n<arg_key>date</arg_key>\n<arg_value>2024-06-27</arg_value>\n</tool_call>",
    calls: [{ name: "get_weather", arguments: { city: "Beijing", date: "2024-06-27" } }],
    text: "",
    errors: [{ code: "PARSE_ERROR", parameter: "city", message: 'The value of "city" was not closed by </arg_value>' }],
  },
];

const pythonicValues: ModelOutputCase[] = [
  {
    name: "LFM2: JSON's true and null in a call",
    source:
      "LFM2 chat template (LiquidAI/LFM2-1.2B): <|tool_call_start|>[f(...)]<|tool_call_end|>; tools are described in JSON",
    output: '<|tool_call_start|>[search_files(pattern="*.ts", recursive=true, limit=null)]<|tool_call_end|>Searching.',
    calls: [{ name: "search_files", arguments: { pattern: "*.ts", recursive: true, limit: null }, format: "lfm" }],
    text: "Searching.",
  },
  {
    name: "LFM2: a string written across lines, and a triple-quoted one",
    source: "LFM2 model card (LiquidAI/LFM2-1.2B), pythonic calls; a code value as models write it",
    output:
      "<|tool_call_start|>[write_file(path=\"a.py\", content=\"import os\nprint(os.getcwd())\n\"), run(code='''x = 1\nprint(x)''')]<|tool_call_end|>",
    calls: [
      { name: "write_file", arguments: { path: "a.py", content: "import os\nprint(os.getcwd())\n" } },
      { name: "run", arguments: { code: "x = 1\nprint(x)" } },
    ],
    text: "",
  },
  {
    name: "OLMo 3: quotes of the string's own kind inside it",
    source:
      "vLLM tests/tool_parsers/test_olmo3_tool_parser.py and pythonic parser: a quote not followed by , or ) goes on",
    output: "<function_calls>\nbash(cmd='sed -n '360,450p' src/main.py')\n</function_calls>",
    calls: [{ name: "bash", arguments: { cmd: "sed -n '360,450p' src/main.py" }, format: "olmo" }],
    text: "",
  },
  {
    name: "Llama 4: a Python set is an array",
    source:
      "Llama 4 model card (meta-llama/Llama-4-Scout-17B-16E-Instruct): [func_name(param=value)] at the reply start",
    output: '[get_stock_prices(tickers={"AAPL", "MSFT"}, detailed=True)]',
    calls: [{ name: "get_stock_prices", arguments: { tickers: ["AAPL", "MSFT"], detailed: true }, format: "pythonic" }],
    text: "",
    tools: stockTools,
  },
];

/** A shell tool, as agentic models call it with commands that nest quotes. */
const shellTools: CallableTool[] = [
  {
    name: "bash",
    description: "Runs a shell command",
    parameters: { type: "object", properties: { command: { type: "string" } } },
  },
];

const LFM2_NESTED_QUOTES =
  "vLLM tests/tool_parsers/test_lfm2_tool_parser.py (nested_python_c: a python3 -c payload with quotes of its own, in a single-quoted command), reduced";

/** Code quoted in a string (in the other kind of quotes), whose own quotes are the string's kind, as shell commands are. */
const quotedCode: ModelOutputCase[] = [
  {
    name: "LFM2: a call in the payload, its argument in the command's quotes",
    source: LFM2_NESTED_QUOTES,
    output: `<|tool_call_start|>[bash(command='python3 -c "f(s='a')"')]<|tool_call_end|>`,
    calls: [{ name: "bash", arguments: { command: `python3 -c "f(s='a')"` }, format: "lfm" }],
    text: "",
  },
  {
    name: "OLMo 3: a keyword argument after a string in the payload, then the next line's call",
    source: `${LFM2_NESTED_QUOTES}; OLMo 3's <function_calls>, one call per line`,
    output: `<function_calls>\nbash(command='python3 -c "print(dict(a='x', b=2))"')\nbash(command='ls')\n</function_calls>`,
    calls: [
      { name: "bash", arguments: { command: `python3 -c "print(dict(a='x', b=2))"` }, format: "olmo" },
      { name: "bash", arguments: { command: "ls" }, format: "olmo" },
    ],
    text: "",
  },
  {
    name: "Llama 4: two calls in the payload, in a list at the reply start",
    source: `${LFM2_NESTED_QUOTES}; Llama 4's pythonic list at the reply start`,
    output: `[bash(command='python3 -c "f(a='x'), g(b='y')"'), bash(command="echo 'done'")]`,
    calls: [
      { name: "bash", arguments: { command: `python3 -c "f(a='x'), g(b='y')"` }, format: "pythonic" },
      { name: "bash", arguments: { command: "echo 'done'" }, format: "pythonic" },
    ],
    text: "",
    tools: shellTools,
  },
  {
    name: "LFM2: an other kind's quote that pairs with none ends nothing: the string ends where it would without it",
    source: "LFM2 chat template (LiquidAI/LFM2-1.2B); a value with an apostrophe and an inch mark",
    output: `<|tool_call_start|>[bash(command='echo it's 5" (wide'), bash(command='ls')]<|tool_call_end|>`,
    calls: [
      { name: "bash", arguments: { command: `echo it's 5" (wide` }, format: "lfm" },
      { name: "bash", arguments: { command: "ls" }, format: "lfm" },
    ],
    text: "",
  },
];

const unreadableEntries: ModelOutputCase[] = [
  {
    name: "LFM2: one unreadable call of three; the two others are kept",
    source: "LFM2 chat template (LiquidAI/LFM2-1.2B): <|tool_call_start|>[f(...), g(...)]<|tool_call_end|>",
    output:
      '<|tool_call_start|>[get_weather(city="Paris"), get_time(zone=Europe/Paris), get_weather(city="Rome")]<|tool_call_end|>',
    calls: [
      { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "lfm" },
      { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "lfm" },
    ],
    text: "",
    errors: [
      {
        code: "PARSE_ERROR",
        name: "get_time",
        message: "LFM2's <|tool_call_start|>: entry 1 is no call as written: get_time(zone=Europe/Paris)",
      },
    ],
  },
  {
    name: "OLMo 3: one unreadable line of three",
    source: "vLLM vllm/tool_parsers/olmo3_tool_parser.py: <function_calls> holds pythonic calls one per line",
    output:
      "Let me look.\n<function_calls>\nread_file(path='a.py')\nrun(cmd=ls -la)\nread_file(path='b.py')\n</function_calls>",
    calls: [
      { name: "read_file", arguments: { path: "a.py" }, format: "olmo" },
      { name: "read_file", arguments: { path: "b.py" }, format: "olmo" },
    ],
    text: "Let me look.\n",
    errors: [
      {
        code: "PARSE_ERROR",
        name: "run",
        message: "OLMo 3's <function_calls>: entry 1 is no call as written: run(cmd=ls -la)",
      },
    ],
  },
  {
    name: "MiniMax-M1: one {invalid json here} line of three in <tool_calls>",
    source:
      "MiniMax-M1 chat template (MiniMaxAI/MiniMax-M1-80k): one call object per line in <tool_calls>; vLLM tests/tool_parsers/test_minimax_tool_parser.py writes the invalid line",
    output:
      'Checking both.\n<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n{invalid json here}\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_calls>',
    calls: [
      { id: "call_0", name: "get_weather", arguments: { city: "Paris" } },
      { id: "call_1", name: "get_weather", arguments: { city: "Rome" } },
    ],
    text: "Checking both.\n",
    errors: [
      {
        code: "PARSE_ERROR",
        message: '<tool_calls>: entry 1 is no {"name": ..., "arguments": ...}: {invalid json here}',
      },
    ],
  },
  {
    name: "Mistral: one unreadable object of a [TOOL_CALLS] array",
    source: 'Mistral v3 tokenizer (mistral-common): [TOOL_CALLS][{"name": ..., "arguments": {...}}, ...]',
    output:
      '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}, {"arguments": {"zone": "CET"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]',
    calls: [
      { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "mistral" },
      { id: "call_1", name: "get_weather", arguments: { city: "Rome" }, format: "mistral" },
    ],
    text: "",
    errors: [{ code: "PARSE_ERROR", message: expect.stringContaining("[TOOL_CALLS]: entry 1 is no") }],
  },
  {
    name: "Jamba: an array in <tool_calls> with an object that is no call",
    source:
      'AI21 Jamba 1.5 chat template (ai21labs/AI21-Jamba-1.5-Mini): <tool_calls>[{"name": ..., "arguments": ...}]</tool_calls>',
    output: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"city": "Rome"}]</tool_calls>',
    calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" } }],
    text: "",
    errors: [
      { code: "PARSE_ERROR", message: '<tool_calls>: entry 1 is no {"name": ..., "arguments": ...}: {"city": "Rome"}' },
    ],
  },
  {
    name: "Llama 3.2: a pythonic list at the reply start with one unreadable call",
    source: "Llama 3.2 model card (meta-llama/Llama-3.2-3B-Instruct): [func_name1(params_name1=params_value1), ...]",
    output: '[get_stock_prices(tickers=["AAPL"]), get_stock_prices(tickers=MSFT)]',
    calls: [{ id: "call_0", name: "get_stock_prices", arguments: { tickers: ["AAPL"] }, format: "pythonic" }],
    text: "",
    errors: [{ code: "PARSE_ERROR", name: "get_stock_prices", message: expect.stringContaining("entry 1") }],
    tools: stockTools,
  },
];

describe("an unreadable entry is reported by its index, its siblings kept (issue 39, class 4)", () => {
  test.each(unreadableEntries.map((given) => [given.name, given] as const))("%s", (_name, given) =>
    expectCaseReadEveryWay(given),
  );
});

describe("a missing closing tag ends the value at the next value's tag (issue 39, class 5)", () => {
  test.each(missingClosingTags.map((given) => [given.name, given] as const))("%s", (_name, given) =>
    expectCaseReadEveryWay(given),
  );
});

describe("pythonic values models write (issue 39, class 6)", () => {
  test.each(pythonicValues.map((given) => [given.name, given] as const))("%s", (_name, given) =>
    expectCaseReadEveryWay(given),
  );
});

describe("quotes nested in a pythonic string: code quoted in it, whose quotes are the string's kind (issue 39, class 6)", () => {
  test.each(quotedCode.map((given) => [given.name, given] as const))("%s", (_name, given) =>
    expectCaseReadEveryWay(given),
  );

  /** The arguments of `bash(command=<written>)`, read as a call list. */
  const argumentsOf = (written: string) => {
    const [entry] = readPythonicCalls(`[bash(command=${written})]`) ?? [];
    return entry !== undefined && "arguments" in entry ? entry.arguments : undefined;
  };

  test.each([
    ["a call's argument", `'python3 -c "f(s='a')"'`, `python3 -c "f(s='a')"`],
    [
      "a keyword argument after a string",
      `'python3 -c "to_csv('o.csv', index=False)"'`,
      `python3 -c "to_csv('o.csv', index=False)"`,
    ],
    ["calls one after another", `'python3 -c "f('a'), g('b')"'`, `python3 -c "f('a'), g('b')"`],
    ["the payload in single quotes", `"python3 -c 'print(d["k"], sep="")'"`, `python3 -c 'print(d["k"], sep="")'`],
    [
      "an unknown escape, then the payload's brackets",
      `'python3 -c "latex(x, s='\\,'))"'`,
      `python3 -c "latex(x, s='\\,'))"`,
    ],
  ])("%s: %s", (_name, written, command) => {
    expect(argumentsOf(written)).toEqual({ command });
  });

  test.each([
    ["a quote of the other kind", `'a "b', x='c" d'`, { command: 'a "b', x: 'c" d' }],
    ["quotes of both kinds, escaped", `'it\\'s "f(a=\\'x\\')"'`, { command: `it's "f(a='x')"` }],
    [
      "a list, a tuple and a dict",
      `['y', "z'"], d={'k': 'v', 'n': (1, 'w')}`,
      { command: ["y", "z'"], d: { k: "v", n: [1, "w"] } },
    ],
    ["a triple-quoted string", `'''it's "f('a', b=1)"'''`, { command: `it's "f('a', b=1)"` }],
  ])("a well-formed string reads as Python reads it: %s", (_name, written, expected) => {
    expect(argumentsOf(written)).toEqual(expected);
  });

  test("a string nests its own quotes only where what follows cannot follow the value there", () => {
    // `'x', y'` cannot end an argument (no keyword follows); `'a')` cannot end a list's item.
    expect(argumentsOf(`'grep 'x', y'`)).toEqual({ command: "grep 'x', y" });
    expect(argumentsOf(`['python3 -c "f(s='a')"']`)).toEqual({ command: [`python3 -c "f(s='a')"`] });
    expect(argumentsOf(`'sed -n '1,9p' f'`)).toEqual({ command: "sed -n '1,9p' f" });
  });

  test("other kind's quotes that do not pair up guide no string after them, and the text is read once", () => {
    // The first string reads to the text's end to find that its `"` pairs with none; the 20,000 after it end at their
    // first quote that may end them, each read once.
    const values = Array.from({ length: 20_000 }, (_, index) => `a${index}='it's "(${index}'`).join(", ");
    const [entry] = readPythonicCalls(`[f(${values})]`) ?? [];
    const read = entry !== undefined && "arguments" in entry ? entry.arguments : {};
    expect(Object.keys(read)).toHaveLength(20_000);
    expect(read.a19999).toBe(`it's "(19999`);
  });

  test("a long value full of quotes of both kinds is read in linear time", () => {
    const payload = `f(s='a', t=g('b'), u=[{'k': 2}]); `.repeat(20_000);
    const output = `<|tool_call_start|>[bash(command='python3 -c "${payload}" && echo 'it''s' done')]<|tool_call_end|>`;
    expect(parseToolCalls(output).calls[0]?.arguments).toEqual({
      command: `python3 -c "${payload}" && echo 'it''s' done`,
    });
  });
});
