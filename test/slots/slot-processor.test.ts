import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { isActionRecallError } from "../../src/errors/index.js";
import { SlotProcessor } from "../../src/slots/index.js";

const person = {
  type: "object",
  properties: {
    name: { type: "string", description: "Name" },
    age: { type: "integer", minimum: 0, maximum: 150 },
    color: { type: "string", enum: ["red", "green"] },
    tags: { type: "array", items: { type: "string" } },
    address: {
      type: "object",
      properties: { city: { type: "string" }, zip: { type: "string" } },
      required: ["city"],
    },
  },
  required: ["name"],
};

describe("SlotProcessor.check: the remaining schema", () => {
  test.each([
    { name: "valid data leaves nothing", given: { name: "Ann" }, want: {} },
    {
      name: "a missing required field",
      given: {},
      want: {
        type: "object",
        properties: { "/name": { type: "string", description: "Name" } },
        required: ["/name"],
      },
    },
    {
      name: "a wrong type",
      given: { name: "Ann", age: "old" },
      want: {
        type: "object",
        properties: { "/age": { type: "integer", minimum: 0, maximum: 150 } },
        required: ["/age"],
      },
    },
    {
      name: "a nested missing field",
      given: { name: "Ann", address: { zip: "310000" } },
      want: { type: "object", properties: { "/address/city": { type: "string" } }, required: ["/address/city"] },
    },
    {
      name: "an invalid array item",
      given: { name: "Ann", tags: ["a", 2, "c"] },
      want: { type: "object", properties: { "/tags/1": { type: "string" } }, required: ["/tags/1"] },
    },
    {
      name: "an enum mismatch",
      given: { name: "Ann", color: "blue" },
      want: {
        type: "object",
        properties: { "/color": { type: "string", enum: ["red", "green"] } },
        required: ["/color"],
      },
    },
    {
      name: "several errors on one path give one entry",
      given: { name: "Ann", age: 200.5 },
      want: {
        type: "object",
        properties: { "/age": { type: "integer", minimum: 0, maximum: 150 } },
        required: ["/age"],
      },
    },
    {
      name: "errors on several paths give one entry each, in validation order",
      given: { color: "blue" },
      want: {
        type: "object",
        properties: {
          "/name": { type: "string", description: "Name" },
          "/color": { type: "string", enum: ["red", "green"] },
        },
        required: ["/name", "/color"],
      },
    },
  ])("$name", ({ given, want }) => {
    const result = new SlotProcessor(person).check(given);
    expect(result).toEqual(want);
  });

  test("a failed anyOf is reported once with the whole union, not branch by branch", () => {
    const schema = {
      type: "object",
      properties: { id: { anyOf: [{ type: "integer" }, { type: "string", minLength: 3 }] } },
    };
    expect(new SlotProcessor(schema).check({ id: "a" })).toEqual({
      type: "object",
      properties: { "/id": { anyOf: [{ type: "integer" }, { type: "string", minLength: 3 }] } },
      required: ["/id"],
    });
  });

  test("a missing $ref member is resolved, and refs left inside carry their definitions", () => {
    const schema = {
      type: "object",
      properties: { owner: { $ref: "#/$defs/User" } },
      required: ["owner"],
      $defs: {
        User: { type: "object", properties: { friend: { $ref: "#/$defs/User" } } },
      },
    };
    expect(new SlotProcessor(schema).check({})).toEqual({
      type: "object",
      properties: { "/owner": { type: "object", properties: { friend: { $ref: "#/$defs/User" } } } },
      required: ["/owner"],
      $defs: schema.$defs,
    });
  });

  test("OpenAPI components refs resolve against the root", () => {
    const schema = {
      $ref: "#/components/schemas/Query",
      components: {
        schemas: { Query: { type: "object", properties: { limit: { type: "integer" } }, required: ["limit"] } },
      },
    };
    expect(new SlotProcessor(schema).check({})).toEqual({
      type: "object",
      properties: { "/limit": { type: "integer" } },
      required: ["/limit"],
    });
  });

  test("neither the schema nor the data is mutated", () => {
    const schema = structuredClone(person);
    const data = { age: "12", tags: "a" };
    const processor = new SlotProcessor(schema);
    processor.check(data);
    processor.convert(data);
    processor.nullable();
    expect(schema).toEqual(person);
    expect(data).toEqual({ age: "12", tags: "a" });
  });

  test("a 2020-12 schema is compiled with the 2020-12 dialect (prefixItems)", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      prefixItems: [{ type: "integer" }],
    };
    expect(new SlotProcessor(schema).check(["x"])).toEqual({
      type: "object",
      properties: { "/0": { type: "integer" } },
      required: ["/0"],
    });
  });

  test("a schema that does not compile is an INVALID_DOCUMENT error", () => {
    let caught: unknown;
    try {
      new SlotProcessor({ type: "object", properties: { a: { $ref: "#/nowhere" } } });
    } catch (error) {
      caught = error;
    }
    expect(isActionRecallError(caught, "INVALID_DOCUMENT")).toBe(true);
  });

  test("a schema nested 10,000 deep is SCHEMA_TOO_DEEP, and data nested 10,000 deep INVALID_ARGUMENTS, not stack overflows", () => {
    let schema: Record<string, unknown> = { type: "string" };
    let data: unknown = "x";
    for (let level = 0; level < 10_000; level += 1) {
      schema = { type: "object", properties: { a: schema } };
      data = { a: data };
    }
    expect(() => new SlotProcessor(schema)).toThrow(expect.objectContaining({ code: "SCHEMA_TOO_DEEP" }));
    const processor = new SlotProcessor({ type: "object", properties: { a: { type: "object" } } });
    expect(() => processor.convert({ a: data })).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENTS", message: expect.stringContaining("at /a/a/a/") }),
    );
  });

  test("a schema whose $refs loop without descending into the value is an INVALID_DOCUMENT error, not a stack overflow", () => {
    // It compiles; only validating a value that reaches the loop never ends.
    const processor = new SlotProcessor({
      type: "object",
      properties: { a: { $ref: "#/definitions/A" } },
      definitions: { A: { allOf: [{ $ref: "#/definitions/B" }] }, B: { anyOf: [{ $ref: "#/definitions/A" }] } },
    });
    expect(processor.check({})).toEqual({});
    for (const check of [() => processor.check({ a: 1 }), () => processor.validate({ a: 1 })]) {
      expect(check).toThrow(
        expect.objectContaining({ code: "INVALID_DOCUMENT", message: expect.stringContaining("loops") }),
      );
    }
  });

  test("data nested 50,000 levels into a recursive schema is an INVALID_ARGUMENTS error naming where, not a loop", () => {
    const tree = {
      type: "object",
      properties: { child: { $ref: "#/definitions/node" } },
      definitions: { node: { type: "object", properties: { child: { $ref: "#/definitions/node" } } } },
    };
    const processor = new SlotProcessor(tree);
    let data: Record<string, unknown> = {};
    for (let depth = 0; depth < 50_000; depth += 1) data = { child: data };
    expect(processor.check({ child: { child: {} } })).toEqual({});
    for (const check of [() => processor.check(data), () => processor.validate(data)]) {
      expect(check).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENTS", message: expect.stringContaining("at /child/child/") }),
      );
    }
  });
});

