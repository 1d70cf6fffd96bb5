import { Ajv } from "ajv";
import { describe, expect, test } from "vitest";
import { moveIntoBranches, sharedTypeOf, splitByType } from "../../src/schema/dialects/split-by-type.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const ajv = new Ajv({ strict: false, allowUnionTypes: true });

const INSTANCES: unknown[] = [
  null,
  true,
  0,
  3,
  2.5,
  -1,
  "",
  "abc",
  "abcdefghij",
  [],
  [1, 2],
  ["a"],
  [1, 2, 3, 4, 5, 6],
  {},
  { a: "x" },
  { a: 1 },
  { b: 1 },
];

/** OpenAPI's `nullable: true` as JSON Schema, so that Ajv can say what the split schema accepts. */
function asJsonSchema(split: JsonSchema): JsonSchema {
  const { nullable, ...rest } = split;
  return nullable === true ? { anyOf: [rest, { type: "null" }] } : rest;
}

function acceptance(schema: JsonSchema): boolean[] {
  const validate = ajv.compile(schema);
  return INSTANCES.map((instance) => validate(instance));
}

describe("splitByType keeps the meaning of a schema of several types", () => {
  test.each<{ name: string; given: JsonSchema }>([
    { name: "string or array", given: { type: ["string", "array"], items: { type: "integer" }, maxLength: 5 } },
    {
      name: "object, number or null",
      given: { type: ["object", "number", "null"], required: ["a"], minimum: 0, properties: { a: { type: "string" } } },
    },
    { name: "an enum across types", given: { type: ["string", "integer"], enum: ["abc", 3, 2.5, null] } },
    { name: "a const of one type", given: { type: ["string", "integer"], const: 3 } },
    { name: "a keyword for every type", given: { type: ["string", "array"], not: { const: "abc" }, maxItems: 1 } },
    { name: "a numeric format", given: { type: ["integer", "string"], format: "int32", minLength: 2 } },
    { name: "a keyword of a type not among them", given: { type: ["string", "integer"], items: { type: "string" } } },
  ])("$name", ({ given }) => {
    expect(acceptance(asJsonSchema(splitByType(given)))).toEqual(acceptance(given));
  });

  test("each branch has one type and only its own keywords; annotations stay outside", () => {
    expect(
      splitByType({ type: ["string", "array", "null"], items: { type: "integer" }, maxLength: 9, description: "Ids" }),
    ).toEqual({
      description: "Ids",
      anyOf: [
        { type: "string", maxLength: 9 },
        { type: "array", items: { type: "integer" } },
      ],
      nullable: true,
    });
  });

  test("a __proto__ keyword stays data on each branch, never a prototype", () => {
    const given = JSON.parse('{"type": ["string", "integer"], "__proto__": {"polluted": true}}') as JsonSchema;
    const branches = splitByType(given).anyOf as JsonSchema[];
    expect(
      branches.map((branch) => [Object.getPrototypeOf(branch) === Object.prototype, "polluted" in branch]),
    ).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(Object.getOwnPropertyDescriptor(branches[0], "__proto__")?.value).toEqual({ polluted: true });
  });

  test("a branch left without an enum value is dropped", () => {
    expect(splitByType({ type: ["string", "integer"], enum: ["a"] }).anyOf).toEqual([{ type: "string", enum: ["a"] }]);
  });
});

describe("moveIntoBranches keeps the meaning and moves a type's keywords into its alternatives", () => {
  test.each<{ name: string; given: JsonSchema; want: JsonSchema }>([
    {
      // Docker's Cmd.
      name: "items beside a string-or-array oneOf",
      given: { items: { type: "string" }, oneOf: [{ type: "array", items: {} }, { type: "string" }] },
      want: { oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] },
    },
    {
      name: "several keywords, each to its own type",
      given: { maxItems: 2, maxLength: 3, anyOf: [{ type: "array" }, { type: "string" }, { type: "integer" }] },
      want: { anyOf: [{ type: "array", maxItems: 2 }, { type: "string", maxLength: 3 }, { type: "integer" }] },
    },
  ])("$name", ({ given, want }) => {
    const moved = moveIntoBranches(given);
    expect(moved).toEqual(want);
    expect(acceptance(moved)).toEqual(acceptance(given));
  });

  test.each<{ name: string; given: JsonSchema }>([
    { name: "an alternative without a type", given: { items: { type: "string" }, anyOf: [{}, { type: "array" }] } },
    {
      name: "an alternative with its own constraint on the keyword",
      given: { maxItems: 2, anyOf: [{ type: "array", maxItems: 5 }, { type: "string" }] },
    },
    { name: "a schema with a type", given: { type: "array", anyOf: [{ type: "array" }] } },
  ])("is left as it is with $name", ({ given }) => {
    expect(moveIntoBranches(given)).toBe(given);
  });
});

test.each<{ values: unknown[]; want: string | undefined }>([
  { values: [1, 2], want: "integer" },
  { values: [1, 2.5], want: "number" },
  { values: [true], want: "boolean" },
  { values: ["a", ""], want: "string" },
  { values: [{ a: 1 }], want: "object" },
  { values: [[1]], want: "array" },
  { values: ["a", 1], want: undefined },
  { values: [[1], { a: 1 }], want: undefined },
  { values: [], want: undefined },
])("sharedTypeOf($values) is $want", ({ values, want }) => {
  expect(sharedTypeOf(values)).toBe(want);
});
