import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, test } from "vitest";
import { checkDialectRules, type OpenAiTool, sanitizeToolName, toDialect } from "../../src/schema/dialects/index.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { DIALECTS, type ToolDefinition } from "../../src/schema/tool-definition.js";
import { parametersOf } from "./tool-parameters.js";

const layered: ToolDefinition = {
  name: "listPets",
  description: "List pets",
  parameters: {
    type: "object",
    properties: {
      query: {
        type: "object",
        description: "Query parameters",
        properties: { limit: { type: "integer", minimum: 1, default: 20 } },
      },
    },
  },
};

describe("toDialect shapes", () => {
  test("the openai tool type is the OpenAI SDK's function tool", () => {
    expectTypeOf<OpenAiTool>().toExtend<ChatCompletionFunctionTool>();
  });

  test.each([
    {
      dialect: "openai" as const,
      want: {
        type: "function",
        function: { name: "listPets", description: "List pets", parameters: layered.parameters },
      },
    },
    {
      dialect: "anthropic" as const,
      want: { name: "listPets", description: "List pets", input_schema: layered.parameters },
    },
    { dialect: "mcp" as const, want: { name: "listPets", description: "List pets", inputSchema: layered.parameters } },
    {
      dialect: "gemini" as const,
      want: {
        name: "listPets",
        description: "List pets",
        parametersJsonSchema: {
          type: "object",
          properties: {
            query: {
              type: "object",
              description: "Query parameters",
              properties: { limit: { type: "integer", minimum: 1, default: 20 } },
            },
          },
        },
      },
    },
    {
      dialect: "openai-strict" as const,
      want: {
        type: "function",
        function: {
          name: "listPets",
          description: "List pets",
          parameters: {
            type: "object",
            properties: {
              query: {
                type: ["object", "null"],
                description: "Query parameters",
                properties: {
                  limit: { type: ["integer", "null"], minimum: 1, description: "Constraints: default: 20." },
                },
                required: ["limit"],
                additionalProperties: false,
              },
            },
            required: ["query"],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    },
    {
      dialect: "openai-responses" as const,
      want: {
        type: "function",
        name: "listPets",
        description: "List pets",
        parameters: {
          type: "object",
          properties: {
            query: {
              type: ["object", "null"],
              description: "Query parameters",
              properties: {
                limit: { type: ["integer", "null"], minimum: 1, description: "Constraints: default: 20." },
              },
              required: ["limit"],
              additionalProperties: false,
            },
          },
          required: ["query"],
          additionalProperties: false,
        },
        strict: true,
      },
    },
  ])("$dialect", ({ dialect, want }) => {
    const { tool } = toDialect(layered, dialect);
    expect(tool).toEqual(want);
    expect(checkDialectRules(tool, dialect)).toEqual([]);
  });
});

describe("openai-strict lowering", () => {
  test.each([
    {
      name: "oneOf becomes anyOf",
      given: { oneOf: [{ type: "string" }, { type: "integer" }] },
      want: { anyOf: [{ type: "string" }, { type: "integer" }] },
      changes: [["oneOf", "#/properties/value", "lowered"]],
    },
    {
      name: "allOf is merged",
      given: {
        allOf: [
          { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "string" } } },
        ],
      },
      want: {
        type: "object",
        properties: { a: { type: "string" }, b: { type: ["string", "null"] } },
        required: ["a", "b"],
        additionalProperties: false,
      },
      changes: [
        ["allOf", "#/properties/value", "lowered"],
        ["additionalProperties", "#/properties/value", "lowered"],
        ["required", "#/properties/value/properties/b", "lowered"],
      ],
    },
    {
      // Left typeless, it became any primitive and no longer took an array at all.
      name: "items without a type make an array",
      given: { items: { type: "integer" }, description: "Ids" },
      want: { type: "array", items: { type: "integer" }, description: "Ids" },
      changes: [["type", "#/properties/value", "lowered"]],
    },
    {
      name: "string keywords move into the description",
      given: { type: "string", minLength: 2, maxLength: 5, format: "uri", "x-internal": true },
      want: { type: "string", description: 'Constraints: minLength: 2; maxLength: 5; format: "uri".' },
      changes: [
        ["minLength", "#/properties/value", "described"],
        ["maxLength", "#/properties/value", "described"],
        ["format", "#/properties/value", "described"],
        ["x-internal", "#/properties/value", "dropped"],
      ],
    },
    {
      name: "not, if/then/else, patternProperties, propertyNames and property counts are described",
      given: {
        type: "object",
        not: { required: ["x"] },
        if: { properties: { a: { const: 1 } } },
        // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
        then: { required: ["b"] },
        patternProperties: { "^x-": { type: "string" } },
        propertyNames: { maxLength: 3 },
        minProperties: 1,
        maxProperties: 2,
      },
      want: {
        type: "object",
        description:
          'Constraints: not: {"required":["x"]}; if: {"properties":{"a":{"const":1}}}; then: {"required":["b"]}; patternProperties: {"^x-":{"type":"string"}}; propertyNames: {"maxLength":3}; minProperties: 1; maxProperties: 2; any keys allowed, but strict mode can only send {}.',
        properties: {},
        required: [],
        additionalProperties: false,
      },
      changes: [
        ["not", "#/properties/value", "described"],
        ["if", "#/properties/value", "described"],
        ["then", "#/properties/value", "described"],
        ["patternProperties", "#/properties/value", "described"],
        ["propertyNames", "#/properties/value", "described"],
        ["minProperties", "#/properties/value", "described"],
        ["maxProperties", "#/properties/value", "described"],
        ["additionalProperties", "#/properties/value", "described"],
      ],
    },
    {
      name: "constraint-only anyOf is described, and a typeless object gets its type",
      given: { properties: { a: { type: "string" } }, anyOf: [{ required: ["a"] }] },
      want: {
        type: "object",
        description: 'Constraints: anyOf: [{"required":["a"]}].',
        properties: { a: { type: ["string", "null"] } },
        required: ["a"],
        additionalProperties: false,
      },
      changes: [
        ["anyOf", "#/properties/value", "described"],
        ["additionalProperties", "#/properties/value", "lowered"],
        ["required", "#/properties/value/properties/a", "lowered"],
      ],
    },
    {
      // Strict mode would otherwise close the object beside its branches and refuse every key they add.
      name: "an object beside oneOf becomes an anyOf of whole objects, each with the object's properties",
      given: {
        type: "object",
        description: "Either",
        properties: { kind: { type: "string" } },
        required: ["kind"],
        oneOf: [
          { properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "integer" }, kind: { enum: ["b"] } } },
        ],
      },
      want: {
        description: "Either",
        anyOf: [
          {
            type: "object",
            properties: { a: { type: "string" }, kind: { type: "string" } },
            required: ["a", "kind"],
            additionalProperties: false,
          },
          {
            type: "object",
            properties: { b: { type: ["integer", "null"] }, kind: { enum: ["b"] } },
            required: ["b", "kind"],
            additionalProperties: false,
          },
        ],
      },
      changes: [
        ["properties", "#/properties/value", "lowered"],
        ["oneOf", "#/properties/value", "lowered"],
        ["additionalProperties", "#/properties/value/oneOf/0", "lowered"],
        ["properties", "#/properties/value/properties/kind", "lowered"],
        ["additionalProperties", "#/properties/value/oneOf/1", "lowered"],
        ["required", "#/properties/value/oneOf/1/properties/b", "lowered"],
      ],
    },
    {
      name: "branches beside an object take its type: a string branch accepts nothing, an untyped one is the object",
      given: {
        type: "object",
        properties: { n: { type: "integer" } },
        required: ["n"],
        anyOf: [{ type: "string" }, {}],
      },
      want: {
        anyOf: [
          { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false },
        ],
      },
      changes: [
        ["properties", "#/properties/value", "lowered"],
        ["type", "#/properties/value/anyOf/0", "dropped"],
        ["additionalProperties", "#/properties/value/anyOf/1", "lowered"],
      ],
    },
    {
      // Like a map (`additionalProperties: {type: "integer"}`), whose value schema is described.
      name: "a free-form object closes to {}, reported and told in its description",
      given: { type: "object", description: "Labels" },
      want: {
        type: "object",
        description: "Labels\nConstraints: any keys allowed, but strict mode can only send {}.",
        properties: {},
        required: [],
        additionalProperties: false,
      },
      changes: [["additionalProperties", "#/properties/value", "described"]],
    },
    {
      name: "OAS nullable and free-form values",
      given: { nullable: true, description: "anything" },
      want: {
        description: "anything",
        anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }],
      },
      changes: [
        ["nullable", "#/properties/value", "lowered"],
        ["type", "#/properties/value", "lowered"],
      ],
    },
  ])("$name", ({ given, want, changes }) => {
    const definition: ToolDefinition = {
      name: "t",
      description: "",
      // Closed already, so that the changes listed are all the value's.
      parameters: { type: "object", properties: { value: given }, required: ["value"], additionalProperties: false },
    };
    const { tool, changes: reported } = toDialect(definition, "openai-strict");
    const parameters = (tool as { function: { parameters: { properties: { value: unknown } } } }).function.parameters;
    expect(parameters.properties.value).toEqual(want);
    expect(reported.map((change) => [change.keyword, change.pointer, change.action])).toEqual(changes);
    expect(checkDialectRules(tool, "openai-strict")).toEqual([]);
  });

  test("objects nested deeper than 10 levels lose their properties, and the tool still passes", () => {
    let deepest: JsonSchema = { type: "object", properties: { leaf: { type: "string" } }, required: ["leaf"] };
    for (let level = 0; level < 12; level += 1) {
      deepest = { type: "object", properties: { next: deepest }, required: ["next"] };
    }
    const { tool, changes } = toDialect({ name: "deep", description: "", parameters: deepest }, "openai-strict");
    expect(changes.filter((change) => change.action === "dropped").map((change) => change.pointer)).toEqual([
      `#${"/properties/next".repeat(10)}`,
    ]);
    expect(checkDialectRules(tool, "openai-strict")).toEqual([]);
  });

  test("more than 5,000 properties throws DIALECT_LIMIT_EXCEEDED", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: "string" }]),
    );
    expect(() =>
      toDialect({ name: "wide", description: "", parameters: { type: "object", properties } }, "openai-strict"),
    ).toThrow(expect.objectContaining({ code: "DIALECT_LIMIT_EXCEEDED" }));
  });

  // OpenAI: "Expected at most ... enum values in total within a single schema when using structured outputs".
  test.each([
    {
      name: "more than 1,000 enum values in all",
      properties: {
        a: { type: "string", enum: Array.from({ length: 600 }, (_, index) => `a${index}`) },
        b: { type: "string", enum: Array.from({ length: 401 }, (_, index) => `b${index}`) },
      },
      want: /1001 enum values \(at most 1000\)/,
    },
    {
      name: "a string enum of over 250 values with more than 15,000 characters",
      properties: {
        a: { type: "string", enum: Array.from({ length: 300 }, (_, index) => `${index}`.padEnd(60, "x")) },
      },
      want: /an enum of over 250 values with 18000 characters/,
    },
  ])("$name throws DIALECT_LIMIT_EXCEEDED, and the checker says so", ({ properties, want }) => {
    const definition = {
      name: "big",
      description: "",
      parameters: { type: "object", required: ["a", "b"], properties },
    };
    expect(() => toDialect(definition, "openai-strict")).toThrow(
      expect.objectContaining({ code: "DIALECT_LIMIT_EXCEEDED", message: expect.stringMatching(want) }),
    );
    const { tool } = toDialect(definition, "openai");
    const handWritten = { ...(tool as OpenAiTool), function: { ...(tool as OpenAiTool).function, strict: true } };
    expect(checkDialectRules(handWritten, "openai-strict")).toContainEqual(expect.stringMatching(want));
  });

  test("strict schemas accept what the source accepted, with null for left-out optionals", () => {
    const source: JsonSchema = {
      type: "object",
      properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } },
      required: ["name"],
    };
    const { tool } = toDialect({ name: "t", description: "", parameters: source }, "openai-strict");
    const validate = new Ajv({ strict: false, allowUnionTypes: true }).compile(
      (tool as { function: { parameters: JsonSchema } }).function.parameters,
    );
    expect([
      validate({ name: "x", tags: ["a"] }),
      validate({ name: "x", tags: null }),
      validate({ name: "x", tags: ["c"] }),
      validate({ name: "x", tags: null, extra: 1 }),
    ]).toEqual([true, true, false, false]);
  });

  test.each(["openai-strict", "gemini"] as const)(
    "%s: a true anyOf branch accepts anything, a false one nothing; branches keep their pointers",
    (dialect) => {
      const source: JsonSchema = {
        type: "object",
        properties: { any: { anyOf: [true] }, some: { anyOf: [false, { type: "string", format: "x-odd" }] } },
        required: ["any", "some"],
      };
      const { tool, changes } = toDialect({ name: "t", description: "", parameters: source }, dialect);
      const parameters =
        (tool as { function?: { parameters: JsonSchema } }).function?.parameters ??
        (tool as { parametersJsonSchema: JsonSchema }).parametersJsonSchema;
      const properties = parameters.properties as Record<string, JsonSchema>;
      expect(properties.any?.anyOf).not.toEqual([]);
      expect(properties.some?.anyOf).toHaveLength(1);
      expect(changes.map(({ pointer }) => pointer)).toContain("#/properties/some/anyOf/1");
      expect(() => new Ajv({ strict: false, allowUnionTypes: true }).compile(parameters)).not.toThrow();
    },
  );

  test.each([
    {
      name: "an object beside oneOf (GitHub's orgs/delete-attestations-bulk body)",
      value: {
        type: "object",
        oneOf: [
          { properties: { digests: { type: "array", items: { type: "string" } } }, required: ["digests"] },
          { properties: { ids: { type: "array", items: { type: "integer" } } }, required: ["ids"] },
        ],
      },
      required: ["value"],
      verdicts: [
        [{ digests: ["sha256:1"] }, true],
        [{ ids: [1] }, true],
        [{}, false],
        [{ digests: [1] }, false],
        ["x", false],
        [null, false],
      ],
    },
    {
      name: "an optional object beside oneOf",
      value: {
        type: "object",
        oneOf: [
          { properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "integer" } }, required: ["b"] },
        ],
      },
      required: [],
      verdicts: [
        [{ a: "x" }, true],
        [{ b: 1 }, true],
        [null, true],
        [{ a: 1 }, false],
        [{}, false],
      ],
    },
    {
      // GitHub's repos/create-org-ruleset conditions had both: an object type and branches.
      name: "an optional value with a type beside anyOf",
      value: { type: "string", anyOf: [{ enum: ["a"] }, { enum: ["b"] }] },
      required: [],
      verdicts: [
        ["a", true],
        ["b", true],
        [null, true],
        ["c", false],
        [1, false],
      ],
    },
  ])("$name: the strict schema accepts what the source does, null for left out", ({ value, required, verdicts }) => {
    const source: JsonSchema = { type: "object", properties: { value }, required };
    const { tool } = toDialect({ name: "t", description: "", parameters: source }, "openai-strict");
    expect(checkDialectRules(tool, "openai-strict")).toEqual([]);
    const validate = new Ajv({ strict: false, allowUnionTypes: true }).compile(parametersOf(tool));
    expect(verdicts.map(([instance]) => [instance, validate({ value: instance })])).toEqual(verdicts);
  });

  test("an optional const null stays one null, which Ajv accepts (null twice in an enum it refuses)", () => {
    const source: JsonSchema = { type: "object", properties: { cleared: { const: null }, kind: { const: "a" } } };
    const { tool } = toDialect({ name: "t", description: "", parameters: source }, "openai-strict");
    const parameters = (tool as { function: { parameters: JsonSchema } }).function.parameters;
    expect(parameters.properties).toEqual({ cleared: { enum: [null] }, kind: { enum: ["a", null] } });
    const validate = new Ajv({ strict: false, allowUnionTypes: true }).compile(parameters);
    expect([validate({ cleared: null, kind: "a" }), validate({ cleared: 1, kind: null })]).toEqual([true, false]);
  });

  test("closing an object of the spec is reported, closing the layered root and parameter sections is not", () => {
    const parameters: JsonSchema = {
      type: "object",
      properties: {
        query: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
        body: { type: "object", properties: { meta: { type: "object", properties: { k: { type: "string" } } } } },
      },
      required: ["query", "body"],
    };
    const { changes } = toDialect({ name: "t", description: "", parameters }, "openai-strict");
    const closed = changes.filter(({ keyword }) => keyword === "additionalProperties").map(({ pointer }) => pointer);
    expect(closed).toEqual(["#/properties/body", "#/properties/body/properties/meta"]);
  });
});

