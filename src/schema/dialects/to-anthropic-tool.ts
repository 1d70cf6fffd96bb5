import { ActionRecallError } from "../../errors/action-recall-error.js";
import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject } from "../../openapi/own-properties.js";
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

/**
 * The property names Anthropic accepts at the top of `input_schema` ("Property keys should match pattern"); one tool
 * with another fails the whole request. A layered schema's are its sections; a flat one's (an MCP tool's) can be any.
 */
export const ANTHROPIC_PROPERTY_KEY_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;

/**
 * Writes a tool for Anthropic: `{name, description, input_schema}`, with no `oneOf`/`anyOf`/`allOf` at the top. A
 * top-level property name Anthropic refuses (`filter[id]`, `$top`, `名称`) throws `DIALECT_LIMIT_EXCEEDED` naming it:
 * renamed, the model's arguments would no longer match the tool.
 */
export function toAnthropicTool(definition: ToolDefinition, context: DialectContext): AnthropicTool {
  const inputSchema = toRootObjectSchema(definition.parameters, context);
  const refused = refusedPropertyKeys(inputSchema);
  if (refused.length > 0) {
    throw new ActionRecallError(
      "DIALECT_LIMIT_EXCEEDED",
      `Anthropic refuses the property names ${refused.map((key) => JSON.stringify(key)).join(", ")} of tool "${definition.name}": they must match ${ANTHROPIC_PROPERTY_KEY_PATTERN.source}`,
      { data: { pointer: appendJsonPointer("#/properties", refused[0] as string) } },
    );
  }
  return {
    name: ensureToolName(definition.name, context),
    description: definition.description,
    input_schema: inputSchema,
  };
}

/** The top-level property names of a schema that Anthropic refuses. */
export function refusedPropertyKeys(schema: JsonSchema): string[] {
  const properties = isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
  return properties.filter((key) => !ANTHROPIC_PROPERTY_KEY_PATTERN.test(key));
}
