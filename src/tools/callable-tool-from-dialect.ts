import type { CallableTool } from "../calls/callable-tool.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkStringArgument } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonSchema } from "../schema/json-schema.js";

/**
 * Reads one tool written in any dialect `convert` prints and returns the tools in it (a Gemini `functionDeclarations`
 * holds several), so parsers can type arguments by schema:
 * - OpenAI and OpenAI strict: `{type: "function", function: {name, description, parameters}}`, or the Responses
 *   API's flat `{type: "function", name, description, parameters}`;
 * - Anthropic: `{name, description, input_schema}`; MCP: `{name, description, inputSchema}`;
 * - Gemini and provider-neutral: `{name, description, parameters}`, or `{functionDeclarations: [...]}`;
 * - `convert` wrappers: `{tool, report}`, or a converted tool whose `definition` is the neutral form.
 *
 * Throws `INVALID_TOOL_DEFINITION` at `pointer` when the entry is none of these.
 *
 * @example
 * callableToolFromDialect({ name: "get_weather", input_schema: { type: "object", properties: { city: { type: "string" } } } });
 * // [{ name: "get_weather", description: "", parameters: {...} }]
 */
export function callableToolFromDialect(value: unknown, pointer = ""): CallableTool[] {
  checkStringArgument("callableToolFromDialect", "pointer", pointer);
  if (!isJsonObject(value)) throw invalid("a tool must be an object", pointer);
  if (isJsonObject(value.definition)) return callableToolFromDialect(value.definition, `${pointer}/definition`);
  if (isJsonObject(value.tool)) return callableToolFromDialect(value.tool, `${pointer}/tool`);
  if (Array.isArray(value.functionDeclarations)) {
    return value.functionDeclarations.flatMap((declaration, index) =>
      callableToolFromDialect(declaration, `${pointer}/functionDeclarations/${index}`),
    );
  }
  if (value.type === "function" && isJsonObject(value.function)) {
    return callableToolFromDialect(value.function, `${pointer}/function`);
  }
  if (typeof value.name !== "string" || value.name === "") throw invalid("a tool needs a name", `${pointer}/name`);
  const schemaKey = ["parameters", "input_schema", "inputSchema"].find((key) => Object.hasOwn(value, key));
  const parameters = schemaKey === undefined ? { type: "object", properties: {} } : value[schemaKey];
  if (!isJsonObject(parameters))
    throw invalid(`the schema of tool "${value.name}" must be an object`, `${pointer}/${schemaKey}`);
  const description = typeof value.description === "string" ? value.description : "";
  return [{ name: value.name, description, parameters: parameters as JsonSchema }];
}

/**
 * Reads a list of tools in any dialect (a JSON array, or `convert`'s `{tools: [...]}`) into {@link CallableTool}s.
 * Throws `INVALID_TOOL_DEFINITION` at the faulty entry's pointer.
 */
export function callableToolsFromDialect(value: unknown): CallableTool[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => callableToolFromDialect(entry, `/${index}`));
  if (isJsonObject(value) && Array.isArray(value.tools)) {
    return value.tools.flatMap((entry, index) => callableToolFromDialect(entry, `/tools/${index}`));
  }
  throw invalid("tools must be a JSON array (or an object with a tools array)", "");
}

function invalid(message: string, pointer: string): ActionRecallError {
  return new ActionRecallError("INVALID_TOOL_DEFINITION", `Invalid tool at ${pointer || "/"}: ${message}`, {
    data: { pointer },
  });
}
