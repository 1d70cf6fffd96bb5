import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { operationFromToolDetail } from "../../src/openapi/operation-from-tool-detail.js";

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
