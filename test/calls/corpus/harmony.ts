// gpt-oss (OpenAI Harmony): `<|channel|>commentary to=functions.f <|constrain|>json<|message|>{...}<|call|>`, as the
// openai-harmony renderer writes it and vLLM's `openai` tool parser reads it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call, corpusTools as tools } from "./tools.js";

const HARMONY =
  "openai/harmony docs/format.md (github.com/openai/harmony); cookbook.openai.com/articles/openai-harmony";
const VLLM = "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_openai_tool_parser.py";

export const harmonyCases: ModelOutputCase[] = [
  {
    name: "gpt-oss: analysis, then a call ended by <|call|>",
    source: HARMONY,
    output:
      '<|channel|>analysis<|message|>Need to use function get_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "San Francisco"}<|call|>',
    calls: [call("get_weather", { location: "San Francisco" }, "harmony")],
    text: "<|channel|>analysis<|message|>Need to use function get_weather.<|end|>",
    tools,
  },
  {
    name: "gpt-oss: a call without <|call|> (the server stopped on it)",
    source: VLLM,
    output: '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Tokyo"}',
    calls: [call("get_weather", { location: "Tokyo" }, "harmony")],
    text: "",
    tools,
  },
  {
    name: "gpt-oss: the recipient before the channel",
    source: HARMONY,
    output:
      '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Paris"}<|call|>',
    calls: [call("get_weather", { location: "Paris" }, "harmony")],
    text: "",
    tools,
  },
  {
    name: "gpt-oss: read from mid-header, the recipient first",
    source: VLLM,
    output: 'to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"location": "Denver"}<|call|>',
    calls: [call("get_weather", { location: "Denver" }, "harmony")],
    text: "",
    tools,
  },
  {
    name: "gpt-oss: read from mid-header with the header's space: no text (misread d)",
    source: "issue 39 class 2: output after the prompt's <|start|>assistant",
    output: ' to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Tokyo"}',
    calls: [call("get_weather", { location: "Tokyo" }, "harmony")],
    text: "",
    tools,
  },
  {
    name: "gpt-oss: the final answer's header and <|return|> are no text",
    source: HARMONY,
    output: "<|channel|>final<|message|>It is 20 °C in Tokyo.<|return|>",
    calls: [],
    text: "It is 20 °C in Tokyo.",
    tools,
  },
  {
    name: "gpt-oss: two calls in a row",
    source: VLLM,
    output:
      '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Oslo"}<|call|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Bergen"}<|call|>',
    calls: [
      call("get_weather", { location: "Oslo" }, "harmony"),
      call("get_weather", { location: "Bergen" }, "harmony"),
    ],
    text: "",
    tools,
  },
  {
    name: "gpt-oss: a preamble on the commentary channel, then the call",
    source: HARMONY,
    output:
      '<|channel|>commentary<|message|>Checking the weather now.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Lima"}<|call|>',
    calls: [call("get_weather", { location: "Lima" }, "harmony")],
    text: "<|channel|>commentary<|message|>Checking the weather now.<|end|>",
    tools,
  },
  {
    name: "gpt-oss: a call with empty arguments",
    source: VLLM,
    output: "<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{}<|call|>",
    calls: [call("get_time", {}, "harmony")],
    text: "",
    tools,
  },
  {
    name: "gpt-oss: the output cut inside the arguments: reported",
    source: VLLM,
    output: '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Tok',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL", name: "get_weather" }],
    tools,
  },
  {
    name: "gpt-oss: the output cut after the next header began",
    source: VLLM,
    output:
      '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Tokyo"}<|call|><|start|>assistant',
    calls: [call("get_weather", { location: "Tokyo" }, "harmony")],
    // A header that is not a call's nor the answer's is text, header and all, as reasoning's is.
    text: "<|start|>assistant",
    tools,
  },
  {
    name: "gpt-oss: messages to six tools, one of them no JSON (foo): each a call, that one reported as no JSON object",
    source: "vllm-project/vllm tests/tool_parsers/test_openai_tool_parser.py::test_extract_tool_calls_multiple_tools",
    output:
      '<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?" based on their location. We need to use get_current_weather tool and get_user_location tool.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location": "Tokyo"}<|call|><|start|>assistant<|channel|>commentary to=functions.get_user_location <|constrain|>json<|message|>{"location": "Tokyo"}<|call|><|start|>assistant<|channel|>commentary to=functions.no_content_type<|message|>{"location": "Tokyo"}<|call|><|start|>assistant<|channel|>commentary to=functions.not_json_no_content_type<|message|>foo<|call|><|start|>assistant<|channel|>commentary to=functions.empty_args <|constrain|>json<|message|>{}<|call|><|start|>assistant<|channel|>commentary to=functions.no_args <|constrain|>json<|message|><|call|>',
    calls: [
      call("get_current_weather", { location: "Tokyo" }, "harmony"),
      call("get_user_location", { location: "Tokyo" }, "harmony"),
      call("no_content_type", { location: "Tokyo" }, "harmony"),
      // vLLM passes `foo` on as the arguments' text; the call keeps it as its raw text.
      { ...call("not_json_no_content_type", {}, "harmony"), rawArguments: "foo" },
      call("empty_args", {}, "harmony"),
      call("no_args", {}, "harmony"),
    ],
    text: '<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?" based on their location. We need to use get_current_weather tool and get_user_location tool.<|end|>',
    errors: [
      {
        code: "PARSE_ERROR",
        message: 'Tool "not_json_no_content_type": Arguments are not a JSON object: foo',
        callIndex: 3,
        name: "not_json_no_content_type",
      },
    ],
  },
  {
    name: "a reply starting with whitespace, then prose, keeps its whitespace",
    source: "prose that is no Harmony header",
    output: "  \nHello there.",
    calls: [],
    text: "  \nHello there.",
    tools,
  },
];
