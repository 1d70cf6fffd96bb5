import { checkObjectArgument, checkObjectsArgument, invalidOptionError } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { CallableTool } from "./callable-tool.js";
import { PROMPT_FORMATS, type PromptFormat } from "./formats/names.js";

/** Options of {@link renderToolPrompt}. */
export interface RenderToolPromptOptions {
  /** `xml`: `<function_calls>` blocks; the other: `<tool_call>` JSON (see `PROMPT_FORMATS`). */
  format: PromptFormat;
  /** Default `en`. */
  language?: "en" | "zh";
}

const WORDS = {
  en: {
    xmlIntro: "You can call tools. To call tools, write a <function_calls> block in your answer, in exactly this form:",
    xmlRules: [
      "Every <invoke> in a block runs, in order. You may write several invokes in one block, and several blocks.",
      "Write each value as raw text, without escaping: code may contain <, & and quotes as they are.",
      "Write objects and arrays as JSON. Numbers and booleans as plain text (5, true).",
      "Use only the tools and parameter names listed below, and give every required parameter.",
      "After a block, stop and wait: the results come back in <function_results>.",
    ],
    toolCallIntro: "You can call tools. Their signatures are given as JSON Schema inside <tools></tools>:",
    toolCallHowTo:
      "To call a tool, write a JSON object with its name and arguments inside <tool_call></tool_call> tags, one block per call:",
    toolCallRules: [
      "Use only the tools and parameter names listed, and give every required parameter.",
      "After your calls, stop and wait for the results.",
    ],
    rules: "Rules:",
    tools: "Available tools:",
    parameters: "Parameters:",
    noParameters: "Parameters: none.",
    required: "required",
    optional: "optional",
    oneOf: "one of",
    defaultValue: "default",
    example: "Example:",
  },
  zh: {
    xmlIntro: "你可以调用工具。调用工具时，请在回答中按如下格式写一个 <function_calls> 块：",
    xmlRules: [
      "块中的每个 <invoke> 都会按顺序执行。一个块里可以写多个 invoke，也可以写多个块。",
      "参数值直接写原文，不要转义：代码中的 <、& 和引号照原样写。",
      "对象和数组写成 JSON；数字和布尔值直接写（5、true）。",
      "只能使用下面列出的工具和参数名，必填参数必须提供。",
      "写完调用块后停止输出，等待结果：结果会放在 <function_results> 中返回。",
    ],
    toolCallIntro: "你可以调用工具。工具的签名以 JSON Schema 的形式放在 <tools></tools> 中：",
    toolCallHowTo: "调用工具时，在 <tool_call></tool_call> 标签中写一个包含工具名和参数的 JSON 对象，每次调用一个块：",
    toolCallRules: ["只能使用列出的工具和参数名，必填参数必须提供。", "写完调用后停止输出，等待结果。"],
    rules: "规则：",
    tools: "可用工具：",
    parameters: "参数：",
    noParameters: "参数：无。",
    required: "必填",
    optional: "可选",
    oneOf: "可选值",
    defaultValue: "默认值",
    example: "示例：",
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/**
 * Writes the system-prompt text that teaches a model without native function calling how to call `tools`: the call
 * syntax, then each tool's name, description, parameters (type, required or optional, enum, default) and an example
 * (the tool's `xml.example` when it has one, otherwise one generated from its schema).
 *
 * @example
 * const system = renderToolPrompt(registry.list(), { format: "xml", language: "en" });
 */
export function renderToolPrompt(tools: readonly CallableTool[], options: RenderToolPromptOptions): string {
  checkObjectsArgument("renderToolPrompt", "tools", tools);
  checkObjectArgument("renderToolPrompt", "options", options);
  const language = options.language ?? "en";
  if (!Object.hasOwn(WORDS, language))
    throw invalidOptionError("renderToolPrompt", "language", language, '"en" or "zh"');
  if (!(PROMPT_FORMATS as readonly unknown[]).includes(options.format)) {
    const expected = PROMPT_FORMATS.map((format) => `"${format}"`).join(" or ");
    throw invalidOptionError("renderToolPrompt", "format", options.format, expected);
  }
  const words = WORDS[language];
  return options.format === "xml" ? renderXmlPrompt(tools, words) : renderToolCallPrompt(tools, words);
}

function renderXmlPrompt(tools: readonly CallableTool[], words: Words): string {
  const form = [
    "<function_calls>",
    '<invoke name="TOOL_NAME">',
    '<parameter name="PARAMETER_NAME">value</parameter>',
    "</invoke>",
    "</function_calls>",
  ].join("\n");
  const sections = tools.map((tool) => {
    const example = tool.xml?.example?.trim() ?? xmlExample(tool);
    return [`## ${tool.name}`, tool.description, ...parameterLines(tool, words), words.example, example].join("\n");
  });
  return [
    words.xmlIntro,
    form,
    [words.rules, ...words.xmlRules.map((rule) => `- ${rule}`)].join("\n"),
    words.tools,
    ...sections,
  ].join("\n\n");
}

function renderToolCallPrompt(tools: readonly CallableTool[], words: Words): string {
  const signatures = tools.map((tool) =>
    JSON.stringify({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }),
  );
  const form = ["<tool_call>", '{"name": "TOOL_NAME", "arguments": {"PARAMETER_NAME": "value"}}', "</tool_call>"].join(
    "\n",
  );
  const sections = tools.map((tool) =>
    [`## ${tool.name}`, tool.description, ...parameterLines(tool, words), words.example, toolCallExample(tool)].join(
      "\n",
    ),
  );
  return [
    words.toolCallIntro,
    ["<tools>", ...signatures, "</tools>"].join("\n"),
    words.toolCallHowTo,
    form,
    [words.rules, ...words.toolCallRules.map((rule) => `- ${rule}`)].join("\n"),
    words.tools,
    ...sections,
  ].join("\n\n");
}

/** `- name (type, required): description`, one line per parameter. */
function parameterLines(tool: CallableTool, words: Words): string[] {
  const properties = propertiesOf(tool);
  if (properties.length === 0) return [words.noParameters];
  const required = requiredOf(tool);
  const lines = properties.map(([name, schema]) => {
    const facts = [typeLabel(schema), required.has(name) ? words.required : words.optional];
    if (Array.isArray(schema.enum))
      facts.push(`${words.oneOf}: ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
    if (schema.default !== undefined) facts.push(`${words.defaultValue}: ${JSON.stringify(schema.default)}`);
    const description = typeof schema.description === "string" ? `: ${schema.description}` : "";
    return `- ${name} (${facts.join(", ")})${description}`;
  });
  return [words.parameters, ...lines];
}

function xmlExample(tool: CallableTool): string {
  const parameters = exampleArguments(tool).map(([name, value]) => {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return `<parameter name="${name}">${text}</parameter>`;
  });
  return ["<function_calls>", `<invoke name="${tool.name}">`, ...parameters, "</invoke>", "</function_calls>"].join(
    "\n",
  );
}

function toolCallExample(tool: CallableTool): string {
  const args = Object.fromEntries(exampleArguments(tool));
  return ["<tool_call>", JSON.stringify({ name: tool.name, arguments: args }), "</tool_call>"].join("\n");
}

/** The required parameters (all of them when none is required), each with a value its schema accepts. */
function exampleArguments(tool: CallableTool): Array<[string, unknown]> {
  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const chosen = required.size === 0 ? properties : properties.filter(([name]) => required.has(name));
  return chosen.map(([name, schema]) => [name, sampleValue(schema)]);
}

function sampleValue(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const keyword of ["example", "default", "const"]) if (schema[keyword] !== undefined) return schema[keyword];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (firstType(schema)) {
    case "integer":
      return 1;
    case "number":
      return 1.5;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    case "null":
      return null;
    default:
      return "text";
  }
}

function typeLabel(schema: Record<string, unknown>): string {
  const { type, items } = schema;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array" && isJsonObject(items)) return `array of ${typeLabel(items)}`;
  return typeof type === "string" ? type : "any";
}

function firstType(schema: Record<string, unknown>): string | undefined {
  const { type } = schema;
  if (typeof type === "string") return type;
  return Array.isArray(type)
    ? type.find((item): item is string => typeof item === "string" && item !== "null")
    : undefined;
}

function propertiesOf(tool: CallableTool): Array<[string, Record<string, unknown>]> {
  const { properties } = tool.parameters;
  if (!isJsonObject(properties)) return [];
  return Object.entries(properties).map(([name, schema]) => [name, isJsonObject(schema) ? schema : {}]);
}

function requiredOf(tool: CallableTool): Set<string> {
  const { required } = tool.parameters;
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : []);
}
