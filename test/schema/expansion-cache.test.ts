import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { listOperations } from "../../src/openapi/list-operations.js";
import { createRefResolver } from "../../src/openapi/ref-resolver.js";
import { convertOperation } from "../../src/schema/convert-operation.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { expandRefs } from "../../src/schema/expand-refs.js";
import { createExpansionCache } from "../../src/schema/expansion-cache.js";
import type { JsonObject } from "../../src/schema/json-schema.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// B is reached from A (where its ref back to A is a cycle) and from C (where the same ref is only too deep).
const document = {
  components: {
    schemas: {
      A: { type: "object", properties: { b: ref("B") } },
      B: { type: "object", properties: { a: ref("A"), leaf: ref("Leaf") } },
      C: { type: "object", properties: { b: ref("B") } },
      Leaf: { type: "object", properties: { name: { type: "string", enum: ["x"] } } },
      Self: { type: "object", properties: { next: ref("Self") } },
    },
  },
};

describe("expansion cache", () => {
  test("looks refs up with the resolver it was created with (the one that read the operations)", () => {
    const looked: string[] = [];
    const resolve = createRefResolver(document);
    const cache = createExpansionCache((ref, at) => {
      looked.push(ref);
      return resolve(ref, at);
    });
    const given = expandRefs(ref("A"), { document, maxDepth: 2, cache });
    expect(given).toEqual(expandRefs(ref("A"), { document, maxDepth: 2 }));
    expect(looked).toContain("#/components/schemas/A");
  });

  test.each([
    { name: "a cycle, then the same subtree where it is only depth", order: ["A", "C"] },
    { name: "depth first, then the same subtree where it is a cycle", order: ["C", "A"] },
    { name: "a self-reference reached at two pointers", order: ["Self", "A", "Self"] },
    { name: "the same root twice", order: ["A", "A", "C", "C"] },
  ])("gives what an expansion without cache gives: $name", ({ order }) => {
    const cache = createExpansionCache();
    order.forEach((name, index) => {
      const options = { document, maxDepth: 2, pointer: `#/properties/p${index}` };
      const want = expandRefs(ref(name), options);
      const given = expandRefs(ref(name), { ...options, cache });
      expect(given).toEqual(want);
    });
  });

  test("a reused expansion's report is re-based on the pointer where it is used", () => {
    const cache = createExpansionCache();
    expandRefs(ref("C"), { document, maxDepth: 3, pointer: "#/one", cache });
    const entries = cache.entries.size;
    const { pruned } = expandRefs(ref("C"), { document, maxDepth: 3, pointer: "#/two", cache });
    expect(cache.entries.size).toBe(entries);
    expect(pruned).toEqual([
      { pointer: "#/two/properties/b/properties/a/properties/b", ref: "#/components/schemas/B", reason: "cycle" },
    ]);
  });

  test("every GitHub operation converts in one document call as it does alone", () => {
    const require = createRequire(import.meta.url);
    const text = readFileSync(require.resolve("@octokit/openapi/generated/api.github.com.json"), "utf8");
    const github = JSON.parse(text) as JsonObject;
    const together = convertOperations(github, { dialect: "openai" });
    const alone = listOperations(github).map((operation) => convertOperation(operation, { dialect: "openai" }));
    expect(together.failures).toEqual([]);
    expect(
      together.tools.map(({ definition, report }) => [definition.parameters, report.pruned, report.conflicts]),
    ).toEqual(alone.map(({ definition, report }) => [definition.parameters, report.pruned, report.conflicts]));
  });
});
