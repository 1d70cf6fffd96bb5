import { Ajv } from "ajv";
import { describe, expect, test } from "vitest";
import { expandRefs } from "../../src/schema/expand-refs.js";

// Ajv as our own tool validation uses it: the `u` flag on patterns, its meta-schema checked.
const ajv = new Ajv({ strict: false, logger: false });
const compiles = (schema: object): boolean => {
  try {
    ajv.compile(schema);
    return true;
  } catch {
    return false;
  }
};

// Each case is a form found in the APIs.guru specs that made the converted tool fail to compile.
describe("keywords validators refuse are repaired, keeping their meaning, and reported", () => {
  test.each([
    {
      name: "OAS 3.0's boolean exclusiveMinimum becomes the number (portfoliooptimizer.io)",
      given: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false },
      want: { type: "number", exclusiveMinimum: 0, maximum: 1 },
      reported: ["exclusiveMinimum"],
    },
    {
      name: "a boolean exclusiveMaximum without a maximum bounds nothing",
      given: { type: "integer", exclusiveMaximum: true },
      want: { type: "integer" },
      reported: ["exclusiveMaximum"],
    },
    {
      name: "repeated enum values are written once (stripe.com's api_version)",
      given: { type: "string", enum: ["a", "b", "a", { x: 1 }, { x: 1 }] },
      want: { type: "string", enum: ["a", "b", { x: 1 }] },
      reported: ["enum"],
    },
    {
      name: "repeated required names are written once",
      given: { type: "object", required: ["id", "id"], properties: { id: { type: "string" } } },
      want: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
      reported: ["required"],
    },
    {
      name: "needless escapes of punctuation are removed from a pattern (amazonaws.com)",
      given: { type: "string", pattern: "^arn[\\/\\:\\-\\_\\.a-zA-Z0-9]+\\-\\_$" },
      want: { type: "string", pattern: "^arn[\\/:\\-_\\.a-zA-Z0-9]+-_$" },
      reported: ["pattern"],
    },
    {
      name: "a pattern in another regex dialect moves into the description (\\p{Alnum})",
      given: { type: "string", description: "A key.", pattern: "^[\\-\\p{Alnum}_:.]+$" },
      want: { type: "string", description: 'A key.\nConstraints: pattern "^[\\\\-\\\\p{Alnum}_:.]+$".' },
      reported: ["pattern"],
    },
    {
      name: "a type holding a schema names no JSON type and is dropped (codat.io's create-item)",
      given: { type: { type: "string", enum: ["Inventory", "Service"] }, description: "Type of the item." },
      want: { description: "Type of the item." },
      reported: ["type"],
    },
    {
      name: "type names are written in lower case, each once",
      given: { type: ["String", "null", "string", "Null"] },
      want: { type: ["string", "null"] },
      reported: ["type"],
    },
    {
      name: "OpenAPI 2.0's file type becomes a binary string",
      given: { type: "File", description: "The upload." },
      want: { type: "string", description: "The upload.", format: "binary" },
      reported: ["type"],
    },
    {
      name: "a type array keeps the names that are JSON types",
      given: { type: ["integer", "decimal"] },
      want: { type: ["integer"] },
      reported: ["type"],
    },
    {
      name: "a pattern that is not a string is dropped (api.video)",
      given: { type: "string", pattern: 42 },
      want: { type: "string" },
      reported: ["pattern"],
    },
  ])("$name", ({ given, want, reported }) => {
    expect(compiles(given)).toBe(false);
    const { schema, conflicts } = expandRefs({ type: "object", properties: { value: given } });
    expect(schema).toEqual({ type: "object", properties: { value: want } });
    expect(compiles(schema)).toBe(true);
    expect(conflicts.map(({ pointer, keyword }) => [pointer, keyword])).toEqual(
      reported.map((keyword) => ["#/properties/value", keyword]),
    );
  });

  test("valid keywords are left exactly as written", () => {
    const given = {
      type: ["string", "null"],
      pattern: "^[a-z\\-]+\\.\\d{2}$",
      enum: ["a-1.12", "b-2.34"],
      minLength: 1,
    };
    const { schema, conflicts } = expandRefs({ type: "integer", exclusiveMinimum: 3, anyOf: [given] });
    expect(schema).toEqual({ type: "integer", exclusiveMinimum: 3, anyOf: [given] });
    expect(conflicts).toEqual([]);
  });
});
