/** Why a tool call failed: a stable code, a message, and details such as validation issues. */
export interface ToolResultError {
  code: string;
  message: string;
  details?: unknown;
}

/** The one result every tool call gives, whatever the format it was called in. Executors never throw. */
export interface ToolResult {
  success: boolean;
  output: unknown;
  error?: ToolResultError;
}
