// MiniCPM5: bare `<function name="f"><param name="x">v</param></function>`, as vLLM's `minicpm5xml` parser reads it.
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call, corpusTools as tools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/tool_parsers/test_minicpm5xml_tool_parser.py";
const fn = (name: string, params: string) => `<function name="${name}">${params}</function>`;
const param = (key: string, value: string) => `<param name="${key}">${value}</param>`;

export const minicpmCases: ModelOutputCase[] = [
  {
    name: "MiniCPM5: one call",
    source: VLLM,
    output: fn("get_weather", param("city", "Beijing")),
    calls: [call("get_weather", { city: "Beijing" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniCPM5: prose, then the call",
    source: VLLM,
    output: `Let me check.\n${fn("get_weather", param("city", "Beijing"))}`,
    calls: [call("get_weather", { city: "Beijing" }, "xml")],
    text: "Let me check.\n",
    tools,
  },
  {
    name: "MiniCPM5: two calls",
    source: VLLM,
    output: `${fn("get_weather", param("city", "Beijing"))}\n${fn("get_weather", param("city", "Shanghai"))}`,
    calls: [call("get_weather", { city: "Beijing" }, "xml"), call("get_weather", { city: "Shanghai" }, "xml")],
    text: "\n",
    tools,
  },
  {
    name: "MiniCPM5: an integer typed by the schema",
    source: VLLM,
    output: fn("add", param("a", "3") + param("b", "4")),
    calls: [call("add", { a: 3, b: 4 }, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniCPM5: a CDATA value holding markup",
    source: VLLM,
    output: fn("bash", param("command", "<![CDATA[echo '<b>hi</b>' > a.html]]>")),
    calls: [call("bash", { command: "echo '<b>hi</b>' > a.html" }, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniCPM5: a call with no parameters",
    source: VLLM,
    output: fn("get_time", ""),
    calls: [call("get_time", {}, "xml")],
    text: "",
    tools,
  },
  {
    name: "MiniCPM5: reasoning, then the call",
    source: VLLM,
    output: `<think>Need weather.</think>\n${fn("get_weather", param("city", "Wuhan"))}`,
    calls: [call("get_weather", { city: "Wuhan" }, "xml")],
    text: "<think>Need weather.</think>\n",
    tools,
  },
  {
    name: "MiniCPM5: prose after the call",
    source: VLLM,
    output: `${fn("get_weather", param("city", "Xi'an"))} One moment.`,
    calls: [call("get_weather", { city: "Xi'an" }, "xml")],
    text: " One moment.",
    tools,
  },
  {
    name: "MiniCPM5: the output ends inside the call: reported",
    source: VLLM,
    output: '<function name="get_weather"><param name="city">Bei',
    calls: [],
    text: "",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "MiniCPM5: without tools, a <function name=...> in prose stays prose",
    source: VLLM,
    output: 'Use <function name="x"> in the DSL.',
    calls: [],
    text: 'Use <function name="x"> in the DSL.',
  },
];
