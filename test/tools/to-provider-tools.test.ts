import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { callableToolsFromDialect } from "../../src/calls/providers/callable-tool-from-dialect.js";
import { DIALECTS, type Dialect } from "../../src/schema/tool-definition.js";
import { toProviderTools } from "../../src/tools/to-provider-tools.js";

const parameters = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const weather: CallableTool = {
  name: "get_weather",
  description: "Weather",
  parameters,
  xml: { tag: "weather", mappings: [{ param: "city", node: "content", path: ".", required: true }] },
};

describe("toProviderTools", () => {
  test.each<[Dialect, unknown[]]>([
    ["openai", [{ type: "function", function: { name: "get_weather", description: "Weather", parameters } }]],
    [
      "openai-strict",
      [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: "Weather",
            parameters: { ...parameters, additionalProperties: false },
            strict: true,
          },
        },
      ],
    ],
    [
      "openai-responses",
      [
        {
          type: "function",
          name: "get_weather",
          description: "Weather",
          parameters: { ...parameters, additionalProperties: false },
          strict: true,
        },
      ],
    ],
    ["anthropic", [{ name: "get_weather", description: "Weather", input_schema: parameters }]],
    ["mcp", [{ name: "get_weather", description: "Weather", inputSchema: parameters }]],
  ])("writes %s definitions, without the XML form", (dialect, want) => {
    expect(toProviderTools([weather], dialect)).toEqual(want);
  });

  test.each(DIALECTS.map((dialect) => [dialect]))("what %s writes reads back as the same tool", (dialect) => {
    const [readBack] = callableToolsFromDialect(toProviderTools([weather], dialect));
    expect({ name: readBack?.name, description: readBack?.description }).toEqual({
      name: "get_weather",
      description: "Weather",
    });
    expect(readBack?.parameters.properties).toEqual(parameters.properties);
  });
});
