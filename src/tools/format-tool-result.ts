import { configure } from "safe-stable-stringify";
import { isGeneratedCallId, type ToolCall } from "../calls/tool-call.js";
import { checkObjectArgument, invalidOptionError } from "../errors/invalid-option-error.js";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { shortPointer } from "../openapi/json-pointer.js";
import type { ToolResult } from "./tool-result.js";

/** The message formats a result can go back to the model in. */
export type ToolResultDialect = (typeof TOOL_RESULT_DIALECTS)[number];

/** The dialects a tool's result is written in for the model's next input. */
const TOOL_RESULT_DIALECTS = ["openai", "openai-responses", "anthropic", "bedrock", "gemini", "xml"] as const;

/** An OpenAI Chat Completions `tool` message. */
export interface OpenAiToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/**
 * An OpenAI Responses API `function_call_output` item (it goes in the next request's `input`), answering the
 * `function_call` item whose `call_id` it carries.
 */
export interface OpenAiFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** An Anthropic `tool_result` content block (it goes in a `user` message). */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

/** An AWS Bedrock Converse `toolResult` content block (it goes in a `user` message). */
export interface BedrockToolResultBlock {
  toolResult: {
    toolUseId: string;
    content: Array<{ text: string }>;
    status: "success" | "error";
  };
}

/**
 * A Gemini `functionResponse` part (it goes in the `parts` of a `user` content): the output under `output`, or the
 * failure under `error`, as the Gemini API asks; the call's `id` only when the model wrote one.
 */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: unknown } | { error: unknown };
  };
}

/** Options of {@link formatToolResult}. */
export interface FormatToolResultOptions<Dialect extends ToolResultDialect> {
  dialect: Dialect;
}

/** What {@link formatToolResult} returns for each dialect. */
export type FormattedToolResult<Dialect extends ToolResultDialect> = Dialect extends "openai"
  ? OpenAiToolMessage
  : Dialect extends "openai-responses"
    ? OpenAiFunctionCallOutput
    : Dialect extends "anthropic"
      ? AnthropicToolResultBlock
      : Dialect extends "bedrock"
        ? BedrockToolResultBlock
        : Dialect extends "gemini"
          ? GeminiFunctionResponsePart
          : string;

/**
 * Writes a result as the message that goes back to the model: an OpenAI `tool` message (also what Ollama and Cohere
 * take), an OpenAI Responses API `function_call_output` item, an Anthropic `tool_result` block, a Bedrock Converse `toolResult` block, a Gemini `functionResponse` part, or
 * XML `<function_results>` text for models prompted with the XML format. A string output is sent as is, anything else
 * as JSON (Gemini takes the JSON value itself); a failure is sent as `{"error": {code, message, details}}`.
 *
 * @example
 * formatToolResult(call, { success: true, output: "done" }, { dialect: "openai" });
 * // { role: "tool", tool_call_id: "call_0", content: "done" }
 */
export function formatToolResult<Dialect extends ToolResultDialect>(
  call: ToolCall,
  result: ToolResult,
  options: FormatToolResultOptions<Dialect>,
): FormattedToolResult<Dialect> {
  checkObjectArgument("formatToolResult", "call", call);
  checkObjectArgument("formatToolResult", "result", result);
  checkObjectArgument("formatToolResult", "options", options);
  if (!(TOOL_RESULT_DIALECTS as readonly string[]).includes(options.dialect)) {
    throw invalidOptionError(
      "formatToolResult",
      "dialect",
      options.dialect,
      `one of ${TOOL_RESULT_DIALECTS.join(", ")}`,
    );
  }
  return formatIn(options.dialect, call, result) as FormattedToolResult<Dialect>;
}

function formatIn(
  dialect: ToolResultDialect,
  call: ToolCall,
  result: ToolResult,
):
  | OpenAiToolMessage
  | OpenAiFunctionCallOutput
  | AnthropicToolResultBlock
  | BedrockToolResultBlock
  | GeminiFunctionResponsePart
  | string {
  if (dialect === "gemini") return geminiFunctionResponse(call, result);
  const content = contentOf(result);
  if (dialect === "openai") return { role: "tool", tool_call_id: call.id, content };
  if (dialect === "openai-responses") return { type: "function_call_output", call_id: call.id, output: content };
  if (dialect === "anthropic") return { type: "tool_result", tool_use_id: call.id, content, is_error: !result.success };
  if (dialect === "bedrock") {
    const status = result.success ? "success" : "error";
    return { toolResult: { toolUseId: call.id, content: [{ text: content }], status } };
  }
  return functionResults(call.name, result.success, content);
}

/**
 * Gemini matches a response to its call by the call's id where the model wrote one (the Live API requires it), and by
 * name and order otherwise (Vertex AI takes no id). So an id made up by the parser (`call_0`) is left out.
 */
function geminiFunctionResponse(call: ToolCall, result: ToolResult): GeminiFunctionResponsePart {
  const response = result.success ? { output: asJsonValue(result.output) } : { error: asJsonValue(errorOf(result)) };
  const functionResponse: GeminiFunctionResponsePart["functionResponse"] = { name: call.name, response };
  if (!isGeneratedCallId(call.id)) functionResponse.id = call.id;
  return { functionResponse };
}

function contentOf(result: ToolResult): string {
  if (!result.success) return toText({ error: errorOf(result) });
  return typeof result.output === "string" ? result.output : toText(result.output);
}

function errorOf(result: ToolResult): unknown {
  return result.error ?? { code: "TOOL_FAILED", message: "The tool failed" };
}

/** The value as JSON would carry it (what a JSON body holds): `undefined` as null, and what JSON cannot hold as text. */
function asJsonValue(value: unknown): unknown {
  if (typeof value === "string") return value;
  const text = toText(value);
  try {
    return text === "" ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * JSON, but never a throw and nothing dropped: a cycle is written `"[Circular]"` and a bigint as its digits, where
 * `JSON.stringify` throws (and the whole output would have been lost to its string form). `undefined` becomes empty.
 * A value nested too deep to write (writing recurses: 100,000 levels overflow the stack) is said to be so, with where.
 */
function toText(value: unknown): string {
  if (value === undefined) return "";
  try {
    return writeJson(value) ?? String(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const pointer = findDeepNesting(value) ?? "";
    return `[the output cannot be written as JSON: ${error.message}${pointer === "" ? "" : `; it nests deeper than ${MAX_VALUE_DEPTH} levels at ${shortPointer(pointer)}`}]`;
  }
}

const writeJson = configure({ bigint: true, circularValue: "[Circular]", deterministic: false });

/** The block Claude's XML tool format answers with: `<result>` and `<stdout>`, or `<error>` and `<stderr>`. */
function functionResults(name: string, success: boolean, content: string): string {
  const [element, stream] = success ? ["result", "stdout"] : ["error", "stderr"];
  return [
    "<function_results>",
    `<${element}>`,
    `<tool_name>${escapeXml(name)}</tool_name>`,
    `<${stream}>`,
    escapeXml(content),
    `</${stream}>`,
    `</${element}>`,
    "</function_results>",
  ].join("\n");
}

/** Escapes text content so an output holding `</stdout>` or `&amp;` cannot end the block or change meaning. */
function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
