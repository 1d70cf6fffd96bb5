import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { completeToolArgs } from "../../src/args/index.js";

const seed = JSON.parse(readFileSync(new URL("../fixtures/args/optimize-structure.json", import.meta.url), "utf8"));

const layered = {
  type: "object",
  properties: {
    path: { type: "object", properties: { kn_id: { type: "string" } }, required: ["kn_id"] },
    query: {
      type: "object",
      properties: { limit: { type: "integer", default: 10 }, include_type_info: { type: "boolean" } },
    },
    body: {
      type: "object",
      properties: {
        need_total: { type: "boolean", default: false },
        page: { type: "object", properties: { size: { type: "integer", default: 20 }, cursor: { type: "string" } } },
        executor: { type: "object" },
      },
    },
  },
  required: ["path"],
};

describe("completeToolArgs", () => {
  test("seed 002's optimize_structure: defaults added, given values kept, executor and storage skipped", () => {
    const toolArgs = structuredClone(seed.toolArgs);
    const result = completeToolArgs({ toolArgs, declaration: seed.declaration });
    expect(result).toEqual({ toolArgs: seed.completedToolArgs, missingToolArgs: [], missingRequired: [] });
    expect(toolArgs).toEqual(seed.toolArgs);
  });

  test.each([
    {
      name: "a required parameter without a value is missing and required",
      given: { toolArgs: { head: "x" } },
      want: { missingToolArgs: ["input_structure", "model_path"], missingRequired: ["input_structure", "model_path"] },
    },
    {
      name: "an optional parameter without a default is missing but not required",
      given: { toolArgs: { input_structure: "a", model_path: "b" }, extra: { comment: { type: "string" } } },
      want: { missingToolArgs: ["comment"], missingRequired: [] },
    },
    {
      name: "custom system parameters are skipped instead",
      given: { toolArgs: { input_structure: "a", model_path: "b" }, systemParams: ["storage"] },
      want: { missingToolArgs: ["executor"], missingRequired: [] },
    },
  ])("$name", ({ given, want }) => {
    const declaration = structuredClone(seed.declaration);
    if (given.extra !== undefined) Object.assign(declaration.parameters.properties, given.extra);
    const result = completeToolArgs({
      toolArgs: given.toolArgs,
      declaration,
      ...(given.systemParams === undefined ? {} : { systemParams: given.systemParams }),
    });
    expect({ missingToolArgs: result.missingToolArgs, missingRequired: result.missingRequired }).toEqual(want);
  });

  test.each([
    {
      name: "defaults fill the query and body sections and nested objects; executor skipped inside a section",
      given: { path: { kn_id: "kn1" } },
      want: {
        toolArgs: { path: { kn_id: "kn1" }, query: { limit: 10 }, body: { need_total: false, page: { size: 20 } } },
        missingToolArgs: ["query.include_type_info", "body.page.cursor"],
        missingRequired: [],
      },
    },
    {
      name: "a missing required section lists its required members",
      given: { query: { limit: 5 } },
      want: {
        toolArgs: { query: { limit: 5 }, body: { need_total: false, page: { size: 20 } } },
        missingToolArgs: ["path.kn_id", "query.include_type_info", "body.page.cursor"],
        missingRequired: ["path.kn_id"],
      },
    },
  ])("layered: $name", ({ given, want }) => {
    const result = completeToolArgs({ toolArgs: given, declaration: { name: "search", parameters: layered } });
    expect(result).toEqual(want);
  });

  test("a __proto__ default becomes an own property, not the prototype", () => {
    const parameters = JSON.parse('{"properties": {"__proto__": {"default": {"polluted": true}}}}');
    const result = completeToolArgs({ toolArgs: {}, declaration: { name: "t", parameters } });
    expect(Object.hasOwn(result.toolArgs, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("null arguments are none: the defaults are added and the required members listed", () => {
    const toolArgs = null as unknown as Record<string, unknown>;
    const result = completeToolArgs({ toolArgs, declaration: { name: "search", parameters: layered } });
    expect(result.toolArgs).toEqual({ query: { limit: 10 }, body: { need_total: false, page: { size: 20 } } });
    expect(result.missingRequired).toEqual(["path.kn_id"]);
  });

  test("arguments or a declaration nested 10,000 deep are typed errors, not stack overflows", () => {
    let parameters: Record<string, unknown> = { type: "string" };
    let toolArgs: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level += 1) {
      parameters = { type: "object", properties: { a: parameters } };
      toolArgs = { a: toolArgs };
    }
    const flat = { name: "t", parameters: { properties: { a: { type: "object" } } } };
    expect(() => completeToolArgs({ toolArgs, declaration: flat })).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENTS", message: expect.stringContaining("at /a/a/") }),
    );
    expect(() => completeToolArgs({ toolArgs: {}, declaration: { name: "t", parameters } })).toThrow(
      expect.objectContaining({ code: "SCHEMA_TOO_DEEP" }),
    );
  });

  test.each([
    ["a string", "kn_id=1"],
    ["an array", [1]],
    ["a number", 3],
  ])("arguments that are %s are an INVALID_ARGUMENTS error, not a crash", (kind, given) => {
    const toolArgs = given as unknown as Record<string, unknown>;
    expect(() => completeToolArgs({ toolArgs, declaration: { name: "search", parameters: layered } })).toThrow(
      expect.objectContaining({
        code: "INVALID_ARGUMENTS",
        message: `The tool_args must be an object, not ${kind}`,
        data: { issues: [expect.objectContaining({ instancePath: "", keyword: "type" })] },
      }),
    );
  });
});