describe("gemini lowering", () => {
  test.each([
    { name: "const becomes a one-value enum", given: { const: "on" }, want: { type: "string", enum: ["on"] } },
    {
      name: "a type array with null stays, as JSON Schema writes null beside one type",
      given: { type: ["string", "null"] },
      want: { type: ["string", "null"] },
    },
    {
      name: "several types become anyOf",
      given: { type: ["string", "integer"] },
      want: { anyOf: [{ type: "string" }, { type: "integer" }] },
    },
    {
      name: "several types with null put null beside each alternative's type",
      given: { type: ["string", "integer", "null"] },
      want: {
        anyOf: [{ type: ["string", "null"] }, { type: ["integer", "null"] }],
      },
    },
    {
      name: "constraint-only anyOf is described",
      given: { type: "object", properties: { a: { type: "string" } }, anyOf: [{ required: ["a"] }] },
      want: {
        type: "object",
        description: 'Constraints: anyOf: [{"required":["a"]}].',
        properties: { a: { type: "string" } },
      },
    },
    {
      name: "enum stays only on strings",
      given: { type: "integer", enum: [1, 2] },
      want: { type: "integer", description: "Constraints: enum: [1,2]." },
    },
    {
      // stackexchange.com's `accepted` (APIs.guru): a string whose enum holds booleans; an empty enum accepts nothing.
      name: "a string enum without a string value is described, never left empty",
      given: { type: "string", enum: [true, false] },
      want: { type: "string", description: "Constraints: enum: [true,false]." },
    },
    {
      name: "additionalProperties and exclusive bounds are described",
      given: {
        type: "object",
        additionalProperties: { type: "string" },
        properties: { n: { type: "number", exclusiveMinimum: 0 } },
      },
      want: {
        type: "object",
        description: 'Constraints: additionalProperties: {"type":"string"}.',
        properties: { n: { type: "number", description: "Constraints: exclusiveMinimum: 0." } },
      },
    },
    {
      name: "oneOf becomes anyOf and unsupported formats are described",
      given: {
        oneOf: [
          { type: "string", format: "uuid" },
          { type: "string", format: "date-time" },
        ],
      },
      want: {
        anyOf: [
          { type: "string", description: 'Constraints: format: "uuid".' },
          { type: "string", format: "date-time" },
        ],
      },
    },
    // Gemini answers 400 "type: must be specified when not using one_of, any_of or all_of fields" (LibreChat #6971).
    {
      name: "a schema without a type takes the one its properties imply",
      given: { properties: { a: { type: "string" } }, anyOf: [{ required: ["a"] }] },
      want: {
        type: "object",
        description: 'Constraints: anyOf: [{"required":["a"]}].',
        properties: { a: { type: "string" } },
      },
    },
    {
      name: "any value becomes any primitive, as in strict mode",
      given: { description: "Anything", nullable: true },
      want: {
        description: "Anything",
        anyOf: [{ type: ["string", "null"] }, { type: ["number", "null"] }, { type: ["boolean", "null"] }],
      },
    },
    {
      // "items: missing field"
      name: "an array without items takes any primitive item",
      given: { type: "array" },
      want: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }] } },
    },
    {
      // "items: field predicate failed: $type == Type.ARRAY"
      name: "several types become one schema per type, each with its own keywords",
      given: { type: ["string", "array"], items: { type: "integer" }, maxLength: 5, description: "Ids" },
      want: {
        description: "Ids",
        anyOf: [
          { type: "string", maxLength: 5 },
          { type: "array", items: { type: "integer" } },
        ],
      },
    },
    {
      // Docker's Cmd and Vercel's domain filter.
      name: "keywords of one type beside typed alternatives move into the alternative of their type",
      given: { items: { type: "string" }, oneOf: [{ type: "array", items: {} }, { type: "string" }] },
      want: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] },
    },
    {
      // "enum[3]: cannot be empty" (mcp-server-excel #607, litellm #14155).
      name: "an empty enum value is left out and said in the description",
      given: { type: "string", enum: ["", "desktop", "mobile"] },
      want: { type: "string", enum: ["desktop", "mobile"], description: 'Constraints: "" (empty) is allowed too.' },
    },
    {
      name: "an enum of the empty value alone is a plain string with that said",
      given: { type: "string", enum: [""] },
      want: { type: "string", description: 'Constraints: must be "" (empty).' },
    },
    {
      // marketcheck's ranking_criteria, Azure's monitoringConfigurationsComputed.
      name: "items beside type object constrain nothing and go",
      given: { type: "object", properties: { a: { type: "string" } }, items: { type: "string" } },
      want: { type: "object", properties: { a: { type: "string" } } },
    },
    {
      // FastMCP's Optional[str], OAS 3.1's optional values.
      name: "a null alternative makes the one left nullable, with the schema's annotations beside it",
      given: { anyOf: [{ type: "string" }, { type: "null" }], title: "Q", default: null },
      want: { type: ["string", "null"], title: "Q", default: null },
    },
    {
      name: "a null alternative makes each other alternative nullable",
      given: {
        oneOf: [{ type: "string" }, { type: "object", properties: { a: { type: "string" } } }, { const: null }],
      },
      want: {
        anyOf: [{ type: ["string", "null"] }, { type: ["object", "null"], properties: { a: { type: "string" } } }],
      },
    },
    {
      name: "a null alternative of a schema that refuses null goes",
      given: { type: "object", anyOf: [{ properties: { a: { type: "string" } }, required: ["a"] }, { type: "null" }] },
      want: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
    },
    {
      name: "the alternative left keeps its own description beside a different one",
      given: { description: "Outer", anyOf: [{ type: "string", description: "Inner" }, { type: "null" }] },
      want: { description: "Outer", anyOf: [{ type: ["string", "null"], description: "Inner" }] },
    },
    {
      name: "a const without a type takes its value's type and is described",
      given: { const: 5 },
      want: { type: "integer", description: "Constraints: const: 5." },
    },
    {
      name: "an enum without a type takes the type its values share, nullable when null is among them",
      given: { enum: [1.5, 2, null] },
      want: { type: ["number", "null"], description: "Constraints: enum: [1.5,2,null]." },
    },
    {
      name: "a boolean const without a type is a described boolean",
      given: { const: true },
      want: { type: "boolean", description: "Constraints: const: true." },
    },
    {
      name: "an enum of mixed types without a type is any primitive, described",
      given: { enum: ["a", 1] },
      want: {
        anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }],
        description: 'Constraints: enum: ["a",1].',
      },
    },
  ])("$name", ({ given, want }) => {
    const definition: ToolDefinition = {
      name: "t",
      description: "",
      parameters: { type: "object", properties: { value: given } },
    };
    const { tool } = toDialect(definition, "gemini");
    expect(
      (tool as { parametersJsonSchema: { properties: { value: unknown } } }).parametersJsonSchema.properties.value,
    ).toEqual(want);
    expect(checkDialectRules(tool, "gemini")).toEqual([]);
  });
});

