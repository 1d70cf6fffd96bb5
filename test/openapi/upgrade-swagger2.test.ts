import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { upgradeSwagger2 } from "../../src/openapi/upgrade-swagger2.js";
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
      name: "an operation that is not an object",
      given: { swagger: "2.0", paths: { "/a": { get: 5 } } },
      want: { code: "INVALID_DOCUMENT", data: { pointer: "#/paths/~1a/get" } },
    },
    {
      name: "a parameter ref to nothing",
      given: { swagger: "2.0", paths: { "/a": { get: { parameters: [{ $ref: "#/parameters/missing" }] } } } },
      want: { code: "REF_NOT_FOUND", data: { pointer: "#/paths/~1a/get/parameters/0" } },
    },
  ])("refuses $name with a typed error", ({ given, want }) => {
    expect(() => upgradeSwagger2(given as JsonObject)).toThrow(expect.objectContaining(want));
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
