import type { CallableTool } from "../calls/callable-tool.js";
import { checkObjectsArgument } from "../errors/invalid-option-error.js";
import { toDialect } from "../schema/dialects/index.js";
import type { Dialect } from "../schema/tool-definition.js";

/**
 * Writes tools as a provider's native function-calling definitions (`tools` of an OpenAI or Anthropic request, Gemini
 * function declarations, MCP tools), through the schema engine's dialects. What a dialect had to change is dropped
 * here; call `toDialect` for the report.
 *
 * @example
 * await openai.chat.completions.create({ model, messages, tools: toProviderTools(registry.callableTools(), "openai") });
 */
export function toProviderTools(tools: readonly CallableTool[], dialect: Dialect): unknown[] {
  checkObjectsArgument("toProviderTools", "tools", tools);
  return tools.map(({ name, description, parameters }) => toDialect({ name, description, parameters }, dialect).tool);
}
