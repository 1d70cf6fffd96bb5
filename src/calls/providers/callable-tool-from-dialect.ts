import { ActionRecallError } from "../../errors/action-recall-error.js";
import { checkStringArgument } from "../../errors/invalid-option-error.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../../schema/json-schema.js";
import type { CallableTool, XmlToolSpec } from "../callable-tool.js";

/**
 * A tool as users hold it: a {@link CallableTool}, or one written in any dialect `convert` prints (OpenAI Chat,
 * OpenAI Responses, Anthropic, Gemini, MCP). Read by {@link callableToolFromDialect}.
 */
export type ToolInAnyDialect = CallableTool | object;

/** The keys a dialect keeps a tool's JSON Schema under, in the order they are looked for. */
const SCHEMA_KEYS = ["parameters", "input_schema", "inputSchema", "parametersJsonSchema"] as const;

/**
 * Reads one tool written in any dialect `convert` prints and returns the tools in it (a Gemini `functionDeclarations`
 * holds several), so parsers can type arguments by schema:
 * - OpenAI and OpenAI strict: `{type: "function", function: {name, description, parameters}}`, or the Responses
 *   API's flat `{type: "function", name, description, parameters}`, and its `{type: "namespace", name, tools}`, whose
 *   tools are named `namespace__name`, as vLLM names them for the models it serves (and as a Responses call to one is
 *   read);
 * - Anthropic: `{name, description, input_schema}`; MCP: `{name, description, inputSchema}`;
 * - Gemini and provider-neutral: `{name, description, parameters}` (Gemini also `parametersJsonSchema`), or
 *   `{functionDeclarations: [...]}`; a neutral tool keeps its legacy `xml` form;
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
  if (value.type === "namespace") return namespaceTools(value, pointer);
  if (typeof value.name !== "string" || value.name === "") throw invalid("a tool needs a name", `${pointer}/name`);
  const schemaKey = SCHEMA_KEYS.find((key) => Object.hasOwn(value, key));
  const parameters = schemaKey === undefined ? { type: "object", properties: {} } : value[schemaKey];
  if (!isJsonObject(parameters))
    throw invalid(`the schema of tool "${value.name}" must be an object`, `${pointer}/${schemaKey}`);
  const description = typeof value.description === "string" ? value.description : "";
  const tool: CallableTool = { name: value.name, description, parameters: parameters as JsonSchema };
  if (value.xml !== undefined) tool.xml = xmlSpecOf(value.xml, value.name, `${pointer}/xml`);
  return [tool];
}

/** The tools of a Responses API namespace, each named `namespace__name` (see {@link namespacedName}). */
function namespaceTools(namespace: Record<string, unknown>, pointer: string): CallableTool[] {
  const { name, tools } = namespace;
  if (typeof name !== "string" || name === "") throw invalid("a namespace needs a name", `${pointer}/name`);
  if (!Array.isArray(tools)) throw invalid(`namespace "${name}" must hold a tools array`, `${pointer}/tools`);
  return tools.flatMap((tool, index) =>
    callableToolFromDialect(tool, `${pointer}/tools/${index}`).map((read) => ({
      ...read,
      name: namespacedName(name, read.name),
    })),
  );
}

/** The name a tool `name` of the namespace `namespace` is called by: `crm__lookup`. */
export function namespacedName(namespace: string, name: string): string {
  return `${namespace}__${name}`;
}

/**
 * Reads a list of tools in any dialect (a JSON array, or `convert`'s `{tools: [...]}`) into {@link CallableTool}s.
 * Throws `INVALID_TOOL_DEFINITION` at the first faulty entry's pointer (`/1/name`).
 */
export function callableToolsFromDialect(value: unknown): CallableTool[] {
  const read =
    isJsonObject(value) && Array.isArray(value.tools)
      ? readToolsFromDialects(value.tools, "/tools")
      : readToolsFromDialects(value);
  const [first] = read.errors;
  if (first !== undefined) throw first;
  return read.tools;
}

/** The tools read from a list in any dialect, and an `INVALID_TOOL_DEFINITION` error for each entry that is none. */
export interface ToolsReadFromDialects {
  tools: CallableTool[];
  errors: ActionRecallError[];
}

/**
 * Reads every entry of a list of tools in any dialect, keeping the good ones: each entry that is not a tool is an
 * `INVALID_TOOL_DEFINITION` error at its pointer (`/1`, `/1/name`), and a list that is not an array is one at `""`.
 * Never throws: for parsers, which report instead.
 */
export function readToolsFromDialects(list: unknown, pointer = ""): ToolsReadFromDialects {
  const read: ToolsReadFromDialects = { tools: [], errors: [] };
  if (!Array.isArray(list)) {
    read.errors.push(invalid("tools must be an array (or an object with a tools array)", pointer));
    return read;
  }
  for (const [index, entry] of list.entries()) {
    try {
      read.tools.push(...callableToolFromDialect(entry, `${pointer}/${index}`));
    } catch (error) {
      if (!(error instanceof ActionRecallError)) throw error;
      read.errors.push(error);
    }
  }
  return read;
}

/** A tool's legacy XML form, as `defineTool` gives it; checked only as far as the parsers rely on it. */
function xmlSpecOf(xml: unknown, name: string, pointer: string): XmlToolSpec {
  if (isJsonObject(xml) && typeof xml.tag === "string" && xml.tag !== "" && Array.isArray(xml.mappings)) {
    return xml as unknown as XmlToolSpec;
  }
  throw invalid(`the xml form of tool "${name}" must be {tag, mappings}`, pointer);
}

function invalid(message: string, pointer: string): ActionRecallError {
  return new ActionRecallError("INVALID_TOOL_DEFINITION", `Invalid tool at ${pointer || "/"}: ${message}`, {
    data: { pointer },
  });
}
