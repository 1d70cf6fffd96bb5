import { expect, test } from "vitest";
import * as recall from "../../src/recall/index.js";

test("the public surface of recall is pinned", () => {
  expect(Object.keys(recall).sort()).toEqual([
    "DEFAULT_API_URL_TEMPLATE",
    "TtlCache",
    "buildDynamicTool",
    "completeAndValidateArguments",
    "connectMcpClient",
    "createCatalogActionSource",
    "createCatalogToolDetails",
    "createMcpToolResolver",
    "createOntologyQuerySource",
    "createRecallContext",
    "createToolBoxClient",
    "createToolBoxResolver",
    "createToolResolver",
    "executeDynamicTool",
    "loadActionCatalog",
    "locateFixedParams",
    "prepareDynamicToolCall",
    "recallActions",
    "refuseFixedArguments",
    "resolveMcpServerUrl",
    "resolveToolReference",
    "serializeRecallResult",
  ]);
});
