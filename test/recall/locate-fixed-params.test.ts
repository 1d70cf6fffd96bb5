import { describe, expect, test } from "vitest";
import type { OperationSpec, ParameterSpec } from "../../src/openapi/operation-spec.js";
import { locateFixedParams } from "../../src/recall/locate-fixed-params.js";
import toolDetail from "../fixtures/recall/tool-detail.json" with { type: "json" };

const apiSpec = toolDetail.metadata.api_spec;

/** The seed's operation, written out by hand so this test does not depend on the tool-detail reader. */
const operation: OperationSpec = {
  id: "POST /api/ontology-query/in/v1/knowledge-networks/{kn_id}/object-types/{ot_id}",
  method: "POST",
  path: "/api/ontology-query/in/v1/knowledge-networks/{kn_id}/object-types/{ot_id}",
  parameters: apiSpec.parameters.map(
    (parameter, index): ParameterSpec => ({
      name: parameter.name,
      in: parameter.in as ParameterSpec["in"],
      required: parameter.required,
      schema: parameter.schema,
      pointer: `#/parameters/${index}`,
    }),
  ),
  requestBody: {
    required: false,
    mediaType: "application/json",
    schema: { $ref: "#/components/schemas/FirstQueryWithSearchAfter" },
    mediaTypes: ["application/json"],
    pointer: "#/request_body",
  },
  document: apiSpec as unknown as OperationSpec["document"],
  pointer: "#",
};

describe("locateFixedParams", () => {
  test.each([
    {
      name: "the seed's fixed params are headers",
      given: { "x-account-id": "test", "x-account-type": "user" },
      want: { byLocation: { header: { "x-account-id": "test", "x-account-type": "user" } }, unlocated: [] },
    },
    {
      name: "path and query parameters go to their location",
      given: { kn_id: "kn_medical", include_type_info: true },
      want: { byLocation: { path: { kn_id: "kn_medical" }, query: { include_type_info: true } }, unlocated: [] },
    },
    {
      name: "header names match case-insensitively and take the spec's spelling",
      given: { "X-Account-Id": "a" },
      want: { byLocation: { header: { "x-account-id": "a" } }, unlocated: [] },
    },
    {
      name: "a body property and a dotted name through $ref go into nested body objects",
      given: { limit: 5, "condition.field": "disease_id", "condition.operation": "==" },
      want: { byLocation: { body: { limit: 5, condition: { field: "disease_id", operation: "==" } } }, unlocated: [] },
    },
    {
      name: "names the spec does not know are reported, not dropped silently",
      given: { "x-account-id": "a", tenant: "t", "condition.nope": 1, "": 2 },
      want: { byLocation: { header: { "x-account-id": "a" } }, unlocated: ["tenant", "condition.nope", ""] },
    },
  ])("$name", ({ given, want }) => {
    expect(locateFixedParams(given, operation)).toEqual(want);
  });

  test("a __proto__ name is reported and pollutes nothing", () => {
    const given = JSON.parse('{"__proto__": {"polluted": true}, "__proto__.polluted": true}') as Record<
      string,
      unknown
    >;
    expect(locateFixedParams(given, operation)).toEqual({
      byLocation: {},
      unlocated: ["__proto__", "__proto__.polluted"],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a free-form object body takes any dotted name", () => {
    const freeForm: OperationSpec = {
      ...operation,
      requestBody: {
        ...(operation.requestBody as NonNullable<OperationSpec["requestBody"]>),
        schema: { type: "object", properties: { props: { type: "object" } } },
      },
    };
    expect(locateFixedParams({ "props.data_source": "view_1" }, freeForm)).toEqual({
      byLocation: { body: { props: { data_source: "view_1" } } },
      unlocated: [],
    });
  });
});