describe("gemini: null alternatives and typeless values", () => {
  /** The tool's `value` schema and its changes as `[keyword, pointer, action]`. */
  function lowerValue(value: JsonSchema): { schema: JsonSchema; changes: string[][] } {
    const definition: ToolDefinition = {
      name: "t",
      description: "",
      parameters: { type: "object", properties: { value } },
    };
    const { tool, changes } = toDialect(definition, "gemini");
    const properties = (tool as { parametersJsonSchema: { properties: Record<string, JsonSchema> } })
      .parametersJsonSchema.properties;
    return {
      schema: properties.value ?? {},
      changes: changes.map(({ keyword, pointer, action }) => [keyword, pointer, action]),
    };
  }

  const ajv = new Ajv({ strict: false, allowUnionTypes: true });
  const INSTANCES: unknown[] = [null, "abc", "abcd", 1, 2.5, true, {}, { at: "x" }, { at: 1 }, []];

  test.each<JsonSchema>([
    { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] },
    { oneOf: [{ type: "object", properties: { at: { type: "string" } } }, { type: "null" }] },
    { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
    { anyOf: [{ type: ["string", "integer"] }, { type: "null" }] },
    { type: "object", anyOf: [{ properties: { at: { type: "string" } } }, { type: "null" }] },
    { enum: ["abc", null], anyOf: [{ type: "string" }, { type: "null" }] },
  ])("%j accepts what its source accepts", (given) => {
    const { schema } = lowerValue(given);
    const accepts = (source: JsonSchema) => INSTANCES.map((instance) => ajv.validate(source, instance));
    expect(accepts(schema)).toEqual(accepts(given));
  });

  test("the null alternative and the merge are reported at their pointers", () => {
    expect(lowerValue({ oneOf: [{ type: "null" }, { type: "string", format: "x-odd" }] }).changes).toEqual([
      ["oneOf", "#/properties/value/oneOf/0", "lowered"],
      ["oneOf", "#/properties/value", "lowered"],
      ["format", "#/properties/value/oneOf/1", "described"],
      ["oneOf", "#/properties/value", "lowered"],
    ]);
  });

  test("a const is reported lowered only when written as an enum", () => {
    expect(lowerValue({ const: 5 }).changes).toEqual([
      ["type", "#/properties/value", "lowered"],
      ["const", "#/properties/value", "described"],
    ]);
    expect(lowerValue({ type: "string", const: "on" }).changes).toEqual([["const", "#/properties/value", "lowered"]]);
  });
});

