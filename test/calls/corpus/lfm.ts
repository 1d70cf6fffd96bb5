// Liquid AI LFM2 / LFM2.5: `<|tool_call_start|>[f(x='v')]<|tool_call_end|>`, the outputs of vLLM's `lfm2` parser tests.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, REGISTER_USER, corpusTools as tools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/tool_parsers/test_lfm2_tool_parser.py";
const wrap = (calls: string) => `<|tool_call_start|>[${calls}]<|tool_call_end|>`;
const ORDER =
  "grocery.orderIngredients(ingredientList=[{'name': 'apple', 'quantity': '2'}], deliveryAddress='123 Main St')";

// llama.cpp's LFM2 template writes each call's id, and the turn's prose after `<|tool_call_end|>`.
const llamaCppTemplate = renderedCases({
  template: "llama.cpp-llama-cpp-lfm2.jinja",
  family: "LFM2 (llama.cpp template)",
  format: "lfm",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

// LFM2.5-8B-A1B's template (llama.cpp's copy) quotes each string in single quotes, escaping nothing: a quote or a
// line break in a value is written raw.
const llamaCppLfm25Template = renderedCases({
  template: "llama.cpp-LFM2.5-8B-A1B.jinja",
  family: "LFM2.5 (llama.cpp template)",
  format: "lfm",
  text: {
    "content-and-call": "I'll check the weather in Tokyo first.",
    "content-and-two-calls": "Let me look both up.",
  },
  tools,
});

export const lfmCases: ModelOutputCase[] = [
  ...llamaCppTemplate.cases,
  ...llamaCppLfm25Template.cases,
  {
    name: "LFM2.5: one call",
    source: VLLM,
    output: wrap("get_candidate_status(candidate_id='12345')"),
    calls: [call("get_candidate_status", { candidate_id: "12345" }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: more types (dict, None, True, list)",
    source: VLLM,
    output: wrap(REGISTER_USER.python),
    calls: [call("register_user", REGISTER_USER.arguments, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: two calls, then prose after the block",
    source: VLLM,
    output: `${wrap("get_candidate_status(candidate_id='12345'), get_time()")}\nChecking the current status of candidate ID 12345.`,
    calls: [call("get_candidate_status", { candidate_id: "12345" }, "lfm"), call("get_time", {}, "lfm")],
    text: "\nChecking the current status of candidate ID 12345.",
    tools,
  },
  {
    name: "LFM2.5: a set argument becomes a list (issue 39 class 6)",
    source: VLLM,
    output: wrap("label(tags={'urgent', 'bug'})"),
    calls: [call("label", { tags: ["urgent", "bug"] }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: zero-padded integers",
    source: VLLM,
    output: wrap("set_date(month=07, day=05)"),
    calls: [call("set_date", { month: 7, day: 5 }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: nested quotes of the same kind (issue 39 class 6)",
    source: VLLM,
    output: wrap("bash(command='sed -n '360,450p' /testbed/sympy/matrices/common.py')"),
    calls: [call("bash", { command: "sed -n '360,450p' /testbed/sympy/matrices/common.py" }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: a python3 -c payload in double quotes, holding quotes of the command's kind, across lines",
    source: `${VLLM}::test_tool_call[nested_python_c_nonstreaming]`,
    output: wrap(
      "bash(command='cd /testbed && python3 -c \"from sympy import latex\nprint(latex(3*x, mul_symbol='\\,'))\"')",
    ),
    calls: [
      call(
        "bash",
        { command: "cd /testbed && python3 -c \"from sympy import latex\nprint(latex(3*x, mul_symbol='\\,'))\"" },
        "lfm",
      ),
    ],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: a raw multi-line string (issue 39 class 6)",
    source: VLLM,
    output: wrap("exec(command='cat > f.py << EOF\nimport csv\nprint(1)\nEOF')"),
    calls: [call("exec", { command: "cat > f.py << EOF\nimport csv\nprint(1)\nEOF" }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: a bracket inside a string",
    source: VLLM,
    output: wrap("exec(command='grep -F \"]\" log.txt')"),
    calls: [call("exec", { command: 'grep -F "]" log.txt' }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: one unreadable sibling is reported, the good call kept (issue 39 class 4)",
    source: VLLM,
    output: wrap("get_candidate_status(candidate_id='12345'), bad(x=b'z')"),
    calls: [call("get_candidate_status", { candidate_id: "12345" }, "lfm")],
    text: "",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "LFM2.5: whitespace after the start token",
    source: VLLM,
    output: "<|tool_call_start|> [get_candidate_status(candidate_id='12345')]<|tool_call_end|>",
    calls: [call("get_candidate_status", { candidate_id: "12345" }, "lfm")],
    text: "",
    tools,
  },
  {
    name: "LFM2.5: the call body echoed after the block, capped by a second <|tool_call_end|>",
    source: `${VLLM}::test_echoed_tool_call_body_not_leaked_to_content`,
    output: `${wrap(ORDER)}[${ORDER}]<|tool_call_end|>`,
    calls: [
      call(
        "grocery.orderIngredients",
        { ingredientList: [{ name: "apple", quantity: "2" }], deliveryAddress: "123 Main St" },
        "lfm",
      ),
    ],
    text: "",
  },
  {
    name: "LFM2.5: an answer with no call",
    source: VLLM,
    output: "How can I help you today?",
    calls: [],
    text: "How can I help you today?",
    tools,
  },
];
