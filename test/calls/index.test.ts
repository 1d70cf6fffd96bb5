import { expect, test } from "vitest";
import * as calls from "../../src/calls/index.js";

test("the public surface of calls/ is pinned", () => {
  expect(Object.keys(calls).sort()).toEqual([
    "TOOL_CALL_FORMATS",
    "coerceArgument",
    "createToolCallStream",
    "decodeXmlText",
    "parseJsonArguments",
    "parseToolCalls",
    "renderToolPrompt",
  ]);
});
