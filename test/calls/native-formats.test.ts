import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];

const chatMessage = {
  role: "assistant",
  content: null,
  tool_calls: [
    { id: "call_abc", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } },
    { id: "call_def", type: "function", function: { name: "get_weather", arguments: "" } },
  ],
};

describe("OpenAI, Responses and Anthropic outputs", () => {
  test.each([
    {
      name: "Chat Completions message: provider ids kept, empty arguments are {}",
      given: chatMessage as unknown,
      want: {
        calls: [
          { id: "call_abc", name: "get_weather", arguments: { city: "Paris" }, format: "json" },
          { id: "call_def", name: "get_weather", arguments: {}, format: "json" },
        ],
        text: "",
      },
    },
    {
      name: "a whole completion reads choices[0].message",
      given: { id: "chatcmpl-1", object: "chat.completion", choices: [{ index: 0, message: chatMessage }] },
      want: {
        calls: [
          { id: "call_abc", name: "get_weather", arguments: { city: "Paris" }, format: "json" },
          { id: "call_def", name: "get_weather", arguments: {}, format: "json" },
        ],
        text: "",
      },
    },
    {
      name: "the completion as JSON text (as the CLI reads it)",
      given: JSON.stringify({ choices: [{ message: { role: "assistant", content: "Hi", tool_calls: [] } }] }),
      want: { calls: [], text: "Hi" },
    },
    {
      name: "the completion as JSON text saved with a byte order mark",
      given: `\ufeff${JSON.stringify({ choices: [{ message: { role: "assistant", content: "Hi" } }] })}`,
      want: { calls: [], text: "Hi" },
    },
    {
      name: "broken arguments are repaired and the raw text kept",
      given: {
        role: "assistant",
        content: "Checking.",
        tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: "{'city': 'Oslo',}" } }],
      },
      want: {
        calls: [
          {
            id: "c1",
            name: "get_weather",
            arguments: { city: "Oslo" },
            format: "json",
            rawArguments: "{'city': 'Oslo',}",
          },
        ],
        text: "Checking.",
      },
    },
    {
      name: "arguments encoded twice (a JSON string of the JSON) are read once more, the raw text kept",
      given: {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c2", type: "function", function: { name: "get_weather", arguments: '"{\\"city\\": \\"Oslo\\"}"' } },
        ],
      },
      want: {
        calls: [
          {
            id: "c2",
            name: "get_weather",
            arguments: { city: "Oslo" },
            format: "json",
            rawArguments: '"{\\"city\\": \\"Oslo\\"}"',
          },
        ],
        text: "",
      },
    },
    {
      name: "Responses API result",
      given: {
        output: [
          { type: "reasoning", id: "rs_1", summary: [] },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Let me see." }] },
          { type: "function_call", id: "fc_1", call_id: "call_9", name: "get_weather", arguments: '{"city":"Rome"}' },
        ],
      },
      want: {
        calls: [{ id: "call_9", name: "get_weather", arguments: { city: "Rome" }, format: "responses" }],
        text: "Let me see.",
      },
    },
    {
      name: "Responses API output array itself",
      given: [{ type: "function_call", call_id: "call_1", name: "get_weather", arguments: '{"city":"Lima"}' }],
      want: {
        calls: [{ id: "call_1", name: "get_weather", arguments: { city: "Lima" }, format: "responses" }],
        text: "",
      },
    },
    {
      name: "Anthropic message with tool_use blocks",
      given: {
        role: "assistant",
        type: "message",
        content: [
          { type: "text", text: "I'll check." },
          { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Kyiv", days: 3 } },
        ],
      },
      want: {
        calls: [{ id: "toolu_1", name: "get_weather", arguments: { city: "Kyiv", days: 3 }, format: "anthropic" }],
        text: "I'll check.",
      },
    },
    {
      name: "Anthropic content array",
      given: [{ type: "tool_use", id: "toolu_2", name: "get_weather", input: { city: "Baku" } }],
      want: {
        calls: [{ id: "toolu_2", name: "get_weather", arguments: { city: "Baku" }, format: "anthropic" }],
        text: "",
      },
    },
    {
      name: "Gemini response: the first candidate's parts, thought summaries left out of the text",
      given: {
        candidates: [
          {
            content: {
              role: "model",
              parts: [
                { text: "Planning the lookup.", thought: true },
                { text: "Checking both." },
                { functionCall: { name: "get_weather", args: { city: "Quito", days: 2 } } },
                { functionCall: { id: "fc-7", name: "get_weather", args: { city: "Cusco" } } },
              ],
            },
            finishReason: "STOP",
          },
        ],
        usageMetadata: { totalTokenCount: 42 },
      },
      want: {
        calls: [
          { id: "call_0", name: "get_weather", arguments: { city: "Quito", days: 2 }, format: "gemini" },
          { id: "fc-7", name: "get_weather", arguments: { city: "Cusco" }, format: "gemini" },
        ],
        text: "Checking both.",
      },
    },
    {
      name: "Gemini content, as a chat history keeps it",
      given: { role: "model", parts: [{ functionCall: { name: "get_weather", args: {} } }] },
      want: { calls: [{ id: "call_0", name: "get_weather", arguments: {}, format: "gemini" }], text: "" },
    },
    {
      name: "Gemini parts as JSON text (as the CLI reads them)",
      given: JSON.stringify([{ functionCall: { name: "get_weather", args: { city: "Lima" } } }]),
      want: {
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Lima" }, format: "gemini" }],
        text: "",
      },
    },
    {
      name: "a Gemini candidate stopped with no content has no calls and is no error",
      given: { candidates: [{ finishReason: "SAFETY" }] },
      want: { calls: [], text: "" },
    },
    {
      name: "XML written in a Chat message's content is parsed too",
      given: {
        role: "assistant",
        content:
          'Ok <function_calls><invoke name="get_weather"><parameter name="days">7</parameter></invoke></function_calls>',
      },
      want: { calls: [{ id: "call_0", name: "get_weather", arguments: { days: 7 }, format: "xml" }], text: "Ok " },
    },
  ])("$name", ({ given, want }) => {
    expect(parseToolCalls(given, { tools })).toEqual({ ...want, errors: [] });
  });

  test("a tool name with gpt-oss's Harmony tokens leaked into it (vLLM #32587) is cut there, the name as written kept", () => {
    const result = parseToolCalls(
      {
        role: "assistant",
        tool_calls: [
          { id: "c1", function: { name: "get_weather<|channel|>commentary", arguments: '{"city": "A"}' } },
          { id: "c2", function: { name: "<|constrain|>json", arguments: "{}" } },
        ],
      },
      { tools },
    );
    expect(result.calls).toEqual([
      {
        id: "c1",
        name: "get_weather",
        arguments: { city: "A" },
        format: "json",
        rawName: "get_weather<|channel|>commentary",
      },
      // Nothing stands before the token: the name stays as written, and is reported as unknown.
      { id: "c2", name: "<|constrain|>json", arguments: {}, format: "json" },
    ]);
    expect(result.errors.map(({ code, name }) => [code, name])).toEqual([["UNKNOWN_TOOL", "<|constrain|>json"]]);
  });

  test("arguments that cannot be repaired keep the call with its raw text and an error", () => {
    const result = parseToolCalls(
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", function: { name: "get_weather", arguments: "[1, 2]" } }],
      },
      { tools },
    );
    expect(result.calls).toEqual([
      { id: "c1", name: "get_weather", arguments: {}, format: "json", rawArguments: "[1, 2]" },
    ]);
    expect(result.errors).toEqual([
      {
        code: "PARSE_ERROR",
        message: 'Tool "get_weather": Arguments are a JSON array, not an object',
        callIndex: 0,
        name: "get_weather",
      },
    ]);
  });

  test.each([
    {
      name: "unknown tool with a suggestion",
      given: { tool_calls: [{ id: "c", function: { name: "get_wether", arguments: "{}" } }] },
      want: [
        {
          code: "UNKNOWN_TOOL",
          message: 'Unknown tool "get_wether"; did you mean "get_weather"?',
          callIndex: 0,
          name: "get_wether",
          suggestion: "get_weather",
        },
      ],
    },
    {
      name: "unknown parameter with a suggestion",
      given: [{ type: "tool_use", id: "t", name: "get_weather", input: { citty: "x" } }],
      want: [
        {
          code: "UNKNOWN_PARAMETER",
          message: 'Tool "get_weather" has no parameter "citty"; did you mean "city"?',
          callIndex: 0,
          name: "get_weather",
          parameter: "citty",
          suggestion: "city",
        },
      ],
    },
    {
      name: "an unknown shape",
      given: { hello: "world" },
      want: [
        {
          code: "PARSE_ERROR",
          message:
            "Not a model output this parser knows (text, Chat Completions, Responses, Anthropic, Gemini, Bedrock, Ollama or Cohere)",
        },
      ],
    },
    {
      name: "a Gemini response whose prompt was blocked (no candidate)",
      given: { candidates: [], promptFeedback: { blockReason: "SAFETY" } },
      want: [{ code: "PARSE_ERROR", message: "The Gemini response has no candidates[0].content.parts" }],
    },
    { name: "a number", given: 42, want: [{ code: "PARSE_ERROR", message: "Cannot read tool calls from number" }] },
  ])("reports $name", ({ given, want }) => {
    expect(parseToolCalls(given, { tools }).errors).toEqual(want);
  });

  test.each([
    { format: "json" as const, want: [] },
    { format: "anthropic" as const, want: ["anthropic"] },
    { format: "gemini" as const, want: ["gemini"] },
    { format: "xml" as const, want: ["xml"] },
    { format: "auto" as const, want: ["xml", "anthropic", "gemini"] },
  ])("format $format reads only that syntax", ({ format, want }) => {
    const given = [
      { type: "text", text: '<function_calls><invoke name="a"></invoke></function_calls>' },
      { type: "tool_use", id: "t", name: "b", input: {} },
      { functionCall: { name: "c", args: {} } },
    ];
    const formats = parseToolCalls(given, { format }).calls.map((call) => call.format);
    expect(formats).toEqual(want);
  });
});

