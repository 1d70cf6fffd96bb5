/** The parameter schema of a tool in any dialect: OpenAI's `function.parameters`, Anthropic's `input_schema`, ... */
export function parametersOf(tool: unknown): object {
  const shaped = tool as {
    function?: { parameters: object };
    input_schema?: object;
    inputSchema?: object;
    parameters?: object;
  };
  return (shaped.function?.parameters ?? shaped.input_schema ?? shaped.inputSchema ?? shaped.parameters) as object;
}
