/** Turning operations into LLM tools: `$ref` expansion, the layered schema, fixed values, budgets, conversion. */
export { type ApplyFixedValuesOptions, applyFixedValues, type FixedValuesApplied } from "./apply-fixed-values.js";
export {
  buildLayeredSchema,
  type LayeredSchema,
  type LayeredSchemaOptions,
  SECTION_ORDER,
} from "./build-layered-schema.js";
export type { ConversionReport, DialectChange, PrunedSchema, SchemaConflict } from "./conversion-report.js";
export { convertMcpTool, type McpToolInput } from "./convert-mcp-tool.js";
export { convertOperation } from "./convert-operation.js";
export { convertOperations } from "./convert-operations.js";
export type { ConversionFailure, ConversionResult, ConvertedTool, ConvertOptions } from "./converted-tool.js";
export {
  type AnthropicTool,
  checkDialectRules,
  type GeminiFunctionDeclaration,
  type McpTool,
  type OpenAiResponsesTool,
  type OpenAiTool,
  sanitizeToolName,
  TOOL_NAME_PATTERN,
  toDialect,
} from "./dialects/index.js";
export { DEFAULT_MAX_DEPTH, type ExpandedSchema, type ExpandRefsOptions, expandRefs } from "./expand-refs.js";
export { createExpansionCache, type ExpansionCache } from "./expansion-cache.js";
export { MAX_EXPANDED_SCHEMAS, MAX_SCHEMA_NESTING, MAX_SCHEMAS_MADE } from "./expansion-limits.js";
export { DEFAULT_MAX_TOKENS, type FitTokenBudgetOptions, type FittedTool, fitTokenBudget } from "./fit-token-budget.js";
export { isLayeredSchema } from "./is-layered-schema.js";
export type { JsonObject, JsonSchema, JsonValue } from "./json-schema.js";
export { measureToolSize, type ToolSize } from "./measure-tool-size.js";
export { mergeAllOf } from "./merge-all-of.js";
export { pruneSchema } from "./prune-schema.js";
export { DIALECTS, type Dialect, type FixedParams, type ToolDefinition } from "./tool-definition.js";
