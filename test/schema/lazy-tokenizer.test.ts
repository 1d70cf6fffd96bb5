import { createRequire } from "node:module";
import { sep } from "node:path";
import { expect, test } from "vitest";
import { convertOperations } from "../../src/schema/convert-operations.js";

// Alone in its file: vitest runs each test file in a fresh process, and the tokenizer, once loaded, stays loaded.
const requireCache = createRequire(import.meta.url).cache;
const tokenizerLoaded = (): boolean =>
  Object.keys(requireCache).some((path) => path.includes(`${sep}gpt-tokenizer${sep}`));

const SMALL_SPEC = {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  paths: {
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      },
    },
  },
};

test("converting tools far inside the budget does not load the tokenizer; reading a token count does", () => {
  expect(tokenizerLoaded()).toBe(false);
  const { tools } = convertOperations(SMALL_SPEC, { dialect: "openai" });
  expect(tokenizerLoaded()).toBe(false);

  const tokens = tools[0]?.report.size.tokens;
  expect(tokenizerLoaded()).toBe(true);
  // Tokens of compact JSON are fewer than its characters, and far more than none.
  expect(tokens).toBeGreaterThan(10);
  expect(tokens).toBeLessThan(JSON.stringify(tools[0]?.tool).length);
});
