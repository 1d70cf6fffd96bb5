import { ActionRecallError } from "../errors/action-recall-error.js";
import { kindOf } from "../errors/invalid-arguments-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { applyFixedValues } from "./apply-fixed-values.js";
import { checkConvertOptions } from "./check-convert-options.js";
import type { ConvertedTool, ConvertOptions } from "./converted-tool.js";
import { sanitizeToolName } from "./dialects/sanitize-tool-name.js";
import { expandRefs } from "./expand-refs.js";
import { finishConversion } from "./finish-conversion.js";
import type { JsonObject, JsonSchema } from "./json-schema.js";

/** An MCP tool as a server lists it. */
export interface McpToolInput {
  name: string;
  description?: string | undefined;
  inputSchema: object;
}

/**
 * Converts an MCP tool: its `inputSchema` with every `$ref` (`#/$defs/...`, resolved in the input schema) expanded
 * and pruned like an operation's, but kept FLAT: MCP arguments have no header/path/query/body layers. Fixed values
 * are flat names too; they are removed from the schema and returned under `fixed.body` (the arguments object).
 * `spec` is a stand-in operation (`POST /`, the arguments as a JSON body) so callers can treat every tool alike. A
 * description that is not a string, or an `inputSchema` that is not an object, throws `INVALID_DOCUMENT`.
 *
 * @example
 * const converted = convertMcpTool({ name: "search", inputSchema }, { dialect: "anthropic" });
 */
export function convertMcpTool(tool: McpToolInput, options: ConvertOptions = {}): ConvertedTool {
  checkObjectArgument("convertMcpTool", "tool", tool);
  checkConvertOptions(options, "convertMcpTool");
  if (typeof tool.name !== "string") {
    throw new ActionRecallError("INVALID_DOCUMENT", `An MCP tool's name must be a string, not ${typeof tool.name}`, {
      data: { pointer: "#/name" },
    });
  }
  if (tool.description !== undefined && typeof tool.description !== "string") {
    throw new ActionRecallError(
      "INVALID_DOCUMENT",
      `The MCP tool "${tool.name}" has a description that is not a string: ${typeof tool.description}`,
      { data: { pointer: "#/description" } },
    );
  }
  // MCP's Tool requires an object schema; anything else would become a tool without arguments, silently.
  if (!isJsonObject(tool.inputSchema)) {
    throw new ActionRecallError(
      "INVALID_DOCUMENT",
      `The MCP tool "${tool.name}" has an inputSchema that is not an object but ${kindOf(tool.inputSchema)}`,
      { data: { pointer: "#/inputSchema" } },
    );
  }
  const document = tool.inputSchema as JsonSchema;
  const expanded = expandRefs(document, {
    document: document as JsonObject,
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.resolveExternalRef === undefined ? {} : { resolveExternalRef: options.resolveExternalRef }),
  });
  // Fixed values are taken out exactly as from a layered body, then the body is unwrapped again.
  const applied = applyFixedValues(
    { type: "object", properties: { body: expanded.schema }, required: ["body"] },
    {
      ...(options.fixed === undefined ? {} : { fixed: options.fixed }),
      ...(options.fixConstants === undefined ? {} : { fixConstants: options.fixConstants }),
      constantSections: ["body"],
    },
  );
  const body = (applied.schema.properties as JsonSchema).body;
  const parameters = (body ?? { type: "object", properties: {} }) as JsonSchema;
  const spec: OperationSpec = {
    id: tool.name,
    method: "POST",
    path: "/",
    parameters: [],
    requestBody: {
      required: true,
      mediaType: "application/json",
      schema: document,
      mediaTypes: ["application/json"],
      pointer: "#",
    },
    document: document as JsonObject,
    pointer: "#",
  };
  if (tool.description !== undefined) spec.description = tool.description;
  return finishConversion(
    {
      definition: {
        name: sanitizeToolName(tool.name, new Set()),
        description: tool.description ?? tool.name,
        parameters,
      },
      fixed: applied.fixed,
      spec,
      pruned: expanded.pruned,
      conflicts: expanded.conflicts,
      unplacedFixed: applied.unplaced,
      keptLevels: 1,
    },
    options,
  );
}
