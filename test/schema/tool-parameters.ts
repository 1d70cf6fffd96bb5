/**
 * The parameter schema of a tool in any dialect: OpenAI's `function.parameters`, Anthropic's `input_schema`, ... A
 * Gemini function without parameters has none: it takes an empty object. (The dialect checkers require the schema
 * everywhere else.)
 */
export function parametersOf(tool: unknown): object {
  const shaped = tool as {
    function?: { parameters: object };
    input_schema?: object;
    inputSchema?: object;
    parameters?: object;
  };
  const parameters = shaped.function?.parameters ?? shaped.input_schema ?? shaped.inputSchema ?? shaped.parameters;
  return parameters ?? { type: "object", properties: {}, additionalProperties: false };
}
