import { describe, expect, test } from "vitest";
import { isActionRecallError } from "../../src/errors/action-recall-error.js";
import { expandRefs } from "../../src/schema/expand-refs.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { findRefs } from "./find-refs.js";

const cut = (name: string) => `(detail cut: ${name} repeats recursively here; pass an object of the same shape)`;

describe("seed 000: A -> B -> A", () => {
  const document = {
    components: {
      schemas: {
        A: { description: "A node", properties: { b: { $ref: "#/components/schemas/B" } } },
        B: { $ref: "#/components/schemas/A" },
      },
    },
  };

  test("follows A (depth 1) and B (depth 2), then prunes the cycle back to A at the b property", () => {
    const { schema, pruned } = expandRefs(
      { $ref: "#/components/schemas/A" },
      { document, pointer: "#/properties/body" },
    );
    expect(schema).toEqual({
      description: "A node",
      properties: { b: { type: "object", description: `A node ${cut("A")}` } },
    });
    expect(pruned).toEqual([
      { pointer: "#/properties/body/properties/b", ref: "#/components/schemas/A", reason: "cycle" },
    ]);
  });

  test.each([
    { maxDepth: 1, want: { pointer: "#/properties/b", ref: "#/components/schemas/B", reason: "depth" } },
    { maxDepth: 3, want: { pointer: "#/properties/b/properties/b", ref: "#/components/schemas/B", reason: "cycle" } },
  ])("maxDepth $maxDepth prunes at $want.pointer", ({ maxDepth, want }) => {
    const { pruned } = expandRefs({ $ref: "#/components/schemas/A" }, { document, maxDepth });
    expect(pruned).toEqual([want]);
  });
});

describe("ref cycles of every shape end pruned, with no $ref left", () => {
  const cases: { name: string; schemas: Record<string, unknown>; wantReason: string }[] = [
    { name: "self", schemas: { A: { $ref: "#/components/schemas/A" } }, wantReason: "cycle" },
    {
      name: "through a property",
      schemas: { A: { type: "object", properties: { self: { $ref: "#/components/schemas/A" } } } },
      wantReason: "cycle",
    },
    {
      name: "through items",
      schemas: {
        A: { type: "object", properties: { children: { type: "array", items: { $ref: "#/components/schemas/A" } } } },
      },
      wantReason: "cycle",
    },
    {
      name: "through allOf",
      schemas: { A: { allOf: [{ $ref: "#/components/schemas/A" }, { type: "object" }] } },
      wantReason: "cycle",
    },
    {
      name: "through additionalProperties",
      schemas: { A: { type: "object", additionalProperties: { $ref: "#/components/schemas/A" } } },
      wantReason: "cycle",
    },
    {
      name: "through oneOf of two",
      schemas: {
        A: { oneOf: [{ $ref: "#/components/schemas/B" }, { type: "string" }] },
        B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } },
      },
      wantReason: "cycle",
    },
  ];

  test.each(cases)("$name", ({ schemas, wantReason }) => {
    const document = { components: { schemas } };
    const { schema, pruned } = expandRefs({ $ref: "#/components/schemas/A" }, { document });
    expect(findRefs(schema)).toEqual([]);
    expect(pruned.length).toBeGreaterThan(0);
    expect(pruned.map((entry) => entry.reason)).toContain(wantReason);
  });
});

describe("visited set per path", () => {
  test("a component used by two siblings expands in both", () => {
    const document = { $defs: { Money: { type: "object", properties: { amount: { type: "number" } } } } };
    const { schema, pruned } = expandRefs(
      { type: "object", properties: { price: { $ref: "#/$defs/Money" }, tax: { $ref: "#/$defs/Money" } } },
      { document },
    );
    const money = { type: "object", properties: { amount: { type: "number" } } };
    expect(schema).toEqual({ type: "object", properties: { price: money, tax: money } });
    expect(pruned).toEqual([]);
  });
});

