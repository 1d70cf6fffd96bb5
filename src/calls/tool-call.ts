/** Which syntax the model used to call a tool. */
export type ToolCallFormat =
  | "json"
  | "responses"
  | "anthropic"
  | "gemini"
  | "hermes"
  | "xml"
  | "legacy-xml"
  /** Kimi K2's tool-call section, written with its special tokens (`<|tool_calls_section_begin|>`). */
  | "kimi"
  /** DeepSeek V3's and V3.1's, written with theirs (`<｜tool▁calls▁begin｜>`). */
  | "deepseek"
  /** gpt-oss's Harmony message to a tool (`<|channel|>commentary to=functions.f <|constrain|>json<|message|>`). */
  | "harmony";

/** A value the parser could not convert to its schema type; the call is kept and carries this. */
export interface ArgumentError {
  /** The parameter's name. */
  parameter: string;
  message: string;
  /** The text the model wrote. */
  raw: string;
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
  /** Per-argument conversion failures; present only when there are some. */
  argumentErrors?: ArgumentError[];
}
