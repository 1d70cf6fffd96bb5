import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import type { SchemaConflict } from "../../src/schema/conversion-report.js";
import { mergeAllOf } from "../../src/schema/merge-all-of.js";

const cases: {
  name: string;
  given: Record<string, unknown>;
  want: Record<string, unknown>;
  wantConflicts?: string[];
}[] = [
  {
    name: "properties and required are unioned",
    given: {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { properties: { b: { type: "integer" } }, required: ["b", "a"] },
      ],
    },
    want: { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a", "b"] },
  },
  {
    name: "a property in two branches gets both schemas",
    given: {
      allOf: [
        { properties: { a: { type: "number", minimum: 0 } } },
        { properties: { a: { type: "integer", minimum: 5 } } },
      ],
    },
    want: { properties: { a: { type: "integer", minimum: 5 } } },
  },
  {
    name: "bounds tighten",
    given: {
      allOf: [
        { maxLength: 10, minLength: 1 },
        { maxLength: 5, minLength: 2 },
      ],
    },
    want: { maxLength: 5, minLength: 2 },
  },
  {
    name: "annotations keep their first value",
    given: { description: "outer", allOf: [{ description: "inner", type: "string" }] },
    want: { description: "outer", type: "string" },
  },
  {
    name: "enums intersect",
    given: { allOf: [{ enum: ["a", "b", "c"] }, { enum: ["c", "b"] }] },
    want: { enum: ["b", "c"] },
  },
  {
    name: "additionalProperties next to another branch's properties stays in allOf (exact meaning)",
    given: { allOf: [{ properties: { a: {} }, additionalProperties: false }, { properties: { b: {} } }] },
    want: { properties: { a: {} }, additionalProperties: false, allOf: [{ properties: { b: {} } }] },
  },
  {
    name: "two different patterns both stay",
    given: { allOf: [{ pattern: "^a" }, { pattern: "b$" }] },
    want: { pattern: "^a", allOf: [{ pattern: "b$" }] },
  },
  {
    name: "disjoint types are a reported conflict",
    given: { allOf: [{ type: "string" }, { type: "integer" }] },
    want: { type: "string", allOf: [{ type: "integer" }] },
    wantConflicts: ["type"],
  },
  {
    name: "different consts are a reported conflict",
    given: { allOf: [{ const: 1 }, { const: 2 }] },
    want: { const: 1, allOf: [{ const: 2 }] },
    wantConflicts: ["const"],
  },
];

describe("mergeAllOf", () => {
  test.each(cases)("$name", ({ given, want, wantConflicts }) => {
    const conflicts: SchemaConflict[] = [];
    expect(mergeAllOf(given, "#", conflicts)).toEqual(want);
    expect(conflicts.map((conflict) => conflict.keyword)).toEqual(wantConflicts ?? []);
  });

  const ajv = new Ajv({ strict: false });
  const instances = [
    {},
    { a: "x" },
    { a: 7 },
    { a: 3.5 },
    { a: "x", b: 1 },
    { b: 2 },
    "abc",
    "ab",
    1,
    2,
    "b",
    "c",
    ["x"],
    null,
  ];
  test.each(cases)("$name: the merged schema accepts exactly what the original accepts", ({ given }) => {
    const merged = mergeAllOf(given, "#", []);
    for (const instance of instances) expect(ajv.validate(merged, instance)).toBe(ajv.validate(given, instance));
  });

  test("8,000 branches each adding a property fold into one object, properties and required in order", () => {
    const names = Array.from({ length: 8_000 }, (_, index) => `p${index}`);
    const allOf = names.map((name) => ({
      type: "object",
      properties: { [name]: { type: "string" } },
      required: [name],
    }));
    const merged = mergeAllOf({ allOf }, "#", []);
    expect(Object.keys(merged.properties as object)).toEqual(names);
    expect(merged.required).toEqual(names);
    expect(merged.allOf).toBeUndefined();
    // The branches given are left as they were.
    expect(allOf[0]).toEqual({ type: "object", properties: { p0: { type: "string" } }, required: ["p0"] });
  });

  test("a branch that does not fold changes none of what the branches before it grew", () => {
    const conflicts: SchemaConflict[] = [];
    const stray = { type: "string", properties: { c: {} }, required: ["c"] };
    const merged = mergeAllOf(
      {
        allOf: [
          { type: "object", properties: { a: {} }, required: ["a"] },
          { properties: { b: {} }, required: ["b", "a"] },
          stray,
          { properties: { d: {} }, required: ["d"] },
        ],
      },
      "#",
      conflicts,
    );
    expect(merged).toEqual({
      type: "object",
      properties: { a: {}, b: {}, d: {} },
      required: ["a", "b", "d"],
      allOf: [stray],
    });
    expect(conflicts.map((conflict) => conflict.keyword)).toEqual(["type"]);
  });
});

// 2020-12 ignores `else` without `if` and `minContains`/`maxContains` without `contains`: from different branches
// they would act together at one level.
describe("keywords that act as a group are not folded together from different branches", () => {
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
  const thenY = { then: { required: ["y"] } };
  const groupCases: { name: string; given: Record<string, unknown>; want: Record<string, unknown> }[] = [
    {
      name: "an else next to another branch's if and then",
      given: {
        type: "object",
        allOf: [{ if: { required: ["x"] }, ...thenY }, { else: { required: ["z"] } }],
      },
      want: {
        type: "object",
        if: { required: ["x"] },
        ...thenY,
        allOf: [{ else: { required: ["z"] } }],
      },
    },
    {
      name: "an if under a then written beside the allOf",
      given: { ...thenY, allOf: [{ if: { required: ["x"] } }] },
      want: { ...thenY, allOf: [{ if: { required: ["x"] } }] },
    },
    {
      name: "a maxContains next to another branch's contains",
      given: { type: "array", allOf: [{ contains: { const: 1 } }, { maxContains: 0 }] },
      want: { type: "array", contains: { const: 1 }, allOf: [{ maxContains: 0 }] },
    },
    {
      name: "a minContains under a contains written beside the allOf",
      given: { contains: { const: 1 }, allOf: [{ minContains: 2 }] },
      want: { contains: { const: 1 }, allOf: [{ minContains: 2 }] },
    },
    {
      name: "a maxContains next to another branch's contains and maxContains",
      given: { allOf: [{ contains: { const: 1 }, maxContains: 2 }, { maxContains: 1 }] },
      want: { contains: { const: 1 }, maxContains: 2, allOf: [{ maxContains: 1 }] },
    },
  ];
  const ajv = new Ajv2020({ strict: false });
  const instances = [{}, { x: 1 }, { x: 1, y: 1 }, { y: 1 }, { z: 1 }, { x: 1, z: 1 }, [], [1], [2], [1, 1], [1, 2]];

  test.each(groupCases)("$name: the branch stays in allOf, unreported", ({ given, want }) => {
    const conflicts: SchemaConflict[] = [];
    expect(mergeAllOf(given, "#", conflicts)).toEqual(want);
    expect(conflicts).toEqual([]);
  });

  test.each(groupCases)("$name: the merged schema accepts exactly what the original accepts", ({ given }) => {
    const merged = mergeAllOf(given, "#", []);
    for (const instance of instances) expect(ajv.validate(merged, instance)).toBe(ajv.validate(given, instance));
  });
});