// OpenAI answers 400 "Invalid JSON schema: regex lookaround is not supported" (vercel/ai #21037) and "'^[\p{L}]' is
// not a 'regex'" (free-claude-code #1730), strict mode or not, and fails the whole request. AWS writes both.
describe("patterns OpenAI refuses", () => {
  const definition: ToolDefinition = {
    name: "t",
    description: "",
    parameters: {
      type: "object",
      properties: {
        domain: { type: "string", description: "A domain", pattern: "^((?!-)[A-Za-z0-9-]{1,62}\\.)+$" },
        tags: { type: "array", items: { type: "string", pattern: "^[\\p{L}\\p{N}_.:/=+@-]*$" } },
        code: { type: "string", pattern: "^[A-Z]{3}$" },
      },
    },
  };

  // MCP clients hand a server's tools to any model, OpenAI's included (opencode #32073: a Figma MCP tool's pattern).
  test.each(["openai", "openai-strict", "mcp"] as const)(
    "%s moves them into the description and keeps the others",
    (dialect) => {
      const { tool, changes } = toDialect(definition, dialect);
      const properties = (parametersOf(tool) as JsonSchema).properties as Record<string, JsonSchema>;
      expect(properties.domain?.pattern).toBeUndefined();
      expect(properties.domain?.description).toContain('pattern: "^((?!-)[A-Za-z0-9-]{1,62}\\\\.)+$"');
      const items = properties.tags?.items as JsonSchema | undefined;
      expect([items?.pattern, items?.description]).toEqual([undefined, expect.stringContaining("pattern: ")]);
      expect(properties.code?.pattern).toBe("^[A-Z]{3}$");
      expect(changes).toContainEqual(
        expect.objectContaining({ keyword: "pattern", pointer: "#/properties/domain", action: "described" }),
      );
      expect(checkDialectRules(tool, dialect)).toEqual([]);
    },
  );

  test.each(["anthropic", "gemini"] as const)("%s keeps them", (dialect) => {
    const { tool } = toDialect(definition, dialect);
    expect(JSON.stringify(tool)).toContain("(?!-)");
  });

  test("the input definition is shared where nothing changed, and never mutated", () => {
    const before = structuredClone(definition);
    const { tool } = toDialect(definition, "openai");
    const properties = (tool as OpenAiTool).function.parameters.properties as Record<string, JsonSchema>;
    expect(properties.code).toBe((definition.parameters.properties as Record<string, JsonSchema>).code);
    expect(definition).toEqual(before);
  });
});

