import { isJsonObject } from "../../openapi/own-properties.js";
import { jsonCallObjects } from "../engine/json-call-objects.js";

// The shapes of provider JSON responses (Chat Completions, Responses, Anthropic, Gemini, Bedrock, Ollama, Cohere): what
// tells each apart, and what says it stopped at its token limit. `parseToolCalls` reads their calls through these.

/** Keys only provider responses, messages, items and content blocks have. */
const PROVIDER_KEYS = ["choices", "output", "tool_calls", "function_call", "role", "type", "candidates", "parts"];

/** Whether JSON read from text is a provider response, message, item or block, not call objects a model wrote. */
export function looksLikeProviderOutput(value: unknown): boolean {
  // Call objects a model wrote as its reply (`{"type": "function", "function": {...}}`) are model text.
  if (jsonCallObjects(value, { exact: true }) !== undefined) return false;
  if (Array.isArray(value)) return value.length > 0 && value.every(isItemOrPart);
  if (!isJsonObject(value)) return false;
  return PROVIDER_KEYS.some((key) => Object.hasOwn(value, key)) || wrappedMessage(value) !== undefined;
}

/**
 * The message of a response that wraps one: Ollama's `/api/chat` (`{"model", "message": {"role", "content",
 * "tool_calls"}, "done"}`) and `/api/generate` (`{"model", "response": "...", "done"}`), and Cohere's v2 chat
 * (`{"message": {...}, "finish_reason"}`; its `tool_plan` is not text). Each carries `done` or `finish_reason`, which a
 * JSON reply a model wrote (`{"message": "hi"}`) does not.
 */
export function wrappedMessage(value: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!Object.hasOwn(value, "done") && !Object.hasOwn(value, "finish_reason")) return undefined;
  if (isJsonObject(value.message)) return value.message;
  return typeof value.response === "string" ? { content: value.response } : undefined;
}

/** A Responses item or Anthropic block (typed), or a Gemini part (a `functionCall` or `text`, untyped). */
function isItemOrPart(item: unknown): boolean {
  return isJsonObject(item) && (typeof item.type === "string" || isGeminiPart(item) || isBedrockBlock(item));
}

/** A Gemini part: a `functionCall` or `text`, untyped. */
export function isGeminiPart(item: Record<string, unknown>): boolean {
  return item.type === undefined && (isJsonObject(item.functionCall) || typeof item.text === "string");
}

/** A Bedrock Converse content block other than text: a `toolUse`, or `reasoningContent`, which is not the answer. */
function isBedrockBlock(item: Record<string, unknown>): boolean {
  return item.type === undefined && (isJsonObject(item.toolUse) || isJsonObject(item.reasoningContent));
}

/**
 * What says that a response stopped at its token limit, if one does: Chat Completions' `finish_reason` (`length`;
 * Cohere's `MAX_TOKENS`), a Responses result's `incomplete_details`, Anthropic's and Bedrock's stop reason, Gemini's
 * `finishReason`, Ollama's `done_reason`.
 */
export function tokenLimitReached(output: Record<string, unknown>): string | undefined {
  const choice = Array.isArray(output.choices) && isJsonObject(output.choices[0]) ? output.choices[0] : {};
  const candidate = Array.isArray(output.candidates) && isJsonObject(output.candidates[0]) ? output.candidates[0] : {};
  const incomplete = isJsonObject(output.incomplete_details) ? output.incomplete_details : {};
  const reasons: [string, unknown, string][] = [
    ["finish_reason", choice.finish_reason, "length"],
    ["finish_reason", output.finish_reason, "MAX_TOKENS"],
    ["incomplete_details.reason", incomplete.reason, "max_output_tokens"],
    ["stop_reason", output.stop_reason, "max_tokens"],
    ["stopReason", output.stopReason, "max_tokens"],
    ["finishReason", candidate.finishReason, "MAX_TOKENS"],
    ["done_reason", output.done_reason, "length"],
  ];
  const reached = reasons.find(([, value, limit]) => value === limit);
  return reached === undefined ? undefined : `${reached[0]} "${reached[2]}"`;
}

/** An Anthropic `tool_use` block, or a Bedrock `toolUse` one. */
export function isToolUseBlock(block: unknown): boolean {
  return isJsonObject(block) && (block.type === "tool_use" || isJsonObject(block.toolUse));
}
