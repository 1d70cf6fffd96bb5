// The public API, written by hand: every name here is a promise to users, and test/index.test.ts pins the list.
// Subpath exports (`action-recall/http`, `action-recall/slots`, ...) carry the rest of each module's API; the service
// (`action-recall/server`) stays out of the root so that importing a parser does not load Fastify.

export type { CompletedToolArgs, WorkflowEdge, WorkflowJson, WorkflowStep } from "./args/index.js";
// Arguments and slots (seeds 002 and 004)
export { buildWorkflowJson, completeToolArgs } from "./args/index.js";
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
// Model output -> tool calls (seed 001)
export { createToolCallStream, parseToolCalls, renderToolPrompt } from "./calls/index.js";
export type { ErrorData, SafeResult, ValidationIssue } from "./errors/index.js";
// Errors
export {
  ActionRecallError,
  ErrorCode,
  InvalidArgumentsError,
  isActionRecallError,
  UpstreamError,
} from "./errors/index.js";
export type { HttpRequest, HttpResponse, ProxyBody, ProxyResult } from "./http/index.js";
// Requests (seed 000, the request side)
export { buildRequest, postToProxy, sendRequest, toProxyBody } from "./http/index.js";
export type { LlmClient, LlmSettings } from "./llm/index.js";
export { createLlmClient, llmSettingsFromEnv } from "./llm/index.js";
export type { OperationSpec, ParameterSpec, RequestBodySpec } from "./openapi/index.js";
// OpenAPI operations -> LLM tools (seed 000)
export { listOperations, loadDocument, operationFromToolDetail, upgradeSwagger2 } from "./openapi/index.js";
export type { DynamicTool, RecallActionsRequest, RecallContext, RecallResult } from "./recall/index.js";
// Action recall (seed 003)
export {
  createRecallContext,
  executeDynamicTool,
  loadActionCatalog,
  locateFixedParams,
  recallActions,
} from "./recall/index.js";
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
export type { ServiceConfig } from "./server/index.js";
