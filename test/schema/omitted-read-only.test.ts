import { Ajv } from "ajv";
import { describe, expect, test } from "vitest";
import { expandRefs } from "../../src/schema/expand-refs.js";
import { createExpansionCache } from "../../src/schema/expansion-cache.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// OAS 3.0.3, readOnly: "If the property is marked as readOnly being true and is in the required list, the required
// will take effect on the response only." A request body leaves the property out, and so its name out of `required`,
// wherever the `required` that names it is written.
describe("a readOnly property left out of a request body is left out of required from any allOf level", () => {
  const Base = { type: "object", properties: { id: { type: "string", readOnly: true }, name: { type: "string" } } };
  const document = { components: { schemas: { Base, Outer: { allOf: [ref("Base")] } } } };
  const wanted = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };

  test.each([
    { name: "required in another allOf branch", given: { allOf: [ref("Base"), { required: ["id", "name"] }] } },
    { name: "required beside the allOf", given: { required: ["id", "name"], allOf: [ref("Base")] } },
    { name: "required beside the $ref (OAS 3.1)", given: { ...ref("Base"), required: ["id", "name"] } },
    { name: "readOnly in an allOf two levels down", given: { allOf: [ref("Outer"), { required: ["id", "name"] }] } },
    {
      name: "readOnly in one branch, required in another",
      given: {
        type: "object",
        allOf: [
          { properties: { id: { type: "string", readOnly: true } } },
          { properties: { name: { type: "string" } }, required: ["id", "name"] },
        ],
      },
    },
  ])("$name", ({ given }) => {
    const { schema } = expandRefs(given, { document, omitReadOnly: true });
    expect(schema).toEqual(wanted);
    const ajv = new Ajv({ strict: false });
    expect(ajv.validate(schema, { name: "x" })).toBe(true);
    expect(ajv.validate(schema, {})).toBe(false);
  });

  test("a readOnly property left out leaves a required list that named only it out", () => {
    const given = { allOf: [ref("Base"), { required: ["id"] }] };
    expect(expandRefs(given, { document, omitReadOnly: true }).schema).toEqual({
      type: "object",
      properties: { name: { type: "string" } },
    });
  });

  test("a property another branch declares without readOnly stays, and stays required", () => {
    const given = { allOf: [ref("Base"), { properties: { id: { type: "integer" } }, required: ["id"] }] };
    expect(expandRefs(given, { document, omitReadOnly: true }).schema).toEqual({
      type: "object",
      properties: { name: { type: "string" }, id: { type: "integer" } },
      required: ["id"],
    });
  });

  test("outside request bodies the readOnly property and its required entry stay", () => {
    const given = { allOf: [ref("Base"), { required: ["id", "name"] }] };
    expect(expandRefs(given, { document }).schema).toEqual({ ...Base, required: ["id", "name"] });
  });

  test("an expansion shared through the cache comes out as without cache, whichever is expanded first", () => {
    const uses: JsonSchema[] = [ref("Base"), { allOf: [ref("Base"), { required: ["id", "name"] }] }, ref("Base")];
    const cache = createExpansionCache();
    const given = uses.map((use) => expandRefs(use, { document, omitReadOnly: true, cache }).schema);
    expect(given).toEqual([{ type: "object", properties: { name: { type: "string" } } }, wanted, given[0]]);
  });
});

describe("a readOnly property cut at the depth limit is left out of a request body", () => {
  const C = { type: "object", readOnly: true, properties: { q: { type: "string" } } };
  const Plain = { type: "object", properties: { q: { type: "string" } } };
  const B = {
    type: "object",
    required: ["y", "w", "v"],
    properties: { y: ref("C"), w: { ...ref("Plain"), readOnly: true }, v: ref("Plain") },
  };
  const document = { components: { schemas: { A: { type: "object", properties: { x: ref("B") } }, B, C, Plain } } };

  test("readOnly on the cut target or beside its $ref", () => {
    const { schema, pruned } = expandRefs(ref("A"), { document, omitReadOnly: true });
    expect(schema).toEqual({
      type: "object",
      properties: {
        x: {
          type: "object",
          required: ["v"],
          properties: {
            v: { type: "object", description: "(detail cut: Plain is nested more than 2 references deep)" },
          },
        },
      },
    });
    expect(pruned.map((entry) => entry.pointer)).toContain("#/properties/x/properties/v");
  });
});
