import { describe, expect, test } from "vitest";
import { httpStatusOf } from "../../src/server/http-status-of.js";

describe("httpStatusOf pins the error code → HTTP status mapping", () => {
  test.each([
    { given: "INVALID_REQUEST", want: 400 },
    { given: "PARSE_ERROR", want: 400 },
    { given: "INVALID_DOCUMENT", want: 400 },
    { given: "INVALID_ARGUMENTS", want: 422 },
    { given: "UNKNOWN_PARAMETER", want: 422 },
    { given: "UNKNOWN_TOOL", want: 422 },
    { given: "UNSUPPORTED_ACTION_SOURCE", want: 422 },
    { given: "UNSUPPORTED_SPEC", want: 422 },
    { given: "REF_NOT_FOUND", want: 422 },
    { given: "UNAUTHENTICATED", want: 401 },
    { given: "FORBIDDEN", want: 403 },
    { given: "FIXED_PARAMETER", want: 422 },
    { given: "RATE_LIMITED", want: 429 },
    { given: "OVERLOADED", want: 503 },
    { given: "NOT_FOUND", want: 404 },
    { given: "OPERATION_NOT_FOUND", want: 404 },
    { given: "HOST_NOT_ALLOWED", want: 403 },
    { given: "UPSTREAM_TIMEOUT", want: 504 },
    { given: "TOOL_TIMEOUT", want: 504 },
    { given: "LLM_TIMEOUT", want: 504 },
    { given: "UPSTREAM_ERROR", want: 502 },
    { given: "UPSTREAM_MALFORMED", want: 502 },
    { given: "RESPONSE_TOO_LARGE", want: 502 },
    { given: "LLM_ERROR", want: 502 },
    { given: "ABORTED", want: 503 },
    { given: "CONFIG_INVALID", want: 500 },
    { given: "SOMETHING_NEW", want: 500 },
    { given: "__proto__", want: 500 },
  ])("$given → $want", ({ given, want }) => {
    expect(httpStatusOf(given)).toBe(want);
  });
});