// A hand-written tool (defineTool, an MCP tool read as it is) has not been through a conversion, which gives every
// array `items`: OpenAI answers "array schema missing items" (mcphost #35, dify #32894).
test.each(["openai", "openai-strict", "mcp"] as const)(
  "%s gives a hand-written array without items any item",
  (dialect) => {
    const { tool, changes } = toDialect(
      { name: "t", description: "", parameters: { type: "object", properties: { tags: { type: "array" } } } },
      dialect,
    );
    const tags = ((parametersOf(tool) as JsonSchema).properties as Record<string, JsonSchema>).tags;
    expect(tags?.items).toBeDefined();
    expect(changes).toContainEqual(expect.objectContaining({ keyword: "items", pointer: "#/properties/tags" }));
    expect(checkDialectRules(tool, dialect)).toEqual([]);
  },
);

// A tuple too: OpenAI answers "array schema missing items" whatever its prefixItems. Its `items` allows what any
// element may be, so the arrays the source takes are still taken whether a reader applies `items` after the prefix
// (2020-12) or to every element (draft 7, which knows no prefixItems); a closed tuple keeps its length.
describe.each(["openai", "mcp"] as const)("%s gives a tuple items", (dialect) => {
  const [text, count] = [{ type: "string" }, { type: "integer" }];
  const [draft2020, draft7] = [new Ajv2020({ strict: false }), new Ajv({ strict: false })];
  test.each([
    {
      name: "an open one: any item after its prefix, the same meaning",
      given: { type: "array", prefixItems: [text, count] },
      sourceDraft: "2020-12",
      want: { type: "array", prefixItems: [text, count], items: {} },
      detail: "tuple without items -> items: {}",
      exact: true,
      instances: [
        { value: ["a", 1], valid: true },
        { value: ["a", 1, { any: "thing" }], valid: true },
        { value: [1, "a"], valid: false },
      ],
    },
    {
      name: "a closed one: any of its element schemas, and no more items than it has",
      given: { type: "array", prefixItems: [text, count], items: false },
      sourceDraft: "2020-12",
      want: { type: "array", prefixItems: [text, count], items: { anyOf: [text, count] }, maxItems: 2 },
      detail: "items: false -> items: any of the tuple's element schemas, maxItems: 2",
      exact: true,
      instances: [
        { value: ["a", 1], valid: true },
        { value: ["a"], valid: true },
        { value: ["a", 1, 2], valid: false },
        { value: [1, "a"], valid: false },
      ],
    },
    {
      name: "a draft-04 one: its positions as prefixItems, items any of its element schemas or what follows them",
      given: { type: "array", items: [text], additionalItems: count },
      sourceDraft: "draft-07",
      want: { type: "array", prefixItems: [text], items: { anyOf: [text, count] } },
      detail: "draft-04 tuple items: [...] -> items: any of the tuple's element schemas",
      exact: false,
      instances: [
        { value: ["a", 1, 2], valid: true },
        { value: ["a", "b"], valid: false },
        { value: [{}], valid: false },
      ],
    },
  ])("$name", ({ given, sourceDraft, want, detail, exact, instances }) => {
    const definition = { name: "t", description: "", parameters: { type: "object", properties: { list: given } } };
    const { tool, changes } = toDialect(definition, dialect);
    const list = ((parametersOf(tool) as JsonSchema).properties as Record<string, JsonSchema>).list;
    expect(list).toEqual(want);
    expect(changes).toContainEqual({
      dialect,
      keyword: "items",
      pointer: "#/properties/list",
      action: "lowered",
      detail,
    });
    expect(checkDialectRules(tool, dialect)).toEqual([]);
    const source = (sourceDraft === "2020-12" ? draft2020 : draft7).compile(given);
    const [after2020, afterDraft7] = [draft2020.compile(list ?? {}), draft7.compile(list ?? {})];
    for (const { value, valid } of instances) {
      expect(source(value)).toBe(valid);
      // Nothing the source takes is refused, read either way; the 2020-12 forms keep their meaning exactly.
      if (valid) expect([after2020(value), afterDraft7(value)]).toEqual([true, true]);
      if (exact) expect(after2020(value)).toBe(valid);
    }
  });
});

