import { expect, test } from "vitest";
import * as root from "../src/index.js";
import * as server from "../src/server/index.js";

test("the package root's public API is pinned: removing or renaming a name is a breaking change", () => {
  expect(Object.keys(root).sort()).toEqual([
    "ActionRecallError",
    "DIALECTS",
    "ErrorCode",
    "InvalidArgumentsError",
    "SlotProcessor",
    "ToolRegistry",
    "UpstreamError",
    "buildRequest",
    "buildWorkflowJson",
    "callableToolsFromDialect",
    "checkDialectRules",
    "completeToolArgs",
    "convertMcpTool",
    "convertOperation",
    "convertOperations",
    "createLlmClient",
    "createRecallContext",
    "createToolCallStream",
    "defineTool",
    "executeDynamicTool",
    "executeToolCall",
    "executeToolCalls",
    "expandRefs",
    "fillSlots",
    "formatToolResult",
    "isActionRecallError",
    "listOperations",
    "llmSettingsFromEnv",
    "loadActionCatalog",
    "loadDocument",
    "locateFixedParams",
    "operationFromToolDetail",
    "parseToolCalls",
    "postToProxy",
    "recallActions",
    "renderToolPrompt",
    "sendRequest",
    "toDialect",
    "toProviderTools",
    "toProxyBody",
    "toolFromConvertedOperation",
    "upgradeSwagger2",
  ]);
});

test("the service is served from its own subpath, not the root", () => {
  expect(Object.keys(server)).toContain("buildServer");
  expect(Object.keys(root)).not.toContain("buildServer");
});