describe("pruning keeps type, title, description, enum, readOnly, writeOnly; arrays keep pruned items", () => {
  test.each([
    {
      name: "enum and title kept, properties and combinators dropped",
      target: {
        type: "string",
        title: "Colour",
        enum: ["red"],
        description: "A colour",
        minLength: 1,
        anyOf: [{ maxLength: 9 }],
      },
      want: {
        type: "string",
        title: "Colour",
        description: "A colour (detail cut: T is nested more than 0 references deep)",
        enum: ["red"],
      },
    },
    {
      // A request body leaves a readOnly property out, cut or not.
      name: "readOnly and writeOnly kept when true",
      target: { type: "object", readOnly: true, writeOnly: true, properties: { a: { type: "string" } } },
      want: {
        type: "object",
        description: "(detail cut: T is nested more than 0 references deep)",
        readOnly: true,
        writeOnly: true,
      },
    },
    {
      name: "type object when unknown",
      target: { properties: { a: { type: "string" } }, oneOf: [{ required: ["a"] }] },
      want: { type: "object", description: "(detail cut: T is nested more than 0 references deep)" },
    },
    {
      name: "without a type, the types its branches have, each once in the order met ($refs followed)",
      target: { oneOf: [{ type: "string", maxLength: 9 }, { $ref: "#/$defs/Code" }, { type: ["integer", "null"] }] },
      want: {
        type: ["string", "integer", "null"],
        description: "(detail cut: T is nested more than 0 references deep)",
      },
    },
    {
      name: "an allOf branch without a type only constrains the others",
      target: { allOf: [{ minLength: 1 }, { type: "string" }] },
      want: { type: "string", description: "(detail cut: T is nested more than 0 references deep)" },
    },
    {
      name: "arrays keep a pruned items",
      target: { type: "array", items: { $ref: "#/$defs/Item" } },
      want: {
        type: "array",
        description: "(detail cut: T is nested more than 0 references deep)",
        items: { type: "object", description: "An item (detail cut: T is nested more than 0 references deep)" },
      },
    },
    {
      name: "an array without items gets any item (providers refuse an array schema without items)",
      target: { type: ["array", "null"], contains: { type: "string" } },
      want: {
        type: ["array", "null"],
        description: "(detail cut: T is nested more than 0 references deep)",
        items: {},
      },
    },
  ])("$name", ({ target, want }) => {
    const document = {
      $defs: {
        T: target,
        Item: { description: "An item", properties: { id: { type: "string" } } },
        Code: { type: "integer" },
      },
    };
    expect(expandRefs({ $ref: "#/$defs/T" }, { document, maxDepth: 0 }).schema).toEqual(want);
  });
});

describe("a target with no subschema is never pruned", () => {
  // Its short form would cut no nesting: it would only lose the constraints and add a note longer than they are.
  test.each([
    { name: "a string with a pattern and a format", target: { type: "string", pattern: "^\\d{4}$", format: "date" } },
    { name: "a bounded integer", target: { type: "integer", minimum: 51, maximum: 99, description: "A level" } },
    { name: "a const", target: { const: "v1" } },
    { name: "an object with no properties", target: { type: "object", minProperties: 1 } },
  ])("$name past the depth is expanded whole, and nothing is reported pruned", ({ target }) => {
    const document = { $defs: { Wrapper: { properties: { field: { $ref: "#/$defs/Leaf" } } }, Leaf: target } };
    const { schema, pruned } = expandRefs({ $ref: "#/$defs/Wrapper" }, { document, maxDepth: 1 });
    expect(schema).toEqual({ properties: { field: target } });
    expect(pruned).toEqual([]);
  });

  test("a description next to the $ref still wins over the leaf's own", () => {
    const document = {
      $defs: {
        Wrapper: { properties: { day: { $ref: "#/$defs/Day", description: "The first day" } } },
        Day: { type: "string", format: "date", description: "A day" },
      },
    };
    const { schema } = expandRefs({ $ref: "#/$defs/Wrapper" }, { document, maxDepth: 1 });
    expect(schema).toEqual({ properties: { day: { type: "string", format: "date", description: "The first day" } } });
  });

  test.each([
    { name: "a $ref to another schema", target: { $ref: "#/$defs/Wrapper" } },
    { name: "items", target: { type: "array", items: { type: "string" } } },
    { name: "a combinator", target: { type: "string", anyOf: [{ minLength: 1 }] } },
  ])("a target with $name is still pruned past the depth", ({ target }) => {
    const document = { $defs: { Wrapper: { properties: { field: { $ref: "#/$defs/Leaf" } } }, Leaf: target } };
    const { pruned } = expandRefs({ $ref: "#/$defs/Wrapper" }, { document, maxDepth: 1 });
    expect(pruned).toEqual([expect.objectContaining({ ref: "#/$defs/Leaf", pointer: "#/properties/field" })]);
  });
});