describe("the top of the parameters", () => {
  test.each(["openai", "anthropic", "mcp"] as const)(
    "%s writes empty properties for a tool without arguments, and describes a top-level enum or not",
    (dialect) => {
      const { tool } = toDialect(
        { name: "t", description: "", parameters: { type: "object", not: { required: ["x"] }, enum: [{}] } },
        dialect,
      );
      const parameters = parametersOf(tool) as JsonSchema;
      expect(parameters).toEqual({
        type: "object",
        description: 'Constraints: enum: [{}]; not: {"required":["x"]}.',
        properties: {},
      });
      expect(checkDialectRules(tool, dialect)).toEqual([]);
    },
  );
});

describe("top-level combinators", () => {
  test.each(["openai", "anthropic", "mcp", "gemini"] as const)("%s folds oneOf into one object", (dialect) => {
    const parameters: JsonSchema = {
      oneOf: [
        { type: "object", properties: { id: { type: "string" }, a: { type: "string" } }, required: ["id", "a"] },
        { type: "object", properties: { id: { type: "string" }, b: { type: "string" } }, required: ["id"] },
      ],
    };
    const { tool, changes } = toDialect({ name: "t", description: "", parameters }, dialect);
    expect(checkDialectRules(tool, dialect)).toEqual([]);
    expect(JSON.stringify(tool)).toContain(
      '{"type":"object","properties":{"id":{"type":"string"},"a":{"type":"string"},"b":{"type":"string"}},"required":["id"]}',
    );
    expect(changes.map((change) => change.keyword)).toEqual(["oneOf"]);
  });

  test.each(["openai", "anthropic", "mcp"] as const)(
    "%s: a true alternative requires nothing, so folding requires nothing either",
    (dialect) => {
      const parameters: JsonSchema = { anyOf: [{ type: "object", properties: { id: {} }, required: ["id"] }, true] };
      const { tool } = toDialect({ name: "t", description: "", parameters }, dialect);
      expect(checkDialectRules(tool, dialect)).toEqual([]);
      expect(JSON.stringify(tool)).toContain('{"type":"object","properties":{"id":{}}}');
    },
  );

  test.each(["openai", "anthropic", "mcp"] as const)(
    "%s: top-level boolean property schemas are written as objects (MCP's Tool type wants objects)",
    (dialect) => {
      const parameters: JsonSchema = {
        type: "object",
        properties: { any: true, none: false, name: { type: "string" } },
      };
      const { tool, changes } = toDialect({ name: "t", description: "", parameters }, dialect);
      expect(checkDialectRules(tool, dialect)).toEqual([]);
      expect(JSON.stringify(tool)).toContain('"properties":{"any":{},"none":{"not":{}},"name":{"type":"string"}}');
      expect(changes.map(({ keyword, pointer }) => [keyword, pointer])).toEqual([
        ["properties", "#/properties/any"],
        ["properties", "#/properties/none"],
      ]);
    },
  );

  // A tagged union as MCP servers emit it: the first branch's `kind` alone let the model call only that alternative.
  test.each(["openai", "anthropic", "mcp", "gemini"] as const)(
    "%s: a property the alternatives define differently accepts each definition",
    (dialect) => {
      const parameters: JsonSchema = {
        oneOf: [
          { type: "object", properties: { kind: { const: "a" }, v: { type: "string" } }, required: ["kind", "v"] },
          { type: "object", properties: { kind: { const: "b" }, v: { type: "string" } }, required: ["kind", "v"] },
        ],
      };
      const { tool } = toDialect({ name: "t", description: "", parameters }, dialect);
      expect(checkDialectRules(tool, dialect)).toEqual([]);
      const validate = new Ajv({ strict: false }).compile(parametersOf(tool));
      const verdicts = [{ kind: "a", v: "x" }, { kind: "b", v: "x" }, { kind: "c", v: "x" }, { kind: "a" }].map(
        (instance) => validate(instance),
      );
      expect(verdicts).toEqual([true, true, false, false]);
    },
  );

  test.each(["openai", "anthropic", "mcp", "gemini"] as const)(
    "%s: an alternative that takes no object does not make the other's required names optional",
    (dialect) => {
      const parameters: JsonSchema = {
        anyOf: [{ type: "string" }, { type: "object", properties: { a: { type: "string" } }, required: ["a"] }],
      };
      const { tool } = toDialect({ name: "t", description: "", parameters }, dialect);
      expect(checkDialectRules(tool, dialect)).toEqual([]);
      const validate = new Ajv({ strict: false }).compile(parametersOf(tool));
      expect([{ a: "x" }, {}, { a: 1 }].map((instance) => validate(instance))).toEqual([true, false, false]);
    },
  );
});

