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

  // Found in 25 APIs.guru specs (252 schemas) and 14 (46 array schemas): such a tool refused every value a model wrote.
  test.each([
    {
      name: "enum values that are all of another type are written in the schema's type (bhagavadgita.io)",
      given: { type: "string", enum: [1, 2, true] },
      want: { type: "string", enum: ["1", "2", "true"] },
      keyword: "enum",
    },
    {
      name: "numeric and boolean text is written as a number or a boolean",
      given: { type: "integer", enum: ["1", " 2"] },
      want: { type: "integer", enum: [1, 2] },
      keyword: "enum",
    },
    {
      name: "enum values that cannot be of the type drop it (azure.com's keyType: integer of names)",
      given: { type: "integer", enum: ["Primary", "Secondary"] },
      want: { enum: ["Primary", "Secondary"] },
      keyword: "type",
    },
    {
      name: "an enum of items on the array itself moves into its items (bbc.co.uk's mixin)",
      given: { type: "array", items: { type: "string" }, enum: ["live", "promotions"] },
      want: { type: "array", items: { type: "string", enum: ["live", "promotions"] } },
      keyword: "enum",
    },
  ])("$name", ({ given, want, keyword }) => {
    const meets = (schema: object, value: unknown) => ajv.validate(schema, value);
    expect(given.enum.some((value) => meets(given, value) || meets(given, [value]))).toBe(false);
    const { schema, conflicts } = expandRefs({ type: "object", properties: { value: given } });
    expect(schema).toEqual({ type: "object", properties: { value: want } });
    const values = (want.enum ?? want.items?.enum) as unknown[];
    for (const value of values) expect(meets(want, want.type === "array" ? [value] : value)).toBe(true);
    expect(conflicts.map((conflict) => [conflict.pointer, conflict.keyword])).toEqual([
      ["#/properties/value", keyword],
    ]);
  });

  test("an enum with one value of the type, or a null, is left as written", () => {
    for (const given of [
      { type: "string", enum: ["a", 1] },
      { type: "string", enum: [null, 1] },
      { type: "array", items: { enum: ["x"] }, enum: ["y"] },
    ]) {
      const { schema, conflicts } = expandRefs(given);
      expect(schema).toEqual(given);
      expect(conflicts).toEqual([]);
    }
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

// Forms no real spec we know writes, found by mutating APIs.guru's specs: each passed into the tool, which Ajv then
// refused to compile (and a provider would reject, with every other tool of the request).
describe("keyword values JSON Schema refuses are dropped and reported", () => {
  test.each([
    { keyword: "maxLength", value: -1, expected: "a non-negative integer" },
    { keyword: "minItems", value: 1.5, expected: "a non-negative integer" },
    { keyword: "maxProperties", value: "3", expected: "a non-negative integer" },
    { keyword: "multipleOf", value: 0, expected: "a number above 0" },
    { keyword: "minimum", value: "1", expected: "a number" },
    { keyword: "description", value: { text: "x" }, expected: "a string" },
    { keyword: "format", value: 5, expected: "a string" },
    { keyword: "readOnly", value: "true", expected: "a boolean" },
    { keyword: "uniqueItems", value: 1, expected: "a boolean" },
    { keyword: "examples", value: { first: 1 }, expected: "an array" },
    { keyword: "required", value: "id", expected: "an array of property names" },
    { keyword: "enum", value: [], expected: "a non-empty array (an empty enum allows no value)" },
    { keyword: "enum", value: null, expected: "a non-empty array (an empty enum allows no value)" },
    { keyword: "items", value: "string", expected: "a schema or a non-empty array of schemas" },
    { keyword: "items", value: [], expected: "a schema or a non-empty array of schemas" },
    { keyword: "additionalProperties", value: "no", expected: "a schema (an object or a boolean)" },
    { keyword: "not", value: 5, expected: "a schema (an object or a boolean)" },
    { keyword: "anyOf", value: [], expected: "a non-empty array of schemas" },
    { keyword: "oneOf", value: { type: "string" }, expected: "a non-empty array of schemas" },
    { keyword: "properties", value: ["id"], expected: "an object of schemas" },
    { keyword: "$ref", value: 5, expected: "a string (a JSON pointer or a URI)" },
  ])("$keyword: $value", ({ keyword, value, expected }) => {
    const given = { type: "object", title: "Kept", [keyword]: value };
    expect(compiles({ type: "object", properties: { value: given } })).toBe(false);
    const { schema, conflicts } = expandRefs({ type: "object", properties: { value: given } });
    expect(schema).toEqual({ type: "object", properties: { value: { type: "object", title: "Kept" } } });
    expect(compiles(schema)).toBe(true);
    expect(conflicts).toEqual([
      { pointer: "#/properties/value", keyword, message: `${JSON.stringify(value)} is not ${expected}: dropped` },
    ]);
  });

  test("required entries that are not names are dropped, the names kept", () => {
    const { schema, conflicts } = expandRefs({ type: "object", required: ["id", 7, null, "id"] });
    expect(schema).toEqual({ type: "object", required: ["id"] });
    expect(conflicts.map(({ keyword, message }) => [keyword, message])).toEqual([
      ["required", "entries that are not property names dropped"],
      ["required", "repeated names written once"],
    ]);
  });

  test("an empty type names no JSON type and is dropped", () => {
    const { schema, conflicts } = expandRefs({ type: [], description: "Anything." });
    expect(schema).toEqual({ description: "Anything." });
    expect(conflicts).toEqual([{ pointer: "#", keyword: "type", message: "[] names no JSON type: dropped" }]);
  });

  test("a patternProperties key is repaired like a pattern, or its entry dropped", () => {
    const { schema, conflicts } = expandRefs({
      type: "object",
      patternProperties: { "^x\\_": { type: "string" }, "(": { type: "integer" }, "^ok$": { type: "boolean" } },
    });
    expect(schema).toEqual({
      type: "object",
      patternProperties: { "^x_": { type: "string" }, "^ok$": { type: "boolean" } },
    });
    expect(compiles(schema)).toBe(true);
    expect(conflicts.map(({ pointer, keyword }) => [pointer, keyword])).toEqual([
      ["#/patternProperties/^x\\_", "patternProperties"],
      ["#/patternProperties/(", "patternProperties"],
    ]);
  });

  test("draft-07 dependencies: schemas are expanded, name lists kept, anything else dropped", () => {
    const document = { $defs: { Card: { required: ["billing_address"] } } };
    const { schema, conflicts } = expandRefs(
      {
        type: "object",
        dependencies: { credit_card: { $ref: "#/$defs/Card" }, name: ["surname"], bad: 3 },
      },
      { document },
    );
    expect(schema).toEqual({
      type: "object",
      dependencies: { credit_card: { required: ["billing_address"] }, name: ["surname"] },
    });
    expect(compiles(schema)).toBe(true);
    expect(conflicts).toEqual([
      {
        pointer: "#/dependencies/bad",
        keyword: "dependencies",
        message: "3 is neither a schema nor a list of property names: dropped",
      },
    ]);
  });

  test("a schema cut past the depth keeps only a type and an enum JSON Schema accepts", () => {
    const document = {
      $defs: {
        A: { $ref: "#/$defs/B" },
        B: { $ref: "#/$defs/C" },
        // Each has a subschema (a leaf past the depth is expanded, not cut).
        C: { type: ["text"], enum: [], anyOf: [{}] },
        D: { type: "string", enum: ["a", "a", "b"], anyOf: [{}] },
      },
    };
    const cut = (ref: string) => expandRefs({ $ref: ref }, { document, maxDepth: 0 }).schema;
    expect(cut("#/$defs/C")).toMatchObject({ type: "object" });
    expect(cut("#/$defs/C")).not.toHaveProperty("enum");
    expect(cut("#/$defs/D")).toMatchObject({ type: "string", enum: ["a", "b"] });
    expect(compiles(cut("#/$defs/C"))).toBe(true);
    expect(compiles(cut("#/$defs/D"))).toBe(true);
  });
});
