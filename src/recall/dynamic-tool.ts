import type { FixedParams } from "../schema/tool-definition.js";

/**
 * A recalled tool, ready for an agent (seed 003). Wire names are snake_case, as the seed's answer.
 * `parameters` is the layered schema (`{header, path, query, body}`) for tool-box tools, and the MCP tool's flat
 * input schema for MCP tools.
 */
export interface DynamicTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments the model writes; fixed parameters are removed from it when they were located. */
  parameters: Record<string, unknown>;
  /** Where a call is posted: the tool box's proxy (`{header, path, query, body, timeout}`). */
  api_url: string;
  /** The tool's `api_spec` (or the MCP tool's `inputSchema`), untouched. */
  original_schema: unknown;
  /** `actions[0].parameters`, untouched. */
  fixed_params: Record<string, unknown>;
  /** The fixed parameters placed at their location per the `api_spec`, for execution to merge back. */
  fixed_params_by_location?: FixedParams;
  /** Fixed parameter names the `api_spec` does not know: kept in `fixed_params`, reported here, never sent. */
  unlocated_fixed_params?: string[];
  /** Present for MCP tools: `api_url` is then the MCP server, called with `tools/call` of this tool. */
  mcp?: { tool_name: string };
  /** The tool in the requested dialect, when the caller asked for one. */
  dialect_tool?: unknown;
}

/** What a recall answers: the tools (zero or one, from `actions[0]`), and why there are none when there are none. */
export interface RecallResult {
  _dynamic_tools: DynamicTool[];
  reason?: string;
}
