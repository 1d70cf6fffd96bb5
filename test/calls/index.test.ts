import { expect, test } from "vitest";
import * as calls from "../../src/calls/index.js";

test("the public surface of calls/ is pinned", () => {
  expect(Object.keys(calls).sort()).toEqual([
    "coerceArgument",
    "createToolCallStream",
    "decodeXmlText",
    "parseJsonArguments",
    "parseToolCalls",
    "renderToolPrompt",
  ]);
});
