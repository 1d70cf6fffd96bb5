/**
 * The syntaxes of tool calls written in text:
 * - `xml`: `<function_calls>`, also MiniMax's, DeepSeek's (DSML), dots.llm's and StepFun's (steptml) names for it, and
 *   MiniCPM5's bare `<function name="f"><param name="x">`, and MiniMax M3's `]<]minimax[>[<tool_call>` block;
 * - `hermes`: `<tool_call>` (JSON, or Qwen3-Coder's and GLM's tags), Seed's `<seed:tool_call>`, LongCat's
 *   `<longcat_tool_call>`, `<tool_calls>` holding JSON (Hunyuan-A13B, Jamba, MiniMax-M1), Nemotron's `<TOOLCALL>`,
 *   and Qwen3-Coder's `<function=f>` without its `<tool_call>` (holding tags, or a JSON object, as Llama 3.1 writes
 *   its custom tools);
 * - `legacy-xml`: a tool's own tag;
 * - sections of special tokens that leak into text: `kimi` (K2's `<|tool_calls_section_begin|>`, K3's XTML
 *   `<|open|>tools<|sep|>`), `deepseek` (`<｜tool▁calls▁begin｜>`), `step3` (`<｜tool_calls_begin｜>` around
 *   `<steptml:invoke>` tags), `harmony` (gpt-oss:
 *   `<|channel|>commentary to=functions.f<|message|>`);
 * - `mistral`: `[TOOL_CALLS]`;
 * - `json-text`: call objects (`{"name": "f", "arguments": {...}}`) a reply starts with, as Ollama's `/v1` passes them
 *   on and Llama 3 writes them, also after `<|python_tag|>`, `functools` or GigaChat's `function call<|role_sep|>`, in
 *   a fence, in Qwen2.5-Coder's `<tools>` tags, or each after Granite 20B's `<function_call>`;
 * - `pythonic`: a call list a reply starts with, `[get_weather(city="Paris")]`, as Llama 3.2 and 4 write it;
 * - `gemma`: Gemma 4's `<|tool_call>call:f{city:<|"|>Paris<|"|>}<tool_call|>` and FunctionGemma's
 *   `<start_function_call>`;
 * - `lfm`: Liquid AI's LFM2 and LFM2.5, `<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>` (or call
 *   objects between the tokens);
 * - `olmo`: OLMo 3's `<function_calls>` holding pythonic calls, one per line;
 * - `cohere`: Command R7B's and Command A's `<|START_ACTION|>[{"tool_name": "f", "parameters": {...}}]<|END_ACTION|>`;
 * - `internlm`: InternLM's `<|action_start|><|plugin|>{"name": "f", "parameters": {...}}<|action_end|>`;
 * - `apertus`: Apertus' `<|tools_prefix|>[{"f": {...}}]<|tools_suffix|>`.
 */
export const TEXT_TOOL_CALL_FORMATS = [
  "hermes",
  "xml",
  "legacy-xml",
  "kimi",
  "deepseek",
  "step3",
  "harmony",
  "mistral",
  "json-text",
  "pythonic",
  "gemma",
  "lfm",
  "olmo",
  "cohere",
  "internlm",
  "apertus",
] as const;

/** A syntax of tool calls written in text: one of {@link TEXT_TOOL_CALL_FORMATS}. */
export type TextToolCallFormat = (typeof TEXT_TOOL_CALL_FORMATS)[number];

/**
 * The syntaxes of tool calls in a provider's JSON response: `json` (Chat Completions, and Ollama's native responses),
 * `responses` (OpenAI's Responses API), `anthropic`, `gemini` and `bedrock` (AWS Bedrock's Converse API).
 */
export const PROVIDER_TOOL_CALL_FORMATS = ["json", "responses", "anthropic", "gemini", "bedrock"] as const;

/** Every syntax a model's tool call is read from: the {@link PROVIDER_TOOL_CALL_FORMATS}, then the text ones. */
export const TOOL_CALL_FORMATS = [...PROVIDER_TOOL_CALL_FORMATS, ...TEXT_TOOL_CALL_FORMATS] as const;

/** Which syntax the model used to call a tool: one of {@link TOOL_CALL_FORMATS}. */
export type ToolCallFormat = (typeof TOOL_CALL_FORMATS)[number];

/** What a `format` option may be, for its error. */
export const FORMAT_CHOICES = `"auto" or one of ${TOOL_CALL_FORMATS.join(", ")}`;

/** Whether a `format` option (from JavaScript, unchecked) is `auto` or one of {@link TOOL_CALL_FORMATS}. */
export function isFormatOption(value: unknown): value is "auto" | ToolCallFormat {
  return value === "auto" || (TOOL_CALL_FORMATS as readonly unknown[]).includes(value);
}

/** A value the parser could not convert to its schema type; the call is kept and carries this. */
export interface ArgumentError {
  /** The parameter's name. */
  parameter: string;
  message: string;
  /** The text the model wrote. */
  raw: string;
}

/**
 * A value written as a string that the parser typed by the tool's schema without loss (`"3"` for an integer is `3`):
 * the call carries one for each, so what the model wrote is not lost.
 */
export interface ArgumentConversion {
  /** The parameter the value is in. */
  parameter: string;
  /** Where in the arguments the value is (`/days`, `/query/limit`). */
  pointer: string;
  /** The string the model wrote. */
  raw: string;
  /** What it became. */
  value: unknown;
}

/** One tool call read from model output, in every format the same shape. */
export interface ToolCall {
  /** The provider's call id, or a generated stable one (`call_0`, `call_1`, ...) when the format has none. */
  id: string;
  name: string;
  /** Arguments, typed by the tool's schema when the tool is known (an XML `"5"` for an integer becomes `5`). */
  arguments: Record<string, unknown>;
  format: ToolCallFormat;
  /** The raw argument text when it had to be repaired or could not be parsed. */
  rawArguments?: string;
  /** The name as written, when a special token leaked into it was cut off (`get_weather<|channel|>commentary`). */
  rawName?: string;
  /** Per-argument conversion failures; present only when there are some. */
  argumentErrors?: ArgumentError[];
  /** Strings of JSON arguments typed by the schema (`"3"` to `3`); present only when there are some. */
  conversions?: ArgumentConversion[];
}

/** The id a call gets when its format carries none: `call_` and its index in the output (`call_0`, `call_1`, ...). */
export function generatedCallId(callIndex: number): string {
  return `call_${callIndex}`;
}

/**
 * Whether an id has the form {@link generatedCallId} gives (also with the suffix `CallIds` adds to an id met again):
 * a provider that accepts the id of the call a result answers, but never wrote one (Gemini on Vertex AI), must not be
 * sent one made up here.
 */
export function isGeneratedCallId(id: string): boolean {
  return GENERATED_CALL_ID.test(id);
}

const GENERATED_CALL_ID = /^call_(?:0|[1-9][0-9]*)(?:_(?:[2-9]|[1-9][0-9]+))?$/;
