import type { CallableTool, XmlMapping, XmlToolSpec } from "../calls/callable-tool.js";
import type { ToolCall } from "../calls/tool-call.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { TOOL_NAME_PATTERN } from "../schema/dialects/sanitize-tool-name.js";
import type { JsonSchema } from "../schema/json-schema.js";

/** What a tool's `execute` receives besides its arguments. */
export interface ToolExecutionContext {
  /** Aborted when the caller cancels or the call times out; pass it on to any I/O the tool does. */
  signal: AbortSignal;
  /** The call being executed, for its id and format. */
  call: ToolCall;
}

/** A tool that can run: what parsers need ({@link CallableTool}) plus the function that does the work. */
export interface Tool<Args extends Record<string, unknown> = Record<string, unknown>> extends CallableTool {
  /** Runs the tool with arguments already validated against `parameters`; what it returns becomes the output. */
  execute(args: Args, context: ToolExecutionContext): Promise<unknown> | unknown;
}

/** One XML mapping as written in a definition; `path` defaults to `.` and `required` to true, as in AgentPress. */
export interface XmlMappingInput {
  param: string;
  node: XmlMapping["node"];
  path?: string;
  required?: boolean;
}

/** What {@link defineTool} takes. */
export interface ToolOptions<Args extends Record<string, unknown>> {
  name: string;
  description: string;
  /** JSON Schema of the arguments: an object schema. */
  parameters: JsonSchema;
  /** The legacy XML form: `<tag attribute="...">content</tag>`, read through its mappings. */
  xml?: { tag: string; mappings: XmlMappingInput[]; example?: string };
  execute: Tool<Args>["execute"];
}

/** An XML element name, kept to ASCII so tags stay unambiguous in prompts. */
const XML_TAG = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const XML_NODES: ReadonlySet<string> = new Set(["attribute", "element", "content"]);

/**
 * Defines a tool: a checked name, description and argument schema, an optional legacy XML form, and the function that
 * runs it. Throws `INVALID_TOOL_DEFINITION` naming the faulty field.
 *
 * @example
 * const createFile = defineTool({
 *   name: "create_file",
 *   description: "Create a file",
 *   parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
 *   xml: { tag: "create-file", mappings: [{ param: "file_path", node: "attribute" }] },
 *   execute: async ({ file_path }) => `created ${file_path}`,
 * });
 */
export function defineTool<Args extends Record<string, unknown> = Record<string, unknown>>(
  options: ToolOptions<Args>,
): Tool<Args> {
  checkObjectArgument("defineTool", "options", options);
  const { name, description, parameters, xml, execute } = options;
  const fail = (message: string, pointer: string): never => {
    throw new ActionRecallError("INVALID_TOOL_DEFINITION", `Tool "${name}": ${message}`, { data: { pointer } });
  };
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    fail(`the name must match ${TOOL_NAME_PATTERN.source}, which every provider accepts`, "/name");
  }
  if (typeof description !== "string") fail("the description must be a string", "/description");
  if (!isObjectSchema(parameters)) fail('parameters must be a JSON Schema with type "object"', "/parameters");
  if (typeof execute !== "function") fail("execute must be a function", "/execute");
  const tool: Tool<Args> = { name, description, parameters, execute };
  if (xml !== undefined) tool.xml = checkXml(xml, parameters, fail);
  return tool;
}

function isObjectSchema(value: unknown): value is JsonSchema {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && (value as JsonSchema).type === "object"
  );
}

function checkXml(
  xml: NonNullable<ToolOptions<Record<string, unknown>>["xml"]>,
  parameters: JsonSchema,
  fail: (message: string, pointer: string) => never,
): XmlToolSpec {
  if (typeof xml.tag !== "string" || !XML_TAG.test(xml.tag)) fail(`"${xml.tag}" is not an XML tag name`, "/xml/tag");
  if (!Array.isArray(xml.mappings)) fail("xml.mappings must be an array", "/xml/mappings");
  const properties = parameters.properties;
  const mappings = xml.mappings.map((mapping, index): XmlMapping => {
    const pointer = `/xml/mappings/${index}`;
    const known = typeof properties === "object" && properties !== null && Object.hasOwn(properties, mapping.param);
    if (!known) fail(`the XML mapping names "${mapping.param}", which is not a parameter`, `${pointer}/param`);
    if (!XML_NODES.has(mapping.node)) fail(`"${mapping.node}" is not attribute, element or content`, `${pointer}/node`);
    return { param: mapping.param, node: mapping.node, path: mapping.path ?? ".", required: mapping.required ?? true };
  });
  const spec: XmlToolSpec = { tag: xml.tag, mappings };
  if (xml.example !== undefined) spec.example = xml.example;
  return spec;
}
