/** The parameter schema of a tool in any dialect: OpenAI's `function.parameters`, Anthropic's `input_schema`, Gemini's `parametersJsonSchema`, ... */
export function parametersOf(tool: unknown): object {
  const shaped = tool as {
    function?: { parameters: object };
    input_schema?: object;
    inputSchema?: object;
    parameters?: object;
    parametersJsonSchema?: object;
  };
  return (shaped.function?.parameters ??
    shaped.input_schema ??
    shaped.inputSchema ??
    shaped.parameters ??
    shaped.parametersJsonSchema ??
    // A Gemini function without arguments has no schema.
    {}) as object;
}