describe("a response that stopped at its token limit", () => {
  const cut = '{"path": "notes.md", "content": "# Notes\\n\\nThe first';
  const completion = (finishReason: string, lastArguments: string) => ({
    choices: [
      {
        message: {
          role: "assistant",
          tool_calls: [
            { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city": "Oslo"}' } },
            { id: "c2", type: "function", function: { name: "write_file", arguments: lastArguments } },
          ],
        },
        finish_reason: finishReason,
      },
    ],
  });

  test("Chat Completions: the last call, cut off in its arguments, is not made; the whole calls before it are", () => {
    expect(parseToolCalls(completion("length", cut), { tools })).toEqual({
      calls: [{ id: "c1", name: "get_weather", arguments: { city: "Oslo" }, format: "json" }],
      text: "",
      errors: [
        {
          code: "UNTERMINATED_CALL",
          message: `The response stopped at its token limit (finish_reason "length") in the arguments of call c2; a call that did not close is not run: ${cut}`,
          name: "write_file",
          callId: "c2",
        },
      ],
    });
  });

  test.each([
    ["cut after a whole value", '{"path": "notes.md", "content": "# Notes"'],
    ["cut between keys", '{"path": "notes.md", '],
  ])("Chat Completions: arguments %s are cut off too", (_name, lastArguments) => {
    const result = parseToolCalls(completion("length", lastArguments), { tools });
    expect(result.calls.map((call) => call.id)).toEqual(["c1"]);
    expect(result.errors.map(({ code, name }) => [code, name])).toEqual([["UNTERMINATED_CALL", "write_file"]]);
  });

  test("arguments whole but for a trailing comma were not cut: the call is made, as when the response stopped itself", () => {
    const whole = '{"path": "notes.md", "content": "x",}';
    const result = parseToolCalls(completion("length", whole), { tools });
    expect(result.calls.map((call) => [call.id, call.arguments])).toEqual([
      ["c1", { city: "Oslo" }],
      ["c2", { path: "notes.md", content: "x" }],
    ]);
    expect(result.errors).toEqual([]);
  });

  test("a response that stopped itself keeps a call whose arguments are cut, with {} and an error", () => {
    const result = parseToolCalls(completion("tool_calls", cut), { tools });
    expect(result.calls.at(-1)).toEqual({
      id: "c2",
      name: "write_file",
      arguments: {},
      format: "json",
      rawArguments: cut,
    });
    expect(result.errors.map(({ code, callIndex }) => [code, callIndex])).toEqual([["PARSE_ERROR", 1]]);
  });

  test("Responses: an incomplete result (max_output_tokens) whose last function_call is cut off", () => {
    const response = {
      object: "response",
      status: "incomplete",
      incomplete_details: { reason: "max_output_tokens" },
      output: [{ type: "function_call", call_id: "fc_1", name: "write_file", arguments: cut }],
    };
    expect(parseToolCalls(response, { tools }).errors).toEqual([
      {
        code: "UNTERMINATED_CALL",
        message: `The response stopped at its token limit (incomplete_details.reason "max_output_tokens") in the arguments of call fc_1; a call that did not close is not run: ${cut}`,
        name: "write_file",
        callId: "fc_1",
      },
    ]);
  });
});

describe("AWS Bedrock's Converse responses", () => {
  const converse = {
    output: {
      message: {
        role: "assistant",
        content: [
          { reasoningContent: { reasoningText: { text: "The user wants the weather.", signature: "sig" } } },
          { text: "I will check." },
          { toolUse: { toolUseId: "tooluse_1", name: "get_weather", input: { city: "Paris" } } },
        ],
      },
    },
    stopReason: "tool_use",
    usage: { inputTokens: 10, outputTokens: 20 },
  };
  const want = {
    calls: [{ id: "tooluse_1", name: "get_weather", arguments: { city: "Paris" }, format: "bedrock" }],
    text: "I will check.",
    errors: [],
  };

  test("toolUse blocks are calls with their ids kept, text blocks are text, reasoning is not", () => {
    expect(parseToolCalls(converse, { tools })).toEqual(want);
    expect(parseToolCalls(JSON.stringify(converse), { tools })).toEqual(want);
  });

  test("the message or its content blocks given on their own are read alike; format bedrock reads only these calls", () => {
    expect(parseToolCalls(converse.output.message, { tools })).toEqual(want);
    expect(parseToolCalls(converse.output.message.content, { tools })).toEqual(want);
    expect(parseToolCalls(converse, { tools, format: "bedrock" }).calls).toEqual(want.calls);
    expect(parseToolCalls(converse, { tools, format: "anthropic" }).calls).toEqual([]);
  });
});

describe("responses that wrap a message: Ollama's native ones and Cohere's v2 chat", () => {
  const chat = {
    model: "qwen3:8b",
    created_at: "2026-11-24T12:00:00Z",
    message: {
      role: "assistant",
      content: "",
      thinking: "The user wants the weather.",
      tool_calls: [{ function: { name: "get_weather", arguments: { city: "Paris" } } }],
    },
    done: true,
  };

  test("/api/chat: the message's tool_calls and content are read, as an object or as JSON text; thinking is not text", () => {
    const want = {
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Paris" }, format: "json" }],
      text: "",
      errors: [],
    };
    expect(parseToolCalls(chat, { tools })).toEqual(want);
    expect(parseToolCalls(JSON.stringify(chat), { tools })).toEqual(want);
  });

  test("/api/generate: the response text is read as model text, calls in it included", () => {
    const generate = {
      model: "qwen2.5-coder:7b",
      response: 'Sure.<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
      done: true,
    };
    expect(parseToolCalls(generate, { tools })).toEqual({
      calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "hermes" }],
      text: "Sure.",
      errors: [],
    });
  });

  test("Cohere's v2 chat response: the message's tool_calls and content are read; its tool_plan is not text", () => {
    const cohere = {
      id: "c1",
      message: {
        role: "assistant",
        tool_plan: "I will look up the weather.",
        tool_calls: [
          { id: "get_weather_1", type: "function", function: { name: "get_weather", arguments: '{"city": "Rome"}' } },
        ],
      },
      finish_reason: "TOOL_CALL",
    };
    expect(parseToolCalls(cohere, { tools })).toEqual({
      calls: [{ id: "get_weather_1", name: "get_weather", arguments: { city: "Rome" }, format: "json" }],
      text: "",
      errors: [],
    });
  });

  test("JSON a model wrote with a message or response key, but no done, is model text", () => {
    for (const reply of ['{"message": {"role": "x"}}', '{"response": "ok"}']) {
      expect(parseToolCalls(reply, { tools })).toEqual({ calls: [], text: reply, errors: [] });
    }
  });
});

test("property: any value at all gives a result and never throws", () => {
  fc.assert(
    fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (output) => {
      const result = parseToolCalls(output, { tools });
      expect(Array.isArray(result.calls) && Array.isArray(result.errors) && typeof result.text === "string").toBe(true);
    }),
    { numRuns: 500 },
  );
});
