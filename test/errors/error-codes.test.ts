import { describe, expect, test } from "vitest";
import { ActionRecallError, ErrorCode, InvalidArgumentsError, UpstreamError } from "../../src/errors/index.js";

describe("error codes", () => {
  test("the stable codes are pinned: changing one is a breaking change", () => {
    expect(Object.values(ErrorCode)).toEqual([
      "INVALID_DOCUMENT",
      "UNSUPPORTED_SPEC",
      "OPERATION_NOT_FOUND",
      "REF_NOT_FOUND",
      "EXTERNAL_REF_REFUSED",
      "SCHEMA_TOO_DEEP",
      "SCHEMA_CONFLICT",
      "BUDGET_EXCEEDED",
      "DIALECT_LIMIT_EXCEEDED",
      "INVALID_ARGUMENTS",
      "AMBIGUOUS_ARGUMENT",
      "UNKNOWN_PARAMETER",
      "INVALID_HEADER_VALUE",
      "UNSUPPORTED_MEDIA_TYPE",
      "FIXED_PARAMETER",
      "PARSE_ERROR",
      "UNTERMINATED_CALL",
      "UNKNOWN_TOOL",
      "DUPLICATE_TOOL",
      "TOOL_FAILED",
      "TOOL_TIMEOUT",
      "ABORTED",
      "INVALID_TOOL_DEFINITION",
      "HOST_NOT_ALLOWED",
      "UPSTREAM_TIMEOUT",
      "UPSTREAM_ERROR",
      "UPSTREAM_MALFORMED",
      "RESPONSE_TOO_LARGE",
      "LLM_ERROR",
      "LLM_TIMEOUT",
      "UNSUPPORTED_ACTION_SOURCE",
      "NOT_FOUND",
      "INVALID_REQUEST",
      "CONFIG_INVALID",
      "UNAUTHENTICATED",
      "FORBIDDEN",
      "RATE_LIMITED",
      "OVERLOADED",
      "INTERNAL_ERROR",
    ]);
    for (const [key, value] of Object.entries(ErrorCode)) expect(key).toBe(value);
  });

  test.each([
    {
      name: "base error",
      given: new ActionRecallError("REF_NOT_FOUND", "missing", { data: { pointer: "#/a" } }),
      want: { code: "REF_NOT_FOUND", message: "missing", pointer: "#/a" },
    },
    {
      name: "invalid arguments carry every issue",
      given: new InvalidArgumentsError("bad", [
        { instancePath: "/query/limit", schemaPath: "#/x", keyword: "maximum", params: {}, message: "too big" },
      ]),
      want: {
        code: "INVALID_ARGUMENTS",
        message: "bad",
        issues: [
          { instancePath: "/query/limit", schemaPath: "#/x", keyword: "maximum", params: {}, message: "too big" },
        ],
      },
    },
    {
      name: "upstream errors name the upstream",
      given: new UpstreamError("UPSTREAM_ERROR", "boom", { upstream: "tool-box", status: 500 }),
      want: { code: "UPSTREAM_ERROR", message: "boom", upstream: "tool-box", status: 500 },
    },
  ])("$name serialises to {code, message, ...data}", ({ given, want }) => {
    expect(given).toBeInstanceOf(ActionRecallError);
    expect(JSON.parse(JSON.stringify(given))).toEqual(want);
  });

  test("the cause is kept", () => {
    const cause = new Error("root");
    expect(new ActionRecallError("PARSE_ERROR", "x", { cause }).cause).toBe(cause);
  });
});
