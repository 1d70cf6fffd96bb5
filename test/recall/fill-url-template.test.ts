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
      name: "a dot-dot id cannot climb the path",
      given: { template: "{base}/tool/{tool_id}", values: { base: "http://h", tool_id: "../admin" } },
      want: "http://h/tool/..%2Fadmin",
    },
  ])("$name", ({ given, want }) => {
    expect(fillUrlTemplate(given.template, given.values, { raw: ["base"] })).toBe(want);
  });

  test("a placeholder without a value is CONFIG_INVALID naming it", () => {
    expect(() => fillUrlTemplate("{base}/{mcp_id}", { base: "http://h" }, { raw: ["base"] })).toThrow(
      expect.objectContaining({ code: "CONFIG_INVALID", data: expect.objectContaining({ placeholder: "mcp_id" }) }),
    );
  });
});
