import { invalidOptionError } from "../../errors/invalid-option-error.js";
import type { DialectChange } from "../conversion-report.js";
import type { Dialect, ToolDefinition } from "../tool-definition.js";
import type { DialectContext, ToDialectOptions } from "./dialect-context.js";
import { toAnthropicTool } from "./to-anthropic-tool.js";
import { toGeminiTool } from "./to-gemini-tool.js";
import { toMcpTool } from "./to-mcp-tool.js";
import { toOpenAiResponsesTool } from "./to-openai-responses-tool.js";
import { toOpenAiStrictTool } from "./to-openai-strict-tool.js";
import { toOpenAiTool } from "./to-openai-tool.js";

const WRITERS: Record<Dialect, (definition: ToolDefinition, context: DialectContext) => unknown> = {
  openai: toOpenAiTool,
  "openai-strict": toOpenAiStrictTool,
  "openai-responses": toOpenAiResponsesTool,
  anthropic: toAnthropicTool,
  gemini: toGeminiTool,
  mcp: toMcpTool,
};

/**
 * Writes a provider-neutral tool in one provider's format, and lists every keyword the dialect lowered, described,
 * dropped, trimmed or renamed (keyword and pointer). The definition is never mutated; unchanged parts of its schema
 * may be shared with the result.
 *
 * @example
 * const { tool, changes } = toDialect({ name: "listPets", description: "List pets", parameters }, "openai-strict");
 */
export function toDialect(
  definition: ToolDefinition,
  dialect: Dialect,
  options: ToDialectOptions = {},
): { tool: unknown; changes: DialectChange[] } {
  if (typeof dialect !== "string" || !Object.hasOwn(WRITERS, dialect)) {
    throw invalidOptionError("toDialect", "dialect", dialect, `one of ${Object.keys(WRITERS).join(", ")}`);
  }
  const context: DialectContext = { dialect, changes: [], meetsOpenAiSchemaRules: options.meetsOpenAiSchemaRules };
  const tool = WRITERS[dialect](definition, context);
  return { tool, changes: context.changes };
}
