import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import type { DialectContext } from "./dialect-context.js";
import { toOpenAiStrictTool } from "./to-openai-strict-tool.js";

/** An OpenAI Responses API function tool: the Chat Completions function, flat, beside `type`. */
export interface OpenAiResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: true;
}

/**
 * Writes a tool for the OpenAI Responses API: `{type: "function", name, description, parameters, strict: true}`,
 * lowered as the `openai-strict` dialect lowers it. Strict because the Responses API makes a function strict when
 * `strict` is left out, and refuses strict schemas that leave objects open or properties optional.
 */
export function toOpenAiResponsesTool(definition: ToolDefinition, context: DialectContext): OpenAiResponsesTool {
  const { name, description, parameters } = toOpenAiStrictTool(definition, context).function;
  return { type: "function", name, description, parameters, strict: true };
}
