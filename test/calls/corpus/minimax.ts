// MiniMax M1 (`<tool_calls>` holding one JSON object a line) and M3 (`]<]minimax[>[` before every tag).
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM_M1 = "vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py";
const VLLM_M3 = "vllm-project/vllm tests/tool_parsers/test_minimax_m3_tool_parser.py";
const VLLM_M3_RUST = "vllm-project/vllm rust/src/tool-parser/src/minimax_m3.rs";
const ns = "]<]minimax[>[";
const m3Invoke = (name: string, body: string) => `${ns}<invoke name="${name}">${body}${ns}</invoke>`;
const m3Param = (key: string, value: string) => `${ns}<${key}>${value}${ns}</${key}>`;
const m3Block = (...invokes: string[]) => `${ns}<tool_call>\n${invokes.join("\n")}\n${ns}</tool_call>`;

// The order vLLM's M3 tests place: nested objects, an array of objects, and a repeated element (`tag`) in an object.
const m3OrderShipping = m3Param("shipping", m3Param("city", "Singapore") + m3Param("zip", "018956"));
const m3OrderItems = m3Param(
  "items",
  m3Param("item", m3Param("sku", "book-001") + m3Param("qty", "2")) +
    m3Param("item", m3Param("sku", "pen-007") + m3Param("qty", "5")),
);
const m3OrderProperties = {
  user_id: { type: "integer" },
  urgent: { type: "boolean" },
  note: { type: "string" },
  shipping: { type: "object", properties: { city: { type: "string" }, zip: { type: "integer" } } },
  items: {
    type: "array",
    items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } } },
  },
};
const m3OrderTool = (properties: Record<string, unknown>) => [
  { type: "function", function: { name: "create_order", parameters: { type: "object", properties } } },
];

// vLLM's MiniMax-M1 template writes one JSON object a line inside `<tool_calls>` and drops the turn's prose.
const vllmM1Template = renderedCases({
  template: "vllm-tool_chat_template_minimax_m1.jinja",
  family: "MiniMax-M1 (vLLM template)",
  format: "hermes",
  tools,
});

