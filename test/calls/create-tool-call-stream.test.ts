import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { createToolCallStream } from "../../src/calls/create-tool-call-stream.js";
import { closesUnopenedReasoning } from "../../src/calls/formats/reasoning.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import type { ToolCallStreamEvent } from "../../src/calls/tool-call-stream-event.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };
import { summarize } from "./model-output-corpus.js";

const tools = toolsJson as CallableTool[];

/** Feeds `chunks` to a new stream and returns every event. */
function streamEvents(chunks: string[], startsInReasoning: boolean | string = false): ToolCallStreamEvent[] {
  const stream = createToolCallStream({ tools, startsInReasoning });
  return [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.end()];
}

/** Feeds `chunks` to a new stream that delivers through `onEvent`; returns every event, and what `push`/`end` gave. */
function callbackEvents(
  chunks: string[],
  startsInReasoning: boolean | string = false,
): { events: ToolCallStreamEvent[]; returned: ToolCallStreamEvent[] } {
  const events: ToolCallStreamEvent[] = [];
  const stream = createToolCallStream({ tools, startsInReasoning, onEvent: (event) => events.push(event) });
  const returned = [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.end()];
  return { events, returned };
}

/** Pieces of every syntax the parser reads, and of text that is almost one, for the property tests. */
const fragments = fc.constantFrom(
  "<function_calls>",
  "</function_calls>",
  '<invoke name="write_file">',
  "<invoke name='get_weather'>",
  "</invoke>",
  '<parameter name="content">',
  '<parameter name="mode">',
  "<parameter name='city'>",
  "</parameter>",
  "</paramter>",
  "<![CDATA[",
  "]]>",
  "&lt;",
  "&amp;",
  '<create-file file_path="x">',
  "</create-file>",
  "<tool_call>",
  '{"name": "get_weather", "arguments": {"city": "B"}}',
  "</tool_call>",
  '{"name": "write_file", "arguments": {"content": "',
  '"}}',
  "<parameter=content>",
  "]<]minimax[>[<tool_call>",
  ']<]minimax[>[<invoke name="get_weather">',
  "]<]minimax[>[<city>",
  "]<]minimax[>[</city>",
  "]<]minimax[>[</invoke>",
  "]<]minimax[>[</tool_call>",
  "]",
  "<tool_calls:opensource><tool_call:opensource>get_weather<tool_sep:opensource>",
  "<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>",
  "</arg_value:opensource>",
  "</tool_call:opensource>",
  "</tool_calls:opensource>",
  "</think:opensource>",
  "</",
  "write_file<arg_key>content</arg_key><arg_value>",
  "</arg_value>",
  "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>",
  "<|start|>assistant",
  "<|channel|>analysis<|message|>",
  "<|call|>",
  "<｜tool▁calls▁begin｜>",
  "<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>",
  "<｜tool▁call▁end｜>",
  "<｜tool▁calls▁end｜>",
  "<|tool_calls_section_begin|>",
  "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>",
  "<|tool_call_end|>",
  "<|tool_calls_section_end|>",
  "<|",
  "<｜DSML｜function_calls>",
  "<‖DSML‖tool_calls>",
  "</｜｜DSML｜｜parameter>",
  "</‖DSML‖tool_calls>",
  '<｜DSML｜invoke name="get_weather">',
  '<｜DSML｜parameter name="city">',
  "</｜DSML｜parameter>",
  "</｜DSML｜invoke>",
  "<minimax:tool_call>",
  "<steptml:toolcall>",
  '<steptml:invoke name="get_weather">',
  '<steptml:parameter name="city">',
  "</steptml:parameter>",
  "</steptml:invoke>",
  "</steptml:toolcall>",
  "<dots_function_call>",
  "</dots_function_call>",
  "</minimax:tool_call>",
  "<function=get_weather>",
  "<function=",
  '<function name="get_weather">',
  '<param name="city">',
  "</param>",
  '{"city": "C"}',
  "</function>",
  "<parameter=city>",
  "[TOOL_CALLS]",
  "[ARGS]",
  "[CALL_ID]",
  "[TOOL_CALLS]get_weather[ARGS]",
  "<|open|>tools<|sep|>",
  '<|open|>call tool="get_weather" index="1"<|sep|>',
  '<|open|>argument key="city" type="string"<|sep|>',
  "<|close|>argument<|sep|>",
  "<|close|>call<|sep|>",
  "<|close|>tools<|sep|>",
  "<|open|>think<|sep|>",
  "<|close|>think<|sep|>",
  "[TOOL_CALLS]get_weather[CALL_ID]abc123XYZ[ARGS]",
  '{"city": "A"}',
  "get_weather",
  '{"name": "get_weather", "parameters": {"city": "C"}}',
  '{"type": "function", "function": {"name": "get_weather", "arguments": "{}"}}',
  "<|python_tag|>",
  "<|python_start|>",
  "<|tool_call>",
  "<|tool_call_start|>",
  "<|tool_call_end|>",
  "<seed:tool_call>",
  "</seed:tool_call>",
  "<seed:think>",
  "</seed:think>",
  "<|channel>thought",
  "<channel|>",
  "call:get_weather{city:",
  '<|"|>',
  "<tool_call|>",
  "<start_function_call>call:get_weather(days:2)",
  "<end_function_call>",
  "[get_weather(",
  "city='C'",
  ")]",
  "'",
  "<|python_end|>",
  "<tools>",
  "functools",
  "function call<|role_sep|>",
  "function call",
  "<|message_sep|>",
  "<|function_call|>",
  "</s>",
  "functools[",
  "fun",
  "<|START_ACTION|>",
  "<|END_ACTION|>",
  "<|START_THINKING|>",
  "<|END_THINKING|>",
  "<|action_start|><|plugin|>",
  "<|action_start|>",
  "[THINK]",
  "[/THINK]",
  "<|tools_prefix|>",
  "<|tools_suffix|>",
  "<|inner_prefix|>",
  "<|inner_suffix|>",
  '[{"get_weather": {"city": "A"}}]',
  "<|action_end|>",
  "<tool_calls>",
  "</tool_calls>",
  "<TOOLCALL>",
  "</TOOLCALL>",
  "[]",
  "<longcat_tool_call>",
  "<|tool_call|>",
  "<|/tool_call|>",
  "</tools>",
  "<function>",
  "<function_calls>\n",
  "get_weather(city='C')",
  "\nget_weather(days=null)",
  "<function-call>",
  "</function_call>",
  "```json\n",
  "```",
  "`",
  ";",
  "{",
  "}",
  "[",
  "]",
  '"',
  "\\",
  "<b>",
  "<think>",
  "</think>",
  "<thinking>",
  "</thinking>",
  "</",
  "<",
  ">",
  " ",
  "\n",
  "12",
  "text",
  // This session's syntaxes: a Hermes call's opening read early, Step 3's section, Granite 20B's repeated wrapper.
  '{"name": "get_weather", ',
  '"arguments": {"city": "',
  '{"id": "c1", ',
  ', "id": "late"}',
  "<｜tool_calls_begin｜>",
  "<｜tool_call_begin｜>function<｜tool_sep｜>",
  "<｜tool_call_begin｜>",
  "<｜tool_call_end｜>",
  "<｜tool_calls_end｜>",
  "<function_call>",
  // Markers in prose: Functionary v3.2's recipients, Command R+'s action, functools after prose.
  ">>>",
  ">>>get_weather\n",
  ">>>all\n",
  ">>>python\n",
  "all\n",
  "get_weather\n{",
  "Action: ```json\n",
  '[{"tool_name": "get_weather", "parameters": ',
  "directly_answer",
  " functools[",
);

