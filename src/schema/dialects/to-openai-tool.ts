import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../tool-definition.js";
import type { DialectContext } from "./dialect-context.js";
import { fitToolDescription } from "./fit-tool-description.js";
import { meetOpenAiSchemaRules } from "./openai-schema-rules.js";
import { ensureToolName } from "./sanitize-tool-name.js";
import { toRootObjectSchema } from "./to-root-object-schema.js";

/** OpenAI's limit on a function description. */
export const OPENAI_DESCRIPTION_LIMIT = 1024;

/** A Chat Completions function tool. */
export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean };
}

/**
 * Writes a tool for OpenAI function calling: `{type: "function", function: {name, description, parameters}}`, with
 * a valid name, a description of at most 1,024 characters, an object at the top of `parameters`, `items` on every
 * array and no `pattern` OpenAI refuses (see {@link meetOpenAiSchemaRules}).
 */
export function toOpenAiTool(definition: ToolDefinition, context: DialectContext): OpenAiTool {
  const parameters = toRootObjectSchema(definition.parameters, context);
  return {
    type: "function",
    function: {
      name: ensureToolName(definition.name, context),
      description: fitToolDescription(definition.description, OPENAI_DESCRIPTION_LIMIT, context),
      parameters:
        context.meetsOpenAiSchemaRules === true ? parameters : meetOpenAiSchemaRules(parameters, "#", context),
    },
  };
}
