import { describe, expect, test } from "vitest";
import { ActionRecallError } from "../../src/errors/action-recall-error.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { expandRefs } from "../../src/schema/expand-refs.js";
import { placeInDocument } from "../../src/schema/place-in-document.js";

const info = { title: "t", version: "1" };
const jsonBody = (schema: object) => ({ content: { "application/json": { schema } } });

/** An OAS 3.1 document whose one operation posts the component schema `S` of `schemas`. */
const postingS = (schemas: object) => ({
  openapi: "3.1.0",
  info,
  paths: { "/a": { post: { requestBody: jsonBody({ $ref: "#/components/schemas/S" }) } } },
  components: { schemas },
});

/** The one failure of converting `document`, which must have exactly one operation. */
function failureOf(document: object) {
  const { tools, failures } = convertOperations(document);
  expect(tools).toEqual([]);
  expect(failures).toHaveLength(1);
  return failures[0]?.error;
}

describe("a schema error names its place in the document as well as in the tool", () => {
  test.each([
    {
      name: "a dangling $ref inside a component, reached through a $ref'd request body",
      given: {
        openapi: "3.0.3",
        info,
        paths: { "/a": { post: { requestBody: { $ref: "#/components/requestBodies/B" } } } },
        components: {
          requestBodies: { B: jsonBody({ $ref: "#/components/schemas/S" }) },
          schemas: { S: { type: "object", properties: { y: { $ref: "#/components/schemas/Gone" } } } },
        },
      },
      want: {
        code: "REF_NOT_FOUND",
        pointer: "#/properties/body/properties/y",
        documentPointer: "#/components/schemas/S/properties/y",
      },
    },
    {
      name: "a dangling $ref in an inline body, under an array's items",
      given: {
        openapi: "3.1.0",
        info,
        paths: {
          "/a": {
            post: {
              requestBody: jsonBody({
                type: "object",
                properties: { x: { type: "array", items: { $ref: "#/nope" } } },
              }),
            },
          },
        },
      },
      want: {
        code: "REF_NOT_FOUND",
        pointer: "#/properties/body/properties/x/items",
        documentPointer: "#/paths/~1a/post/requestBody/content/application~1json/schema/properties/x/items",
      },
    },
    {
      name: "an external $ref in a shared parameter's schema",
      given: {
        openapi: "3.0.3",
        info,
        paths: { "/a/{id}": { get: { parameters: [{ $ref: "#/components/parameters/Id" }] } } },
        components: {
          parameters: { Id: { name: "id", in: "path", required: true, schema: { $ref: "ids.yaml#/Id" } } },
        },
      },
      want: {
        code: "EXTERNAL_REF_REFUSED",
        pointer: "#/properties/path/properties/id",
        documentPointer: "#/components/parameters/Id/schema",
      },
    },
    {
      name: "a dangling $ref in a parameter described by a media type",
      given: {
        openapi: "3.0.3",
        info,
        paths: {
          "/a": {
            get: {
              parameters: [
                { name: "filter", in: "query", content: { "application/json": { schema: { $ref: "#/x" } } } },
              ],
            },
          },
        },
      },
      want: {
        code: "REF_NOT_FOUND",
        pointer: "#/properties/query/properties/filter",
        documentPointer: "#/paths/~1a/get/parameters/0/content/application~1json/schema",
      },
    },
    {
      name: "a dangling $ref in a Swagger 2.0 definition, named as its author wrote it",
      given: {
        swagger: "2.0",
        info,
        paths: { "/a": { post: { parameters: [{ in: "body", name: "b", schema: { $ref: "#/definitions/S" } }] } } },
        definitions: {
          S: { type: "object", properties: { y: { type: "array", items: { $ref: "#/definitions/Gone" } } } },
        },
      },
      want: {
        code: "REF_NOT_FOUND",
        pointer: "#/properties/body/properties/y/items",
        documentPointer: "#/definitions/S/properties/y/items",
      },
    },
  ])("$name", ({ given, want }) => {
    const error = failureOf(given);
    expect(error).toMatchObject(want);
    expect(error?.message.endsWith(`; in the document: ${want.documentPointer}`)).toBe(true);
  });

  test("a Swagger 2.0 body's own schema stood among the parameters: its error names only the tool's place", () => {
    const error = failureOf({
      swagger: "2.0",
      info,
      paths: { "/a": { post: { parameters: [{ in: "body", name: "b", schema: { $ref: "#/definitions/Gone" } }] } } },
    });
    expect(error).toMatchObject({ code: "REF_NOT_FOUND", pointer: "#/properties/body" });
    expect(error?.documentPointer).toBeUndefined();
  });

  test("past an anchor, which no JSON pointer names, the error is not placed (an outer ref's place would be wrong)", () => {
    const error = failureOf(
      postingS({
        S: { type: "object", properties: { t: { $ref: "#tag" } } },
        T: { $anchor: "tag", type: "object", properties: { z: { $ref: "#/missing" } } },
      }),
    );
    expect(error).toMatchObject({ code: "REF_NOT_FOUND", pointer: "#/properties/body/properties/t/properties/z" });
    expect(error?.documentPointer).toBeUndefined();
  });

  test("beside a $dynamicRef, whose two references the expander makes allOf branches, the error is not placed", () => {
    // The dangling $ref becomes the output's allOf/1, which the document does not have.
    const error = failureOf(
      postingS({
        S: { type: "object", properties: { t: { $ref: "#/components/schemas/Gone", $dynamicRef: "#/$defs/x" } } },
      }),
    );
    expect(error?.code).toBe("REF_NOT_FOUND");
    expect(error?.pointer?.startsWith("#/properties/body/properties/t/allOf/")).toBe(true);
    expect(error?.documentPointer).toBeUndefined();
  });

  test("expandRefs places errors in a schema that is its own document at #, and in a given documentPointer", () => {
    const schema = { type: "object", properties: { a: { $ref: "#/$defs/missing" } } };
    expect(() => expandRefs(schema)).toThrow(
      expect.objectContaining({ data: expect.objectContaining({ documentPointer: "#/properties/a" }) }),
    );
    const document = { components: { schemas: { Pet: schema } } };
    expect(() =>
      expandRefs(schema, { document, pointer: "#/properties/body", documentPointer: "#/components/schemas/Pet" }),
    ).toThrow(
      expect.objectContaining({
        data: expect.objectContaining({
          pointer: "#/properties/body/properties/a",
          documentPointer: "#/components/schemas/Pet/properties/a",
        }),
      }),
    );
  });
});

