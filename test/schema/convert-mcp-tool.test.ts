import { describe, expect, test } from "vitest";
import { convertMcpTool, type McpToolInput } from "../../src/schema/convert-mcp-tool.js";

const inputSchema = {
  type: "object",
  required: ["query", "mode", "account"],
  properties: {
    query: { type: "string" },
    mode: { const: "fast" },
    account: { type: "string" },
    filter: { $ref: "#/$defs/Filter" },
  },
  $defs: { Filter: { type: "object", properties: { and: { type: "array", items: { $ref: "#/$defs/Filter" } } } } },
};

describe("convertMcpTool", () => {
  test("keeps the schema flat, expands $defs and prunes the recursive filter", () => {
    const converted = convertMcpTool({ name: "search", description: "Search", inputSchema }, { fixConstants: false });
    expect(converted.definition.parameters).toEqual({
      type: "object",
      required: ["query", "mode", "account"],
      properties: {
        query: { type: "string" },
        mode: { const: "fast" },
        account: { type: "string" },
        filter: {
          type: "object",
          properties: {
            and: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  and: {
                    type: "array",
                    items: {
                      type: "object",
                      description: "(detail cut: Filter repeats recursively here; pass an object of the same shape)",
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(converted.report.pruned).toEqual([
      {
        pointer: "#/properties/filter/properties/and/items/properties/and/items",
        ref: "#/$defs/Filter",
        reason: "cycle",
      },
    ]);
  });

  test("fixed values and constants stay flat names, removed from properties and required", () => {
    const converted = convertMcpTool({ name: "search", inputSchema }, { fixed: { account: "a1" } });
    expect(converted.fixed).toEqual({ body: { account: "a1", mode: "fast" } });
    expect(converted.definition.parameters.required).toEqual(["query"]);
    expect(Object.keys(converted.definition.parameters.properties as object)).toEqual(["query", "filter"]);
  });

  test("a description that is not a string is INVALID_DOCUMENT, not a crash in the dialect", () => {
    const tool = { name: "t", description: 42, inputSchema: { type: "object" } } as unknown as McpToolInput;
    expect(() => convertMcpTool(tool, { dialect: "openai" })).toThrow(
      expect.objectContaining({ code: "INVALID_DOCUMENT", data: { pointer: "#/description" } }),
    );
  });

  test("the dialect shapes the tool", () => {
    const converted = convertMcpTool({ name: "search", description: "Search", inputSchema }, { dialect: "anthropic" });
    expect(converted.tool).toMatchObject({ name: "search", description: "Search" });
  });
});