// Vertex AI answers "functionDeclaration parameters schema should be of type OBJECT" to an MCP tool's bare anyOf.
test("gemini folds top-level alternatives into one object, as the other dialects do", () => {
  const parameters: JsonSchema = {
    anyOf: [
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      { type: "object", properties: { b: { type: "integer" } }, required: ["b"] },
    ],
  };
  const { tool, changes } = toDialect({ name: "t", description: "", parameters }, "gemini");
  expect(parametersOf(tool)).toEqual({
    type: "object",
    properties: { a: { type: "string" }, b: { type: "integer" } },
  });
  expect(changes).toEqual([
    { dialect: "gemini", keyword: "anyOf", pointer: "#", action: "lowered", detail: expect.any(String) },
  ]);
  expect(checkDialectRules(tool, "gemini")).toEqual([]);
});

describe("names and descriptions", () => {
  test("a long openai description is trimmed to 1,024 characters with a note", () => {
    const { tool, changes } = toDialect({ ...layered, description: "x".repeat(2000) }, "openai");
    const description = (tool as { function: { description: string } }).function.description;
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description.endsWith("[description trimmed]")).toBe(true);
    expect(changes).toEqual([
      {
        dialect: "openai",
        keyword: "description",
        pointer: "#",
        action: "truncated",
        detail: "2000 -> 1024 characters",
      },
    ]);
  });

  test.each(DIALECTS)("%s renames an invalid name and reports it", (dialect) => {
    const { tool, changes } = toDialect({ ...layered, name: "GET /pets/{id}" }, dialect);
    expect(JSON.stringify(tool)).toContain('"GET_pets_id"');
    expect(changes[0]).toMatchObject({ keyword: "name", action: "renamed" });
  });

  test("the input definition is never mutated", () => {
    const definition: ToolDefinition = structuredClone({ ...layered, description: "y".repeat(1100) });
    const before = structuredClone(definition);
    for (const dialect of DIALECTS) toDialect(definition, dialect);
    expect(definition).toEqual(before);
  });

  // Hash suffixes are FNV-1a (32 bits) of the source name, worked out independently of the code under test.
  test.each([
    { given: ["listPets"], want: ["listPets"] },
    { given: ["GET /repos/{owner}/{repo}"], want: ["GET_repos_owner_repo"] },
    { given: ["a.b", "a b"], want: ["a_b", "a_b_10a3f9f2"] },
    { given: ["a.b", "a.b"], want: ["a_b", "a_b_108bf50c"] },
    { given: ["!!!"], want: ["tool"] },
    { given: ["__a__b__"], want: ["a_b"] },
    { given: ["/repos/{owner}/-/x-y_"], want: ["repos_owner_-_x-y"] },
    { given: ["café über"], want: ["caf_ber"] },
    { given: ["_-_"], want: ["_-"] },
    // Gemini on Vertex AI refuses a name that does not start with a letter or "_" (channel4's 4oD feeds, haloapi's ids).
    { given: ["4oD_Feed", "-x", "58acde29"], want: ["_4oD_Feed", "_-x", "_58acde29"] },
    { given: ["4oD Feed", "_4oD_Feed"], want: ["_4oD_Feed", "_4oD_Feed_5419a196"] },
  ])("sanitizeToolName $given", ({ given, want }) => {
    const taken = new Set<string>();
    expect(given.map((name) => sanitizeToolName(name, taken))).toEqual(want);
  });

  test("20,000 operations sharing one operationId get distinct names, each the one it gets among fewer", () => {
    const many = new Set<string>();
    const names = Array.from({ length: 20_000 }, () => sanitizeToolName("same", many));
    expect(new Set(names).size).toBe(20_000);
    expect(names.every((name) => /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/.test(name))).toBe(true);
    const few = new Set<string>();
    expect(names.slice(0, 3)).toEqual(["same", "same", "same"].map((name) => sanitizeToolName(name, few)));
  });

  test("long names are cut to 64 characters with a hash and stay distinct", () => {
    const taken = new Set<string>();
    const first = sanitizeToolName(`${"a".repeat(70)}1`, taken);
    const second = sanitizeToolName(`${"a".repeat(70)}2`, taken);
    expect([first.length, second.length, first === second, /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/.test(first)]).toEqual([
      64,
      64,
      false,
      true,
    ]);
  });
});

