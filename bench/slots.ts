import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { JsonSchema } from "../src/schema/json-schema.js";
import { SlotProcessor } from "../src/slots/slot-processor.js";
import { fixturePath } from "./fixture-path.js";

interface Case {
  name: string;
  schema: JsonSchema;
  /** Loosely typed data, as a model writes it: strings for numbers and booleans, a few errors for `check` to report. */
  data: Record<string, unknown>;
}

/** Seed 003's FirstQueryWithSearchAfter body, with its components so the `$ref`s resolve. */
function seed003Case(): Case {
  const detail = JSON.parse(readFileSync(fixturePath("seed003-tool-detail.json"), "utf8"));
  const apiSpec = detail.metadata.api_spec;
  return {
    name: "seed 003 FirstQueryWithSearchAfter",
    schema: { ...apiSpec.request_body.content["application/json"].schema, components: apiSpec.components },
    data: {
      limit: "20",
      need_total: "false",
      properties: "name",
      sort: [{ field: "created_at", direction: "sideways" }],
      condition: {
        operation: "and",
        sub_conditions: [{ operation: "==", field: "name", value_from: "const", value: "x" }],
      },
    },
  };
}

/** GitHub's `POST /repos/{owner}/{repo}/issues` request body, from `@octokit/openapi`. */
function githubCase(): Case {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@octokit/openapi/generated/api.github.com.deref.json");
  const document = JSON.parse(readFileSync(file, "utf8"));
  return {
    name: "GitHub POST /repos/{owner}/{repo}/issues",
    schema: document.paths["/repos/{owner}/{repo}/issues"].post.requestBody.content["application/json"].schema,
    data: { title: "Crash on start", body: "Steps...", milestone: "3", labels: "bug", assignees: ["octocat", 7] },
  };
}

/** Operations per second of `work`, run for about `milliseconds` after a short warm-up. */
function opsPerSecond(work: () => unknown, milliseconds = 500): number {
  for (let warm = 0; warm < 20; warm += 1) work();
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < milliseconds) {
    for (let batch = 0; batch < 10; batch += 1) work();
    count += 10;
    elapsed = performance.now() - start;
  }
  return (count * 1000) / elapsed;
}

const format = (rate: number): string => `${Math.round(rate).toLocaleString("en-US")} ops/s`;

/** SlotProcessor `check` and `convert` throughput, with a cached compiled validator against a cold compile per call. */
export async function run(): Promise<void> {
  console.log("slots: SlotProcessor check / convert");
  for (const { name, schema, data } of [seed003Case(), githubCase()]) {
    const processor = new SlotProcessor(schema);
    const remaining = processor.check(data);
    const pointers = "required" in remaining ? remaining.required.join(", ") : "none";
    const check = opsPerSecond(() => processor.check(data));
    const convert = opsPerSecond(() => processor.convert(data));
    const convertThenCheck = opsPerSecond(() => processor.check(processor.convert(data).data));
    const cold = opsPerSecond(() => new SlotProcessor(schema).check(data));
    console.log(`  ${name} (remaining: ${pointers})`);
    console.log(`    check, cached validator      ${format(check)}`);
    console.log(`    convert                      ${format(convert)}`);
    console.log(`    convert + check              ${format(convertThenCheck)}`);
    console.log(`    baseline: compile + check    ${format(cold)}`);
    console.log(`    cached / cold compile        ${(check / cold).toFixed(0)}x`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
