import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import type { DialectContext } from "./dialect-context.js";
import { ensureToolName } from "./sanitize-tool-name.js";
import { toRootObjectSchema } from "./to-root-object-schema.js";

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

/** Writes a tool for Anthropic: `{name, description, input_schema}`, with no `oneOf`/`anyOf`/`allOf` at the top. */
export function toAnthropicTool(definition: ToolDefinition, context: DialectContext): AnthropicTool {
  return {
    name: ensureToolName(definition.name, context),
    description: definition.description,
    input_schema: toRootObjectSchema(definition.parameters, context),
  };
}
