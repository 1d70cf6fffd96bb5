import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { type RenderToolPromptOptions, renderToolPrompt } from "../../src/calls/render-tool-prompt.js";
import toolsJson from "../fixtures/calls/tools.json" with { type: "json" };

const tools = toolsJson as CallableTool[];
const weather = tools.filter((tool) => tool.name === "get_weather");

describe("renderToolPrompt", () => {
  test.each([
    {
      name: "xml, en: syntax, each parameter with type and required, a generated example",
      options: { format: "xml", language: "en" } as const,
      want: [
        "<function_calls>",
        "Every <invoke> in a block runs",
        "## get_weather\nCurrent weather of a city",
        "- city (string, required): City name",
        "- days (integer, optional, one of: 1, 3, 7)",
        '<invoke name="get_weather">\n<parameter name="city">text</parameter>\n</invoke>',
      ],
    },
    {
      name: "xml, zh",
      options: { format: "xml", language: "zh" } as const,
      want: ["你可以调用工具", "- city (string, 必填): City name", "- days (integer, 可选, 可选值: 1, 3, 7)", "示例："],
    },
    {
      name: "hermes, en: JSON signatures and a <tool_call> example",
      options: { format: "hermes", language: "en" } as const,
      want: [
        "<tools>\n" +
          JSON.stringify({
            type: "function",
            function: {
              name: "get_weather",
              description: "Current weather of a city",
              parameters: weather[0]?.parameters,
            },
          }),
        '<tool_call>\n{"name":"get_weather","arguments":{"city":"text"}}\n</tool_call>',
      ],
    },
    {
      name: "hermes, zh",
      options: { format: "hermes", language: "zh" } as const,
      want: ["<tool_call></tool_call> 标签", "- city (string, 必填)"],
    },
  ])("$name", ({ options, want }) => {
    const prompt = renderToolPrompt(weather, options);
    for (const part of want) expect(prompt).toContain(part);
  });

  test("a tool's own xml.example is used as is", () => {
    const prompt = renderToolPrompt(tools, { format: "xml", language: "en" });
    expect(prompt).toContain('<create-file file_path="src/main.py">\nprint("Hello, World!")\n</create-file>');
    expect(prompt).toContain('- permissions (string, optional, default: "644")');
  });

  test.each([["xml" as const], ["hermes" as const]])(
    "every generated %s example parses back into a call without errors",
    (format) => {
      const withoutOwnExamples = tools.filter((tool) => tool.xml?.example === undefined);
      const prompt = renderToolPrompt(withoutOwnExamples, { format, language: "en" });
      const examples = prompt
        .split("Example:\n")
        .slice(1)
        .map((section) => section.split("\n\n")[0] ?? "");
      const parsed = parseToolCalls(examples.join("\n"), { tools, format });
      expect(parsed.errors).toEqual([]);
      expect(parsed.calls.map((call) => call.name)).toEqual(withoutOwnExamples.map((tool) => tool.name));
    },
  );

  test("the language is English unless asked; a format or language it does not know is a clear error", () => {
    expect(renderToolPrompt(tools, { format: "hermes" })).toBe(
      renderToolPrompt(tools, { format: "hermes", language: "en" }),
    );
    const wrong = [
      { options: { format: "xml", language: "fr" }, parameter: "language" },
      { options: { format: "json", language: "en" }, parameter: "format" },
    ];
    for (const { options, parameter } of wrong) {
      expect(() => renderToolPrompt(tools, options as unknown as RenderToolPromptOptions)).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENTS", data: { parameter } }),
      );
    }
  });
});