describe("pointers", () => {
  test.each([
    { ref: "#/$defs/a~1b", want: "slash" },
    { ref: "#/$defs/a~0b", want: "tilde" },
    { ref: "#/$defs/with%20space", want: "space" },
    { ref: "#/$defs/%25percent", want: "percent" },
  ])("$ref resolves", ({ ref, want }) => {
    const document = {
      $defs: {
        "a/b": { const: "slash" },
        "a~b": { const: "tilde" },
        "with space": { const: "space" },
        "%percent": { const: "percent" },
      },
    };
    expect(expandRefs({ $ref: ref }, { document }).schema).toEqual({ const: want });
  });

  test("a missing target is a typed error naming the ref's place", () => {
    expect(() => expandRefs({ properties: { a: { $ref: "#/$defs/Nope" } } }, { document: {} })).toThrow(
      expect.objectContaining({ code: "REF_NOT_FOUND", data: expect.objectContaining({ pointer: "#/properties/a" }) }),
    );
  });
});

describe("anchors and identifiers", () => {
  test("a plain-name fragment ($ref: #pet) resolves to the schema whose $anchor it names; a cycle through it is pruned", () => {
    const document = {
      components: { schemas: { Pet: { $anchor: "pet", type: "object", properties: { parent: { $ref: "#pet" } } } } },
    };
    const { schema, pruned } = expandRefs({ $ref: "#pet" }, { document, maxDepth: 2 });
    expect(schema).toEqual({
      type: "object",
      properties: {
        parent: {
          type: "object",
          properties: {
            parent: {
              type: "object",
              description: "(detail cut: pet repeats recursively here; pass an object of the same shape)",
            },
          },
        },
      },
    });
    expect(pruned).toEqual([{ pointer: "#/properties/parent/properties/parent", ref: "#pet", reason: "cycle" }]);
  });

  test.each([
    { schemas: {}, problem: "no schema declares it" },
    { schemas: { A: { $anchor: "pet" }, B: { $anchor: "pet" } }, problem: "2 schemas declare it" },
  ])("an anchor that $problem is a typed error", ({ schemas, problem }) => {
    expect(() =>
      expandRefs({ properties: { a: { $ref: "#pet" } } }, { document: { components: { schemas } } }),
    ).toThrow(
      expect.objectContaining({
        code: "REF_NOT_FOUND",
        message: expect.stringContaining(`it names the $anchor "pet", but ${problem}`),
        data: expect.objectContaining({ pointer: "#/properties/a" }),
      }),
    );
  });

  test("the anchor is found in a document holding a very large array (an enum of 300,000 values)", () => {
    const document = {
      $defs: {
        Big: { enum: Array.from({ length: 300_000 }, (_, index) => index) },
        Pet: { $anchor: "pet", type: "string" },
      },
    };
    expect(expandRefs({ $ref: "#pet" }, { document }).schema).toEqual({ type: "string" });
  });

  test("$id and $anchor are left out: a schema expanded in two places would declare them twice, which Ajv refuses", () => {
    const document = { $defs: { Pet: { $id: "https://example.com/pet", $anchor: "pet", type: "string" } } };
    const { schema } = expandRefs({ properties: { a: { $ref: "#/$defs/Pet" }, b: { $ref: "#pet" } } }, { document });
    expect(schema).toEqual({ properties: { a: { type: "string" }, b: { type: "string" } } });
  });
});

describe("external refs", () => {
  test.each(["other.yaml#/Pet", "https://example.com/schemas/pet.json", "./pet.json"])("%s is refused", (ref) => {
    expect(() => expandRefs({ $ref: ref }, { document: {} })).toThrow(
      expect.objectContaining({ code: "EXTERNAL_REF_REFUSED" }),
    );
  });

  test("a caller-supplied resolver is used when given", () => {
    const seen: string[] = [];
    const { schema } = expandRefs(
      { $ref: "pet.json" },
      {
        document: {},
        resolveExternalRef: (ref) => {
          seen.push(ref);
          return { type: "object", properties: { name: { type: "string" } } };
        },
      },
    );
    expect(seen).toEqual(["pet.json"]);
    expect(schema).toEqual({ type: "object", properties: { name: { type: "string" } } });
  });
});

