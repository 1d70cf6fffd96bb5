import { describe, expect, test } from "vitest";
import type { ActionRecallError } from "../../src/errors/action-recall-error.js";
import { defineTool, type Tool } from "../../src/tools/define-tool.js";
import { ToolRegistry } from "../../src/tools/tool-registry.js";

function makeTool(name: string, tag?: string): Tool {
  const parameters = { type: "object", properties: { value: { type: "string" } } };
  return defineTool({
    name,
    description: `The ${name} tool`,
    parameters,
    ...(tag === undefined ? {} : { xml: { tag, mappings: [{ param: "value", node: "content" as const }] } }),
    execute: () => name,
  });
}

const createFile = makeTool("create_file", "create-file");
const deleteFile = makeTool("delete_file", "delete-file");

describe("ToolRegistry", () => {
  test.each([
    [
      "a second tool with the same name",
      [createFile, makeTool("create_file", "make-file")],
      'Duplicate tool name "create_file": tools "create_file" and "create_file" both claim it',
      { tool: "create_file", owner: "create_file" },
    ],
    [
      "a second tool with the same XML tag",
      [createFile, makeTool("write_file", "create-file")],
      'Duplicate tool XML tag "create-file": tools "create_file" and "write_file" both claim it',
      { tool: "write_file", owner: "create_file" },
    ],
    [
      "the same tool twice",
      [createFile, createFile],
      'Duplicate tool name "create_file": tool "create_file" was registered twice',
      { tool: "create_file", owner: "create_file" },
    ],
  ])("refuses %s with DUPLICATE_TOOL naming both owners", (_name, given, wantMessage, wantData) => {
    const registry = new ToolRegistry([deleteFile]);
    const [first, second] = given as [Tool, Tool];
    registry.register(first);
    let caught: ActionRecallError | undefined;
    try {
      registry.register(second);
    } catch (error) {
      caught = error as ActionRecallError;
    }
    expect(caught?.code).toBe("DUPLICATE_TOOL");
    expect(caught?.message).toBe(wantMessage);
    expect(caught?.data).toEqual(wantData);
    // The refused tool left no trace in either index.
    expect(registry.list()).toEqual([deleteFile, first]);
  });

  test.each([
    ["a registered name", "create_file", createFile],
    ["a registered tag used as a name", "create-file", undefined],
    ["__proto__", "__proto__", undefined],
    ["toString", "toString", undefined],
    ["constructor", "constructor", undefined],
    ["hasOwnProperty", "hasOwnProperty", undefined],
  ])("get(%s) looks up own entries only", (_name, given, want) => {
    const registry = new ToolRegistry([createFile, deleteFile]);
    expect(registry.get(given)).toBe(want);
  });

  test.each([
    ["a registered tag", "delete-file", deleteFile],
    ["a registered name used as a tag", "delete_file", undefined],
    ["__proto__", "__proto__", undefined],
    ["valueOf", "valueOf", undefined],
  ])("getByTag(%s) looks up own entries only", (_name, given, want) => {
    const registry = new ToolRegistry([createFile, deleteFile]);
    expect(registry.getByTag(given)).toBe(want);
  });

  test("callableTools gives what parsers need, without executors, in registration order", () => {
    const plain = defineTool({
      name: "now",
      description: "The time",
      parameters: { type: "object", properties: {} },
      execute: () => "noon",
    });
    const registry = new ToolRegistry([createFile, plain]);
    expect(registry.callableTools()).toEqual([
      {
        name: "create_file",
        description: "The create_file tool",
        parameters: { type: "object", properties: { value: { type: "string" } } },
        xml: { tag: "create-file", mappings: [{ param: "value", node: "content", path: ".", required: true }] },
      },
      { name: "now", description: "The time", parameters: { type: "object", properties: {} } },
    ]);
  });

  test.each([
    ["one letter off", "create_fle", "create_file"],
    ["a different case", "Delete_File", "delete_file"],
    ["nothing close", "search_web", undefined],
  ])("suggest(%s)", (_name, given, want) => {
    expect(new ToolRegistry([createFile, deleteFile]).suggest(given)).toBe(want);
  });
});
