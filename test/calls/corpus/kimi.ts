// Kimi K2 / K2 Thinking: `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{...}
// <|tool_call_end|><|tool_calls_section_end|>`, as Moonshot's tool_call_guidance and vLLM's `kimi_k2` parser read it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const GUIDANCE = "moonshotai/Kimi-K2-Instruct docs/tool_call_guidance.md";
const VLLM = "vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py";
const SGLANG_K3 = "sgl-project/sglang test/registered/function_call/test_kimik3_detector.py";
const VLLM_K3 = "vllm-project/vllm tests/tool_parsers/test_kimi_k3_tool_parser.py";
const one = (name: string, index: number, args: string) =>
  `<|tool_call_begin|>functions.${name}:${index}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const section = (...calls: string[]) => `<|tool_calls_section_begin|>${calls.join("")}<|tool_calls_section_end|>`;

// llama.cpp's Kimi K2 Thinking template opens the turn with an empty `<think></think>` and names each call by its id.
const llamaCppThinkingTemplate = renderedCases({
  template: "llama.cpp-moonshotai-Kimi-K2-Thinking.jinja",
  family: "Kimi K2 Thinking (llama.cpp template)",
  format: "kimi",
  text: {
    "content-and-call": "<think></think>I'll check the weather in Tokyo first.",
    "content-and-two-calls": "<think></think>Let me look both up.",
  },
  otherText: "<think></think>",
  tools,
  callId: (name, index) => `functions.${name}:${index}`,
});

// Kimi K3's XTML, as sglang's and vLLM's K3 tests write it: the answer in the response channel, a call in the tools
// channel, each argument typed.
const K3_RESPONSE = (text: string) => `<|open|>response<|sep|>${text}<|close|>response<|sep|>`;
const K3_MESSAGE_END = "<|close|>message<|sep|>";
const k3Tools = (...calls: string[]) => `<|open|>tools<|sep|>${calls.join("")}<|close|>tools<|sep|>`;
const k3Call = (tool: string, index: number, ...args: Array<[key: string, type: string, value: string]>) =>
  `<|open|>call tool="${tool}" index="${index}"<|sep|>${args
    .map(([key, type, value]) => `<|open|>argument key="${key}" type="${type}"<|sep|>${value}<|close|>argument<|sep|>`)
    .join("")}<|close|>call<|sep|>`;
// sglang's tools section that a server left unparsed, its message closed.
const K3_LEAKED_TOOLS = `${k3Tools(k3Call("read_agent", 1, ["id", "string", "worker_1"]))}${K3_MESSAGE_END}`;

// Kimi K3's template (llama.cpp's copy), thinking on: the turn starts by closing the think channel the prompt opened
// (reasoning, and so text); the response channel's markers and the message's close are no text.
const K3_THINK_END = "<|close|>think<|sep|>";
const llamaCppK3Template = renderedCases({
  template: "llama.cpp-Kimi-K3.jinja",
  family: "Kimi K3 (llama.cpp template)",
  format: "kimi",
  text: {
    "content-and-call": `${K3_THINK_END}I'll check the weather in Tokyo first.`,
    "content-and-two-calls": `${K3_THINK_END}Let me look both up.`,
  },
  otherText: K3_THINK_END,
  tools,
});

