import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import type { DialectContext } from "./dialect-context.js";
import { meetOpenAiSchemaRules } from "./openai-schema-rules.js";
import { ensureToolName } from "./sanitize-tool-name.js";
import { toRootObjectSchema } from "./to-root-object-schema.js";

/** A Model Context Protocol tool, as `tools/list` returns it (the SDK's `Tool`). */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
}

/**
 * Writes a tool for MCP: `{name, description, inputSchema}`, where `inputSchema` is a `type: "object"` schema. MCP
 * clients hand a server's tools to whatever model they use, and those on OpenAI (Codex, opencode with GPT) fail the
 * whole request on a `pattern` OpenAI refuses: such patterns move into the description, as in the OpenAI dialects.
 */
export function toMcpTool(definition: ToolDefinition, context: DialectContext): McpTool {
  const inputSchema = toRootObjectSchema(definition.parameters, context);
  return {
    name: ensureToolName(definition.name, context),
    description: definition.description,
    inputSchema: (context.meetsOpenAiSchemaRules === true
      ? inputSchema
      : meetOpenAiSchemaRules(inputSchema, "#", context)) as JsonSchema & { type: "object" },
  };
}
