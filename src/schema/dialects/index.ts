export { anthropicPropertyName, restorePropertyNames } from "./anthropic-property-names.js";
export { checkDialectRules } from "./check-dialect-rules.js";
export { sanitizeToolName, TOOL_NAME_PATTERN } from "./sanitize-tool-name.js";
export type { AnthropicTool } from "./to-anthropic-tool.js";
export { toDialect } from "./to-dialect.js";
export type { GeminiFunctionDeclaration } from "./to-gemini-tool.js";
export type { McpTool } from "./to-mcp-tool.js";
export type { OpenAiResponsesTool } from "./to-openai-responses-tool.js";
export type { OpenAiTool } from "./to-openai-tool.js";
