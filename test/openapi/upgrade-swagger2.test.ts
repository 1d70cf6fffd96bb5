import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { buildRequest } from "../../src/http/build-request.js";
import { listOperations } from "../../src/openapi/list-operations.js";
import { upgradeSwagger2 } from "../../src/openapi/upgrade-swagger2.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import type { JsonObject } from "../../src/schema/json-schema.js";

function readFixture(name: string): JsonObject {
  return JSON.parse(readFileSync(new URL(`../fixtures/dialects/${name}`, import.meta.url), "utf8")) as JsonObject;
}

describe("upgradeSwagger2", () => {
  test("upgrades the petstore to the hand-written OAS 3.0 document", () => {
    expect(upgradeSwagger2(readFixture("petstore-swagger2.json"))).toEqual(readFixture("petstore-openapi3.json"));
  });

  test("never mutates its input", () => {
    const document = readFixture("petstore-swagger2.json");
    upgradeSwagger2(document);
    expect(document).toEqual(readFixture("petstore-swagger2.json"));
  });

  test.each([
    { name: "no host gives a relative server", given: { basePath: "/api" }, want: [{ url: "/api" }] },
    { name: "no schemes defaults to https", given: { host: "a.example" }, want: [{ url: "https://a.example" }] },
    {
      // Azure's data-plane specs: the host is a template, and `host` a placeholder.
      name: "x-ms-parameterized-host wins over host, its parameters as server variables",
      given: {
        host: "badhost",
        schemes: ["http"],
        "x-ms-parameterized-host": {
          hostTemplate: "{accountName}.blob.core.windows.net",
          parameters: [{ name: "accountName", in: "path", required: true, type: "string", description: "The account" }],
        },
      },
      want: [
        {
          url: "http://{accountName}.blob.core.windows.net",
          variables: { accountName: { description: "The account" } },
        },
      ],
    },
    {
      name: "x-ms-parameterized-host without a scheme prefix, a $ref parameter's default kept",
      given: {
        parameters: { Suffix: { name: "dnsSuffix", in: "path", type: "string", default: "vault.azure.net" } },
        "x-ms-parameterized-host": {
          hostTemplate: "https://{vault}.{dnsSuffix}",
          useSchemePrefix: false,
          parameters: [{ name: "vault", in: "path", type: "string" }, { $ref: "#/parameters/Suffix" }],
        },
      },
      want: [
        { url: "https://{vault}.{dnsSuffix}", variables: { vault: {}, dnsSuffix: { default: "vault.azure.net" } } },
      ],
    },
  ])("$name", ({ given, want }) => {
    expect(
      upgradeSwagger2({ swagger: "2.0", info: { title: "t", version: "1" }, paths: {}, ...given }).servers,
    ).toEqual(want);
  });

  test.each([
    {
      name: "not Swagger 2.0",
      given: { openapi: "3.0.0" },
      want: { code: "UNSUPPORTED_SPEC", data: { pointer: "#/swagger" } },
    },
    {
      name: "paths that are not an object",
      given: { swagger: "2.0", paths: [] },
      want: { code: "INVALID_DOCUMENT", data: { pointer: "#/paths" } },
    },
    {
      name: "a path item that is not an object (its operations cannot be listed)",
      given: { swagger: "2.0", paths: { "/a": 5 } },
      want: { code: "INVALID_DOCUMENT", data: { pointer: "#/paths/~1a" } },
    },
  ])("refuses $name with a typed error", ({ given, want }) => {
    expect(() => upgradeSwagger2(given as JsonObject)).toThrow(expect.objectContaining(want));
  });

  // A broken operation is kept as written, so that reading it fails that operation alone, as in an OAS 3 document:
  // one mistake in a large Swagger spec used to fail every operation.
  test.each([
    {
      name: "an operation that is not an object",
      operation: 5,
      want: { code: "INVALID_DOCUMENT", pointer: "#/paths/~1a/get" },
    },
    {
      name: "a parameter that is not an object",
      operation: { parameters: [5] },
      want: { code: "INVALID_DOCUMENT", pointer: "#/paths/~1a/get/parameters/0" },
    },
    {
      name: "parameters that are not a list",
      operation: { parameters: { name: "q" } },
      want: { code: "INVALID_DOCUMENT", pointer: "#/paths/~1a/get/parameters" },
    },
    {
      name: "a parameter ref to nothing",
      operation: { parameters: [{ $ref: "#/parameters/missing" }] },
      want: { code: "REF_NOT_FOUND", pointer: "#/paths/~1a/get/parameters/0" },
    },
  ])("fails only the operation with $name", ({ operation, want }) => {
    const fine = { operationId: "fine", parameters: [{ in: "query", name: "q", type: "string" }], responses: {} };
    const { tools, failures } = convertOperations(
      { swagger: "2.0", info: { title: "t", version: "1" }, paths: { "/a": { get: operation }, "/b": { get: fine } } },
      {},
    );
    expect(tools.map((tool) => tool.operation)).toEqual(["fine"]);
    expect(failures).toEqual([{ operation: "GET /a", error: expect.objectContaining(want) }]);
  });

  // The upgraded `#/components/schemas/Nope` is nowhere in the author's file: errors name the ref as written.
  test.each([
    { name: "a parameter", parameter: { $ref: "#/parameters/missing" }, ref: "#/parameters/missing" },
    {
      name: "a body schema",
      parameter: { name: "body", in: "body", schema: { $ref: "#/definitions/Nope" } },
      ref: "#/definitions/Nope",
    },
  ])("a dangling ref in $name is named as the Swagger 2.0 document writes it", ({ parameter, ref }) => {
    const { failures } = convertOperations({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      definitions: { Pet: { type: "object" } },
      paths: { "/a": { post: { operationId: "addPet", parameters: [parameter], responses: {} } } },
    });
    expect(failures[0]?.error).toMatchObject({
      code: "REF_NOT_FOUND",
      message: expect.stringContaining(`Nothing at "${ref}" in the Swagger 2.0 document`),
    });
    expect(failures[0]?.error.message).not.toContain("components");
  });

  test("a dangling path-level parameter ref fails the operations that inherit it, not the others", () => {
    const { tools, failures } = convertOperations(
      {
        swagger: "2.0",
        info: { title: "t", version: "1" },
        paths: {
          "/a": { parameters: [{ $ref: "#/parameters/gone" }], get: { responses: {} }, put: { responses: {} } },
          "/b": { get: { operationId: "fine", responses: {} } },
        },
      },
      {},
    );
    expect(tools.map((tool) => tool.operation)).toEqual(["fine"]);
    expect(failures.map(({ operation, error }) => [operation, error.code, error.pointer])).toEqual([
      ["GET /a", "REF_NOT_FOUND", "#/paths/~1a/parameters/0"],
      ["PUT /a", "REF_NOT_FOUND", "#/paths/~1a/parameters/0"],
    ]);
  });

  test("a response that is not an object does not stop the operation (responses are not read)", () => {
    const upgraded = upgradeSwagger2({ swagger: "2.0", paths: { "/a": { get: { responses: { "200": 5 } } } } });
    expect(upgraded.paths).toEqual({ "/a": { get: { responses: { "200": 5 } } } });
  });

  test("x-ms-paths operations are upgraded as those of paths, and extensions among the paths are kept", () => {
    const addDog = { operationId: "AddDog", parameters: [{ name: "body", in: "body", schema: { type: "object" } }] };
    const upgraded = upgradeSwagger2({
      swagger: "2.0",
      paths: { "x-codegen-contextRoot": "/api", "/pets": { get: { operationId: "List" } } },
      "x-ms-paths": { "/pets?dog": { post: addDog } },
    });
    expect(upgraded.paths).toEqual({ "x-codegen-contextRoot": "/api", "/pets": { get: { operationId: "List" } } });
    expect(upgraded["x-ms-paths"]).toEqual({
      "/pets?dog": {
        post: {
          operationId: "AddDog",
          requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    });
  });

  test("a parameterized host is the caller's to give: building a request names the variable until serverUrl is passed", () => {
    const { tools } = convertOperations({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      "x-ms-parameterized-host": { hostTemplate: "{vaultBaseUrl}", useSchemePrefix: false, parameters: [] },
      paths: { "/keys": { get: { operationId: "listKeys", responses: {} } } },
    });
    const spec = tools[0]?.spec as NonNullable<(typeof tools)[0]>["spec"];
    expect(() => buildRequest(spec, {})).toThrow(
      expect.objectContaining({ code: "CONFIG_INVALID", message: expect.stringContaining("{vaultBaseUrl}") }),
    );
    expect(buildRequest(spec, {}, { serverUrl: "https://v.vault.azure.net" }).url).toBe(
      "https://v.vault.azure.net/keys",
    );
  });

  describe("formData arrays are sent in their collectionFormat", () => {
    const array = (name: string, collectionFormat?: string) => ({
      name,
      in: "formData",
      type: "array",
      items: { type: "integer" },
      ...(collectionFormat === undefined ? {} : { collectionFormat }),
    });
    const upload = (consumes: string) =>
      upgradeSwagger2({
        swagger: "2.0",
        info: { title: "t", version: "1" },
        host: "a.example",
        paths: {
          "/u": {
            post: {
              operationId: "u",
              consumes: [consumes],
              parameters: [
                array("csv"),
                array("pipes", "pipes"),
                array("ssv", "ssv"),
                array("multi", "multi"),
                array("tsv", "tsv"),
                { name: "note", in: "formData", type: "string" },
              ],
              responses: {},
            },
          },
        },
      });
    const body = { csv: [1, 2], pipes: [3, 4], ssv: [5, 6], multi: [7, 8], tsv: [9, 10], note: "a b" };

    test("urlencoded: each array's style is its encoding, csv by default, tsv sent as csv with a note", () => {
      const upgraded = upload("application/x-www-form-urlencoded");
      const [operation] = listOperations(upgraded);
      if (operation === undefined) throw new Error("no operation");
      expect(operation.requestBody?.encoding).toEqual({
        csv: { style: "form", explode: false },
        pipes: { style: "pipeDelimited", explode: false },
        ssv: { style: "spaceDelimited", explode: false },
        multi: { style: "form", explode: true },
        tsv: { style: "form", explode: false },
      });
      expect(operation.requestBody?.schema).toMatchObject({
        properties: { tsv: { description: "Values are separated by tabs (Swagger 2.0 collectionFormat tsv)." } },
      });
      expect(buildRequest(operation, { body }).body).toBe(
        "csv=1,2&pipes=3|4&ssv=5%206&multi=7&multi=8&tsv=9,10&note=a%20b",
      );
    });

    test("multipart, where OAS 3 has no style, sends one part per item (multi)", async () => {
      const upgraded = upload("multipart/form-data") as { paths: { "/u": { post: { requestBody: JsonObject } } } };
      expect(upgraded.paths["/u"].post.requestBody.content).not.toHaveProperty(["multipart/form-data", "encoding"]);
      const [operation] = listOperations(upgraded);
      if (operation === undefined) throw new Error("no operation");
      const request = buildRequest(operation, { body });
      const headers = { "content-type": request.headers["content-type"] ?? "" };
      const form = await new Response(request.body as Uint8Array, { headers }).formData();
      expect(form.getAll("csv")).toEqual(["1", "2"]);
      expect(form.getAll("pipes")).toEqual(["3", "4"]);
    });
  });

  test("keeps __proto__ keys as plain data", () => {
    const document = JSON.parse(
      '{"swagger":"2.0","paths":{},"definitions":{"__proto__":{"type":"object","properties":{"__proto__":{"type":"string"}}}}}',
    ) as JsonObject;
    const upgraded = upgradeSwagger2(document) as { components: { schemas: JsonObject } };
    expect(Object.keys(upgraded.components.schemas)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(upgraded.components.schemas)).toBe(Object.prototype);
  });
});