describe("placeInDocument", () => {
  const error = (pointer?: string) =>
    new ActionRecallError("REF_NOT_FOUND", "Nothing there", pointer === undefined ? {} : { data: { pointer } });

  test("appends the document's place to the message and data, keeping the code, the data and the first error", () => {
    const first = error("#/properties/body/properties/a/items");
    const placed = placeInDocument(first, "#/components/schemas/A", "#/properties/body") as ActionRecallError;
    expect(placed).toBeInstanceOf(ActionRecallError);
    expect(placed.code).toBe("REF_NOT_FOUND");
    expect(placed.message).toBe("Nothing there; in the document: #/components/schemas/A/properties/a/items");
    expect(placed.data).toEqual({
      pointer: "#/properties/body/properties/a/items",
      documentPointer: "#/components/schemas/A/properties/a/items",
    });
    expect(placed.cause).toBe(first);
  });

  test.each([
    { name: "an error that is not the package's", given: new TypeError("x"), source: "#/a", at: "#" },
    { name: "an error without a pointer", given: error(), source: "#/a", at: "#" },
    {
      name: "a pointer outside the schema's place",
      given: error("#/properties/bodyX"),
      source: "#/a",
      at: "#/properties/body",
    },
    {
      name: "a source that is no JSON pointer",
      given: error("#/properties/x"),
      source: "https://example.com/pet",
      at: "#",
    },
    { name: "an unknown source", given: error("#/properties/x"), source: undefined, at: "#" },
  ])("returns $name as it is", ({ given, source, at }) => {
    expect(placeInDocument(given, source, at)).toBe(given);
  });

  test("a documentPointer that is no string, from a JavaScript caller, leaves the error unplaced instead of throwing", () => {
    const schema = { properties: { a: { $ref: "#/missing" } } };
    const options = { documentPointer: 42 as unknown as string };
    expect(() => expandRefs(schema, { document: { schema }, ...options })).toThrow(
      expect.objectContaining({ code: "REF_NOT_FOUND", data: { pointer: "#/properties/a", ref: "#/missing" } }),
    );
  });

  test("an error settled by an inner call is left as it is by the outer ones", () => {
    const unplaceable = placeInDocument(error("#/properties/x"), "#tag", "#/properties/x");
    expect(placeInDocument(unplaceable, "#/components/schemas/S", "#")).toBe(unplaceable);
    const placed = placeInDocument(error("#/properties/x"), "#/components/schemas/T", "#/properties/x");
    expect(placeInDocument(placed, "#/components/schemas/S", "#")).toBe(placed);
  });
});
