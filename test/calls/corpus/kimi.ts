// Kimi K2 / K2 Thinking: `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{...}
// <|tool_call_end|><|tool_calls_section_end|>`, as Moonshot's tool_call_guidance and vLLM's `kimi_k2` parser read it.
import type { CallableTool } from "../../../src/calls/callable-tool.js";
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const GUIDANCE = "moonshotai/Kimi-K2-Instruct docs/tool_call_guidance.md";
const VLLM = "vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py";
const SGLANG_K3 = "sgl-project/sglang test/registered/function_call/test_kimik3_detector.py";
const VLLM_K3 = "vllm-project/vllm tests/tool_parsers/test_kimi_k3_tool_parser.py";
const SGLANG_K2 = "sgl-project/sglang test/registered/function_call/test_kimik2_detector.py";
const one = (name: string, index: number, args: string) =>
  `<|tool_call_begin|>functions.${name}:${index}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const section = (...calls: string[]) => `<|tool_calls_section_begin|>${calls.join("")}<|tool_calls_section_end|>`;

// Kimi K2.5 and K2.6 may write only an id where `functions.f:0` goes, one copied from a client that rewrote the ids in
// its history (sglang's test, from K2.6 server logs), a bare counter, or the id with its punctuation lost.
const idOnly = (header: string, args: string) =>
  `<|tool_call_begin|>${header}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
