import { expect, test } from "vitest";
import * as server from "../../src/server/index.js";

test("the server folder exports exactly its public API", () => {
  expect(Object.keys(server).sort()).toEqual([
    "HTTP_STATUS_BY_CODE",
    "buildServer",
    "httpStatusOf",
    "isTracingConfigured",
    "loadServiceConfig",
    "startTelemetry",
  ]);
});
