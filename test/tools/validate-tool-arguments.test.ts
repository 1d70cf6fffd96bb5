import { describe, expect, test } from "vitest";
import type { CallableTool } from "../../src/calls/callable-tool.js";
import { validateToolArguments } from "../../src/tools/validate-tool-arguments.js";

function tool(parameters: Record<string, unknown>): CallableTool {
  return { name: "t", description: "", parameters };
}

describe("validateToolArguments", () => {
  test.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ["valid arguments", { type: "object", properties: { a: { type: "integer" } } }, { a: 1 }, []],
    [
      "OpenAPI keywords Ajv does not know are tolerated",
      { type: "object", properties: { a: { type: "integer", format: "int64", example: 3, "x-internal": true } } },
      { a: 1 },
      [],
    ],
    [
      "OpenAPI nullable is honoured",
      { type: "object", properties: { a: { type: "string", nullable: true } } },
      { a: null },
      [],
    ],
    [
      "formats are checked",
      { type: "object", properties: { a: { type: "string", format: "email" } } },
      { a: "not-an-email" },
      ["format"],
    ],
    [
      "a 2020-12 schema uses that draft",
      {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { a: { type: "array", prefixItems: [{ type: "integer" }] } },
      },
      { a: ["x"] },
      ["type"],
    ],
  ])("%s", (_name, parameters, given, wantKeywords) => {
    const issues = validateToolArguments(tool(parameters), given);
    expect(issues.map((issue) => issue.keyword)).toEqual(wantKeywords);
    expect(issues.every((issue) => issue.location === undefined)).toBe(true);
  });

  test("two tools sharing an $id each keep their own schema", () => {
    const first = tool({ $id: "https://example.com/shared", type: "object", properties: { b: { type: "string" } } });
    const second = tool({ $id: "https://example.com/shared", type: "object", properties: { b: { type: "integer" } } });
    expect(validateToolArguments(first, { b: "x" })).toEqual([]);
    expect(validateToolArguments(second, { b: 2 })).toEqual([]);
    expect(validateToolArguments(second, { b: "x" }).map((issue) => issue.keyword)).toEqual(["type"]);
  });

  test("the validator is compiled once per tool: a later change to its schema is not seen", () => {
    const cached = tool({ type: "object", properties: { a: { type: "integer" } } });
    expect(validateToolArguments(cached, { a: 1 })).toEqual([]);
    cached.parameters.properties = { a: { type: "string" } };
    expect(validateToolArguments(cached, { a: 1 })).toEqual([]);
    // A new tool object with the changed schema gets its own validator.
    expect(validateToolArguments(tool({ ...cached.parameters }), { a: 1 }).map((issue) => issue.keyword)).toEqual([
      "type",
    ]);
  });

  test.each([
    ["a missing property named by the error", { body: {} }, "body.user"],
    ["a nested value", { body: { user: { name: 5 } } }, "body.user.name"],
    ["a name holding a slash", { body: { user: { name: "a" }, "a/b": 1 } }, "body.a/b"],
  ])("a layered schema locates %s", (_name, given, wantLocation) => {
    const layered = tool({
      type: "object",
      properties: {
        body: {
          type: "object",
          properties: { user: { type: "object", properties: { name: { type: "string" } } } },
          required: ["user"],
          additionalProperties: false,
        },
      },
    });
    expect(validateToolArguments(layered, given).map((issue) => issue.location)).toEqual([wantLocation]);
  });
});
