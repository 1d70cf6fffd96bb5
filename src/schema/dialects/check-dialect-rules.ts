import { createRequire } from "node:module";
import { invalidOptionError } from "../../errors/invalid-option-error.js";
import { appendJsonPointer } from "../../openapi/json-pointer.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import type { JsonSchema } from "../json-schema.js";
import { lacksItemsSchema } from "../schema-keywords.js";
import type { Dialect } from "../tool-definition.js";
import { ANTHROPIC_PROPERTY_NAME_PATTERN } from "./anthropic-property-names.js";
import { typesOf } from "./dialect-context.js";
import { openAiRefusesPattern } from "./openai-schema-rules.js";
import { TOOL_NAME_PATTERN } from "./sanitize-tool-name.js";
import { strictSizeViolations } from "./strict-schema-sizes.js";
import { GEMINI_FORMATS, GEMINI_KEYWORDS } from "./to-gemini-tool.js";
import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS, OPENAI_STRICT_LIMITS } from "./to-openai-strict-tool.js";
import { OPENAI_DESCRIPTION_LIMIT } from "./to-openai-tool.js";

type McpTypes = typeof import("@modelcontextprotocol/sdk/types.js");

/**
 * The MCP SDK's schemas (zod), loaded (their CommonJS build) at the first MCP check: loading them takes longer than
 * starting Node, and converting tools never needs them. `createRequire` is one of the core's two `node:*` imports,
 * against DESIGN.md's rule: on Node 20 nothing else loads a module synchronously.
 */
let mcpTypes: McpTypes | undefined;

/** Called for every schema in a tool's parameters, with how many objects enclose it through `properties`. */
type SchemaVisitor = (schema: JsonSchema, pointer: string, nesting: number) => void;

const CHECKERS: Record<Dialect, (tool: unknown, violations: string[]) => void> = {
  openai: (tool, violations) => checkOpenAiTool(tool, violations),
  "openai-strict": checkOpenAiStrictTool,
  "openai-responses": checkOpenAiResponsesTool,
  anthropic: checkAnthropicTool,
  gemini: checkGeminiTool,
  mcp: checkMcpTool,
};

/**
 * Checks a tool against a provider's rules and lists every violation as `pointer: what is wrong` (empty when the
 * tool is acceptable). Use it to verify tools written by hand or by other generators before sending them.
 *
 * @example
 * checkDialectRules({ name: "bad name", description: "", input_schema: { type: "object" } }, "anthropic");
 * // ['#/name: "bad name" does not match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$']
 */
export function checkDialectRules(tool: unknown, dialect: Dialect): string[] {
  if (typeof dialect !== "string" || !Object.hasOwn(CHECKERS, dialect)) {
    throw invalidOptionError("checkDialectRules", "dialect", dialect, `one of ${Object.keys(CHECKERS).join(", ")}`);
  }
  const violations: string[] = [];
  CHECKERS[dialect](tool, violations);
  return violations;
}

function checkOpenAiTool(tool: unknown, violations: string[]): JsonSchema | undefined {
  if (!isJsonObject(tool) || tool.type !== "function" || !isJsonObject(tool.function)) {
    violations.push('#: not {type: "function", function: {...}}');
    return undefined;
  }
  const { name, description, parameters } = tool.function;
  checkName(name, "#/function/name", violations);
  if (typeof description === "string" && description.length > OPENAI_DESCRIPTION_LIMIT) {
    violations.push(`#/function/description: longer than ${OPENAI_DESCRIPTION_LIMIT} characters`);
  }
  checkRootObject(parameters, "#/function/parameters", violations);
  if (!isJsonObject(parameters)) return undefined;
  // "In context=(), object schema missing properties."
  if (!isJsonObject(parameters.properties)) violations.push("#/function/parameters/properties: missing");
  // OpenAI answers 400 "array schema missing items" and "regex lookaround is not supported", strict mode or not.
  visitSchemas(parameters, "#/function/parameters", 1, (schema, pointer) => {
    if (lacksItemsSchema(schema)) violations.push(`${pointer}/items: missing`);
    if (typeof schema.pattern === "string" && openAiRefusesPattern(schema.pattern)) {
      violations.push(`${pointer}/pattern: OpenAI refuses its syntax`);
    }
  });
  return parameters;
}

