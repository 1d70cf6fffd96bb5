import { describe, expect, test } from "vitest";
import { convertMcpTool, type McpToolInput } from "../../src/schema/convert-mcp-tool.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { checkDialectRules, restorePropertyNames } from "../../src/schema/dialects/index.js";

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

  test.each([{ given: null }, { given: "x" }, { given: 5 }, { given: true }, { given: [] }, { given: undefined }])(
    "an inputSchema $given is INVALID_DOCUMENT, not a tool without arguments",
    ({ given }) => {
      const tool = { name: "t", inputSchema: given } as unknown as McpToolInput;
      expect(() => convertMcpTool(tool, { dialect: "mcp" })).toThrow(
        expect.objectContaining({ code: "INVALID_DOCUMENT", data: { pointer: "#/inputSchema" } }),
      );
    },
  );

  test("the dialect shapes the tool", () => {
    const converted = convertMcpTool({ name: "search", description: "Search", inputSchema }, { dialect: "anthropic" });
    expect(converted.tool).toMatchObject({ name: "search", description: "Search" });
  });

  // Vertex AI: "functionDeclaration parameters schema should be of type OBJECT".
  test("a tool whose input is alternatives gets object parameters in gemini", () => {
    const alternatives = {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { b: { type: "string" } } },
      ],
    };
    const converted = convertMcpTool({ name: "t", inputSchema: alternatives }, { dialect: "gemini" });
    expect(converted.tool).toMatchObject({
      parametersJsonSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } },
    });
    expect(checkDialectRules(converted.tool, "gemini")).toEqual([]);
  });

  // The arguments are the tool's schema itself: no pointer names a `body` the tool does not have.
  test("conflicts and errors point into the tool's own schema", () => {
    const conflicting = {
      type: "object",
      properties: { k: { allOf: [{ type: "string" }, { type: "integer" }] } },
    };
    expect(convertMcpTool({ name: "t", inputSchema: conflicting }).report.conflicts).toEqual([
      expect.objectContaining({ pointer: "#/properties/k/allOf/1", keyword: "type" }),
    ]);
    const missing = { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } };
    expect(() => convertMcpTool({ name: "t", inputSchema: missing })).toThrow(
      expect.objectContaining({ code: "REF_NOT_FOUND", data: expect.objectContaining({ pointer: "#/properties/a" }) }),
    );
  });
});

// Anthropic answers 400 "tools.0.custom.input_schema.properties: Property keys should match pattern
// '^[a-zA-Z0-9_.-]{1,64}$'" and fails the whole request (appstore-connect-mcp #2, composio #3500).
describe("top-level property names Anthropic refuses", () => {
  const tool: McpToolInput = {
    name: "list_apps",
    inputSchema: {
      type: "object",
      required: ["filter[id]"],
      properties: { "filter[id]": { type: "string" }, limit: { type: "integer" } },
    },
  };
  // FNV-1a of "filter[id]", worked out apart from the code under test.
  const written = "filter_id__321718fc";

  test("the anthropic dialect renames them (in required too), reports each rename, and keeps the others", () => {
    const converted = convertMcpTool(tool, { dialect: "anthropic" });
    const inputSchema = (converted.tool as { input_schema: Record<string, unknown> }).input_schema;
    expect(Object.keys(inputSchema.properties as object)).toEqual([written, "limit"]);
    expect(inputSchema.required).toEqual([written]);
    expect(converted.report.changes).toContainEqual(
      expect.objectContaining({ keyword: "properties", pointer: "#/properties/filter[id]", action: "renamed" }),
    );
    expect(checkDialectRules(converted.tool, "anthropic")).toEqual([]);
  });

  test("arguments written with the renamed names come back under the tool's own", () => {
    const schema = convertMcpTool(tool).definition.parameters;
    expect(restorePropertyNames({ [written]: "7", limit: 5 }, schema)).toEqual({ "filter[id]": "7", limit: 5 });
    const unchanged = { "filter[id]": "7" };
    expect(restorePropertyNames(unchanged, schema)).toBe(unchanged);
  });

  test("the other dialects keep the name, and the checker names it for a hand-written Anthropic tool", () => {
    const converted = convertMcpTool(tool, { dialect: "openai" });
    expect(JSON.stringify(converted.tool)).toContain('"filter[id]"');
    const handWritten = { name: "list_apps", description: "", input_schema: tool.inputSchema };
    expect(checkDialectRules(handWritten, "anthropic")).toEqual([
      "#/input_schema/properties/filter[id]: does not match ^[a-zA-Z0-9_.-]{1,64}$",
    ]);
  });

  test("nested under a layered schema's sections, such names are fine", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/apps": {
          get: {
            operationId: "listApps",
            parameters: [{ name: "filter[id]", in: "query", schema: { type: "string" } }],
          },
        },
      },
    };
    const { tools } = convertOperations(document, { dialect: "anthropic" });
    expect(checkDialectRules(tools[0]?.tool, "anthropic")).toEqual([]);
  });
});