export const minimaxCases: ModelOutputCase[] = [
  ...vllmM1Template.cases,
  {
    name: "MiniMax-M1: prose before the block",
    source: VLLM_M1,
    output:
      'I\'ll help you check the weather. <tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}\n</tool_calls>',
    calls: [call("get_current_weather", { city: "Seattle", state: "WA", unit: "celsius" }, "hermes")],
    text: "I'll help you check the weather. ",
    tools,
  },
  {
    name: "MiniMax-M1: a block the output ends inside, its call whole: the call kept (vLLM reads it)",
    source: VLLM_M1,
    output: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Boston", "state": "MA"}}',
    calls: [call("get_current_weather", { city: "Boston", state: "MA" }, "hermes")],
    text: "",
    tools,
  },
  {
    name: "MiniMax-M1: one unreadable line among two good ones (issue 39 class 4)",
    source: VLLM_M1,
    output:
      '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Seattle"}}\n{invalid json here}\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_calls>',
    calls: [call("get_weather", { city: "Seattle" }, "hermes"), call("bash", { command: "ls" }, "hermes")],
    text: "",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "MiniMax-M1: a call in reasoning is not made, the one after it is",
    source: VLLM_M1,
    output:
      '<think>I should use a tool. <tool_calls>\n{"name": "get_weather", "arguments": {"city": "Nowhere"}}\n</tool_calls></think>\n\nLet me help you with the weather. <tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Miami", "state": "FL", "unit": "fahrenheit"}}\n</tool_calls>',
    calls: [call("get_current_weather", { city: "Miami", state: "FL", unit: "fahrenheit" }, "hermes")],
    text: '<think>I should use a tool. <tool_calls>\n{"name": "get_weather", "arguments": {"city": "Nowhere"}}\n</tool_calls></think>\n\nLet me help you with the weather. ',
    tools,
  },
  {
    name: "MiniMax M3: one invoke",
    source: VLLM_M3,
    output: m3Block(m3Invoke("get_weather", m3Param("city", "Shanghai"))),
    calls: [call("get_weather", { city: "Shanghai" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniMax M3: two invokes after prose, an integer typed",
    source: VLLM_M3,
    output: `Checking.\n${m3Block(m3Invoke("get_weather", m3Param("city", "Paris") + m3Param("days", "2")), m3Invoke("get_weather", m3Param("city", "Lyon")))}`,
    calls: [call("get_weather", { city: "Paris", days: 2 }, "xml"), call("get_weather", { city: "Lyon" }, "xml")],
    text: "Checking.\n",
    tools,
  },
  {
    name: "MiniMax M3: the output ends inside the second invoke: the closed one kept, the rest reported (class c)",
    source: VLLM_M3,
    output: `${ns}<tool_call>\n${m3Invoke("get_weather", m3Param("city", "Paris"))}\n${ns}<invoke name="get_weather">${ns}<city>Ly`,
    calls: [call("get_weather", { city: "Paris" }, "xml")],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "MiniMax M3: an answer with no call",
    source: VLLM_M3,
    output: "The capital of France is Paris.",
    calls: [],
    text: "The capital of France is Paris.",
    tools,
  },
  {
    name: "MiniMax M3: an element repeated in an object with no properties is a list of its values (vLLM's rule)",
    source: `${VLLM_M3}::test_non_streaming_nested_tool_call`,
    output: `I will create it.\n${m3Block(
      m3Invoke(
        "create_order",
        m3Param("user_id", "42") +
          m3Param("urgent", "true") +
          m3Param("note", "Please leave at front desk.") +
          m3OrderShipping +
          m3OrderItems +
          m3Param("metadata", m3Param("source", "mobile") + m3Param("campaign", "may-launch")) +
          m3Param("duplicate_demo", m3Param("tag", "a") + m3Param("tag", "b")),
      ),
    )}`,
    calls: [
      call(
        "create_order",
        {
          user_id: 42,
          urgent: true,
          note: "Please leave at front desk.",
          shipping: { city: "Singapore", zip: 18956 },
          items: [
            { sku: "book-001", qty: 2 },
            { sku: "pen-007", qty: 5 },
          ],
          metadata: { source: "mobile", campaign: "may-launch" },
          duplicate_demo: { tag: ["a", "b"] },
        },
        "xml",
      ),
    ],
    text: "I will create it.\n",
    tools: m3OrderTool({
      ...m3OrderProperties,
      metadata: { type: "object", additionalProperties: { type: "string" } },
      duplicate_demo: { type: "object" },
    }),
  },
  {
    name: "MiniMax M3: an element repeated in an object is a list whatever its schema (a string, none); in an array, items",
    source: `${VLLM_M3_RUST}::minimax_m3_parse_complete_converts_nested_arguments`,
    output: m3Block(
      m3Invoke(
        "create_order",
        m3Param("user_id", "42") +
          m3OrderShipping +
          m3OrderItems +
          m3Param("metadata", m3Param("score", "42") + m3Param("rank", "7")) +
          m3Param("duplicate_demo", m3Param("tag", "a") + m3Param("tag", "b")) +
          m3Param("schema_mismatch_array", m3Param("x", "1") + m3Param("x", "2")) +
          m3Param("unknown_struct", m3Param("a", "1") + m3Param("a", "2")),
      ),
    ),
    calls: [
      call(
        "create_order",
        {
          user_id: 42,
          shipping: { city: "Singapore", zip: 18956 },
          items: [
            { sku: "book-001", qty: 2 },
            { sku: "pen-007", qty: 5 },
          ],
          metadata: { score: 42, rank: 7 },
          duplicate_demo: { tag: ["a", "b"] },
          schema_mismatch_array: [1, 2],
          unknown_struct: { a: ["1", "2"] },
        },
        "xml",
      ),
    ],
    text: "",
    // The tool declares no `unknown_struct`: said, as for any call.
    errors: [{ code: "UNKNOWN_PARAMETER", parameter: "unknown_struct" }],
    tools: m3OrderTool({
      ...m3OrderProperties,
      metadata: { type: "object", additionalProperties: { type: "integer" } },
      duplicate_demo: { type: "object", properties: { tag: { type: "string" } } },
      schema_mismatch_array: { type: "array", items: { type: "integer" } },
    }),
  },
  {
    name: "MiniMax M3: text mixed with a child named $text goes under $$text, the child kept",
    source: `${VLLM_M3_RUST}::minimax_m3_mixed_text_field_avoids_child_name_collision`,
    output: m3Block(
      m3Invoke("convert", m3Param("payload", `text${m3Param("$text", "child text")}${m3Param("child", "value")}`)),
    ),
    calls: [call("convert", { payload: { $text: "child text", $$text: "text", child: "value" } }, "xml")],
    text: "",
    tools: [{ name: "convert", parameters: { type: "object", properties: { payload: { type: "object" } } } }],
  },
];
