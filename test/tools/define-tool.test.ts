import { describe, expect, test } from "vitest";
import { ActionRecallError } from "../../src/errors/action-recall-error.js";
import { defineTool, type ToolOptions } from "../../src/tools/define-tool.js";

const parameters = {
  type: "object",
  properties: { file_path: { type: "string" }, file_contents: { type: "string" } },
  required: ["file_path", "file_contents"],
};
const base: ToolOptions<Record<string, unknown>> = {
  name: "create_file",
  description: "Create a file",
  parameters,
  execute: () => "created",
};

describe("defineTool", () => {
  test("fills XML mapping defaults as AgentPress does: path '.', required true", () => {
    const tool = defineTool({
      ...base,
      xml: {
        tag: "create-file",
        mappings: [
          { param: "file_path", node: "attribute" },
          { param: "file_contents", node: "content", required: false },
        ],
      },
    });
    expect(tool.xml).toEqual({
      tag: "create-file",
      mappings: [
        { param: "file_path", node: "attribute", path: ".", required: true },
        { param: "file_contents", node: "content", path: ".", required: false },
      ],
    });
    expect(tool.name).toBe("create_file");
    expect(tool.parameters).toBe(parameters);
  });

  test.each([
    ["a name with a space", { name: "create file" }, "/name"],
    ["an empty name", { name: "" }, "/name"],
    ["a name over 64 characters", { name: "a".repeat(65) }, "/name"],
    ["a name starting with a digit (Gemini on Vertex AI refuses it)", { name: "3d_print" }, "/name"],
    ["a description that is not a string", { description: 5 }, "/description"],
    ["parameters that are not an object schema", { parameters: { type: "string" } }, "/parameters"],
    ["parameters that are an array", { parameters: [] }, "/parameters"],
    ["an execute that is not a function", { execute: "run" }, "/execute"],
    ["a bad XML tag", { xml: { tag: "1tag", mappings: [] } }, "/xml/tag"],
    [
      "an XML mapping naming no parameter",
      { xml: { tag: "create-file", mappings: [{ param: "path", node: "attribute" }] } },
      "/xml/mappings/0/param",
    ],
    [
      "an XML mapping naming an inherited property",
      { xml: { tag: "create-file", mappings: [{ param: "toString", node: "attribute" }] } },
      "/xml/mappings/0/param",
    ],
    [
      "an XML mapping with an unknown node type",
      { xml: { tag: "create-file", mappings: [{ param: "file_path", node: "text" }] } },
      "/xml/mappings/0/node",
    ],
  ])("refuses %s with INVALID_TOOL_DEFINITION at its pointer", (_name, given, wantPointer) => {
    const options = { ...base, ...given } as unknown as ToolOptions<Record<string, unknown>>;
    let caught: unknown;
    try {
      defineTool(options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ActionRecallError);
    expect((caught as ActionRecallError).code).toBe("INVALID_TOOL_DEFINITION");
    expect((caught as ActionRecallError).data.pointer).toBe(wantPointer);
  });
});
