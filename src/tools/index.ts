// The public API of tool definition, registration, execution and result formatting, by name.

/** Reads tools written in any provider dialect as parser-ready tools. */
export { callableToolFromDialect, callableToolsFromDialect } from "../calls/providers/callable-tool-from-dialect.js";
/** Defines a tool: schema, optional legacy XML form, executor. */
export {
  defineTool,
  type Tool,
  type ToolExecutionContext,
  type ToolOptions,
  type XmlMappingInput,
} from "./define-tool.js";
/** Runs one tool call; never throws. */
export { type ExecuteToolCallOptions, executeToolCall } from "./execute-tool-call.js";
/** Runs many tool calls with a concurrency limit, results in call order. */
export { type ExecuteToolCallsOptions, executeToolCalls } from "./execute-tool-calls.js";
/** Writes a result as the message that goes back to the model. */
export {
  type AnthropicToolResultBlock,
  type BedrockToolResultBlock,
  type FormatToolResultOptions,
  type FormattedToolResult,
  formatToolResult,
  type GeminiFunctionResponsePart,
  type OpenAiFunctionCallOutput,
  type OpenAiToolMessage,
  type ToolResultDialect,
} from "./format-tool-result.js";
/** Native function-calling definitions for a provider. */
export { toProviderTools } from "./to-provider-tools.js";
/** A converted OpenAPI operation as a tool that sends the request or posts to the tool-box proxy. */
export {
  type DirectOperationOptions,
  type OperationToolOptions,
  type OperationToolOutput,
  type ProxyOperationOptions,
  toolFromConvertedOperation,
} from "./tool-from-converted-operation.js";
/** The registry of tools, indexed by function name and XML tag. */
export { ToolRegistry } from "./tool-registry.js";
/** The result every tool call gives. */
export type { ToolResult, ToolResultError } from "./tool-result.js";
/** Validates arguments against a tool's schema with Ajv, validator cached per tool. */
export { validateToolArguments } from "./validate-tool-arguments.js";