describe("hostile input", () => {
  test("a ref bomb (30 schemas each referencing the next twice) ends with bounded output", () => {
    const schemas: Record<string, unknown> = {};
    for (let index = 0; index < 30; index += 1) {
      const next = { $ref: `#/$defs/S${index + 1}` };
      schemas[`S${index}`] =
        index === 29 ? { type: "string" } : { type: "object", properties: { left: next, right: next } };
    }
    for (const maxDepth of [2, 40]) {
      const { schema } = expandRefs({ $ref: "#/$defs/S0" }, { document: { $defs: schemas }, maxDepth });
      expect(findRefs(schema)).toEqual([]);
      expect(JSON.stringify(schema).length).toBeLessThan(5_000_000);
    }
  });

  test("10,000-deep nesting is a typed SCHEMA_TOO_DEEP error, not a stack overflow", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let index = 0; index < 10_000; index += 1) schema = { type: "object", properties: { next: schema } };
    let caught: unknown;
    try {
      expandRefs(schema);
    } catch (error) {
      caught = error;
    }
    expect(isActionRecallError(caught, "SCHEMA_TOO_DEEP")).toBe(true);
  });

  test("__proto__ and constructor are kept as property names, and nothing leaks into prototypes", () => {
    const source = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"$ref":"#/$defs/C"}},"required":["__proto__"],"$defs":{"C":{"type":"integer"}}}',
    );
    const { schema } = expandRefs(source);
    const properties = schema.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(properties, "__proto__")?.value).toEqual({ type: "string" });
    expect(Object.getOwnPropertyDescriptor(properties, "constructor")?.value).toEqual({ type: "integer" });
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  test("the input is never mutated", () => {
    const document = { $defs: { A: { type: "object", nullable: true, properties: { a: { $ref: "#/$defs/A" } } } } };
    const before = JSON.stringify(document);
    expandRefs({ $ref: "#/$defs/A" }, { document, maxDepth: 3 });
    expect(JSON.stringify(document)).toBe(before);
  });
});

describe("keywords", () => {
  test.each([
    { name: "nullable string", given: { type: "string", nullable: true }, want: { type: ["string", "null"] } },
    {
      name: "nullable enum gains null",
      given: { type: "string", enum: ["a"], nullable: true },
      want: { type: ["string", "null"], enum: ["a", null] },
    },
    {
      name: "nullable without a type is dropped",
      given: { nullable: true, description: "x" },
      want: { description: "x" },
    },
    { name: "nullable false is dropped", given: { type: "integer", nullable: false }, want: { type: "integer" } },
    { name: "OAS 3.1 type arrays are kept", given: { type: ["string", "null"] }, want: { type: ["string", "null"] } },
    // The same meaning; OpenAI answers 400 "array schema missing items" and Gemini "items: missing field" without it.
    { name: "an array without items gets any item", given: { type: "array" }, want: { type: "array", items: {} } },
    {
      name: "so does a nullable one, and a type list with array",
      given: { type: ["string", "array"], nullable: true, maxItems: 3 },
      want: { type: ["string", "array", "null"], maxItems: 3, items: {} },
    },
    {
      name: "items from an allOf branch are kept, not replaced",
      given: { type: "array", allOf: [{ items: { type: "integer" } }] },
      want: { type: "array", items: { type: "integer" } },
    },
    {
      // The same meaning in 2020-12 (any item after the prefix); OpenAI refuses a tuple without items too.
      name: "a tuple gets any item after its prefixItems",
      given: { type: "array", prefixItems: [{ type: "string" }] },
      want: { type: "array", prefixItems: [{ type: "string" }], items: {} },
    },
    {
      name: "nullable allOf wrapper takes the type of its target",
      given: { nullable: true, allOf: [{ $ref: "#/$defs/Id" }] },
      want: { type: ["string", "null"], format: "uuid" },
    },
    {
      name: "description next to a $ref wins",
      given: { $ref: "#/$defs/Id", description: "The owner" },
      want: { type: "string", format: "uuid", description: "The owner" },
    },
    {
      name: "defaults, bounds, examples, nested required, additionalProperties are kept",
      given: {
        type: "object",
        required: ["n"],
        additionalProperties: false,
        properties: { n: { type: "integer", minimum: 1, maximum: 9, default: 3, examples: [4] } },
      },
      want: {
        type: "object",
        required: ["n"],
        additionalProperties: false,
        properties: { n: { type: "integer", minimum: 1, maximum: 9, default: 3, examples: [4] } },
      },
    },
    { name: "$defs are dropped once expanded", given: { $defs: { X: {} }, type: "object" }, want: { type: "object" } },
    {
      // Bungie's spec (APIs.guru) carries `x-enum-reference: {$ref}` in its schemas.
      name: "vendor extensions are left out, with the $refs inside them",
      given: {
        type: "array",
        "x-internal": true,
        items: {
          type: "integer",
          enum: [100, 200],
          "x-enum-reference": { $ref: "#/$defs/Id" },
          "x-enum-is-bitmask": false,
        },
      },
      want: { type: "array", items: { type: "integer", enum: [100, 200] } },
    },
    {
      // Microsoft Graph's base type maps thousands of subtypes this way; every tool deriving from it carried them all.
      name: "OpenAPI's discriminator is left out, with the component refs of its mapping; the branches stay",
      given: {
        oneOf: [{ $ref: "#/$defs/Id" }, { type: "integer" }],
        discriminator: { propertyName: "kind", mapping: { id: "#/$defs/Id" } },
      },
      want: { oneOf: [{ type: "string", format: "uuid" }, { type: "integer" }] },
    },
  ])("$name", ({ given, want }) => {
    expect(expandRefs(given, { document: { $defs: { Id: { type: "string", format: "uuid" } } } }).schema).toEqual(want);
  });

  test("readOnly properties are left out of request bodies, with their required entries", () => {
    const given = {
      type: "object",
      required: ["id", "name"],
      properties: { id: { type: "string", readOnly: true }, name: { type: "string" } },
    };
    expect(expandRefs(given, { omitReadOnly: true }).schema).toEqual({
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" } },
    });
  });

  test("output keeps the source's property order and is byte-identical across runs", () => {
    const given = { type: "object", properties: { zeta: { type: "string" }, alpha: { type: "string" }, mid: {} } };
    const first = JSON.stringify(expandRefs(given).schema);
    expect(first).toBe(JSON.stringify(expandRefs(given).schema));
    expect(Object.keys(expandRefs(given).schema.properties as object)).toEqual(["zeta", "alpha", "mid"]);
  });
});

