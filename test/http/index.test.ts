import { expect, test } from "vitest";
import * as http from "../../src/http/index.js";

test("the public surface of src/http is pinned: changing it is a decision, not an accident", () => {
  expect(Object.keys(http).sort()).toEqual([
    "HTTP_PROXY_TRANSPORT",
    "buildRequest",
    "classifyArguments",
    "mergeFixedParams",
    "postToProxy",
    "sendRequest",
    "streamFromProxy",
    "toProxyBody",
  ]);
});
