import { expect, test } from "vitest";
import * as openapi from "../../src/openapi/index.js";
import * as schema from "../../src/schema/index.js";

test("the openapi index exports exactly its public API", () => {
  expect(Object.keys(openapi).sort()).toEqual([
    "MAX_DOCUMENT_NESTING",
    "appendJsonPointer",
    "chooseMediaType",
    "detectDocumentKind",
    "escapeJsonPointerToken",
    "formatJsonPointer",
    "isExternalRef",
    "listOperations",
    "loadDocument",
    "operationFromToolDetail",
    "parseJsonPointer",
    "readOperations",
    "resolveJsonPointer",
    "selectOperations",
    "upgradeSwagger2",
  ]);
});

test("the schema index exports the schema core (dialect exports are pinned by their owner)", () => {
  expect(Object.keys(schema)).toEqual(
    expect.arrayContaining([
      "DEFAULT_MAX_DEPTH",
      "DEFAULT_MAX_TOKENS",
      "DIALECTS",
      "MAX_EXPANDED_SCHEMAS",
      "MAX_SCHEMA_NESTING",
      "MAX_SCHEMAS_MADE",
      "SECTION_ORDER",
      "applyFixedValues",
      "buildLayeredSchema",
      "convertMcpTool",
      "convertOperation",
      "convertOperations",
      "expandRefs",
      "fitTokenBudget",
      "measureToolSize",
      "mergeAllOf",
      "pruneSchema",
    ]),
  );
});
