import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { operationFromToolDetail } from "../../src/openapi/operation-from-tool-detail.js";
import { convertOperations } from "../../src/schema/convert-operations.js";

const detail = JSON.parse(
  readFileSync(new URL("../fixtures/openapi/seed003-tool-detail.json", import.meta.url), "utf8"),
);

describe("operationFromToolDetail (seed 003)", () => {
  test.each([
    { name: "the tool detail", given: detail },
    { name: "its bare api_spec", given: detail.metadata.api_spec },
  ])("reads $name", ({ given }) => {
    const operation = operationFromToolDetail(given);
    expect(operation.parameters.map((parameter) => `${parameter.in}.${parameter.name}`)).toEqual([
      "header.x-account-id",
      "header.x-account-type",
      "path.kn_id",
      "path.ot_id",
      "query.include_type_info",
      "query.include_logic_params",
      "header.X-HTTP-Method-Override",
    ]);
    expect(operation.requestBody).toMatchObject({
      required: false,
      mediaType: "application/json",
      schema: { $ref: "#/components/schemas/FirstQueryWithSearchAfter" },
    });
    expect(operation.document).toBe(detail.metadata.api_spec);
  });

  test("the detail's metadata gives method, path, server and id", () => {
    const operation = operationFromToolDetail(detail);
    expect(operation).toMatchObject({
      id: "search_object_instance",
      method: "POST",
      path: "/api/ontology-query/in/v1/knowledge-networks/{kn_id}/object-types/{ot_id}",
      serverUrl: "http://ontology-query-svc:13018",
      summary: "根据单个对象类查询对象实例",
    });
  });

  test("a tool without api_spec is a typed error", () => {
    expect(() => operationFromToolDetail({ metadata: { method: "GET" } })).toThrow(
      expect.objectContaining({ code: "INVALID_DOCUMENT" }),
    );
  });
});

