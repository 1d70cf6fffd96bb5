import { describe, expect, test } from "vitest";
import { fillUrlTemplate } from "../../src/recall/fill-url-template.js";

describe("fillUrlTemplate", () => {
  test.each([
    {
      name: "ids are encoded as one path segment each",
      given: {
        template: "{base}/tool-box/{box_id}/proxy/{tool_id}",
        values: { base: "http://h:9000/", box_id: "a/b", tool_id: "x?y#z" },
      },
      want: "http://h:9000/tool-box/a%2Fb/proxy/x%3Fy%23z",
    },
    {
      name: "a dot-dot id with more in its segment cannot climb the path",
      given: { template: "{base}/tool/{tool_id}", values: { base: "http://h", tool_id: "../admin" } },
      want: "http://h/tool/..%2Fadmin",
    },
    {
      name: "a percent-encoded id is encoded again, never decoded",
      given: { template: "{base}/tool/{tool_id}", values: { base: "http://h", tool_id: "%252e%252e" } },
      want: "http://h/tool/%25252e%25252e",
    },
  ])("$name", ({ given, want }) => {
    expect(fillUrlTemplate(given.template, given.values, { raw: ["base"] })).toBe(want);
  });

  test.each(["..", ".", "%2e%2e", "%2E%2e", ".%2E", "%2e", "", "a\nb", "\u0000", "a%0d"])(
    "the value %j is INVALID_REQUEST naming the placeholder and the value",
    (value) => {
      expect(() =>
        fillUrlTemplate("{base}/tool/{tool_id}", { base: "http://h", tool_id: value }, { raw: ["base"] }),
      ).toThrow(expect.objectContaining({ code: "INVALID_REQUEST", data: { placeholder: "tool_id", value } }));
    },
  );

  test("a placeholder without a value is CONFIG_INVALID naming it", () => {
    expect(() => fillUrlTemplate("{base}/{mcp_id}", { base: "http://h" }, { raw: ["base"] })).toThrow(
      expect.objectContaining({ code: "CONFIG_INVALID", data: expect.objectContaining({ placeholder: "mcp_id" }) }),
    );
  });
});
