import { describe, expect, test } from "vitest";
import { buildRequest, toProxyBody } from "../../src/http/index.js";
import type { JsonObject } from "../../src/schema/json-schema.js";
import { convertOneOperation } from "../support/convert-one-operation.js";

const header = (name: string, schema: JsonObject = { type: "string" }): JsonObject => ({
  name,
  in: "header",
  required: true,
  schema,
});

/** One operation declaring the header parameters OpenAPI ignores, one the HTTP client owns, and one of its own. */
const document: JsonObject = {
  openapi: "3.0.3",
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/notes": {
      post: {
        operationId: "addNote",
        parameters: [
          header("Authorization"),
          header("accept"),
          header("Content-Type", { type: "string", enum: ["application/json"] }),
          header("Content-Length"),
          header("X-Request-Id"),
        ],
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
};

const convert = (fixed?: Record<string, unknown>) => convertOneOperation(document, fixed);

describe("header parameters a model may not write", () => {
  test("Accept, Content-Type, Authorization (OpenAPI ignores them) and client-owned headers are left out of the tool, and reported", () => {
    const { tool, report } = convert();
    const parameters = (tool as { function: { parameters: JsonObject } }).function.parameters;
    expect(parameters.properties).toMatchObject({
      header: { properties: { "X-Request-Id": { type: "string" } }, required: ["X-Request-Id"] },
    });
    expect(Object.keys((parameters.properties as { header: { properties: object } }).header.properties)).toEqual([
      "X-Request-Id",
    ]);
    expect(report.conflicts.map(({ pointer, keyword }) => [pointer, keyword])).toEqual([
      ["#/properties/header/properties/Authorization", "in"],
      ["#/properties/header/properties/accept", "in"],
      ["#/properties/header/properties/Content-Type", "in"],
      ["#/properties/header/properties/Content-Length", "in"],
    ]);
    expect(report.conflicts[0]?.message).toMatch(/OpenAPI ignores .*: the caller sets them, as fixed values/);
    expect(report.conflicts[3]?.message).toMatch(/the HTTP client sets it/);
  });

  test("a caller's flat fixed value still sets one, under the parameter's name, and it is sent", () => {
    const { fixed, spec, report } = convert({ AUTHORIZATION: "Bearer from-caller", "x-request-id": "r1" });
    expect(fixed).toEqual({ header: { Authorization: "Bearer from-caller", "X-Request-Id": "r1" } });
    expect(report.unplacedFixed).toBeUndefined();
    expect(buildRequest(spec, { body: {} }, { fixed }).headers).toEqual({
      Authorization: "Bearer from-caller",
      "X-Request-Id": "r1",
      "content-type": "application/json",
    });
  });

  test.each([
    { name: "layered", args: { header: { authorization: "Bearer made-up" }, body: {} } },
    { name: "flat", args: { Authorization: "Bearer made-up", "X-Request-Id": "r1" } },
  ])("model arguments ($name) that set one are UNKNOWN_PARAMETER, saying why", ({ args }) => {
    const { spec, fixed } = convert();
    expect(() => buildRequest(spec, args, { fixed })).toThrow(
      expect.objectContaining({
        code: "UNKNOWN_PARAMETER",
        message: expect.stringContaining('"header.Authorization" is left out of addNote\'s tool'),
      }),
    );
  });

  test("a client-owned header stays refused even from a caller", () => {
    const { spec } = convert();
    expect(() => buildRequest(spec, { body: {} }, { fixed: { header: { "Content-Length": "5" } } })).toThrow(
      expect.objectContaining({ code: "INVALID_HEADER_VALUE" }),
    );
  });

  test("the tool-box proxy body holds model arguments to the operation's parameters too, when it is given", () => {
    const { spec, fixed } = convert({ Authorization: "Bearer from-caller" });
    for (const header of [{ Authorization: "Bearer made-up" }, { "X-Admin": "true" }]) {
      expect(() => toProxyBody({ header, body: {} }, fixed, 30, { operation: spec })).toThrow(
        expect.objectContaining({ code: "UNKNOWN_PARAMETER" }),
      );
    }
    expect(toProxyBody({ header: { "X-Request-Id": "r1" }, body: {} }, fixed, 30, { operation: spec })).toEqual({
      header: { "X-Request-Id": "r1", Authorization: "Bearer from-caller" },
      path: {},
      query: {},
      body: {},
      timeout: 30,
    });
  });
});
