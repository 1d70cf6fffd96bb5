import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import {
  callableToolFromDialect,
  callableToolsFromDialect,
} from "../../src/calls/providers/callable-tool-from-dialect.js";
import type { ActionRecallError } from "../../src/errors/action-recall-error.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const want: CallableTool[] = [{ name: "get_weather", description: "Weather", parameters: schema }];

describe("callableToolFromDialect", () => {
  test.each<[string, unknown, CallableTool[]]>([
    [
      "openai",
      { type: "function", function: { name: "get_weather", description: "Weather", parameters: schema } },
      want,
    ],
    [
      "openai strict",
      { type: "function", function: { name: "get_weather", description: "Weather", parameters: schema, strict: true } },
      want,
    ],
    [
      "responses API flat function",
      { type: "function", name: "get_weather", description: "Weather", parameters: schema },
      want,
    ],
    ["anthropic", { name: "get_weather", description: "Weather", input_schema: schema }, want],
    ["mcp", { name: "get_weather", description: "Weather", inputSchema: schema }, want],
    ["gemini declaration", { name: "get_weather", description: "Weather", parameters: schema }, want],
    [
      "gemini tool with two declarations",
      {
        functionDeclarations: [
          { name: "get_weather", description: "Weather", parameters: schema },
          { name: "now", description: "Time" },
        ],
      },
      [...want, { name: "now", description: "Time", parameters: { type: "object", properties: {} } }],
    ],
    [
      "a {tool, report} wrapper",
      { tool: { name: "get_weather", description: "Weather", input_schema: schema }, report: {} },
      want,
    ],
    [
      "a converted tool, read through its definition",
      {
        operation: "getWeather",
        tool: { type: "function", function: { name: "other", parameters: {} } },
        definition: { name: "get_weather", description: "Weather", parameters: schema },
      },
      want,
    ],
    [
      "no description",
      { name: "get_weather", input_schema: schema },
      [{ ...want[0], description: "" } as CallableTool],
    ],
  ])("reads %s", (_name, given, expected) => {
    expect(callableToolFromDialect(given)).toEqual(expected);
  });

  test.each<[string, unknown, string]>([
    ["a list entry that is a string", ["get_weather"], "/0"],
    ["an entry without a name", [{ description: "x", parameters: schema }], "/0/name"],
    [
      "an openai entry with a bad schema",
      [{ type: "function", function: { name: "a", parameters: "x" } }],
      "/0/function/parameters",
    ],
    ["a convert result entry without a name", { tools: [{ tool: { input_schema: schema } }] }, "/tools/0/tool/name"],
    ["neither a list nor {tools}", { name: "get_weather" }, ""],
  ])("refuses %s with INVALID_TOOL_DEFINITION at its pointer", (_name, given, wantPointer) => {
    let caught: ActionRecallError | undefined;
    try {
      callableToolsFromDialect(given);
    } catch (error) {
      caught = error as ActionRecallError;
    }
    expect(caught?.code).toBe("INVALID_TOOL_DEFINITION");
    expect(caught?.data.pointer).toBe(wantPointer);
  });
});