// A call to the tool its arguments fit: its header kept as its id and as rawName.
const found = (name: string, args: Record<string, unknown>, header: string) => ({
  ...call(name, args, "kimi", header),
  rawName: header,
});
export const stringsTool = (name: string, properties: string[], required: string[] = []): CallableTool => ({
  name,
  description: name,
  parameters: {
    type: "object",
    properties: Object.fromEntries(properties.map((key) => [key, { type: "string" }])),
    required,
  },
});
// sglang's tools: ReadFile and get_weather, each requiring its first parameter.
const sglangTools = [
  stringsTool("ReadFile", ["path"], ["path"]),
  stringsTool("get_weather", ["city", "unit"], ["city"]),
];
// vLLM's tools, which require nothing.
const vllmWeather = stringsTool("get_weather", ["city", "unit"]);
const vllmReadFile = stringsTool("read_file", ["path"]);
// sglang's agent tools, which share parameters: a call that fits two of them is to neither.
export const sglangAgentTools = [
  stringsTool("Read", ["file_path", "offset", "limit"], ["file_path"]),
  stringsTool("Write", ["file_path", "content"], ["file_path", "content"]),
  stringsTool("Glob", ["pattern", "path"], ["pattern"]),
  stringsTool("Grep", ["pattern", "path", "output_mode"], ["pattern"]),
  stringsTool("LS", ["path", "ignore"], ["path"]),
];
const CLIENT_IDS = [
  "call_3",
  "call_7f3a9c2b1e4d5f6a7b8c9d0e",
  "toolu_01AkmjoowNgNx2qNfJzc8z2F",
  "0b3d1c2e-4f5a-6b7c-8d9e-0f1a2b3c4d5e",
  "tooltoolu_01KPuJ9wUyn6EMNvM6D3vSWE",
];
const idOnlyCases: ModelOutputCase[] = [
  ...CLIENT_IDS.map((header) => ({
    name: `Kimi K2.6: a client's id (${header}) as the header: the tool its arguments fit`,
    source: `${SGLANG_K2}::TestKimiK2ClientStyleIdFallback::test_detect_and_parse_client_id`,
    output: section(idOnly(header, '{"path": "/a.py"}')),
    calls: [found("ReadFile", { path: "/a.py" }, header)],
    text: "",
    tools: sglangTools,
  })),
  {
    name: "Kimi K2.6: two calls by clients' ids, each to the tool its arguments fit",
    source: `${SGLANG_K2}::TestKimiK2ClientStyleIdFallback::test_detect_and_parse_client_id_multiple_calls`,
    output: section(idOnly("call_3", '{"path": "/a.py"}'), idOnly("call_4", '{"city": "Tokyo"}')),
    calls: [found("ReadFile", { path: "/a.py" }, "call_3"), found("get_weather", { city: "Tokyo" }, "call_4")],
    text: "",
    tools: sglangTools,
  },
  {
    name: "Kimi K2.6: a client's id, then Kimi's own",
    source: `${SGLANG_K2}::TestKimiK2ClientStyleIdFallback::test_detect_and_parse_client_id_mixed_with_standard`,
    output: section(
      idOnly("toolu_01AkmjoowNgNx2qNfJzc8z2F", '{"city": "Tokyo"}'),
      one("ReadFile", 7, '{"path": "/a.py"}'),
    ),
    calls: [
      found("get_weather", { city: "Tokyo" }, "toolu_01AkmjoowNgNx2qNfJzc8z2F"),
      call("ReadFile", { path: "/a.py" }, "kimi", "functions.ReadFile:7"),
    ],
    text: "",
    tools: sglangTools,
  },
  {
    name: "Kimi K2.6: prose, then a call by a client's id",
    source: `${SGLANG_K2}::TestKimiK2ClientStyleIdFallback::test_detect_and_parse_client_id_reasoning_prefix_kept`,
    output: `Let me check.\n${section(idOnly("call_3", '{"path": "/a.py"}'))}`,
    calls: [found("ReadFile", { path: "/a.py" }, "call_3")],
    text: "Let me check.\n",
    tools: sglangTools,
  },
  {
    name: "Kimi K2.6: a call no tool fits is named by its id and reported; the next, by its own id, is found",
    source: `${SGLANG_K2}::TestKimiK2ClientStyleIdFallback::test_streaming_client_id_unresolvable_skips_only_that_section`,
    output: section(idOnly("call_3", '{"unknown_key": 1}'), idOnly("call_4", '{"city": "Paris"}')),
    calls: [call("call_3", { unknown_key: 1 }, "kimi", "call_3"), found("get_weather", { city: "Paris" }, "call_4")],
    text: "",
    errors: [{ code: "UNKNOWN_TOOL", name: "call_3", callIndex: 0 }],
    tools: sglangTools,
  },
  {
    name: "Kimi K2.6: a call two tools fit is named by its id and reported; the next, which one fits, is found",
    source: `${SGLANG_K2}::TestKimiK2ToolNameInferenceStrictness::test_streaming_ambiguous_section_is_skipped_without_wedging`,
    output: section(idOnly("call_3", '{"pattern": "a", "path": "/x"}'), idOnly("call_4", '{"path": "/y"}')),
    calls: [call("call_3", { pattern: "a", path: "/x" }, "kimi", "call_3"), found("LS", { path: "/y" }, "call_4")],
    text: "",
    errors: [{ code: "UNKNOWN_TOOL", name: "call_3", callIndex: 0 }],
    tools: sglangAgentTools,
  },
  {
    name: "Kimi K2.5: a bare counter as the header",
    source: `${SGLANG_K2}::TestKimiK2BareCounterParsing::test_detect_and_parse_bare_counter`,
    output: section(idOnly("0", '{"city": "Tokyo"}')),
    calls: [found("get_weather", { city: "Tokyo" }, "0")],
    text: "",
    tools: sglangTools,
  },
  {
    name: "Kimi K2.5: a bare counter, the one tool given",
    source: `${SGLANG_K2}::TestKimiK2BareCounterParsing::test_streaming_bare_counter_single_tool`,
    output: section(idOnly("0", '{"path": "/test"}')),
    calls: [found("search", { path: "/test" }, "0")],
    text: "",
    tools: [stringsTool("search", ["path"], ["path"])],
  },
  {
    name: "Kimi K2.5: a bare counter that is not 0",
    source: `${SGLANG_K2}::TestKimiK2DetectorOpenAIIndexCompliance::test_bare_counter_id_also_starts_at_index_0`,
    output: section(idOnly("5", '{"city": "Paris"}')),
    calls: [found("get_weather", { city: "Paris" }, "5")],
    text: "",
    tools: [stringsTool("get_weather", ["city"], ["city"])],
  },
  {
    name: "Kimi K2: prose, then a bare counter and a space as the header",
    source: `${VLLM}::TestExtractToolCalls::test_bare_counter`,
    output: `Let me check. ${section('<|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo", "unit": "celsius"}<|tool_call_end|>')}`,
    calls: [found("get_weather", { city: "Tokyo", unit: "celsius" }, "0")],
    text: "Let me check. ",
    tools: [vllmWeather],
  },
  {
    // vLLM passes the cut text on as the arguments; the call is kept here too, but its arguments are not read.
    name: "Kimi K2: a bare counter, the one tool given, its JSON cut short: the call kept, its arguments not read",
    source: `${VLLM}::TestExtractToolCalls::test_bare_counter_single_tool_invalid_json_still_extracted`,
    output: `Let me check. ${section('<|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo"<|tool_call_end|>')}`,
    calls: [{ ...found("get_weather", {}, "0"), rawArguments: '{"city": "Tokyo"' }],
    text: "Let me check. ",
    errors: [{ code: "PARSE_ERROR", name: "get_weather", callIndex: 0 }],
    tools: [vllmWeather],
  },
  {
    name: "Kimi K2: a bare counter, the one of two tools that declares every key",
    source: `${VLLM}::TestExtractToolCalls::test_bare_counter_multiple_tools_infers_by_args`,
    output: `Let me check. ${section('<|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo", "unit": "celsius"}<|tool_call_end|>')}`,
    calls: [found("get_weather", { city: "Tokyo", unit: "celsius" }, "0")],
    text: "Let me check. ",
    tools: [vllmReadFile, vllmWeather],
  },
  {
    name: "Kimi K2: a bare counter, a space after it and after the arguments (as vLLM streams it)",
    source: `${VLLM}::TestStreamingHappyPath::test_bare_counter_multiple_tools_infers_by_args`,
    output: `I'll help. ${section('<|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Beijing", "unit": "celsius"} <|tool_call_end|>')}`,
    calls: [found("get_weather", { city: "Beijing", unit: "celsius" }, "0")],
    text: "I'll help. ",
    tools: [vllmReadFile, vllmWeather],
  },
  {
    name: "Kimi K2.5 (through openclaw): ids that lost their punctuation, functionsexec5",
    source: "sgl-project/sglang pull request #21377 (a Kimi-K2.5 response)",
    output: section(
      idOnly("functionsexec5", '{"command": "ls -la ~/.claude 2>/dev/null || echo \\"Not found in ~/.claude\\""}'),
      idOnly(
        "functionsexec6",
        '{"command": "ls -la ~/.config/claude-code 2>/dev/null || echo \\"Not found in ~/.config/claude-code\\""}',
      ),
      idOnly("functionsexec7", '{"command": "ls -la ~/.claude.json 2>/dev/null || echo \\"Not found\\""}'),
    ),
    calls: [
      found("exec", { command: 'ls -la ~/.claude 2>/dev/null || echo "Not found in ~/.claude"' }, "functionsexec5"),
      found(
        "exec",
        { command: 'ls -la ~/.config/claude-code 2>/dev/null || echo "Not found in ~/.config/claude-code"' },
        "functionsexec6",
      ),
      found("exec", { command: 'ls -la ~/.claude.json 2>/dev/null || echo "Not found"' }, "functionsexec7"),
    ],
    text: "",
    tools: tools.filter((tool) => ["exec", "read_file", "write_file", "web_search"].includes(tool.name)),
  },
  {
    name: "Kimi K2: a counter after call, call00003, as the header, in a conversation whose earlier calls had such ids",
    source: "sgl-project/sglang pull request #25362",
    output: section(idOnly("call00003", '{"city": "Paris"}')),
    calls: [found("get_weather", { city: "Paris" }, "call00003")],
    text: "",
    tools: tools.filter((tool) => ["get_weather", "search", "read_file"].includes(tool.name)),
  },
];

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
  ...idOnlyCases,
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
