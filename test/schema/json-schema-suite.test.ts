import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, test } from "vitest";
import { expandRefs } from "../../src/schema/expand-refs.js";
import { findRefs } from "./find-refs.js";

// JSON Schema Test Suite (draft 7, MIT licence in test/fixtures/schema/LICENSE): every case whose refs are all local
// and acyclic must mean the same after expansion (and allOf merging, which expandRefs does): the expanded schema
// accepts and rejects exactly what the original does, and what the suite says.
const FILES = ["ref", "definitions", "allOf", "anyOf", "oneOf", "infinite-loop-detection"];

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

function readSuite(name: string): SuiteGroup[] {
  return JSON.parse(readFileSync(new URL(`../fixtures/schema/${name}.json`, import.meta.url), "utf8"));
}

/** Cases out of scope: remote refs, `$id` base changes, refs to the meta-schema, or a ref cycle (pruned on purpose). */
function isInScope(schema: unknown): boolean {
  const text = JSON.stringify(schema);
  if (/"\$id"|"\$ref":"(?!#)|"\$ref":"#(?!\/)/.test(text) || text.includes("json-schema.org")) return false;
  const { pruned } = expandRefs(schema, { maxDepth: 50 });
  return pruned.length === 0;
}

const ajv = new Ajv({ strict: false, allErrors: false });

const cases = FILES.flatMap((file) =>
  readSuite(file)
    .filter((group) => isInScope(group.schema))
    .flatMap((group) =>
      group.tests.map((suiteTest) => ({
        name: `${file}: ${group.description} / ${suiteTest.description}`,
        schema: group.schema,
        data: suiteTest.data,
        valid: suiteTest.valid,
      })),
    )
    // Ajv 8 applies a $ref's siblings even in draft 7 ("ref overrides any sibling keywords"): where Ajv itself
    // disagrees with the suite, there is no reference to compare against.
    .filter(({ schema, data, valid }) => ajv.validate(schema as object, data) === valid),
);

describe("expanded schemas mean what the originals mean (JSON Schema Test Suite, draft 7)", () => {
  test("the suite leaves enough in-scope cases to mean something", () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  test.each(cases)("$name", ({ schema, data, valid }) => {
    // Draft 7 ignores a $ref's sibling keywords other than annotations.
    const expanded = expandRefs(schema, { maxDepth: 50, refSiblings: "annotations" }).schema;
    expect(findRefs(expanded)).toEqual([]);
    expect(ajv.validate(schema as object, data)).toBe(valid);
    expect(ajv.validate(expanded, data)).toBe(valid);
  });
});
