import { describe, expect, test } from "vitest";
import { completeAndValidateArguments } from "../../src/recall/complete-and-validate-arguments.js";
import { anthropicPropertyName } from "../../src/schema/dialects/index.js";

// An MCP action's flat schema, whose `$top` Anthropic refuses: a model given the Anthropic form writes another name.
const schema = {
  type: "object",
  required: ["$top"],
  properties: { $top: { type: "integer", maximum: 50 }, order: { type: "string", default: "asc" } },
};

describe("completeAndValidateArguments", () => {
  test("takes arguments written with the Anthropic names back under the schema's own, then completes them", () => {
    const args = completeAndValidateArguments(schema, { [anthropicPropertyName("$top")]: 10 }, { tool: "list" });
    expect(args).toEqual({ $top: 10, order: "asc" });
  });

  test("validates them under the schema's own names", () => {
    expect(() =>
      completeAndValidateArguments(schema, { [anthropicPropertyName("$top")]: 500 }, { tool: "list" }),
    ).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENTS", message: expect.stringContaining("$top") }));
  });
});