describe("checkDialectRules", () => {
  test.each([
    {
      dialect: "openai" as const,
      given: { type: "function", function: { name: "a b", parameters: { type: "object", properties: {} } } },
      want: ['#/function/name: "a b" does not match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$'],
    },
    {
      dialect: "anthropic" as const,
      given: { name: "a", input_schema: { anyOf: [] } },
      want: ['#/input_schema: not a type "object" schema'],
    },
    {
      dialect: "mcp" as const,
      given: { name: "a", inputSchema: { type: "object", properties: { x: { $ref: "#/$defs/X" } } } },
      want: ["#/inputSchema/properties/x/$ref: references are not resolved"],
    },
    {
      dialect: "gemini" as const,
      given: {
        name: "a",
        parameters: { type: "object", additionalProperties: false, properties: { e: { type: "integer", enum: [1] } } },
      },
      want: [
        "#/parameters/additionalProperties: keyword not supported",
        "#/parameters/properties/e/enum: on a non-string type",
      ],
    },
    {
      dialect: "gemini" as const,
      given: {
        name: "a",
        parameters: {
          type: "object",
          properties: { any: {}, list: { type: "array" }, odd: { type: "string", items: { type: "string" } } },
        },
      },
      want: [
        "#/parameters/properties/any/type: missing",
        "#/parameters/properties/list/items: missing",
        "#/parameters/properties/odd/items: on a non-array type",
      ],
    },
    {
      // Vertex AI: "functionDeclaration parameters schema should be of type OBJECT".
      dialect: "gemini" as const,
      given: { name: "a", parameters: { anyOf: [{ type: "object", properties: { a: { type: "string" } } }] } },
      want: ['#/parameters: not a type "object" schema'],
    },
    {
      dialect: "openai" as const,
      given: {
        type: "function",
        function: {
          name: "a",
          parameters: { type: "object", properties: { d: { type: "string", pattern: "(?=a)" } } },
        },
      },
      want: ["#/function/parameters/properties/d/pattern: OpenAI refuses its syntax"],
    },
    {
      // "In context=(), object schema missing properties" (mongodb-mcp-server, AWS's knowledge MCP), and "schema
      // must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level".
      dialect: "openai" as const,
      given: { type: "function", function: { name: "a", parameters: { type: "object", not: { required: ["x"] } } } },
      want: ["#/function/parameters/not: not allowed at the top", "#/function/parameters/properties: missing"],
    },
    {
      // OpenAI's 400: "In context=('properties', 'tags'), array schema missing items."
      dialect: "openai" as const,
      given: {
        type: "function",
        function: { name: "a", parameters: { type: "object", properties: { tags: { type: ["array", "null"] } } } },
      },
      want: ["#/function/parameters/properties/tags/items: missing"],
    },
    {
      dialect: "openai-strict" as const,
      given: {
        type: "function",
        function: {
          name: "a",
          strict: true,
          parameters: { type: "object", properties: { s: { type: "string", minLength: 1 } } },
        },
      },
      want: [
        "#/function/parameters/additionalProperties: not false",
        '#/function/parameters/required: misses ["s"]',
        "#/function/parameters/properties/s/minLength: keyword not supported",
      ],
    },
    {
      // What an object beside oneOf became before its properties moved into the branches: it accepted no object.
      dialect: "openai-strict" as const,
      given: {
        type: "function",
        function: {
          name: "a",
          strict: true,
          parameters: {
            type: "object",
            properties: { a: { type: "string" } },
            required: ["a"],
            additionalProperties: false,
            anyOf: [
              {
                type: "object",
                properties: { a: { type: "string" }, b: { type: "integer" } },
                required: ["a", "b"],
                additionalProperties: false,
              },
            ],
          },
        },
      },
      want: [
        "#/function/parameters/anyOf: not allowed at the top",
        "#/function/parameters/anyOf/0/properties/b: refused by the object's additionalProperties: false",
      ],
    },
    {
      // A Chat Completions tool is not a Responses tool: the Responses API answers 400 "Missing required parameter".
      dialect: "openai-responses" as const,
      given: { type: "function", function: { name: "a", parameters: { type: "object", properties: {} } } },
      want: ['#: not {type: "function", name, description, parameters, strict}'],
    },
    {
      dialect: "openai-responses" as const,
      given: { type: "function", name: "a b", parameters: { type: "object", properties: { s: { type: "string" } } } },
      want: [
        '#/name: "a b" does not match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$',
        "#/strict: not true",
        "#/parameters/additionalProperties: not false",
        '#/parameters/required: misses ["s"]',
      ],
    },
  ])("$dialect", ({ dialect, given, want }) => {
    expect(checkDialectRules(given, dialect)).toEqual(want);
  });
});