describe("an allOf that only annotates one $ref is that $ref with the annotations beside it (the OAS 3.0 idiom)", () => {
  const document = {
    $defs: {
      Expression: { type: "object", description: "A filter", properties: { and: { type: "array" } } },
      Plain: { type: "object", properties: { a: { type: "string" } } },
      Holder: {
        properties: {
          filter: { allOf: [{ $ref: "#/$defs/Expression" }, { description: "The filters of this forecast" }] },
          maybe: { allOf: [{ $ref: "#/$defs/Plain" }, { nullable: true }] },
          outer: { description: "Own words", allOf: [{ $ref: "#/$defs/Expression" }, { description: "Branch words" }] },
          mixed: { allOf: [{ $ref: "#/$defs/Plain" }, { required: ["a"] }] },
        },
      },
    },
  };
  const expanded = (maxDepth: number) =>
    expandRefs({ $ref: "#/$defs/Holder" }, { document, maxDepth }).schema.properties as Record<string, JsonSchema>;

  test("the use's description wins over the target's", () => {
    expect(expanded(2).filter).toEqual({
      type: "object",
      description: "The filters of this forecast",
      properties: { and: { type: "array", items: {} } },
    });
  });

  test("the use's description survives the target's pruning, with the note", () => {
    expect(expanded(1).filter).toEqual({
      type: "object",
      description: "The filters of this forecast (detail cut: Expression is nested more than 1 references deep)",
    });
  });

  test("a nullable branch makes the target nullable, expanded or pruned", () => {
    expect(expanded(2).maybe).toEqual({ type: ["object", "null"], properties: { a: { type: "string" } } });
    expect(expanded(1).maybe?.type).toEqual(["object", "null"]);
  });

  test("the schema's own annotations win over its branches'", () => {
    expect(expanded(2).outer?.description).toBe("Own words");
    expect(expanded(1).outer?.description).toBe(
      "Own words (detail cut: Expression is nested more than 1 references deep)",
    );
  });

  test("a branch with an assertion is still merged as an allOf", () => {
    expect(expanded(2).mixed).toEqual({ type: "object", properties: { a: { type: "string" } }, required: ["a"] });
  });
});

test("a keyword value with no JSON (a JavaScript caller's bigint or function) is dropped and reported by its type", () => {
  const schema = { type: "object", maxLength: 10n, properties: { a: { minimum: () => 1 } } } as unknown as JsonSchema;
  const { schema: expanded, conflicts } = expandRefs(schema);
  expect(expanded).toEqual({ type: "object", properties: { a: {} } });
  expect(conflicts).toEqual([
    { pointer: "#", keyword: "maxLength", message: "bigint is not a non-negative integer: dropped" },
    { pointer: "#/properties/a", keyword: "minimum", message: "a function is not a number: dropped" },
  ]);
});
