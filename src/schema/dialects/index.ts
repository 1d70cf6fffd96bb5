export {
  ANTHROPIC_PROPERTY_NAME_PATTERN,
  anthropicPropertyName,
  restorePropertyNames,
} from "./anthropic-property-names.js";
export { checkDialectRules } from "./check-dialect-rules.js";
export type { DialectContext, ToDialectOptions } from "./dialect-context.js";
export { openAiRefusesPattern } from "./openai-schema-rules.js";
export { sanitizeToolName, TOOL_NAME_PATTERN } from "./sanitize-tool-name.js";
export { OPENAI_STRICT_SIZE_LIMITS } from "./strict-schema-sizes.js";
export { type AnthropicTool, toAnthropicTool } from "./to-anthropic-tool.js";
export { toDialect } from "./to-dialect.js";
export { GEMINI_FORMATS, GEMINI_KEYWORDS, type GeminiFunctionDeclaration, toGeminiTool } from "./to-gemini-tool.js";
export { type McpTool, toMcpTool } from "./to-mcp-tool.js";
export {
  OPENAI_STRICT_FORMATS,
  OPENAI_STRICT_KEYWORDS,
  OPENAI_STRICT_LIMITS,
  toOpenAiStrictTool,
} from "./to-openai-strict-tool.js";
export { OPENAI_DESCRIPTION_LIMIT, type OpenAiTool, toOpenAiTool } from "./to-openai-tool.js";