describe("SlotProcessor on OpenAPI schemas", () => {
  test("nullable without a type (GitHub's milestone) compiles and accepts null; a property named nullable stays", () => {
    const schema = {
      type: "object",
      properties: {
        milestone: { oneOf: [{ type: "string" }, { type: "integer" }], nullable: true },
        nullable: { type: "boolean" },
      },
      required: ["nullable"],
    };
    const processor = new SlotProcessor(schema);
    expect(processor.check({ milestone: null, nullable: true })).toEqual({});
    expect(processor.check({ milestone: 1.5 })).toEqual({
      type: "object",
      properties: {
        "/nullable": { type: "boolean" },
        "/milestone": { oneOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
      },
      required: ["/nullable", "/milestone"],
    });
  });

  test("seed 003's FirstQueryWithSearchAfter body: converted, then only the bad sort direction remains", () => {
    const detail = JSON.parse(readFileSync(new URL("../fixtures/seed003-tool-detail.json", import.meta.url), "utf8"));
    const apiSpec = detail.metadata.api_spec;
    const schema = { ...apiSpec.request_body.content["application/json"].schema, components: apiSpec.components };
    const processor = new SlotProcessor(schema);
    const data = { limit: "20", need_total: "false", sort: [{ field: "name", direction: "sideways" }] };
    const converted = processor.convert(data).data;
    expect(converted).toEqual({ limit: 20, need_total: false, sort: [{ field: "name", direction: "sideways" }] });
    expect(processor.check(converted)).toEqual({
      type: "object",
      properties: { "/sort/0/direction": { enum: ["desc", "asc"], type: "string", description: "排序方向" } },
      required: ["/sort/0/direction"],
    });
  });
});

describe("SlotProcessor formats", () => {
  const schema = {
    type: "object",
    properties: {
      day: { type: "string", format: "date" },
      at: { type: "number", format: "timestamp" },
      mail: { type: "string", format: "email" },
    },
  };
  test.each([
    { given: { day: "2024-05-01" }, valid: true },
    { given: { day: "20240501" }, valid: true },
    { given: { day: "2024-05-01T08:00:00+08:00" }, valid: true },
    { given: { day: "2024-02-30" }, valid: false },
    { given: { day: "tomorrow" }, valid: false },
    { given: { at: 1716000000 }, valid: true },
    { given: { at: 1716000000000 }, valid: true },
    { given: { at: -5 }, valid: false },
    { given: { mail: "a@example.com" }, valid: true },
    { given: { mail: "not mail" }, valid: false },
  ])("$given is valid: $valid", ({ given, valid }) => {
    expect(new SlotProcessor(schema).validate(given).length === 0).toBe(valid);
  });
});

describe("SlotProcessor.validate on a layered tool schema", () => {
  const layered = {
    type: "object",
    properties: {
      path: { type: "object", properties: { kn_id: { type: "string" } }, required: ["kn_id"] },
      query: { type: "object", properties: { limit: { type: "integer", maximum: 10000 } } },
    },
    required: ["path"],
  };

  test.each([
    { given: { path: { kn_id: "k" }, query: { limit: 20000 } }, want: ["query.limit", "maximum"] },
    { given: { path: {} }, want: ["path.kn_id", "required"] },
  ])("issues say where: $want", ({ given, want }) => {
    const issues = new SlotProcessor(layered).validate(given);
    expect(issues.map((issue) => [issue.location, issue.keyword])).toEqual([want]);
  });

  test("assertValid throws INVALID_ARGUMENTS saying query.limit must be <= 10000", () => {
    let caught: unknown;
    try {
      new SlotProcessor(layered).assertValid({ path: { kn_id: "k" }, query: { limit: 20000 } });
    } catch (error) {
      caught = error;
    }
    expect(isActionRecallError(caught, "INVALID_ARGUMENTS")).toBe(true);
    expect((caught as Error).message).toBe("query.limit must be <= 10000");
  });
});

describe("SlotProcessor.convert", () => {
  const schema = {
    type: "object",
    properties: {
      count: { type: "integer" },
      ratio: { type: "number" },
      flag: { type: "boolean" },
      options: { type: "object", properties: { deep: { type: "boolean" } } },
      ids: { type: "array", items: { type: "integer" } },
      label: { type: "string" },
      maybe: { type: ["integer", "null"] },
      nested: { type: "object", properties: { inner: { type: "object", properties: { n: { type: "number" } } } } },
    },
  };

  test.each([
    { name: "integer string", given: { count: "42" }, want: { count: 42 }, kinds: ["parse-integer"] },
    { name: "number string", given: { ratio: " 0.5 " }, want: { ratio: 0.5 }, kinds: ["parse-number"] },
    { name: '"false" is false', given: { flag: "false" }, want: { flag: false }, kinds: ["parse-boolean"] },
    { name: '"TRUE" is true', given: { flag: "TRUE" }, want: { flag: true }, kinds: ["parse-boolean"] },
    {
      name: "JSON text to object, then its members",
      given: { options: '{"deep": "true"}' },
      want: { options: { deep: true } },
      kinds: ["parse-json", "parse-boolean"],
    },
    { name: "JSON text to array", given: { ids: "[1, 2]" }, want: { ids: [1, 2] }, kinds: ["parse-json"] },
    {
      name: "scalar to one-element array",
      given: { ids: "7" },
      want: { ids: [7] },
      kinds: ["wrap-in-array", "parse-integer"],
    },
    { name: "number to string", given: { label: 12 }, want: { label: "12" }, kinds: ["to-string"] },
    { name: '"null" where null is allowed', given: { maybe: "null" }, want: { maybe: null }, kinds: ["parse-null"] },
    {
      name: "pointer keys to nested objects",
      given: { "/nested/inner/n": "3.5", count: 1 },
      want: { count: 1, nested: { inner: { n: 3.5 } } },
      kinds: ["expand-pointer", "parse-number"],
    },
    { name: "an uncoercible value is left for check", given: { count: "many" }, want: { count: "many" }, kinds: [] },
    { name: "a float string is not an integer", given: { count: "1.5" }, want: { count: "1.5" }, kinds: [] },
    { name: "valid data is unchanged", given: { count: 3, flag: true }, want: { count: 3, flag: true }, kinds: [] },
  ])("$name", ({ given, want, kinds }) => {
    const result = new SlotProcessor(schema).convert(given);
    expect(result.data).toEqual(want);
    expect(result.coercions.map((coercion) => coercion.kind)).toEqual(kinds);
  });

  test("each coercion names its pointer, before and after", () => {
    expect(new SlotProcessor(schema).convert({ ids: ["1"] }).coercions).toEqual([
      { pointer: "/ids/0", kind: "parse-integer", from: "1", to: 1 },
    ]);
  });

  test("a __proto__ pointer key becomes an own property", () => {
    const result = new SlotProcessor(schema).convert(JSON.parse('{"/__proto__/x": 1}'));
    expect(Object.hasOwn(result.data as object, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("SlotProcessor.nullable", () => {
  test("basic types at every depth also allow null; enums get null; objects and arrays do not", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", enum: ["x"] },
        b: { type: "array", items: { type: "integer" } },
        c: { type: "object", properties: { d: { type: "boolean" } } },
        e: { type: ["number", "null"] },
      },
    };
    expect(new SlotProcessor(schema).nullable()).toEqual({
      type: "object",
      properties: {
        a: { type: ["string", "null"], enum: ["x", null] },
        b: { type: "array", items: { type: ["integer", "null"] } },
        c: { type: "object", properties: { d: { type: ["boolean", "null"] } } },
        e: { type: ["number", "null"] },
      },
    });
  });
});
