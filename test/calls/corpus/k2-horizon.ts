// K2 Horizon (IFM's K2-Horizon models): `<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>x</ifm|arg_key>
// <ifm|arg_value>1</ifm|arg_value></ifm|tool_call></ifm|tool_calls>`, the type of each value between its key and its
// value with `tool_call_format` `xml_typed`, or `<ifm|tool_call>{"name": "f", "arguments": {...}}</ifm|tool_call>` with
// `json`; reasoning in `<ifm|think>` (`<ifm|think_fast>`, `<ifm|think_faster>` at lower efforts).
import type { ModelOutputCase } from "../model-output-corpus.js";
import { call, corpusTools } from "./tools.js";

const VLLM = "vllm-project/vllm tests/tool_parsers/test_k2_horizon_tool_parser.py";
const SGLANG = "sgl-project/sglang test/registered/function_call/test_k2v3_tool_parser.py";
const SGLANG_REASONING = "sgl-project/sglang tests of K2V3Detector, its reasoning parser";

/** The tools vLLM's tests declare. */
const tools = [
  {
    type: "function" as const,
    function: {
      name: "lookup",
      parameters: {
        type: "object",
        properties: { query: { type: "string" }, limit: { type: "integer" }, enabled: { type: "boolean" } },
      },
    },
  },
  { type: "function" as const, function: { name: "ping", parameters: { type: "object", properties: {} } } },
];

/** vLLM's `_group`: the calls on lines of their own in `<ifm|tool_calls>`. */
const group = (...calls: string[]) => `<ifm|tool_calls>${calls.join("\n")}</ifm|tool_calls>`;
/** A call written with tags, each argument `[key, value]` or `[key, type, value]`. */
const tagged = (name: string, ...args: Array<[string, string] | [string, string, string]>) =>
  `<ifm|tool_call>${name}${args
    .map((arg) =>
      arg.length === 2
        ? `<ifm|arg_key>${arg[0]}</ifm|arg_key><ifm|arg_value>${arg[1]}</ifm|arg_value>`
        : `<ifm|arg_key>${arg[0]}</ifm|arg_key><ifm|arg_type>${arg[1]}</ifm|arg_type><ifm|arg_value>${arg[2]}</ifm|arg_value>`,
    )
    .join("")}</ifm|tool_call>`;
const json = (name: string, args: unknown) =>
  `<ifm|tool_call>${JSON.stringify({ name, arguments: args })}</ifm|tool_call>`;
const TOKYO = tagged("get_weather", ["city", "Tokyo"]);

