import { describe, expect, test } from "vitest";
import { buildRequest } from "../../src/http/build-request.js";
import { listOperations } from "../../src/openapi/list-operations.js";
import { operationFromToolDetail } from "../../src/openapi/operation-from-tool-detail.js";
import type { OperationSpec } from "../../src/openapi/operation-spec.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import type { JsonObject, JsonValue } from "../../src/schema/json-schema.js";

const SERVER_URL = "https://api.icons8.com";
const AMOUNT: JsonObject = { name: "amount", in: "query", schema: { type: "integer" } };

/** A document with one GET operation at `path`, declaring `parameters`. */
function documentWith(path: string, parameters: JsonValue[] = []): JsonObject {
  return {
    openapi: "3.0.0",
    servers: [{ url: SERVER_URL }],
    paths: { [path]: { get: { operationId: "op", parameters, responses: {} } } },
  };
}

function onlyOperation(path: string, parameters: JsonValue[] = []): OperationSpec {
  const [operation] = listOperations(documentWith(path, parameters));
  if (operation === undefined) throw new Error("no operation listed");
  return operation;
}

/** Each parameter as `in.name`, with `!` when required and `*` when read from a placeholder. */
function summary(operation: OperationSpec): string[] {
  return operation.parameters.map(
    (parameter) =>
      `${parameter.in}.${parameter.name}${parameter.required ? "!" : ""}${parameter.fromPlaceholder ? "*" : ""}`,
  );
}

describe("placeholders of the path key that no parameter declares", () => {
  test.each([
    ["a name={name} pair of the query string: an optional query parameter", "/latest?term={term}", ["query.term*"]],
    ["a path segment: a required path parameter", "/items/{id}/tags", ["path.id!*"]],
    ["a pair named apart from its placeholder: a required path parameter", "/search?q={query}", ["path.query!*"]],
    ["a placeholder written twice: one parameter", "/a/{id}/b/{id}", ["path.id!*"]],
    ["a placeholder in the fragment, which is never sent: none", "/items#op={op}", []],
    ["nested braces: the innermost name, as the URL is filled", "/x/{{id}}", ["path.id!*"]],
  ])("%s", (_name, path, want) => {
    expect(summary(onlyOperation(path))).toEqual(want);
  });

  test("a placeholder some parameter names, at any location, gets none (flat arguments stay unambiguous)", () => {
    const declared = [{ name: "id", in: "header", schema: { type: "string" } }, AMOUNT];
    expect(summary(onlyOperation("/items/{id}?amount={amount}", declared))).toEqual(["header.id", "query.amount"]);
  });

  test("added after the declared parameters, pointing at the operation, with a description naming the key", () => {
    const operation = onlyOperation("/latest?term={term}&amount={amount}", [AMOUNT]);
    expect(operation.parameters[1]).toEqual({
      name: "term",
      in: "query",
      required: false,
      description: "The value of {term} in /latest?term={term}&amount={amount}; the spec declares no parameter for it",
      schema: { type: "string" },
      fromPlaceholder: true,
      pointer: "#/paths/~1latest?term={term}&amount={amount}/get",
    });
  });

  test("a tool-box tool detail's path gets them too", () => {
    const operation = operationFromToolDetail({ metadata: { method: "GET", path: "/kn/{kn_id}", api_spec: {} } });
    expect(summary(operation)).toEqual(["path.kn_id!*"]);
  });
});

describe("icons8's /latest?term={term}&amount={amount}, term undeclared, end to end", () => {
  const converted = convertOperations(documentWith("/latest?term={term}&amount={amount}", [AMOUNT]));
  const [entry] = converted.tools;
  if (entry === undefined) throw new Error("not converted");

  test("the tool asks for term as an optional string, and the report says why", () => {
    const query = (entry.tool as { function: { parameters: { properties: { query: unknown } } } }).function.parameters
      .properties.query;
    expect(query).toMatchObject({
      properties: { term: { type: "string" }, amount: { type: "integer" } },
    });
    expect(query).not.toHaveProperty("required");
    expect(entry.report.conflicts).toEqual([
      {
        pointer: "#/properties/query/properties/term",
        keyword: "in",
        message:
          "The path key has {term}, which no parameter declares: the tool asks for it as an optional string query parameter",
      },
    ]);
  });

  test.each([
    ["layered", { query: { term: "a&b c", amount: 5 } }, `${SERVER_URL}/latest?term=a%26b%20c&amount=5`],
    ["flat", { term: "cat", amount: 5 }, `${SERVER_URL}/latest?term=cat&amount=5`],
    ["without term, which is left out", { query: { amount: 5 } }, `${SERVER_URL}/latest?amount=5`],
  ])("the request is built from %s arguments", (_name, args, url) => {
    expect(buildRequest(entry.spec, args).url).toBe(url);
  });

  test("an undeclared path placeholder is required, and fills the path encoded", () => {
    const [items] = convertOperations(documentWith("/items/{id}")).tools;
    if (items === undefined) throw new Error("not converted");
    expect(items.tool).toMatchObject({
      function: { parameters: { required: ["path"], properties: { path: { required: ["id"] } } } },
    });
    expect(buildRequest(items.spec, { id: "a/b" }).url).toBe(`${SERVER_URL}/items/a%2Fb`);
  });
});
