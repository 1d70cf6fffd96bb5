import { expect, test } from "vitest";
import * as tools from "../../src/tools/index.js";

test("the tools module's public surface is pinned", () => {
  expect(Object.keys(tools).sort()).toEqual([
    "ToolRegistry",
    "callableToolFromDialect",
    "callableToolsFromDialect",
    "defineTool",
    "executeToolCall",
    "executeToolCalls",
    "formatToolResult",
    "toProviderTools",
    "toolFromConvertedOperation",
    "validateToolArguments",
  ]);
});