export const kimiCases: ModelOutputCase[] = [
  ...llamaCppThinkingTemplate.cases,
  ...llamaCppK3Template.cases,
  {
    name: "Kimi K3: an answer alone, its markers and the message's close no text",
    source: `${SGLANG_K3}::test_detect_and_parse_no_tools_channel`,
    output: `${K3_RESPONSE("hi there")}${K3_MESSAGE_END}`,
    calls: [],
    text: "hi there",
  },
  {
    name: "Kimi K3: an answer, then a call of a string and an object",
    source: `${SGLANG_K3}::test_detect_and_parse_single_call`,
    output: `${K3_RESPONSE("Let me run it.")}${k3Tools(k3Call("python", 1, ["code", "string", "print(1)"], ["opts", "object", '{"a": 1}']))}`,
    calls: [call("python", { code: "print(1)", opts: { a: 1 } }, "kimi")],
    text: "Let me run it.",
  },
  {
    name: "Kimi K3: an answer, then a call, streamed in chunks that split the markers",
    source: `${SGLANG_K3}::test_streaming_split_markers`,
    output: `${K3_RESPONSE("Hello!")}${k3Tools(k3Call("python", 1, ["code", "string", "print(2)"]))}`,
    calls: [call("python", { code: "print(2)" }, "kimi")],
    text: "Hello!",
  },
  {
    name: "Kimi K3: an answer, then a call and the message's close",
    source: `${SGLANG_K3}::test_unparsed_tools_section_dropped_with_reply_kept`,
    output: `${K3_RESPONSE("on it")}${K3_LEAKED_TOOLS}`,
    calls: [call("read_agent", { id: "worker_1" }, "kimi")],
    text: "on it",
  },
  {
    name: "Kimi K3: a call alone, the message's close no text",
    source: `${SGLANG_K3}::test_parser_strips_when_no_tools_declared`,
    output: K3_LEAKED_TOOLS,
    calls: [call("read_agent", { id: "worker_1" }, "kimi")],
    text: "",
  },
  {
    name: "Kimi K3: reasoning the prompt opened is text; the answer after it, without its markers",
    source: `${SGLANG_K3}::test_response_channel_kept_inline_when_reasoning_is_not_separated`,
    output: `trace<|close|>think<|sep|>${K3_RESPONSE("answer")}`,
    calls: [],
    text: "trace<|close|>think<|sep|>answer",
    startsInReasoning: "<|close|>think<|sep|>",
  },
  {
    name: "Kimi K3: the answer's opening written in the prompt: the output is its text, then the message's close",
    source: `${VLLM_K3}::test_streaming_content_stops_at_message_close`,
    output: `Hello${K3_MESSAGE_END}`,
    calls: [],
    text: "Hello",
  },
  {
    name: "Kimi K2: one call",
    source: GUIDANCE,
    output: section(one("get_weather", 0, '{"city": "Beijing"}')),
    calls: [call("get_weather", { city: "Beijing" }, "kimi", "functions.get_weather:0")],
    text: "",
    tools,
  },
  {
    name: "Kimi K2: prose, then two calls",
    source: VLLM,
    output: `I'll check both. ${section(one("get_weather", 0, '{"city": "Beijing"}'), one("get_weather", 1, '{"city": "Shanghai"}'))}`,
    calls: [
      call("get_weather", { city: "Beijing" }, "kimi", "functions.get_weather:0"),
      call("get_weather", { city: "Shanghai" }, "kimi", "functions.get_weather:1"),
    ],
    text: "I'll check both. ",
    tools,
  },
  {
    name: "Kimi K2: whitespace between the tokens (as served)",
    source: VLLM,
    output:
      '<|tool_calls_section_begin|> <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> {"city": "Hangzhou"} <|tool_call_end|> <|tool_calls_section_end|>',
    calls: [call("get_weather", { city: "Hangzhou" }, "kimi", "functions.get_weather:0")],
    text: "",
    tools,
  },
  {
    name: "Kimi K2: a call with no arguments",
    source: GUIDANCE,
    output: section(one("get_time", 0, "{}")),
    calls: [call("get_time", {}, "kimi", "functions.get_time:0")],
    text: "",
    tools,
  },
  {
    name: "Kimi K2: nested arguments",
    source: VLLM,
    output: section(one("calculate_area", 0, '{"shape": "rectangle", "dimensions": {"width": 10, "height": 20}}')),
    calls: [
      call(
        "calculate_area",
        { shape: "rectangle", dimensions: { width: 10, height: 20 } },
        "kimi",
        "functions.calculate_area:0",
      ),
    ],
    text: "",
    tools,
  },
  {
    name: "Kimi K2 Thinking: reasoning closed, then the section",
    source: "moonshotai/Kimi-K2-Thinking chat_template.jinja",
    output: `<think>The user wants Paris.</think>${section(one("get_weather", 0, '{"city": "Paris"}'))}`,
    calls: [call("get_weather", { city: "Paris" }, "kimi", "functions.get_weather:0")],
    text: "<think>The user wants Paris.</think>",
    tools,
  },
  {
    name: "Kimi K2: an id without the functions. prefix",
    source: VLLM,
    output:
      '<|tool_calls_section_begin|><|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{"city": "Tokyo"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [call("get_weather", { city: "Tokyo" }, "kimi", "get_weather:0")],
    text: "",
    tools,
  },
  {
    name: "Kimi K2: the output ends inside the second call: the closed one kept, the rest reported (class c)",
    source: VLLM,
    output: `<|tool_calls_section_begin|>${one("get_weather", 0, '{"city": "Tokyo"}')}<|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "Par`,
    calls: [call("get_weather", { city: "Tokyo" }, "kimi", "functions.get_weather:0")],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "Kimi K2: the output ends after the last call, before the section's end: the calls kept",
    source: VLLM,
    output: `<|tool_calls_section_begin|>${one("get_weather", 0, '{"city": "Tokyo"}')}`,
    calls: [call("get_weather", { city: "Tokyo" }, "kimi", "functions.get_weather:0")],
    text: "",
    tools,
  },
  {
    name: "Kimi K2: read without tools",
    source: GUIDANCE,
    output: section(one("search", 0, '{"query": "moonshot"}')),
    calls: [call("search", { query: "moonshot" }, "kimi", "functions.search:0")],
    text: "",
  },
];
