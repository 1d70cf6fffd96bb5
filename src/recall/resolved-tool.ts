import type { OperationSpec } from "../openapi/operation-spec.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { ActionRecallRequest, ActionSourceDescriptor } from "./action-source.js";

/** A tool behind an HTTP operation (a tool box tool or a catalog OpenAPI operation). */
export interface OperationTool {
  kind: "operation";
  name: string;
  description: string;
  operation: OperationSpec;
  /** The `api_spec`, untouched. */
  originalSchema: unknown;
  apiUrl: string;
}

/** A tool of an MCP server: flat arguments. */
export interface McpTool {
  kind: "mcp";
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** The `inputSchema`, untouched. */
  originalSchema: unknown;
  /** The MCP server's URL: calls go there with `tools/call`. */
  apiUrl: string;
  toolName: string;
}

/** What an action source descriptor resolves to. */
export type ResolvedTool = OperationTool | McpTool;

/** Resolves an action source descriptor (`{type: "tool", box_id, tool_id}`, ...) to its tool. */
export interface ToolResolver {
  resolve(source: ActionSourceDescriptor, request: ActionRecallRequest): Promise<ResolvedTool>;
}