export const k2HorizonCases: ModelOutputCase[] = [
  {
    name: "K2 Horizon: two calls between prose, values typed by the schema, one without arguments",
    source: `${VLLM}::test_xml_default_parses_multiple_calls_and_coerces_schema`,
    output: `Before ${group(tagged("lookup", ["query", "123"], ["limit", "3"]), tagged("ping"))} after.`,
    calls: [call("lookup", { query: "123", limit: 3 }, "k2-horizon"), call("ping", {}, "k2-horizon")],
    text: "Before  after.",
    tools,
  },
  {
    name: "K2 Horizon: a call written as JSON (tool_call_format json), a string typed by the schema",
    source: `${VLLM}::test_request_level_format_overrides[json]`,
    output: group(json("lookup", { limit: "2" })),
    calls: [call("lookup", { limit: 2 }, "k2-horizon")],
    text: "",
    tools,
  },
  {
    name: "K2 Horizon: each value's type written (tool_call_format xml_typed)",
    source: `${VLLM}::test_request_level_format_overrides[xml_typed]`,
    output: group(tagged("lookup", ["query", "string", "weather"], ["limit", "integer", "2"])),
    calls: [call("lookup", { query: "weather", limit: 2 }, "k2-horizon")],
    text: "",
    tools,
  },
  {
    name: "K2 Horizon: a JSON call's boolean written as a string",
    source: `${VLLM}::test_auto_required_and_named_use_ifm_parser`,
    output: group(json("lookup", { enabled: "true" })),
    calls: [call("lookup", { enabled: true }, "k2-horizon")],
    text: "",
    tools,
  },
  {
    name: "K2 Horizon: a typed call read whatever format the request asked for (vLLM refuses a type tag under xml)",
    source: `${VLLM}::test_mismatched_formats_fail_closed`,
    output: group(tagged("lookup", ["query", "string", "x"])),
    calls: [call("lookup", { query: "x" }, "k2-horizon")],
    text: "",
    tools,
  },
  {
    name: "K2 Horizon: prose right against the section",
    source: `${VLLM}::test_character_split_streaming`,
    output: `Before${group(tagged("lookup", ["limit", "2"]))}after`,
    calls: [call("lookup", { limit: 2 }, "k2-horizon")],
    text: "Beforeafter",
    tools,
  },
  {
    name: "K2 Horizon: whitespace around the section stays text",
    source: `${VLLM}::test_whitespace_only_surrounding_content_is_not_preserved`,
    output: ` \n${group(tagged("ping"))}\t `,
    calls: [call("ping", {}, "k2-horizon")],
    text: " \n\t ",
    tools,
  },
  {
    name: "K2 Horizon: a call to an unknown tool is made and reported (vLLM makes none)",
    source: `${VLLM}::test_unknown_or_wrong_named_tool_fails_closed`,
    output: group(json("missing", {})),
    calls: [call("missing", {}, "k2-horizon")],
    text: "",
    errors: [{ code: "UNKNOWN_TOOL", name: "missing" }],
    tools,
  },
  {
    name: "K2 Horizon: the output ends inside a call: reported (vLLM gives the markup as text)",
    source: `${VLLM}::test_streaming_flushes_incomplete_markup_as_content`,
    output: "Before<ifm|tool_calls><ifm|tool_call>ping",
    calls: [],
    text: "Before",
    errors: [{ code: "UNTERMINATED_CALL" }],
    tools,
  },
  {
    name: "K2 Horizon: a closed call kept when the output ends before </ifm|tool_calls> (vLLM gives text)",
    source: `${VLLM}::test_malformed_and_incomplete_input_is_content[1]`,
    output: "<ifm|tool_calls><ifm|tool_call>ping</ifm|tool_call>",
    calls: [call("ping", {}, "k2-horizon")],
    text: "",
    tools,
  },
  {
    name: "K2 Horizon: a section holding no call is reported (vLLM gives text)",
    source: `${VLLM}::test_malformed_and_incomplete_input_is_content[2]`,
    output: group("junk"),
    calls: [],
    text: "",
    errors: [{ code: "PARSE_ERROR", message: "Text outside <ifm|tool_call> in a tool-call section: junk" }],
    tools,
  },
  {
    name: "K2 Horizon: a call standing alone, without <ifm|tool_calls>",
    source: `${SGLANG}::TestK2V3XmlExtraction::test_single_call`,
    output: TOKYO,
    calls: [call("get_weather", { city: "Tokyo" }, "k2-horizon")],
    text: "",
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: a name alone is a call without arguments",
    source: `${SGLANG}::TestK2V3XmlExtraction::test_no_args`,
    output: "<ifm|tool_call>get_weather</ifm|tool_call>",
    calls: [call("get_weather", {}, "k2-horizon")],
    text: "",
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: without a schema, a value typed string stays a string",
    source: `${SGLANG}::TestK2V3XmlTyped::test_arg_type_string_keeps_numeric_as_string`,
    output: tagged("study_args", ["user_id", "string", "12345"]),
    calls: [call("study_args", { user_id: "12345" }, "k2-horizon")],
    text: "",
  },
  {
    name: "K2 Horizon: a reasoning block, then the section on lines of its own",
    source: `${SGLANG}::TestK2V3ReasoningPrefix::test_ifm_reasoning_prefix_is_stripped`,
    output: `<ifm|think>need lookup</ifm|think>\n<ifm|tool_calls>\n${TOKYO}\n</ifm|tool_calls>`,
    calls: [call("get_weather", { city: "Tokyo" }, "k2-horizon")],
    text: "<ifm|think>need lookup</ifm|think>\n",
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: reasoning at medium effort, <ifm|think_fast>, then a call",
    source: `${SGLANG}::TestK2V3ReasoningPrefix::test_all_three_effort_blocks_are_stripped[think_fast]`,
    output: `<ifm|think_fast>reasoning</ifm|think_fast>${TOKYO}`,
    calls: [call("get_weather", { city: "Tokyo" }, "k2-horizon")],
    text: "<ifm|think_fast>reasoning</ifm|think_fast>",
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: another model's <think> block before the call",
    source: `${SGLANG}::TestK2V3ReasoningPrefix::test_legacy_think_prefix_is_not_stripped`,
    output: `<think>legacy reasoning</think>\n${TOKYO}`,
    calls: [call("get_weather", { city: "Tokyo" }, "k2-horizon")],
    text: "<think>legacy reasoning</think>\n",
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: JSON arguments written as a string of JSON",
    source: `${SGLANG}::TestK2V3JsonDialect::test_json_arguments_as_string`,
    output: json("get_weather", JSON.stringify({ city: "Tokyo" })),
    calls: [call("get_weather", { city: "Tokyo" }, "k2-horizon")],
    text: "",
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: a JSON list in one call: its first call read, the others reported (sglang reads them all)",
    source: `${SGLANG}::TestK2V3JsonDialect::test_json_list_of_tool_calls`,
    output: `<ifm|tool_call>${JSON.stringify([
      { name: "get_weather", arguments: { city: "Tokyo" } },
      { name: "get_weather", arguments: { city: "Osaka" } },
    ])}</ifm|tool_call>`,
    calls: [call("get_weather", { city: "Tokyo" }, "k2-horizon")],
    text: "",
    errors: [{ code: "PARSE_ERROR", callIndex: 0, name: "get_weather" }],
    tools: corpusTools,
  },
  {
    name: "K2 Horizon: a section after reasoning the model never closed: the call read, the reasoning text",
    source: `${SGLANG_REASONING}::test_tool_group_implicitly_ends_malformed_reasoning`,
    output: "reasoning\n<ifm|tool_calls><ifm|tool_call>x</ifm|tool_call>",
    calls: [call("x", {}, "k2-horizon")],
    text: "reasoning\n",
  },
];