function checkOpenAiStrictTool(tool: unknown, violations: string[]): void {
  const parameters = checkOpenAiTool(tool, violations);
  if (parameters === undefined) return;
  if (!isJsonObject(tool) || !isJsonObject(tool.function) || tool.function.strict !== true) {
    violations.push("#/function/strict: not true");
  }
  let propertyCount = 0;
  visitSchemas(parameters, "#/function/parameters", 1, (schema, pointer, nesting) => {
    checkKeywords(schema, pointer, OPENAI_STRICT_KEYWORDS, violations);
    if (typeof schema.format === "string" && !OPENAI_STRICT_FORMATS.has(schema.format)) {
      violations.push(`${pointer}/format: ${JSON.stringify(schema.format)} is not supported`);
    }
    const types = typesOf(schema);
    if (types.length === 0 && !("anyOf" in schema) && !("enum" in schema) && !("const" in schema)) {
      violations.push(`${pointer}: has no type, anyOf, enum or const`);
    }
    if (!types.includes("object")) return;
    if (
      nesting > OPENAI_STRICT_LIMITS.maxNesting &&
      isJsonObject(schema.properties) &&
      Object.keys(schema.properties).length > 0
    ) {
      violations.push(`${pointer}: nested deeper than ${OPENAI_STRICT_LIMITS.maxNesting} levels`);
    }
    if (schema.additionalProperties !== false) violations.push(`${pointer}/additionalProperties: not false`);
    const names = isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
    if (schema.additionalProperties === false) checkBranchesFitObject(schema, names, pointer, violations);
    propertyCount += names.length;
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const notRequired = names.filter((name) => !required.has(name));
    if (notRequired.length > 0) violations.push(`${pointer}/required: misses ${JSON.stringify(notRequired)}`);
  });
  if (propertyCount > OPENAI_STRICT_LIMITS.maxProperties) {
    violations.push(`#/function/parameters: more than ${OPENAI_STRICT_LIMITS.maxProperties} properties`);
  }
  for (const oversize of strictSizeViolations(parameters)) violations.push(`#/function/parameters: ${oversize}`);
}

/**
 * A Responses API tool holds the Chat Completions function's keys flat beside `type`: it is checked as that function,
 * at its own pointers (`#/parameters`, not `#/function/parameters`).
 */
function checkOpenAiResponsesTool(tool: unknown, violations: string[]): void {
  if (!isJsonObject(tool) || tool.type !== "function" || "function" in tool) {
    violations.push('#: not {type: "function", name, description, parameters, strict}');
    return;
  }
  const { type, ...flat } = tool;
  const found: string[] = [];
  checkOpenAiStrictTool({ type, function: flat }, found);
  for (const violation of found) violations.push(violation.replace(/^#\/function/, "#"));
}

/**
 * A closed object refuses every key it does not list, also those an `anyOf` branch beside it lists: strict mode
 * requires every listed property, so such a branch accepts no object at all.
 */
function checkBranchesFitObject(schema: JsonSchema, names: string[], pointer: string, violations: string[]): void {
  if (!Array.isArray(schema.anyOf)) return;
  schema.anyOf.forEach((branch, index) => {
    if (!isJsonObject(branch) || !isJsonObject(branch.properties)) return;
    for (const name of Object.keys(branch.properties).filter((key) => !names.includes(key))) {
      const at = appendJsonPointer(`${pointer}/anyOf/${index}`, "properties", name);
      violations.push(`${at}: refused by the object's additionalProperties: false`);
    }
  });
}

function checkAnthropicTool(tool: unknown, violations: string[]): void {
  if (!isJsonObject(tool)) {
    violations.push("#: not an object");
    return;
  }
  checkName(tool.name, "#/name", violations);
  checkRootObject(tool.input_schema, "#/input_schema", violations);
  if (!isJsonObject(tool.input_schema)) return;
  const properties = isJsonObject(tool.input_schema.properties) ? Object.keys(tool.input_schema.properties) : [];
  for (const name of properties.filter((key) => !ANTHROPIC_PROPERTY_NAME_PATTERN.test(key))) {
    const pointer = appendJsonPointer("#/input_schema/properties", name);
    violations.push(`${pointer}: does not match ${ANTHROPIC_PROPERTY_NAME_PATTERN.source}`);
  }
}

function checkGeminiTool(tool: unknown, violations: string[]): void {
  if (!isJsonObject(tool)) {
    violations.push("#: not an object");
    return;
  }
  checkName(tool.name, "#/name", violations);
  // The schema is in `parametersJsonSchema` (JSON Schema: null beside one type) or `parameters` (OpenAPI: `nullable`).
  const key = "parameters" in tool ? "parameters" : "parametersJsonSchema";
  const parameters = tool[key];
  // A function without arguments leaves its schema out.
  if (parameters === undefined) return;
  const root = `#/${key}`;
  if (!isJsonObject(parameters)) {
    violations.push(`${root}: not a schema`);
    return;
  }
  // Vertex AI: "functionDeclaration parameters schema should be of type OBJECT".
  checkRootObject(parameters, root, violations);
  const allowed = key === "parameters" ? new Set([...GEMINI_KEYWORDS, "nullable"]) : GEMINI_KEYWORDS;
  visitSchemas(parameters, root, 1, (schema, pointer) => {
    checkKeywords(schema, pointer, allowed, violations);
    const type = key === "parametersJsonSchema" ? typeBesideNull(schema.type) : schema.type;
    if ("type" in schema && typeof type !== "string") violations.push(`${pointer}/type: not a single type`);
    // Gemini's 400: "properties: should be non-empty for OBJECT type".
    if (type === "object" && !(isJsonObject(schema.properties) && Object.keys(schema.properties).length > 0)) {
      violations.push(`${pointer}/properties: none, which Gemini refuses on an object`);
    }
    if ("enum" in schema && type !== "string") violations.push(`${pointer}/enum: on a non-string type`);
    if (Array.isArray(schema.enum) && schema.enum.includes(""))
      violations.push(`${pointer}/enum: holds "", which Gemini refuses`);
    // Gemini's 400s: "type: must be specified when not using one_of, any_of or all_of fields", "items: missing
    // field", "items: field predicate failed: $type == Type.ARRAY".
    if (type === undefined && !("anyOf" in schema)) violations.push(`${pointer}/type: missing`);
    if (type === "array" && !isJsonObject(schema.items)) violations.push(`${pointer}/items: missing`);
    for (const [keyword, owner] of [
      ["items", "array"],
      ["properties", "object"],
    ] as const) {
      if (keyword in schema && type !== owner) violations.push(`${pointer}/${keyword}: on a non-${owner} type`);
    }
    const formats = typeof type === "string" ? GEMINI_FORMATS[type] : undefined;
    if ("format" in schema && !formats?.includes(schema.format as string)) {
      violations.push(`${pointer}/format: ${JSON.stringify(schema.format)} is not supported here`);
    }
  });
}

/** The one type of a JSON Schema `type` that may also allow null (`["string", "null"]` is `"string"`). */
function typeBesideNull(type: unknown): unknown {
  if (!Array.isArray(type)) return type;
  const others = type.filter((entry) => entry !== "null");
  return others.length === 1 && others.length < type.length ? others[0] : type;
}

function checkMcpTool(tool: unknown, violations: string[]): void {
  mcpTypes ??= createRequire(import.meta.url)("@modelcontextprotocol/sdk/types.js") as McpTypes;
  const parsed = mcpTypes.ToolSchema.safeParse(tool);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) violations.push(`#/${issue.path.join("/")}: ${issue.message}`);
    return;
  }
  if (isJsonObject(tool)) checkRootObject(tool.inputSchema, "#/inputSchema", violations);
}