/** Model output made of those pieces and short random strings. */
const modelOutputs = fc
  .array(fc.oneof(fragments, fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((parts) => parts.join(""));

/** Blocks whose first call is announced from its opening, then end as it said, otherwise, or not at all. */
const announcedBlocks = fc
  .tuple(
    fc.constantFrom("<tool_call>", "<tool_calls>", "<tool_call>\n"),
    fc.constantFrom(
      '{"name": "get_weather", "arguments": ',
      '{"id": "c1", "name": "get_weather", "arguments": ',
      '[{"name": "get_weather", "arguments": ',
      "<function=get_weather>",
      "get_weather\n<arg_key>",
    ),
    fc.array(
      fc.constantFrom(
        '{"city": "A"}',
        "}",
        "]",
        ', "id": "late"}',
        " oops",
        '\n{"name": "write_file", "arguments": {}}',
        ', {"name": "write_file", "arguments": ',
        '{"path": "}"}}',
        "city</arg_key><arg_value>A</arg_value>",
      ),
      { maxLength: 5 },
    ),
    fc.constantFrom("</tool_call>", "</tool_calls>", ""),
  )
  .map(([opener, opening, rest, closer]) => `${opener}${opening}${rest.join("")}${closer}`);

/** Model output made of such blocks among the other pieces. */
const outputsWithAnnouncedBlocks = fc
  .array(fc.oneof(announcedBlocks, fragments, fc.string({ maxLength: 3 })), { maxLength: 8 })
  .map((parts) => parts.join(""));

/** Any model output the property tests read. */
const anyOutput = fc.oneof(modelOutputs, outputsWithAnnouncedBlocks);

/** Splits `text` at the given cut points. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((left, right) => left - right);
  const chunks: string[] = [];
  let previous = 0;
  for (const point of [...points, text.length]) {
    chunks.push(text.slice(previous, point));
    previous = point;
  }
  return chunks;
}

const samples = [
  'Hi <b>x</b> a < b && c\n```xml\n<function_calls>\n<invoke name="write_file">\n<parameter name="path">0123</parameter>\n<parameter name="content">\nif (a < b) { s = "</parameter>"; }\n</parameter>\n<parameter name="mode">5</parameter>\n</invoke>\n<invoke name=\'get_weather\'><parameter name=\'ctiy\'>a</paramter>\n<parameter name="days"><![CDATA[3]]></parameter></invoke>\n</function_calls>\n```\nthen',
  'x <create-file file_path="a.py">print(1) ]]> </create-fil </create-file> y <tool_call>{"name": "get_weather", "arguments": {"city": "Q"}}</tool_call> z',
  '<str-replace file_path="f"><old_str>a</old_str><new_str>b</new_str></str-replace><function_calls>junk<invoke name="nope"><parameter name="v">&lt;&amp;</parameter></function_calls>',
  '<function_calls><invoke name="write_file"><parameter name="content"><![CDATA[ ]]]]> </parameter></invoke> ]]></parameter></invoke></function_calls>',
  '<function_calls><invoke name="write_file"><parameter name="content">a</parameter>   </parameter>\n</parameter>\n<invoke name="get_weather">',
  '<tool_call>{"name": "get_weather", "arguments": {"city": "</tool_cal"}}</tool_call></tool_call><function_calls',
  'A <tool_call>\n<function=write_file>\n<parameter=path>\na &amp; b\n</parameter>\n<parameter=content>\nx = "</parameter>"\n</parameter>\n<parameter=mode>\n5\n</function>\n<function=get_weather>\n<parameter=city>Q</parameter>\n</tool_call> B',
  "Fetching.\n\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n<function=get_weather>\n<parameter=city>Rome</parameter>\n</function>\n</tool_cal",
  '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">x = "</parameter>"</parameter>\n</minimax:tool_call> after',
  '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_file">\n<｜DSML｜parameter name="content" string="true">x = "</｜DSML｜parameter>"</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls',
  'A <|tool_calls_section_begin|> <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> {"city": "K"} <|tool_call_end|> <|tool_calls_section_end|> B <|im_end|>',
  'C <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "D"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
  '<|channel|>analysis<|message|>Weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "H"}<|call|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "I"}',
  "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Q</arg_value>\n<arg_key>days</arg_key><arg_value>3</arg_value></tool_call><tool_call>get_weather</tool_call>",
  '```json\n{"name": "get_weather", "arguments": {"city": "F"}}\n{"name": "get_weather", "parameters": {"city": "G"}}\n```\nDone [TOOL_CALLS]get_weather[ARGS]{"city": "M}"} and [TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "N"}}] see [docs](u) [TOOL_CALLS] no',
  '<|python_tag|>{"name": "get_weather", "parameters": {"city": "L"}}; {"name": "nope"} tail',
  '<|python_start|>{"name": "get_weather", "parameters": {"city": "V"}}\n<|python_end|><|python_end|>',
  '<tools>\n[{"name": "get_weather", "arguments": {"city": "</tools>"}}]\n</tools></tools><function>{"name": "get_weather"}</function>',
  '<function> {"name": "get_weather", "arguments": {}} ; {"name": "get_weather", "arguments": {"city": "E"}}\n</functio',
  "[get_weather(city='W]', days=2), get_weather(city=\"Z\")] after [get_weather(city='no')]",
  'G <|tool_call>call:get_weather{city:<|"|>}<tool_call|><|"|>,days:[1,{a:null}]}<tool_call|> H <|tool_call>junk<tool_call|><start_function_call>call:get_weather{city:<escape>E<escape>}<end_function_call><|tool_call>call:get_weather{',
  'Now <function=get_weather>{"city": "}", "days": [2]}</function>\n</tool_call><tool_call><function=get_weather> {"city": "Y"}\n</function></tool_call>',
  'I <|tool_call_start|>[get_weather(city="<|tool_call_end|>", days=2)]<|tool_call_end|> J <|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "K"}}]<|tool_call_end|><|tool_call_start|>no<|tool_call_end|><|tool_call_start|>[get_weather(',
  'K <function_calls>\n  get_weather(city="</function_calls>", days=true)\nget_weather(city=\'L\')\n</function_calls> M <function_calls> \n<invoke name="get_weather"></invoke></function_calls><function_calls>no</function_calls><function_calls>\nget_weather(',
  'N <tool_calls>\n[{"name": "get_weather", "arguments": {"city": "</tool_calls>"}}]</tool_calls><tool_calls> x </tool_calls><longcat_tool_call>{"name": "get_weather"}</longcat_tool_call><|tool_call|>[{"name": "get_weather"}]<tool_call>{"name": "get_weather", "arguments": {}}',
  '<|START_THINKING|>x<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "<|END_ACTION|>"}}]<|END_ACTION|><|action_start|><|plugin|>{"name": "get_weather"}<|action_end|><|action_start|><|interpreter|>x<|action_end|><|action_start|><|plugin|>{',
  'O <function name="get_weather"><param name="city"><![CDATA[</function>]]></param></function></tool_call><function name=\'nope\'></function><function name="get_weather"><param name="days">2</param>',
  '<think>x</think>\n[{"name": "get_weather", "arguments": {"city": "T"}}][TOOL_CALLS]get_weather[CALL_ID]abc123XYZ{"city": "U"',
  '<|inner_prefix|>x<|inner_suffix|>P <|tools_prefix|>[{"get_weather": {"city": "<|tools_suffix|>"}}, {"get_weather": "{}"}]<|tools_suffix|><|tools_prefix|>[]<|tools_suffix|><|tools_prefix|>[{"a": 1, "b": 2}]<|tools_suffix|><|tools_prefix|>[{"get_weather": {',
  'R <function=write_file><parameter=content>a </function> b</parameter></function> S <function=write_file><parameter=content>c</function>\n<function=get_weather><parameter=city>T</parameter></function> <function=write_file>{"content": "</function>"}</function>',
  'Q <TOOLCALL>[{"name": "get_weather", "arguments": {"city": "</TOOLCALL>"}}, {"name": "get_weather", "arguments": {}}]</TOOLCALL><TOOLCALL>[]</TOOLCALL><TOOLCALL> no </TOOLCALL>',
  'all\nV >>>get_weather\n{"city": ">>>"}>>>all\nW >>> x>>>python\nprint(1)>>>get_weather\n{"city": "X", "days": 2}\n>>>get_weather\n{"ci',
  'Plan: Y\nAction: ```json\n[{"tool_name": "directly_answer", "parameters": {}}, {"tool_name": "get_weather", "parameters": {"city": "```"}}]\n``` Z functools[{"name": "get_weather", "arguments": {}}] functools[0] Action: ```json\n[{"tool_name": "get_weather", "parameters": {',
];

describe("createToolCallStream", () => {
  test("emits text, start, growing deltas and the call as soon as the invoke closes", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push('Ok <function_calls><invoke name="get_weather"><parameter name="city">Pa')).toEqual([
      { type: "text", delta: "Ok " },
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: "Pa", parameter: "city" },
    ]);
    expect(stream.push("ris</parameter></inv")).toEqual([
      { type: "tool-call-delta", id: "call_0", argumentsDelta: "ris", parameter: "city" },
    ]);
    expect(stream.push("oke>")).toEqual([
      { type: "tool-call", call: { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "xml" } },
    ]);
    expect(stream.push("</function_calls> bye")).toEqual([{ type: "text", delta: " bye" }]);
    expect(stream.end()).toEqual([]);
  });

  test.each([
    {
      name: "a legacy tag: start at the opening tag, deltas of its content, the call at its closing tag",
      chunks: ['<create-file file_path="a.py">pri', "nt(1)</create-", "file>"],
      want: [
        [
          { type: "tool-call-start", id: "call_0", name: "create_file" },
          { type: "tool-call-delta", id: "call_0", argumentsDelta: "pri" },
        ],
        [{ type: "tool-call-delta", id: "call_0", argumentsDelta: "nt(1)" }],
        [
          {
            type: "tool-call",
            call: {
              id: "call_0",
              name: "create_file",
              arguments: { file_path: "a.py", file_contents: "print(1)" },
              format: "legacy-xml",
            },
          },
        ],
      ],
    },
    {
      name: "a Hermes call: start once its name and arguments key are in, its JSON as it arrives, the call at the close",
      chunks: ['<tool_call>\n{"name": "get_weather", ', '"arguments": {"ci', 'ty": "A"}}\n', "</tool_call>"],
      want: [
        [],
        [
          { type: "tool-call-start", id: "call_0", name: "get_weather" },
          { type: "tool-call-delta", id: "call_0", argumentsDelta: '{"name": "get_weather", "arguments": {"ci' },
        ],
        [{ type: "tool-call-delta", id: "call_0", argumentsDelta: 'ty": "A"}}' }],
        [
          {
            type: "tool-call",
            call: { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" },
          },
        ],
      ],
    },
    {
      name: "a Hermes call whose id comes first starts under that id",
      chunks: ['<tool_call>{"id": "c7", "name": "get_weather", "arguments": {', '"city": "A"}}</tool_call>'],
      want: [
        [
          { type: "tool-call-start", id: "c7", name: "get_weather" },
          { type: "tool-call-delta", id: "c7", argumentsDelta: '{"id": "c7", "name": "get_weather", "arguments": {' },
        ],
        [
          { type: "tool-call-delta", id: "c7", argumentsDelta: '"city": "A"}}' },
          { type: "tool-call", call: { id: "c7", name: "get_weather", arguments: { city: "A" }, format: "hermes" } },
        ],
      ],
    },
    {
      name: "a second JSON call in the block streams once its opening is in; a call in another order comes at the close",
      chunks: [
        '<tool_call>{"name": "get_weather", "arguments": {"city": "A"}}\n{"name": "get_weather", "argu',
        'ments": {"city": "B"}}</tool_call><tool_call>{"arguments": {"city": "C"}, ',
        '"name": "get_weather"}</tool_call>',
      ],
      want: [
        [
          { type: "tool-call-start", id: "call_0", name: "get_weather" },
          {
            type: "tool-call-delta",
            id: "call_0",
            argumentsDelta: '{"name": "get_weather", "arguments": {"city": "A"}}',
          },
        ],
        [
          { type: "tool-call-start", id: "call_1", name: "get_weather" },
          {
            type: "tool-call-delta",
            id: "call_1",
            argumentsDelta: '{"name": "get_weather", "arguments": {"city": "B"}}',
          },
          {
            type: "tool-call",
            call: {
              id: "call_0",
              name: "get_weather",
              arguments: { city: "A" },
              format: "hermes",
            },
          },
          {
            type: "tool-call",
            call: {
              id: "call_1",
              name: "get_weather",
              arguments: { city: "B" },
              format: "hermes",
            },
          },
        ],
        [
          { type: "tool-call-start", id: "call_2", name: "get_weather" },
          {
            type: "tool-call-delta",
            id: "call_2",
            argumentsDelta: '{"arguments": {"city": "C"}, "name": "get_weather"}',
          },
          {
            type: "tool-call",
            call: { id: "call_2", name: "get_weather", arguments: { city: "C" }, format: "hermes" },
          },
        ],
      ],
    },
    {
      name: "a Qwen3-Coder call in <tool_call>: start at its whole <function=name>, its text as it arrives, the call at the block's end",
      chunks: [
        "<tool_call>\n<function=get_wea",
        "ther>\n<parameter=city>\nPa",
        "ris\n</parameter>\n</function>\n<function=get_weather><parameter=city>B</parameter></function>",
        "\n</tool_call>",
      ],
      want: [
        [],
        [
          { type: "tool-call-start", id: "call_0", name: "get_weather" },
          { type: "tool-call-delta", id: "call_0", argumentsDelta: "<function=get_weather>\n<parameter=city>\nPa" },
        ],
        // The first call's text ends at its </function>; a second call in the block is reported whole at the end.
        [{ type: "tool-call-delta", id: "call_0", argumentsDelta: "ris\n</parameter>\n</function>" }],
        [
          {
            type: "tool-call",
            call: { id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "hermes" },
          },
          { type: "tool-call-start", id: "call_1", name: "get_weather" },
          {
            type: "tool-call-delta",
            id: "call_1",
            argumentsDelta: "<function=get_weather><parameter=city>B</parameter></function>",
          },
          {
            type: "tool-call",
            call: { id: "call_1", name: "get_weather", arguments: { city: "B" }, format: "hermes" },
          },
        ],
      ],
    },
  ])("$name", ({ chunks, want }) => {
    const stream = createToolCallStream({ tools });
    expect(chunks.map((chunk) => stream.push(chunk))).toEqual(want);
    expect(stream.end()).toEqual([]);
  });

  test.each([
    ["MiniMax-M1's <tool_calls>, one object per line", "tool_calls", "\n", "\n", "\n"],
    ["Hunyuan's <tool_calls>, an array", "tool_calls", "[", ", ", "]"],
    ["Nemotron's <TOOLCALL>, an array", "TOOLCALL", "[", ", ", "]"],
  ])("%s: each call streams from its opening, the calls come at the close", (_name, tag, open, between, close) => {
    const stream = createToolCallStream({ tools });
    expect(stream.push(`<${tag}>${open}{"name": "get_weather", "arguments": {"ci`)).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: '{"name": "get_weather", "arguments": {"ci' },
    ]);
    expect(stream.push(`ty": "A"}}${between}{"name": "get_weather", "arguments": {"ci`)).toEqual([
      { type: "tool-call-delta", id: "call_0", argumentsDelta: 'ty": "A"}}' },
      { type: "tool-call-start", id: "call_1", name: "get_weather" },
      { type: "tool-call-delta", id: "call_1", argumentsDelta: '{"name": "get_weather", "arguments": {"ci' },
    ]);
    expect(stream.push(`ty": "B"}}${close}</${tag}>`)).toEqual([
      { type: "tool-call-delta", id: "call_1", argumentsDelta: 'ty": "B"}}' },
      { type: "tool-call", call: { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" } },
      { type: "tool-call", call: { id: "call_1", name: "get_weather", arguments: { city: "B" }, format: "hermes" } },
    ]);
    expect(stream.end()).toEqual([]);
  });

  test.each([
    ["Qwen3-Coder", "<function=get_weather><parameter=city>Pa"],
    ["Hermes", '{"name": "get_weather", "arguments": {"city": "Pa'],
  ])("an announced %s call cut off ends in an UNTERMINATED_CALL naming its tool", (_syntax, callText) => {
    const stream = createToolCallStream({ tools });
    expect(stream.push(`<tool_call>${callText}`)).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: callText },
    ]);
    expect(stream.end()).toEqual([
      {
        type: "error",
        error: {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <tool_call>; a call that did not close is not run",
          name: "get_weather",
          callId: "call_0",
        },
      },
    ]);
  });

  test("a Hermes call whose id follows its arguments is withdrawn, then announced again under that id", () => {
    const events = streamEvents([
      '<tool_call>{"name": "get_weather", "arguments": {"city": "A"}',
      ', "id": "late"}</tool_call>',
    ]);
    expect(events).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: '{"name": "get_weather", "arguments": {"city": "A"}' },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: ', "id": "late"}' },
      withdrawal("call_0"),
      { type: "tool-call-start", id: "late", name: "get_weather" },
      {
        type: "tool-call-delta",
        id: "late",
        argumentsDelta: '{"name": "get_weather", "arguments": {"city": "A"}, "id": "late"}',
      },
      { type: "tool-call", call: { id: "late", name: "get_weather", arguments: { city: "A" }, format: "hermes" } },
    ]);
    // Read in one piece, the call was never started: the one-shot parser gives it, and no error.
    const whole = '<tool_call>{"name": "get_weather", "arguments": {"city": "A"}, "id": "late"}</tool_call>';
    expect(parseToolCalls(whole, { tools }).errors).toEqual([]);
  });

  test("an announced Hermes call whose block holds no call once read whole is withdrawn by an error naming it", () => {
    const text =
      '<tool_call>{"name": "get_weather", "arguments": {}} oops</tool_call><tool_call>{"name": "get_weather", "arguments": {"city": "B"}}</tool_call>';
    const events = streamEvents([text]);
    const withdrawn =
      'The call announced as call_0 ("get_weather") is not what the block holds once read whole; it holds no call';
    expect(events.slice(0, 3)).toMatchObject([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: '{"name": "get_weather", "arguments": {}}' },
      {
        type: "error",
        error: { code: "PARSE_ERROR", message: expect.stringContaining(withdrawn), name: "get_weather" },
      },
    ]);
    // The block's own reading error follows, and the next call starts under the id left unused.
    expect(events.slice(3).map((event) => event.type)).toEqual([
      "error",
      "tool-call-start",
      "tool-call-delta",
      "tool-call",
    ]);
    expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
  });

  test("a Hermes call streamed a character at a time: one start, deltas that add up to its object, one call", () => {
    const text =
      '<tool_call>\n{"name": "write_file", "arguments": {"path": "a.py", "content": "if x: print(\\"}\\")"}}\n</tool_call>';
    const events = streamEvents([...text]);
    expect(events.filter((event) => event.type === "tool-call-start")).toEqual([
      { type: "tool-call-start", id: "call_0", name: "write_file" },
    ]);
    const deltas = events.flatMap((event) => (event.type === "tool-call-delta" ? [event.argumentsDelta] : []));
    expect(deltas.join("")).toBe(text.slice("<tool_call>\n".length, -"\n</tool_call>".length));
    expect(summarize(events).calls).toEqual(parseToolCalls(text, { tools }).calls);
    expect(summarize(events).calls[0]?.arguments).toEqual({ path: "a.py", content: 'if x: print("}")' });
  });

  test("a </tool_call> written in a JSON string streams as the value's text, a character at a time or whole", () => {
    const text =
      '<tool_call>{"name": "write_file", "arguments": {"path": "a.md", "content": "end with </tool_call>"}}</tool_call>';
    for (const chunks of [[...text], [text]]) {
      const events = streamEvents(chunks);
      const deltas = events.flatMap((event) => (event.type === "tool-call-delta" ? [event.argumentsDelta] : []));
      expect(deltas.join("")).toBe(text.slice("<tool_call>".length, -"</tool_call>".length));
      expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
      expect(summarize(events).calls[0]?.arguments).toEqual({ path: "a.md", content: "end with </tool_call>" });
    }
  });

  test("a GLM call streams from its first <arg_key>: one start, deltas that add up to its body, the call at the close", () => {
    const body = "get_weather\n<arg_key>city</arg_key>\n<arg_value>if (a) { b(); }</arg_value>\n";
    const text = `<tool_call>${body}</tool_call>`;
    const events = streamEvents([...text]);
    const startAt = events.findIndex((event) => event.type === "tool-call-start");
    expect(events[startAt]).toEqual({ type: "tool-call-start", id: "call_0", name: "get_weather" });
    const deltas = events.flatMap((event) => (event.type === "tool-call-delta" ? [event.argumentsDelta] : []));
    expect(deltas.join("")).toBe(body);
    expect(deltas.length).toBeGreaterThan(10);
    expect(events.at(-1)).toEqual({
      type: "tool-call",
      call: { id: "call_0", name: "get_weather", arguments: { city: "if (a) { b(); }" }, format: "hermes" },
    });
    // A call without arguments has no <arg_key> to announce it before the close.
    const stream = createToolCallStream({ tools });
    expect(stream.push("<tool_call>get_weather\n")).toEqual([]);
    expect(stream.push("</tool_call>").map((event) => event.type)).toContain("tool-call-start");
  });

  test("a Kimi K2 section: each call starts once its id is whole, streams to its end marker, the calls come at the close", () => {
    const first = ' functions.get_weather:0 <|tool_call_argument_begin|> {"city": "K"} ';
    const second = 'functions.write_file:1<|tool_call_argument_begin|>{"path": "a.md", "content": "<b>x</b>"}';
    const text = `<|tool_calls_section_begin|><|tool_call_begin|>${first}<|tool_call_end|>\n<|tool_call_begin|>${second}<|tool_call_end|><|tool_calls_section_end|>`;
    const events = streamEvents([...text]);
    expect(events.filter((event) => event.type !== "tool-call-delta")).toEqual([
      { type: "tool-call-start", id: "functions.get_weather:0", name: "get_weather" },
      { type: "tool-call-start", id: "functions.write_file:1", name: "write_file" },
      {
        type: "tool-call",
        call: { id: "functions.get_weather:0", name: "get_weather", arguments: { city: "K" }, format: "kimi" },
      },
      {
        type: "tool-call",
        call: {
          id: "functions.write_file:1",
          name: "write_file",
          arguments: { path: "a.md", content: "<b>x</b>" },
          format: "kimi",
        },
      },
    ]);
    const deltasOf = (id: string) =>
      events.flatMap((event) => (event.type === "tool-call-delta" && event.id === id ? [event.argumentsDelta] : []));
    expect(deltasOf("functions.get_weather:0").join("")).toBe(first);
    expect(deltasOf("functions.write_file:1").join("")).toBe(second);
  });

  test("a DeepSeek V3 call starts once the line naming it ends, not at its separator", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_wea")).toEqual([]);
    expect(stream.push('ther\n```json\n{"ci')).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: 'function<｜tool▁sep｜>get_weather\n```json\n{"ci' },
    ]);
  });

  test("a Gemma 4 call starts once call:name{ is read, and its arguments stream to their closing brace", () => {
    const stream = createToolCallStream({ tools });
    expect(stream.push("Sure. <|tool_call>call:get_wea")).toEqual([{ type: "text", delta: "Sure. " }]);
    expect(stream.push('ther{city:<|"|>Paris {')).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-delta", id: "call_0", argumentsDelta: '{city:<|"|>Paris {' },
    ]);
    expect(stream.push('x}<|"|>,days:3}<tool_call|> and')).toEqual([
      { type: "tool-call-delta", id: "call_0", argumentsDelta: 'x}<|"|>,days:3}' },
      {
        type: "tool-call",
        call: { id: "call_0", name: "get_weather", arguments: { city: "Paris {x}", days: 3 }, format: "gemma" },
      },
      { type: "text", delta: " and" },
    ]);
  });

  test("the calls of one Gemma block each stream their own arguments, a character at a time or whole", () => {
    const first = '{city:<|"|>A<|"|>}';
    const second = '{path:<|"|>a.md<|"|>,content:<|"|>} }<|"|>}';
    const text = `<|tool_call>call:get_weather${first} call:write_file${second}<tool_call|><start_function_call>call:get_weather(city:<escape>B<escape>)<end_function_call>`;
    for (const chunks of [[...text], [text]]) {
      const events = streamEvents(chunks);
      expect(callTexts(events)).toEqual([
        ["call_0", first],
        ["call_1", second],
        ["call_2", "(city:<escape>B<escape>)"],
      ]);
      // The second call starts before the first call's block closes.
      const types = events.map((event) => event.type);
      expect(types.indexOf("tool-call-start", 2)).toBeLessThan(types.indexOf("tool-call"));
      expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
    }
  });

  test("LFM2's and OLMo's pythonic calls each start once name( is read, and stream to their closing parenthesis", () => {
    const first = 'get_weather(city="Pa)ris", days=3)';
    const second = 'write_file(path=\'a.md\', content="x\\")")';
    const lfm = `A <|tool_call_start|>[${first}, ${second}]<|tool_call_end|> B`;
    const olmo = `<function_calls>\n${first}\nget_weather(city='Oslo')\n</function_calls>`;
    for (const [text, texts] of [
      [lfm, [first, second]],
      [olmo, [first, "get_weather(city='Oslo')"]],
    ] as const) {
      for (const chunks of [[...text], [text]]) {
        const events = streamEvents(chunks);
        expect(callTexts(events)).toEqual([
          ["call_0", texts[0]],
          ["call_1", texts[1]],
        ]);
        const types = events.map((event) => event.type);
        expect(types.indexOf("tool-call-start", 2)).toBeLessThan(types.indexOf("tool-call"));
        expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
      }
    }
    expect(parseToolCalls(lfm, { tools }).calls.map((call) => call.arguments)).toEqual([
      { city: "Pa)ris", days: 3 },
      { path: "a.md", content: 'x")' },
    ]);
  });

  test("Cohere's, InternLM's and Apertus' call objects each start once they name their tool, and stream to their brace", () => {
    const cohere = [
      '{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Pa}ris"}}',
      '{"tool_call_id": "1", "tool_name": "write_file", "parameters": {"path": "a.md", "content": "{x}"}}',
    ];
    // Apertus writes `{"tool": {arguments}}`, or calls as other models write them (one form per block).
    const apertus = ['{"get_weather": {"city": "Bern"}}', '{"write_file": {"path": "a.md", "content": "}"}}'];
    const named = '{"name": "write_file", "arguments": {"path": "a.md"}}';
    const internlm = '{"name": "get_weather", "parameters": {"city": "Oslo"}}';
    for (const [text, texts] of [
      [
        `A <|START_ACTION|>[\n  ${cohere.join(",\n  ")}\n]<|END_ACTION|> B`,
        [
          ["0", cohere[0]],
          ["1", cohere[1]],
        ],
      ],
      [
        `<|tools_prefix|>[${apertus.join(", ")}]<|tools_suffix|><|tools_prefix|>[${named}]<|tools_suffix|>`,
        [
          ["call_0", apertus[0]],
          ["call_1", apertus[1]],
          ["call_2", named],
        ],
      ],
      [`<|action_start|><|plugin|>\n${internlm}<|action_end|>`, [["call_0", internlm]]],
    ] as const) {
      for (const chunks of [[...text], [text]]) {
        const events = streamEvents(chunks);
        expect(callTexts(events)).toEqual(texts);
        expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
      }
      // Each call starts before its block closes.
      const beforeClose = streamEvents([...text.slice(0, text.lastIndexOf("<|"))]);
      expect(beforeClose.flatMap((event) => (event.type === "tool-call-start" ? [event.id] : []))).toEqual(
        texts.map(([id]) => id),
      );
    }
    // Cohere's id is the one written; a number is no id, and the call gets one.
    const numbered =
      '<|START_ACTION|>[{"tool_call_id": 0, "tool_name": "get_weather", "parameters": {}}]<|END_ACTION|>';
    expect(callTexts(streamEvents([...numbered]))).toEqual([["call_0", numbered.slice(17, -15)]]);
  });

  test("calls written in another order, and InternLM's code interpreter, come whole when their block closes", () => {
    const reordered =
      '<|START_ACTION|>[{"tool_name": "get_weather", "tool_call_id": "0", "parameters": {"city": "A"}}]<|END_ACTION|>';
    const interpreter = "<|action_start|><|interpreter|>\nprint({1})<|action_end|>";
    for (const text of [reordered, interpreter]) {
      const stream = createToolCallStream({ tools });
      expect(stream.push(text.slice(0, -1)).filter((event) => event.type === "tool-call-start")).toEqual([]);
      expect(summarize(streamEvents([...text]))).toEqual(parseToolCalls(text, { tools }));
    }
    expect(parseToolCalls(reordered, { tools }).calls.map(({ id, name }) => [id, name])).toEqual([
      ["0", "get_weather"],
    ]);
  });

  test("a call object ends at the same bracket whatever the split, also at a ] where its } was due", () => {
    const call = '{"tool_call_id": "1", "tool_name": "get_weather", "parameters": <|tools_prefix|>\n<|tools_suffix|>]';
    const text = `<|START_ACTION|>${call}"arguments"{"name": "get_weather"}<|END_ACTION|>`;
    for (const chunks of [[...text], [text], text.match(/[\s\S]{1,3}/g) ?? []]) {
      expect(callTexts(streamEvents(chunks))).toEqual([["1", call]]);
    }
  });

  test("a Cohere block that turns out not to hold calls withdraws the call it announced", () => {
    const text =
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "A"}}, oops]<|END_ACTION|>';
    const events = streamEvents([...text]);
    expect(events.filter((event) => event.type === "tool-call-start")).toEqual([
      { type: "tool-call-start", id: "0", name: "get_weather" },
    ]);
    expect(events.filter((event) => event.type === "error").map((event) => event.error.message)).toEqual([
      'The call announced as 0 ("get_weather") is not what the block holds once read whole; it holds no call',
      expect.stringMatching(/^<\|START_ACTION\|> does not hold \{"name": \.\.\., "arguments": \.\.\.\}/),
    ]);
    expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
  });

  test("an LFM2 list that turns out not to be calls withdraws the call it announced", () => {
    const text = '<|tool_call_start|>[get_weather(city="A"), oops]<|tool_call_end|>';
    const events = streamEvents([...text]);
    expect(events.map((event) => event.type)).toContain("tool-call-start");
    expect(events.filter((event) => event.type === "error").map((event) => event.error.message)).toEqual([
      'The call announced as call_0 ("get_weather") is not what the block holds once read whole; it holds no call',
      '<|tool_call_start|> holds neither a pythonic call list nor call objects: [get_weather(city="A"), oops]',
    ]);
    expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
  });

  test.each([
    ["a <tool_call> array", (calls: string[]) => `<tool_call>[${calls.join(", ")}]</tool_call>`],
    ["a <tool_calls> of one object per line", (calls: string[]) => `<tool_calls>\n${calls.join("\n")}\n</tool_calls>`],
    [
      "a Gemma block",
      (calls: string[]) => `<|tool_call>${calls.map(() => 'call:get_weather{city:<|"|>A<|"|>}').join(" ")}<tool_call|>`,
    ],
    [
      "an LFM2 list",
      (calls: string[]) =>
        `<|tool_call_start|>[${calls.map(() => 'get_weather(city="A")').join(", ")}]<|tool_call_end|>`,
    ],
    [
      "a Cohere action",
      (calls: string[]) =>
        `<|START_ACTION|>[${calls.map((_, index) => `{"tool_call_id": "${index}", "tool_name": "get_weather", "parameters": {"city": "A"}}`).join(",\n")}]<|END_ACTION|>`,
    ],
    ["an Apertus block", (calls: string[]) => `<|tools_prefix|>[${calls.join(", ")}]<|tools_suffix|>`],
  ])(
    "%s holding 20,000 calls is read whole, at once or in pieces (no call reads the next one recursively)",
    (_, write) => {
      const text = write(Array.from({ length: 20_000 }, () => '{"name": "get_weather", "arguments": {"city": "A"}}'));
      const oneShot = parseToolCalls(text, { tools });
      expect(oneShot.calls).toHaveLength(20_000);
      expect(oneShot.errors).toEqual([]);
      const pieces = text.match(/[\s\S]{1,4096}/g) ?? [];
      expect(summarize(streamEvents(pieces)).calls).toEqual(oneShot.calls);
    },
  );

  test("a section call whose name comes after 300 characters is not announced, whether its text comes whole or not", () => {
    // Its argument marker ends past 300 characters: a piece of text that brings it whole does not announce it either.
    const text = `<|tool_calls_section_begin|><|tool_call_begin|>${"x".repeat(285)}<|tool_call_argument_begin|>{"city": "A"`;
    expect(summarize(streamEvents([...text]))).toEqual(parseToolCalls(text, { tools }));
    expect(streamEvents([text]).map((event) => event.type)).toEqual(["error"]);
  });

  test("a section call that ends before it names its tool, and every call after it, come whole at the close", () => {
    const text =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "L"}<|tool_call_end|><|tool_calls_section_end|>';
    const stream = createToolCallStream({ tools });
    expect(stream.push(text.slice(0, -"<|tool_calls_section_end|>".length))).toEqual([]);
    expect(summarize(streamEvents([...text]))).toEqual(parseToolCalls(text, { tools }));
  });

  test("a Harmony message to a tool starts once its header is read, and its JSON streams to its <|call|>", () => {
    const stream = createToolCallStream({ tools });
    expect(
      stream.push("<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>"),
    ).toEqual([{ type: "tool-call-start", id: "call_0", name: "get_weather" }]);
    expect(stream.push('{"city": "Os')).toEqual([
      { type: "tool-call-delta", id: "call_0", argumentsDelta: '{"city": "Os' },
    ]);
    expect(stream.push('lo"}<|call|>')).toEqual([
      { type: "tool-call-delta", id: "call_0", argumentsDelta: 'lo"}' },
      {
        type: "tool-call",
        call: { id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "harmony" },
      },
    ]);
    expect(stream.end()).toEqual([]);
  });

  test("format hermes leaves XML blocks as text", () => {
    const stream = createToolCallStream({ tools, format: "hermes" });
    const given = '<function_calls><invoke name="get_weather"></invoke></function_calls>';
    expect([...stream.push(given), ...stream.end()]).toEqual([{ type: "text", delta: given }]);
  });

  test("a <tool_call> block holding two calls gives each its start and its own text as it arrives, then the calls", () => {
    const first = { name: "get_weather", arguments: { city: "A" } };
    const second = { name: "get_weather", arguments: { city: "B" } };
    const events = streamEvents([`<tool_call>[${JSON.stringify(first)},`, ` ${JSON.stringify(second)}]</tool_call>`]);
    expect(events.map((event) => [event.type, "id" in event ? event.id : undefined])).toEqual([
      ["tool-call-start", "call_0"],
      ["tool-call-delta", "call_0"],
      ["tool-call-start", "call_1"],
      ["tool-call-delta", "call_1"],
      ["tool-call", undefined],
      ["tool-call", undefined],
    ]);
    expect(events[1]).toMatchObject({ argumentsDelta: JSON.stringify(first) });
    expect(events[3]).toMatchObject({ argumentsDelta: JSON.stringify(second) });
    expect(events[5]).toMatchObject({ call: { id: "call_1", arguments: { city: "B" } } });
  });

  test("a block cut off after two announced calls ends each in an UNTERMINATED_CALL naming it", () => {
    const events = streamEvents([
      '<tool_calls>[{"name": "get_weather", "arguments": {}}, {"name": "write_file", "arguments": {"pa',
    ]);
    expect(events.filter((event) => event.type === "error")).toEqual(
      ["get_weather", "write_file"].map((name, index) => ({
        type: "error",
        error: {
          code: "UNTERMINATED_CALL",
          message: "The output ended inside <tool_calls>; a call that did not close is not run",
          name,
          callId: `call_${index}`,
        },
      })),
    );
  });

  test("a second announced call the block, read whole, does not give is withdrawn; the first is kept", () => {
    const text =
      '<tool_calls>[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "get_weather", "arguments": {}, "id": "late"}]</tool_calls>';
    const events = streamEvents([...text]);
    expect(events.filter((event) => event.type !== "tool-call-delta")).toEqual([
      { type: "tool-call-start", id: "call_0", name: "get_weather" },
      { type: "tool-call-start", id: "call_1", name: "get_weather" },
      withdrawal("call_1"),
      { type: "tool-call", call: { id: "call_0", name: "get_weather", arguments: { city: "A" }, format: "hermes" } },
      { type: "tool-call-start", id: "late", name: "get_weather" },
      { type: "tool-call", call: { id: "late", name: "get_weather", arguments: {}, format: "hermes" } },
    ]);
    expect(summarize(events)).toEqual(parseToolCalls(text, { tools }));
  });

  test("a truncated stream ends with an UNTERMINATED_CALL error event", () => {
    const events = streamEvents(['<function_calls><invoke name="get_weather"><parameter name="city">Pa']);
    expect(events.at(-1)).toEqual({
      type: "error",
      error: {
        code: "UNTERMINATED_CALL",
        message: 'The output ended inside <invoke name="get_weather"> (call_0); a call that did not close is not run',
        name: "get_weather",
        callId: "call_0",
      },
    });
  });

  test("a tag still undecided at the end is released as text", () => {
    expect(streamEvents(["a <function_cal"])).toEqual([
      { type: "text", delta: "a " },
      { type: "text", delta: "<function_cal" },
    ]);
  });

  test.each(samples.map((sample, index) => [index, sample]))(
    "sample %i: one character at a time equals one-shot",
    (_, sample) => {
      expect(summarize(streamEvents([...sample]))).toEqual(parseToolCalls(sample, { tools }));
    },
  );

  test.each(samples.map((sample, index) => [index, sample]))(
    "sample %i in 1-character chunks through onEvent gives the array path's events, and push returns none",
    (_, sample) => {
      const { events, returned } = callbackEvents([...sample]);
      expect(summarize(events)).toEqual(parseToolCalls(sample, { tools }));
      expect(events).toEqual(streamEvents([...sample]));
      expect(returned).toEqual([]);
    },
  );

  test("the TransformStream adapter gives the same events", async () => {
    const sample = samples[0] ?? "";
    const source = ReadableStream.from([...sample]);
    const events: ToolCallStreamEvent[] = [];
    for await (const event of source.pipeThrough(createToolCallStream({ tools }).toTransformStream()))
      events.push(event);
    expect(summarize(events)).toEqual(parseToolCalls(sample, { tools }));
  });

  test("property: any split of the input gives the one-shot result", () => {
    fc.assert(
      fc.property(anyOutput, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const chunks = split(text, cuts);
        const oneShot = parseToolCalls(text, { tools });
        const startsInReasoning = closesUnopenedReasoning(text) ?? false;
        const collected = streamEvents(chunks, startsInReasoning);
        expect(summarize(collected)).toEqual(oneShot);
        const { events, returned } = callbackEvents(chunks, startsInReasoning);
        expect(summarize(events)).toEqual(oneShot);
        expect(events).toEqual(collected);
        expect(returned).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  test("property: any split of the input gives each call the same starts and the same text", () => {
    fc.assert(
      fc.property(anyOutput, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const startsInReasoning = closesUnopenedReasoning(text) ?? false;
        const whole = streamEvents([text], startsInReasoning);
        expect(callTexts(streamEvents(split(text, cuts), startsInReasoning))).toEqual(callTexts(whole));
        expect(callTexts(streamEvents([...text], startsInReasoning))).toEqual(callTexts(whole));
      }),
      { numRuns: 500 },
    );
  });

  test("property: every start ends in its call or in an error naming it, deltas only between them", () => {
    fc.assert(
      fc.property(anyOutput, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const startsInReasoning = closesUnopenedReasoning(text) ?? false;
        expect(eventOrderProblems(streamEvents(split(text, cuts), startsInReasoning))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

/** The error that withdraws the call of get_weather announced as `id`, the block's calls following it. */
function withdrawal(id: string): ToolCallStreamEvent {
  const message = `The call announced as ${id} ("get_weather") is not what the block holds once read whole; the calls read from it follow`;
  return { type: "error", error: { code: "PARSE_ERROR", message, name: "get_weather", withdrawn: id } };
}

/** Each call's start, in order, with the text its deltas add up to. */
function callTexts(events: ToolCallStreamEvent[]): [string, string][] {
  const texts: [string, string][] = [];
  for (const event of events) {
    if (event.type === "tool-call-start") texts.push([event.id, ""]);
    if (event.type !== "tool-call-delta") continue;
    const last = texts.findLast(([id]) => id === event.id);
    if (last !== undefined) last[1] += event.argumentsDelta;
  }
  return texts;
}

/** What breaks the order of a stream's call events: the property test above wants none. */
function eventOrderProblems(events: ToolCallStreamEvent[]): string[] {
  const problems: string[] = [];
  const open = new Map<string, string>();
  for (const event of events) {
    if (event.type === "tool-call-start") {
      if (open.has(event.id)) problems.push(`${event.id} started twice`);
      open.set(event.id, event.name);
    } else if (event.type === "tool-call-delta") {
      if (!open.has(event.id)) problems.push(`a delta of ${event.id} outside its start and call`);
    } else if (event.type === "tool-call") {
      if (open.get(event.call.id) !== event.call.name) problems.push(`${event.call.id} called without its start`);
      open.delete(event.call.id);
    } else if (event.type === "error") {
      const { withdrawn, callId } = event.error;
      if (withdrawn !== undefined && !open.delete(withdrawn)) problems.push(`${withdrawn} withdrawn, never started`);
      if (callId !== undefined && !open.delete(callId)) problems.push(`${callId} cut off, never started`);
    }
  }
  if (open.size > 0) problems.push(`${[...open.keys()].join(", ")} started and never ended`);
  return problems;
}
