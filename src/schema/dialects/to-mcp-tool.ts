import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import type { DialectContext } from "./dialect-context.js";
import { ensureToolName } from "./sanitize-tool-name.js";
import { toRootObjectSchema } from "./to-root-object-schema.js";

/** A Model Context Protocol tool, as `tools/list` returns it (the SDK's `Tool`). */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
}

/** Writes a tool for MCP: `{name, description, inputSchema}`, where `inputSchema` is a `type: "object"` schema. */
export function toMcpTool(definition: ToolDefinition, context: DialectContext): McpTool {
  return {
    name: ensureToolName(definition.name, context),
    description: definition.description,
    inputSchema: toRootObjectSchema(definition.parameters, context) as JsonSchema & { type: "object" },
  };
}
