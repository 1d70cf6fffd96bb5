import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import { ANTHROPIC_PROPERTY_NAME_PATTERN, anthropicPropertyName } from "./anthropic-property-names.js";
import { type DialectContext, recordChange } from "./dialect-context.js";
import { ensureToolName } from "./sanitize-tool-name.js";
import { toRootObjectSchema } from "./to-root-object-schema.js";

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

/**
 * Writes a tool for Anthropic: `{name, description, input_schema}`, with no `oneOf`/`anyOf`/`allOf` at the top, and
 * each top-level property name Anthropic refuses (an MCP tool's `filter[id]`, `$top`, `名称`) renamed as
 * {@link anthropicPropertyName} says, in `required` too; each rename is recorded. The executors map the model's
 * arguments back (`restorePropertyNames`).
 */
export function toAnthropicTool(definition: ToolDefinition, context: DialectContext): AnthropicTool {
  return {
    name: ensureToolName(definition.name, context),
    description: definition.description,
    input_schema: withAnthropicPropertyNames(toRootObjectSchema(definition.parameters, context), context),
  };
}

function withAnthropicPropertyNames(schema: JsonSchema, context: DialectContext): JsonSchema {
  const source = schema.properties;
  if (!isJsonObject(source) || Object.keys(source).every((name) => ANTHROPIC_PROPERTY_NAME_PATTERN.test(name))) {
    return schema;
  }
  const properties: JsonSchema = {};
  for (const name of Object.keys(source)) {
    const written = anthropicPropertyName(name);
    if (written !== name) {
      const pointer = appendJsonPointer("#/properties", name);
      recordChange(context, "properties", pointer, "renamed", `${JSON.stringify(name)} -> ${JSON.stringify(written)}`);
    }
    setOwnProperty(properties, written, source[name]);
  }
  const renamed: JsonSchema = { ...schema, properties };
  if (Array.isArray(schema.required)) {
    renamed.required = schema.required.map((name) => (typeof name === "string" ? anthropicPropertyName(name) : name));
  }
  return renamed;
}
