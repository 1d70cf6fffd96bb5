import { TEXT_TOOL_CALL_FORMATS } from "./formats/names.js";

/** The syntaxes of tool calls written in text, by name: each is listed, with the families that write it, in `formats/`. */
export { TEXT_TOOL_CALL_FORMATS };

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
  /**
   * The name as written, when the call's name is another: a special token leaked into it was cut off
   * (`get_weather<|channel|>commentary`), or it was an id only (`call_3`) and the tool is the one the arguments fit.
   */
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