describe("tool-detail variants tool boxes write", () => {
  const toolDetail = (apiSpec: object, metadata: object = {}) => ({
    metadata: { method: "POST", path: "/items/{id}", server_url: "http://box", api_spec: apiSpec, ...metadata },
  });
  const idParameter = { name: "id", in: "path", required: true, schema: { type: "string" } };
  const layeredOf = (detailOrApiSpec: object) => {
    const { tools, failures } = convertOperations(detailOrApiSpec);
    expect(failures).toEqual([]);
    return tools[0]?.definition.parameters;
  };

  test("a parameter with Swagger 2.0's type keywords and no schema keeps them as its schema", () => {
    const parameters = [
      { name: "id", in: "path", required: true, type: "integer", format: "int64", minimum: 1 },
      { name: "limit", in: "query", description: "Page size", type: "integer", default: 10, enum: [10, 50] },
      { name: "tags", in: "query", type: "array", items: { $ref: "#/components/schemas/Tag" } },
      { name: "free", in: "query" },
    ];
    const apiSpec = { parameters, components: { schemas: { Tag: { type: "string", maxLength: 8 } } } };
    expect(layeredOf(toolDetail(apiSpec))).toEqual({
      type: "object",
      properties: {
        path: {
          type: "object",
          description: "URL path parameters",
          properties: { id: { type: "integer", format: "int64", minimum: 1 } },
          required: ["id"],
        },
        query: {
          type: "object",
          description: "URL query parameters",
          properties: {
            limit: { type: "integer", default: 10, enum: [10, 50], description: "Page size" },
            tags: { type: "array", items: { type: "string", maxLength: 8 } },
            free: {},
          },
        },
      },
      required: ["path"],
    });
  });

  test('"in" in any case ("Header", "QUERY") is read as its location', () => {
    const parameters = [
      idParameter,
      { name: "X-Trace", in: "Header", required: true, schema: { type: "string" } },
      { name: "q", in: "QUERY", schema: { type: "string" } },
    ];
    const operation = operationFromToolDetail(toolDetail({ parameters }));
    expect(operation.parameters.map((parameter) => `${parameter.in}.${parameter.name}`)).toEqual([
      "path.id",
      "header.X-Trace",
      "query.q",
    ]);
  });

  test('an unknown "in" is INVALID_DOCUMENT naming the parameter\'s pointer and the value as written', () => {
    const parameters = [idParameter, { name: "b", in: "Body", schema: { type: "object" } }];
    expect(() => operationFromToolDetail(toolDetail({ parameters }))).toThrow(
      expect.objectContaining({
        code: "INVALID_DOCUMENT",
        message: expect.stringContaining('at #/parameters/1 has "in": "Body"'),
        data: { pointer: "#/parameters/1", parameter: "b" },
      }),
    );
  });

  test("a request_body with a bare schema (no content) is a JSON body of that schema", () => {
    const requestBody = {
      required: true,
      description: "The item",
      schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
    };
    const apiSpec = { parameters: [idParameter], request_body: requestBody };
    expect(operationFromToolDetail(toolDetail(apiSpec)).requestBody).toEqual({
      required: true,
      description: "The item",
      mediaType: "application/json",
      mediaTypes: ["application/json"],
      schema: requestBody.schema,
      pointer: "#/request_body",
      schemaPointer: "#/request_body/schema",
    });
    const layered = layeredOf(toolDetail(apiSpec)) as { properties: Record<string, unknown> };
    expect(layered.properties.body).toEqual({
      type: "object",
      description: "The item",
      properties: { name: { type: "string" } },
      required: ["name"],
    });
  });

  test("an error inside a bare body schema names where it is in the api_spec", () => {
    const apiSpec = {
      request_body: { schema: { type: "object", properties: { a: { $ref: "#/components/schemas/Gone" } } } },
    };
    const { failures } = convertOperations(toolDetail(apiSpec, { path: "/items" }));
    expect(failures[0]?.error).toMatchObject({
      code: "REF_NOT_FOUND",
      documentPointer: "#/request_body/schema/properties/a",
    });
  });

  test("an unknown method in a bare api_spec is named at #/method, with the method as written", () => {
    expect(() => operationFromToolDetail({ method: "FETCH", path: "/x", parameters: [] })).toThrow(
      expect.objectContaining({
        code: "INVALID_DOCUMENT",
        message: 'Unknown HTTP method "FETCH" at #/method',
        data: { pointer: "#/method" },
      }),
    );
  });

  test("the server comes from server_url, else from the api_spec's servers", () => {
    const servers = [{ url: "https://{region}.example.com", variables: { region: { default: "eu" } } }];
    const withServers = { path: "/x", method: "GET", parameters: [], servers };
    expect(operationFromToolDetail(withServers).serverUrl).toBe("https://eu.example.com");
    expect(operationFromToolDetail({ ...withServers, server_url: "http://box" }).serverUrl).toBe("http://box");
  });

  test.each([
    { name: "seed 003's tool detail", given: detail },
    {
      name: "a tool detail with every variant",
      given: toolDetail({
        parameters: [
          { name: "id", in: "PATH", required: true, type: "string" },
          { name: "limit", in: "query", schema: { $ref: "#/components/schemas/Limit" } },
        ],
        request_body: { schema: { $ref: "#/components/schemas/Item" } },
        responses: [{ status_code: "200", description: "ok" }],
        components: {
          schemas: {
            Limit: { type: "integer", maximum: 100 },
            Item: { type: "object", properties: { next: { $ref: "#/components/schemas/Item" } } },
          },
        },
      }),
    },
  ])("$name converts to byte-identical JSON twice and is never mutated", ({ given }) => {
    const before = structuredClone(given);
    const options = { fixed: { limit: 5 }, report: true };
    const first = JSON.stringify(convertOperations(given, options));
    expect(JSON.stringify(convertOperations(given, options))).toBe(first);
    expect(given).toEqual(before);
  });
});
