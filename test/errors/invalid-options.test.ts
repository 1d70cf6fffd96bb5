import { describe, expect, test } from "vitest";
import {
  completeToolArgs,
  convertMcpTool,
  convertOperation,
  convertOperations,
  createToolCallStream,
  formatToolResult,
  parseToolCalls,
  SlotProcessor,
  toDialect,
} from "../../src/index.js";

/** Calls as JavaScript can make them: the types would refuse these values, so they are passed as `any`. */
// biome-ignore lint/suspicious/noExplicitAny: the point is values the types refuse
type Loose = any;

const document = { openapi: "3.0.3", info: { title: "t", version: "1" }, paths: { "/x": { get: {} } } };
const operation = {
  id: "GET /x",
  method: "GET",
  path: "/x",
  parameters: [],
  document: {},
  pointer: "#/paths/~1x/get",
} as const;
const call = { id: "c", name: "x", arguments: {}, format: "json" } as const;

describe("an option a function does not take is an INVALID_ARGUMENTS error naming it, not a TypeError or a default", () => {
  test.each([
    ["convertOperations dialect", () => convertOperations(document, { dialect: "openia" } as Loose), "dialect"],
    ["convertOperations maxDepth", () => convertOperations(document, { maxDepth: -1 }), "maxDepth"],
    ["convertOperations maxTokens", () => convertOperations(document, { maxTokens: "8000" } as Loose), "maxTokens"],
    ["convertOperations fixed", () => convertOperations(document, { fixed: "a=1" } as Loose), "fixed"],
    [
      "convertOperations operations",
      () => convertOperations(document, { operations: "GET /x" } as Loose),
      "operations",
    ],
    ["convertOperation maxDepth", () => convertOperation(operation as Loose, { maxDepth: 1.5 }), "maxDepth"],
    [
      "convertMcpTool dialect",
      () => convertMcpTool({ name: "t", inputSchema: {} }, { dialect: "x" } as Loose),
      "dialect",
    ],
    ["toDialect", () => toDialect({ name: "t", description: "", parameters: {} }, "openia" as Loose), "dialect"],
    ["createToolCallStream", () => createToolCallStream({ format: "qwen" } as Loose), "format"],
    [
      "formatToolResult",
      () => formatToolResult(call, { success: true, output: 1 }, { dialect: "x" } as Loose),
      "dialect",
    ],
    ["completeToolArgs", () => completeToolArgs({ toolArgs: {} } as Loose), "declaration"],
  ])("%s", (_name, run, parameter) => {
    expect(run).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENTS", data: { parameter } }));
  });

  test("parseToolCalls never throws: an unknown format is an error in the result, and nothing is read", () => {
    expect(parseToolCalls('<tool_call>{"name": "x"}</tool_call>', { format: "qwen" } as Loose)).toEqual({
      calls: [],
      text: '<tool_call>{"name": "x"}</tool_call>',
      errors: [
        { code: "INVALID_ARGUMENTS", message: expect.stringContaining('option format must be "auto" or one of') },
      ],
    });
  });

  test("a stream is pushed text: bytes are a clear error", () => {
    const stream = createToolCallStream();
    expect(() => stream.push(new Uint8Array([60]) as Loose)).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENTS", message: "push takes text: decode the object first" }),
    );
  });

  test("a slot schema that is no schema at all says so", () => {
    expect(() => new SlotProcessor(null as Loose)).toThrow(
      expect.objectContaining({
        code: "INVALID_DOCUMENT",
        message: "The slot schema must be a JSON Schema object, not null",
      }),
    );
  });
});
