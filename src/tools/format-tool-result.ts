import type { ToolCall } from "../calls/tool-call.js";
import type { ToolResult } from "./tool-result.js";

/** The message formats a result can go back to the model in. */
export type ToolResultDialect = "openai" | "anthropic" | "bedrock" | "xml";

/** An OpenAI Chat Completions `tool` message. */
export interface OpenAiToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
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

/** Options of {@link formatToolResult}. */
export interface FormatToolResultOptions<Dialect extends ToolResultDialect> {
  dialect: Dialect;
}

/** What {@link formatToolResult} returns for each dialect. */
export type FormattedToolResult<Dialect extends ToolResultDialect> = Dialect extends "openai"
  ? OpenAiToolMessage
  : Dialect extends "anthropic"
    ? AnthropicToolResultBlock
    : Dialect extends "bedrock"
      ? BedrockToolResultBlock
      : string;

/**
 * Writes a result as the message that goes back to the model: an OpenAI `tool` message (also what Ollama and Cohere
 * take), an Anthropic `tool_result` block, a Bedrock Converse `toolResult` block, or XML `<function_results>` text for
 * models prompted with the XML format. A string output is sent as is,
 * anything else as JSON; a failure is sent as `{"error": {code, message, details}}`.
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
  const content = contentOf(result);
  const formatted: OpenAiToolMessage | AnthropicToolResultBlock | BedrockToolResultBlock | string =
    options.dialect === "openai"
      ? { role: "tool", tool_call_id: call.id, content }
      : options.dialect === "anthropic"
        ? { type: "tool_result", tool_use_id: call.id, content, is_error: !result.success }
        : options.dialect === "bedrock"
          ? {
              toolResult: {
                toolUseId: call.id,
                content: [{ text: content }],
                status: result.success ? "success" : "error",
              },
            }
          : functionResults(call.name, result.success, content);
  return formatted as FormattedToolResult<Dialect>;
}

function contentOf(result: ToolResult): string {
  if (!result.success) return toText({ error: result.error ?? { code: "TOOL_FAILED", message: "The tool failed" } });
  return typeof result.output === "string" ? result.output : toText(result.output);
}

/** JSON, but never a throw: `undefined` becomes empty, and what JSON cannot hold (cycles, bigints) its string form. */
function toText(value: unknown): string {
  if (value === undefined) return "";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

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
