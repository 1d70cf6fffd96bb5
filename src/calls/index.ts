// The public API of the tool-call parsers and prompt renderer, by name.

/** Tools as parsers and prompt renderers see them. */
export type { CallableTool, XmlMapping, XmlToolSpec } from "./callable-tool.js";
/** Types one XML parameter value by its JSON Schema. */
export { type CoercionResult, coerceArgument } from "./coerce-argument.js";
/** The streaming parser. */
export { createToolCallStream, type ToolCallStream, type ToolCallStreamOptions } from "./create-tool-call-stream.js";
/** Decodes XML entities and CDATA in a value. */
export { decodeXmlText } from "./decode-xml-text.js";
/** Reads an OpenAI `arguments` string, with repair. */
export { type JsonArgumentsResult, parseJsonArguments } from "./parse-json-arguments.js";
/** The one-shot parser for every output format. */
export { type ParsedToolCalls, type ParseToolCallsOptions, parseToolCalls } from "./parse-tool-calls.js";
/** A tool as users hold it: a `CallableTool`, or one in any dialect `convert` prints. */
export type { ToolInAnyDialect } from "./providers/callable-tool-from-dialect.js";
/** The system prompt teaching a model the `<function_calls>` or the `<tool_call>` call syntax. */
export { type RenderToolPromptOptions, renderToolPrompt } from "./render-tool-prompt.js";
/** One parsed call, in every format the same shape. */
export {
  type ArgumentConversion,
  type ArgumentError,
  TOOL_CALL_FORMATS,
  type ToolCall,
  type ToolCallFormat,
} from "./tool-call.js";
/** A problem found while parsing. */
export type { ToolCallError } from "./tool-call-error.js";
/** What the streaming parser emits. */
export type { ToolCallStreamEvent } from "./tool-call-stream-event.js";
