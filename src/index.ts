// The public API, written by hand: every name here is a promise to users, and test/index.test.ts pins the list.
// Subpath exports (`action-recall/http`, `action-recall/slots`, ...) carry the rest of each module's API; the service
// (`action-recall/server`) stays out of the root so that importing a parser does not load Fastify.
// Modules are listed alphabetically (Biome keeps them sorted).

// Argument completion and the workflow JSON (seed 002)
export type { CompletedToolArgs, WorkflowEdge, WorkflowJson, WorkflowStep } from "./args/index.js";
export { buildWorkflowJson, completeToolArgs } from "./args/index.js";
// Model output -> tool calls, and tool prompts (seed 001)
export type {
  CallableTool,
  ParsedToolCalls,
  ToolCall,
  ToolCallError,
  ToolCallFormat,
  ToolCallStream,
  ToolCallStreamEvent,
  XmlMapping,
  XmlToolSpec,
} from "./calls/index.js";
export { createToolCallStream, parseToolCalls, renderToolPrompt } from "./calls/index.js";
// Errors: one base class, stable codes
export type { ErrorData, SafeResult, ValidationIssue } from "./errors/index.js";
export {
  ActionRecallError,
  ErrorCode,
  InvalidArgumentsError,
  isActionRecallError,
  UpstreamError,
} from "./errors/index.js";
// The request that leaves us (seed 000, the request side)
export type { HttpRequest, HttpResponse, ProxyBody, ProxyResult } from "./http/index.js";
export { buildRequest, postToProxy, sendRequest, toProxyBody } from "./http/index.js";
// An OpenAI-compatible model client
export type { LlmClient, LlmSettings } from "./llm/index.js";
export { createLlmClient, llmSettingsFromEnv } from "./llm/index.js";
// Loading OpenAPI documents and operations
export type { OperationSpec, ParameterSpec, RequestBodySpec } from "./openapi/index.js";
export { listOperations, loadDocument, operationFromToolDetail, upgradeSwagger2 } from "./openapi/index.js";
// Action recall and dynamic tools (seed 003)
export type { DynamicTool, RecallActionsRequest, RecallContext, RecallResult } from "./recall/index.js";
export {
  createRecallContext,
  executeDynamicTool,
  loadActionCatalog,
  locateFixedParams,
  recallActions,
} from "./recall/index.js";
// OpenAPI operations -> LLM tools, in every dialect (seed 000)
export type {
  ConversionFailure,
  ConversionReport,
  ConversionResult,
  ConvertedTool,
  ConvertOptions,
  Dialect,
  FixedParams,
  JsonSchema,
  ToolDefinition,
} from "./schema/index.js";
export {
  checkDialectRules,
  convertMcpTool,
  convertOperation,
  convertOperations,
  DIALECTS,
  expandRefs,
  toDialect,
} from "./schema/index.js";
// Slot filling (seed 004)
export type { FillSlotsChunk, FillSlotsOptions, RemainingSchema } from "./slots/index.js";
export { fillSlots, SlotProcessor } from "./slots/index.js";
// Tools: definition, registry, execution (seed 001)
export type { Tool, ToolResult, ToolResultError } from "./tools/index.js";
export {
  callableToolsFromDialect,
  defineTool,
  executeToolCall,
  executeToolCalls,
  formatToolResult,
  ToolRegistry,
  toolFromConvertedOperation,
  toProviderTools,
} from "./tools/index.js";