function checkName(name: unknown, pointer: string, violations: string[]): void {
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    violations.push(`${pointer}: ${JSON.stringify(name)} does not match ${TOOL_NAME_PATTERN.source}`);
  }
}

/** Keywords that leave a reference unresolved, which no tool may hold. */
const REFERENCE_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"];

/** The top of a tool's parameters: an object schema without combinators, and no `$ref` anywhere below. */
function checkRootObject(schema: unknown, pointer: string, violations: string[]): void {
  if (!isJsonObject(schema) || schema.type !== "object") {
    violations.push(`${pointer}: not a type "object" schema`);
    return;
  }
  for (const keyword of ["oneOf", "anyOf", "allOf", "enum", "not"]) {
    if (keyword in schema) violations.push(`${pointer}/${keyword}: not allowed at the top`);
  }
  visitSchemas(schema, pointer, 1, (child, childPointer) => {
    for (const reference of REFERENCE_KEYWORDS) {
      if (reference in child) violations.push(`${childPointer}/${reference}: references are not resolved`);
    }
  });
}

function checkKeywords(schema: JsonSchema, pointer: string, allowed: ReadonlySet<string>, violations: string[]): void {
  for (const keyword of Object.keys(schema)) {
    if (!allowed.has(keyword)) violations.push(`${pointer}/${keyword}: keyword not supported`);
  }
}

/** Visits a schema and every schema inside it (properties, items, combinators, additionalProperties, not). */
function visitSchemas(schema: JsonSchema, pointer: string, nesting: number, visit: SchemaVisitor): void {
  visit(schema, pointer, nesting);
  if (isJsonObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isJsonObject(property))
        visitSchemas(property, appendJsonPointer(pointer, "properties", name), nesting + 1, visit);
    }
  }
  for (const keyword of ["items", "additionalProperties", "not"]) {
    const child = schema[keyword];
    if (isJsonObject(child)) visitSchemas(child, `${pointer}/${keyword}`, nesting, visit);
  }
  for (const keyword of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, index) => {
      if (isJsonObject(branch)) visitSchemas(branch, `${pointer}/${keyword}/${index}`, nesting, visit);
    });
  }
}
