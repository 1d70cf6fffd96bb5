import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { buildWorkflowJson, completeToolArgs, type WorkflowStep } from "../../src/args/index.js";
import { isActionRecallError } from "../../src/errors/index.js";

const seed = JSON.parse(readFileSync(new URL("../fixtures/args/optimize-structure.json", import.meta.url), "utf8"));

const optimize: WorkflowStep = {
  id: "optimize",
  toolName: "optimize_structure",
  toolArgs: seed.toolArgs,
  declaration: seed.declaration,
};
const build: WorkflowStep = {
  id: "build",
  label: "Build bulk",
  toolName: "build_bulk_structure",
  toolArgs: { element: "Cu" },
  declaration: {
    name: "build_bulk_structure",
    parameters: { type: "object", properties: { element: { type: "string" }, a: { type: "number" } } },
  },
};

describe("buildWorkflowJson", () => {
  test("seed 002's optimize_structure: input_parameters exactly as the seed lists them", () => {
    const completed = completeToolArgs({ toolArgs: seed.toolArgs, declaration: seed.declaration });
    const json = buildWorkflowJson([{ ...optimize, toolArgs: completed.toolArgs }], []);
    expect(json).toEqual({
      nodes: [{ id: "optimize", label: "optimize_structure", input_parameters: seed.inputParameters }],
      edges: [],
    });
  });

  test("the edge rule fires: a connected parameter is empty even though tool_args has a value", () => {
    const edges = [
      { source: "build", target: "optimize", sourceParam: "structure_path", targetParam: "input_structure" },
    ];
    const json = buildWorkflowJson([build, optimize], edges);
    const optimizeNode = json.nodes[1];
    expect(optimizeNode?.input_parameters[0]).toEqual({ name: "input_structure", type: "str", value: "" });
    expect(optimizeNode?.input_parameters[1]).toEqual(seed.inputParameters[1]);
    expect(json.edges).toEqual(edges);
    expect(json.nodes[0]).toEqual({
      id: "build",
      label: "Build bulk",
      input_parameters: [
        { name: "element", type: "str", value: "Cu" },
        { name: "a", type: "float", value: 0 },
      ],
    });
  });

  test.each([
    { name: "string", schema: { type: "string" }, want: { type: "str", value: "" } },
    { name: "integer", schema: { type: "integer" }, want: { type: "int", value: 0 } },
    { name: "number", schema: { type: "number" }, want: { type: "float", value: 0 } },
    { name: "boolean", schema: { type: "boolean" }, want: { type: "bool", value: false } },
    { name: "array", schema: { type: "array" }, want: { type: "list", value: [] } },
    { name: "object", schema: { type: "object" }, want: { type: "dict", value: {} } },
    {
      name: "anyOf",
      schema: { anyOf: [{ type: "string" }, { type: "integer" }] },
      want: { type: "Union", value: null },
    },
    { name: "oneOf", schema: { oneOf: [{ type: "string" }] }, want: { type: "Union", value: null } },
    { name: "nullable string", schema: { type: ["string", "null"] }, want: { type: "str", value: "" } },
    { name: "no type", schema: {}, want: { type: "Any", value: null } },
    { name: "default wins over zero", schema: { type: "integer", default: 7 }, want: { type: "int", value: 7 } },
  ])("type name and zero value: $name", ({ schema, want }) => {
    const step: WorkflowStep = {
      toolName: "t",
      toolArgs: {},
      declaration: { name: "t", parameters: { properties: { p: schema } } },
    };
    expect(buildWorkflowJson([step], []).nodes[0]).toEqual({
      id: "step-0",
      label: "t",
      input_parameters: [{ name: "p", ...want }],
    });
  });

  test("a layered schema's parameters are named section.name", () => {
    const step: WorkflowStep = {
      toolName: "search",
      toolArgs: { query: { limit: 5 } },
      declaration: {
        name: "search",
        parameters: {
          properties: { query: { type: "object", properties: { limit: { type: "integer" }, q: { type: "string" } } } },
        },
      },
    };
    expect(buildWorkflowJson([step], []).nodes[0]?.input_parameters).toEqual([
      { name: "query.limit", type: "int", value: 5 },
      { name: "query.q", type: "str", value: "" },
    ]);
  });

  test("an edge naming an unknown step is refused with INVALID_ARGUMENTS", () => {
    let caught: unknown;
    try {
      buildWorkflowJson([optimize], [{ source: "nowhere", target: "optimize", targetParam: "model_path" }]);
    } catch (error) {
      caught = error;
    }
    expect(isActionRecallError(caught, "INVALID_ARGUMENTS")).toBe(true);
  });
});
