// Llama 3.2 / Llama 4 pythonic tool calling: `[get_weather(city="SF")]`, also between `<|python_start|>` and
// `<|python_end|>`, as Meta's prompt formats show and vLLM's `pythonic` / `llama4_pythonic` parsers read it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, REGISTER_USER, corpusTools as tools } from "./tools.js";

const LLAMA4 = "llama.com/docs/model-cards-and-prompt-formats/llama4 (zero shot function calling, pythonic)";
const VLLM = "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_llama4_pythonic_tool_parser.py";
const PYTHONIC = "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_pythonic_tool_parser.py";

// vLLM's Llama 4 pythonic template writes every value in double quotes, and a turn's prose right before the `[`.
const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_llama4_pythonic.jinja",
  family: "Llama 4 (vLLM pythonic template)",
  format: "pythonic",
  tools,
  // A pythonic list after prose stays text (the documented convention; vLLM's pythonic parser reads it the same way).
  misreads: ["content-and-call", "content-and-two-calls"],
});

// vLLM's Llama 4 JSON template writes each call as `{"name": ..., "parameters": ...}`, one right after another, the
// turn's prose right before them.
const vllmJsonTemplate = renderedCases({
  template: "vllm-tool_chat_template_llama4_json.jinja",
  family: "Llama 4 (vLLM JSON template)",
  format: "json-text",
  tools,
  // JSON after prose stays text (the documented convention, as for the pythonic list above).
  misreads: ["content-and-call", "content-and-two-calls"],
});

// vLLM's Gemma 3 template prompts for a pythonic call list and writes one, each value as JSON, the turn's prose after
// it. Only its calls of at most one argument are recorded (record.ts says why).
const vllmGemma3Template = renderedCases({
  template: "vllm-tool_chat_template_gemma3_pythonic.jinja",
  family: "Gemma 3 (vLLM pythonic template)",
  format: "pythonic",
  text: { "content-and-two-calls": "Let me look both up." },
  tools,
});

export const llama4Cases: ModelOutputCase[] = [
  ...vllmTemplate.cases,
  ...vllmJsonTemplate.cases,
  ...vllmGemma3Template.cases,
  {
    name: "Llama 4: one call",
    source: LLAMA4,
    output: "[get_weather(city='San Francisco', metric='celsius')]",
    calls: [call("get_weather", { city: "San Francisco", metric: "celsius" }, "pythonic")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.2: two calls",
    source: PYTHONIC,
    output: `[get_weather(city='San Francisco', metric='celsius'), ${REGISTER_USER.python}]`,
    calls: [
      call("get_weather", { city: "San Francisco", metric: "celsius" }, "pythonic"),
      call("register_user", REGISTER_USER.arguments, "pythonic"),
    ],
    text: "",
    tools,
  },
  {
    name: "Llama 4: between <|python_start|> and <|python_end|>",
    source: VLLM,
    output: "<|python_start|>[get_weather(city='Boston')]<|python_end|>",
    calls: [call("get_weather", { city: "Boston" }, "pythonic")],
    text: "",
    tools,
  },
  {
    name: "Llama 4: <|python_start|> after prose",
    source: VLLM,
    output: 'I need the weather first.\n<|python_start|>[get_weather(city="Tokyo")]<|python_end|>',
    calls: [call("get_weather", { city: "Tokyo" }, "pythonic")],
    text: "I need the weather first.\n",
    tools,
  },
  {
    name: "Llama 3.2: a call with no arguments",
    source: PYTHONIC,
    output: "[get_time()]",
    calls: [call("get_time", {}, "pythonic")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.2: empty dict and list arguments",
    source: PYTHONIC,
    output: "[do_something_cool(additional_data={}, steps=[])]",
    calls: [call("do_something_cool", { additional_data: {}, steps: [] }, "pythonic")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.2: escaped quotes in strings",
    source: PYTHONIC,
    output: "[get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')]",
    calls: [call("get_weather", { city: "Martha's Vineyard", metric: '"cool units"' }, "pythonic")],
    text: "",
    tools,
  },
  {
    name: "Llama 4: JSON literals true/false/null in a call (issue 39 class 6)",
    source: "vllm-project/vllm tests/tool_parsers/test_olmo3_tool_parser.py (MORE_TYPES_FUNCTION_OUTPUT_JSON_LITERALS)",
    output: "[register_user(name='John Doe', age=37, role=null, passed_test=true)]",
    calls: [call("register_user", { name: "John Doe", age: 37, role: null, passed_test: true }, "pythonic")],
    text: "",
    tools,
  },
  {
    name: "Llama 3.2: a pythonic list after prose stays text (the documented convention)",
    source: PYTHONIC,
    output: "You could call [get_weather(city='Paris')] yourself.",
    calls: [],
    text: "You could call [get_weather(city='Paris')] yourself.",
    tools,
  },
  {
    name: "Llama 4: <|python_start|> without tools given (misread a)",
    source: VLLM,
    output: "<|python_start|>[get_weather(city='Lima')]<|python_end|>",
    calls: [call("get_weather", { city: "Lima" }, "pythonic")],
    text: "",
  },
];

/** Rendered outputs read wrong today (expected failures). */
export const llama4Misreads: ModelOutputCase[] = [...vllmTemplate.misreads, ...vllmJsonTemplate.misreads];
