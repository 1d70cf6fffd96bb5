// Issue 39, classes 1, 2, 3 and 10: a model's own call marker read wherever it stands, Harmony read from mid-header,
// Kimi K2 Thinking's calls inside its reasoning and without their section, and GigaChat 3's message separator.
import { describe, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import type { ToolCallFormat } from "../../src/calls/tool-call.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { expectCaseReadEveryWay, type ModelOutputCase } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

const weather = (city: string, format: ToolCallFormat, id = "call_0") => ({
  id,
  name: "get_weather",
  arguments: { city },
  format,
});

const LLAMA_3_1 = "Llama 3.1 prompt format (llama.com/docs/model-cards-and-prompt-formats/llama3_1): <|python_tag|>";
const LLAMA_4 = "Llama 4 prompt format (llama.com/docs/model-cards-and-prompt-formats/llama4): <|python_start|>";
const PHI_4_MINI = "microsoft/Phi-4-mini-instruct model card: <|tool_call|>[...]<|/tool_call|>";
const GIGACHAT_3_1 = "ai-sage GigaChat 3.1 chat template, as vLLM's gigachat3 tool parser reads it: <|function_call|>";

const markersAfterProse: ModelOutputCase[] = [
  {
    name: "Phi-4-mini / Granite: <|tool_call|> after prose (the issue's example)",
    source: PHI_4_MINI,
    output: 'Let me check the weather.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [weather("Tokyo", "json-text")],
    text: "Let me check the weather.\n",
  },
  {
    name: "Phi-4-mini: <|tool_call|> ... <|/tool_call|> after prose, prose after it",
    source: PHI_4_MINI,
    output:
      'I will look both up.<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]<|/tool_call|> Done.',
    calls: [weather("Paris", "json-text"), weather("Rome", "json-text", "call_1")],
    text: "I will look both up. Done.",
  },
  {
    name: "Llama 3.1: <|python_tag|> after prose",
    source: LLAMA_3_1,
    output: 'Let me check.\n\n<|python_tag|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}',
    calls: [weather("Tokyo", "json-text")],
    text: "Let me check.\n\n",
  },
  {
    name: "Llama 3.2: <|python_tag|> after prose, two calls separated by `;`",
    source: "Llama 3.2 prompt format (llama.com/docs/model-cards-and-prompt-formats/llama3_2): JSON tool calling",
    output:
      'Sure.<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}; {"name": "get_weather", "parameters": {"city": "Bergen"}}',
    calls: [weather("Oslo", "json-text"), weather("Bergen", "json-text", "call_1")],
    text: "Sure.",
  },
  {
    name: "Llama 3.1: <|python_tag|> after prose, followed by no call (a built-in tool): text, and reported",
    source: LLAMA_3_1,
    output: 'Searching.<|python_tag|>brave_search.call(query="weather Tokyo")',
    calls: [],
    text: 'Searching.<|python_tag|>brave_search.call(query="weather Tokyo")',
    errors: [{ code: "PARSE_ERROR", message: "<|python_tag|> is followed by no call; it is read as text" }],
  },
  {
    name: "Llama 4: <|python_start|> after prose, a pythonic call",
    source: LLAMA_4,
    output: 'I need the weather first.\n<|python_start|>[get_weather(city="Tokyo")]<|python_end|>',
    calls: [weather("Tokyo", "pythonic")],
    text: "I need the weather first.\n",
  },
  {
    name: "Llama 4: <|python_start|> after prose, a JSON call",
    source: LLAMA_4,
    output:
      'Checking.<|python_start|>{"type": "function", "name": "get_weather", "parameters": {"city": "Lima"}}<|python_end|>',
    calls: [weather("Lima", "json-text")],
    text: "Checking.",
  },
  {
    name: "GigaChat 3.1: <|function_call|> after prose",
    source: GIGACHAT_3_1,
    output: 'Сейчас узнаю.<|function_call|>{"name": "get_weather", "arguments": {"city": "Москва"}}</s>',
    calls: [weather("Москва", "json-text")],
    text: "Сейчас узнаю.",
  },
  {
    name: "a wrapper that is no marker of a model's own (Qwen2.5-Coder's <tools>) after prose stays text",
    source: "vLLM #32926: Qwen2.5-Coder wraps its calls in <tools> at a reply's start",
    output: 'Calling: <tools>{"name": "get_weather", "arguments": {"city": "A"}}</tools>',
    calls: [],
    text: 'Calling: <tools>{"name": "get_weather", "arguments": {"city": "A"}}</tools>',
  },
];

describe("a model's own call marker after prose is a call (class 1)", () => {
  test.each(markersAfterProse.map((given) => [given.name, { ...given, tools }] as const))("%s", (_, given) => {
    expectCaseReadEveryWay(given);
  });
});

const GIGACHAT_3 =
  "ai-sage GigaChat3-10B-A1.8B chat template: messages end with <|message_sep|>, a call's is `function call<|role_sep|>`";

const gigachatSeparators: ModelOutputCase[] = [
  {
    name: "GigaChat 3: prose, <|message_sep|>, then the call's message",
    source: GIGACHAT_3,
    output:
      'Уточню погоду.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Kazan"}}',
    calls: [weather("Kazan", "json-text")],
    text: "Уточню погоду.\n\n",
    tools,
  },
  {
    name: "GigaChat 3: an answer ending with <|message_sep|>",
    source: GIGACHAT_3,
    output: "In Kazan it is sunny, 21 °C.<|message_sep|>",
    calls: [],
    text: "In Kazan it is sunny, 21 °C.",
    tools,
  },
  {
    name: "GigaChat 3: <|message_sep|> is no text without tools either",
    source: GIGACHAT_3,
    output: "Привет! Чем помочь?<|message_sep|>",
    calls: [],
    text: "Привет! Чем помочь?",
  },
];

describe("GigaChat 3's <|message_sep|> is no text (class 10)", () => {
  test.each(gigachatSeparators.map((given) => [given.name, given] as const))("%s", (_, given) => {
    expectCaseReadEveryWay(given);
  });
});

const HARMONY = "openai-harmony (github.com/openai/harmony) and vLLM's gpt-oss parser: output after <|start|>assistant";

const harmonyMidHeader: ModelOutputCase[] = [
  {
    name: "gpt-oss: the recipient first, in the <|start|>assistant header the prompt began (the issue's example)",
    source: HARMONY,
    output: ' to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Tokyo"}',
    calls: [weather("Tokyo", "harmony")],
    // The space is the header's, after `assistant`: no text.
    text: "",
  },
  {
    name: "gpt-oss: the recipient first, ended by <|call|>",
    source: HARMONY,
    output: 'to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city": "Denver"}<|call|>',
    calls: [weather("Denver", "harmony")],
    text: "",
  },
  {
    name: "gpt-oss: the answer's channel first: its header and <|return|> are no text",
    source: HARMONY,
    output: "<|channel|>final<|message|>Hello<|return|>",
    calls: [],
    text: "Hello",
  },
  {
    name: "gpt-oss: reasoning, then the answer in a message of its own",
    source: HARMONY,
    output:
      "<|channel|>analysis<|message|>User greets.<|end|><|start|>assistant<|channel|>final<|message|>Hi! How can I help?",
    calls: [],
    text: "<|channel|>analysis<|message|>User greets.<|end|>Hi! How can I help?",
  },
  {
    name: "gpt-oss: reasoning, then a call whose recipient follows the channel",
    source: HARMONY,
    output:
      '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "SF"}<|call|>',
    calls: [weather("SF", "harmony")],
    text: "<|channel|>analysis<|message|>Need weather.<|end|>",
  },
  {
    name: "a reply starting with other words beginning with `to` is prose",
    source: "prose that starts like a recipient",
    output: "today it is sunny; to=do: nothing",
    calls: [],
    text: "today it is sunny; to=do: nothing",
  },
];

describe("gpt-oss read from mid-header (class 2)", () => {
  test.each(harmonyMidHeader.map((given) => [given.name, { ...given, tools }] as const))("%s", (_, given) => {
    expectCaseReadEveryWay(given);
  });
});

const KIMI_GUIDANCE =
  "moonshotai/Kimi-K2-Thinking docs/tool_call_guidance.md; vLLM #32216 (KimiK2ReasoningParser: calls end a <think> left open)";
const kimiCall = (city: string, index: number) => ({
  id: `functions.get_weather:${index}`,
  name: "get_weather",
  arguments: { city },
  format: "kimi" as const,
});

const kimiThinking: ModelOutputCase[] = [
  {
    name: "Kimi K2 Thinking: a call section inside a <think> that never closes",
    source: KIMI_GUIDANCE,
    output:
      '<think>The user wants the weather in Paris. Let me call the tool.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [kimiCall("Paris", 0)],
    text: "<think>The user wants the weather in Paris. Let me call the tool.",
    tools,
  },
  {
    name: "Kimi K2 Thinking: a section inside <think>, closed after it (llxprt-code #749): the call is made",
    source: "vybestack/llxprt-code #749, a Kimi K2 Thinking output through an OpenAI-compatible API",
    output:
      '<think>I\'ll analyze the codebase. Let me start by exploring the structure. <|tool_calls_section_begin|> <|tool_call_begin|> functions.list_directory:0 <|tool_call_argument_begin|> {"path": "/src"} <|tool_call_end|> <|tool_calls_section_end|></think>',
    calls: [{ id: "functions.list_directory:0", name: "list_directory", arguments: { path: "/src" }, format: "kimi" }],
    text: "<think>I'll analyze the codebase. Let me start by exploring the structure. </think>",
  },
  {
    name: "Kimi K2 Thinking: a call without its section, inside a <think> that never closes",
    source: KIMI_GUIDANCE,
    output:
      '<think>Checking Rome. <b>bold</b> <|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Rome"}<|tool_call_end|>',
    calls: [kimiCall("Rome", 0)],
    text: "<think>Checking Rome. <b>bold</b> ",
    tools,
  },
  {
    name: "Kimi K2: a call standing alone after prose, with no section markers",
    source: KIMI_GUIDANCE,
    output:
      'Let me look.<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|>',
    calls: [kimiCall("Oslo", 0)],
    text: "Let me look.",
    tools,
  },
  {
    name: "Kimi K2: two calls standing alone",
    source: KIMI_GUIDANCE,
    output:
      '<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "Bergen"}<|tool_call_end|>',
    calls: [kimiCall("Oslo", 0), kimiCall("Bergen", 1)],
    text: "",
    tools,
  },
  {
    name: "Kimi K2: a call standing alone cut off is reported, never silent",
    source: KIMI_GUIDANCE,
    output: '<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Os',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL", name: "get_weather", callId: "functions.get_weather:0" }],
    tools,
  },
  {
    name: "Kimi K2 Thinking: reasoning closed, then its section (as before)",
    source: KIMI_GUIDANCE,
    output:
      '<think>Weather for Lima.</think>Sure.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Lima"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [kimiCall("Lima", 0)],
    text: "<think>Weather for Lima.</think>Sure.",
    tools,
  },
];

describe("Kimi K2 Thinking's calls in reasoning left open, and without their section (class 3)", () => {
  test.each(kimiThinking.map((given) => [given.name, given] as const))("%s", (_, given) => {
    expectCaseReadEveryWay(given);
  });
});
