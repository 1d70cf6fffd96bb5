import { describe, expect, test } from "vitest";
import { buildRequest } from "../../src/http/index.js";
import { convertOperations } from "../../src/index.js";
import type { JsonObject } from "../../src/schema/json-schema.js";
import { convertOneOperation } from "../support/convert-one-operation.js";

/**
 * The shape of Notion's "retrieve a page" in the APIs.guru directory (converted from a Postman collection): beside
 * its real header, an optional header named "" with an empty example. Here a query parameter with no name at all too.
 */
function documentWith(extra: JsonObject[]): JsonObject {
  return {
    openapi: "3.0.0",
    servers: [{ url: "https://api.notion.com" }],
    paths: {
      "/v1/pages/{id}": {
        get: {
          operationId: "retrieveAPage",
          parameters: [
            { in: "path", name: "id", required: true, schema: { type: "string" } },
            { in: "header", name: "Notion-Version", schema: { type: "string", example: "2022-06-28" } },
            ...extra,
          ],
        },
      },
    },
  };
}

const NAMELESS = [
  { in: "header", name: "", schema: { type: "string", example: "" } },
  { in: "query", schema: { type: "string" } },
];

const convertNameless = (fixed?: Record<string, unknown>) => convertOneOperation(documentWith(NAMELESS), fixed);

describe("optional parameters with no name", () => {
  test("are left out of the tool, and each is reported with where it is in the document", () => {
    const { tool, report } = convertNameless();
    const parameters = (tool as { function: { parameters: { properties: Record<string, JsonObject> } } }).function
      .parameters;
    expect(Object.keys(parameters.properties)).toEqual(["header", "path"]);
    expect(Object.keys(parameters.properties.header?.properties as JsonObject)).toEqual(["Notion-Version"]);
    expect(report.conflicts.map(({ keyword, message }) => [keyword, message])).toEqual([
      [
        "in",
        'The header parameter "" is left out of the tool: it has no name (#/paths/~1v1~1pages~1{id}/get/parameters/2), so no value can be sent for it',
      ],
      [
        "in",
        'The query parameter "" is left out of the tool: it has no name (#/paths/~1v1~1pages~1{id}/get/parameters/3), so no value can be sent for it',
      ],
    ]);
  });

  test("nothing is sent for them, and neither a model nor a caller can set one", () => {
    const { spec, fixed, report } = convertNameless({ "": "from-caller" });
    expect(report.unplacedFixed).toEqual([""]);
    const request = buildRequest(spec, { path: { id: "p 1" }, header: { "Notion-Version": "2022-06-28" } }, { fixed });
    expect(request.url).toBe("https://api.notion.com/v1/pages/p%201");
    expect(request.headers).toEqual({ "Notion-Version": "2022-06-28" });
    for (const args of [
      { path: { id: "p" }, query: { "": "x" } },
      { path: { id: "p" }, header: { "": "x" } },
    ]) {
      expect(() => buildRequest(spec, args, { fixed })).toThrow(
        expect.objectContaining({ code: "UNKNOWN_PARAMETER", message: expect.stringContaining("it has no name") }),
      );
    }
  });

  test('a flat argument named "" is refused too (with one such parameter; with two it is ambiguous first)', () => {
    const { spec } = convertOneOperation(documentWith(NAMELESS.slice(0, 1)));
    expect(() => buildRequest(spec, { id: "p", "": "x" })).toThrow(
      expect.objectContaining({ code: "UNKNOWN_PARAMETER", message: expect.stringContaining("it has no name") }),
    );
  });

  test.each([
    { name: "required", parameter: { in: "query", name: "", required: true, schema: { type: "string" } } },
    { name: "in the path (always required)", parameter: { in: "path", schema: { type: "string" } } },
  ])("a $name one fails its operation with INVALID_DOCUMENT at its pointer", ({ parameter }) => {
    const { tools, failures } = convertOperations(documentWith([parameter]), {});
    expect(tools).toEqual([]);
    expect(failures).toEqual([
      {
        operation: "retrieveAPage",
        error: {
          code: "INVALID_DOCUMENT",
          message: "The required parameter at #/paths/~1v1~1pages~1{id}/get/parameters/2 has no name",
          pointer: "#/paths/~1v1~1pages~1{id}/get/parameters/2",
        },
      },
    ]);
  });
});
