// OLMo 3: `<function_calls>` holding pythonic calls, one a line, the outputs of vLLM's `olmo3` parser tests.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { renderedCases } from "./rendered.js";
import { call, REGISTER_USER, corpusTools as tools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/tool_parsers/test_olmo3_tool_parser.py";
const block = (calls: string) => `<function_calls>${calls}</function_calls>`;
const SIMPLE = "get_weather(city='San Francisco', metric='celsius')";
const simpleCall = call("get_weather", { city: "San Francisco", metric: "celsius" }, "olmo");

// vLLM's OLMo 3 template drops the prose of a turn that calls.
const vllmTemplate = renderedCases({
  template: "vllm-tool_chat_template_olmo3.jinja",
  family: "OLMo 3 (vLLM template)",
  format: "olmo",
  tools,
});

export const olmoCases: ModelOutputCase[] = [
  ...vllmTemplate.cases,
  { name: "OLMo 3: one call", source: VLLM, output: block(SIMPLE), calls: [simpleCall], text: "", tools },
  {
    name: "OLMo 3: more types, Python literals",
    source: VLLM,
    output: block(REGISTER_USER.python),
    calls: [call("register_user", REGISTER_USER.arguments, "olmo")],
    text: "",
    tools,
  },
  {
    name: "OLMo 3: JSON literals (issue 39 class 6)",
    source: VLLM,
    output: block("register_user(name='John Doe', age=37, role=null, passed_test=true)"),
    calls: [call("register_user", { name: "John Doe", age: 37, role: null, passed_test: true }, "olmo")],
    text: "",
    tools,
  },
  {
    name: "OLMo 3: a call with no arguments",
    source: VLLM,
    output: block("get_time()"),
    calls: [call("get_time", {}, "olmo")],
    text: "",
    tools,
  },
  {
    name: "OLMo 3: empty dict argument",
    source: VLLM,
    output: block("do_something_cool(additional_data={})"),
    calls: [call("do_something_cool", { additional_data: {} }, "olmo")],
    text: "",
    tools,
  },
  {
    name: "OLMo 3: escaped quotes",
    source: VLLM,
    output: block("get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')"),
    calls: [call("get_weather", { city: "Martha's Vineyard", metric: '"cool units"' }, "olmo")],
    text: "",
    tools,
  },
  {
    name: "OLMo 3: parallel calls, one a line",
    source: VLLM,
    output: block(`${SIMPLE}\nget_time()\ndo_something_cool(steps=[])`),
    calls: [simpleCall, call("get_time", {}, "olmo"), call("do_something_cool", { steps: [] }, "olmo")],
    text: "",
    tools,
  },
  {
    name: "OLMo 3: one unreadable sibling reported, the good one kept (issue 39 class 4)",
    source: VLLM,
    output: block(`bad(x=b'z')\n${SIMPLE}`),
    calls: [simpleCall],
    text: "",
    errors: [{ code: "PARSE_ERROR" }],
    tools,
  },
  {
    name: "OLMo 3: prose before the block",
    source: VLLM,
    output: `Let me look that up.\n${block(SIMPLE)}`,
    calls: [simpleCall],
    text: "Let me look that up.\n",
    tools,
  },
  {
    name: "OLMo 3: an answer with no call",
    source: VLLM,
    output: "How can I help you today?",
    calls: [],
    text: "How can I help you today?",
    tools,
  },
];
