import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, test } from "vitest";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { checkDialectRules } from "../../src/schema/dialects/index.js";
import { DIALECTS } from "../../src/schema/tool-definition.js";
import { parametersOf } from "./tool-parameters.js";

// The corpus: large public specs shipped by npm packages (devDependencies), read as their files are.
const require = createRequire(import.meta.url);
const CORPUS = [
  { name: "GitHub (OAS 3.0, 1,000+ operations)", file: "@octokit/openapi/generated/api.github.com.json" },
  { name: "Figma (OAS 3.1, YAML, cyclic)", file: "@figma/rest-api-spec/openapi/openapi.yaml" },
  { name: "Directus (OAS 3.0, cyclic)", file: "@directus/specs/dist/openapi.json" },
].map(({ name, file }) => ({ name, text: readFileSync(resolvePackageFile(file), "utf8") }));

/** A file inside an installed package, also when the package's `exports` do not list it (Directus ships its spec so). */
function resolvePackageFile(file: string): string {
  const [scope = "", name = "", ...rest] = file.split("/");
  const entry = require.resolve(`${scope}/${name}`);
  const root = entry.slice(0, entry.lastIndexOf(join(scope, name)) + join(scope, name).length);
  return join(root, ...rest);
}

const DEFAULT_TOKEN_BUDGET = 8000;

// One Ajv for every schema; `addUsedSchema: false` keeps it from caching thousands of compiled schemas by id, and
// the logger is off because the specs use formats of their own (`repo.nwo`) that Ajv only warns about.
const ajv = new Ajv({ strict: false, allowUnionTypes: true, addUsedSchema: false, logger: false });
// ajv-formats is CommonJS: under NodeNext its default import is the module, whose `default` is the plugin.
addFormats.default(ajv);

describe.each(CORPUS)("$name", ({ text }) => {
  test.each(DIALECTS)(
    "every operation converts in %s, compiles, has no $ref, keeps the rules and fits the budget",
    (dialect) => {
      const { tools, failures } = convertOperations(text, { dialect });
      expect(failures).toEqual([]);
      expect(tools.length).toBeGreaterThan(10);
      const problems: string[] = [];
      for (const { operation, tool, report } of tools) {
        const json = JSON.stringify(tool);
        if (json.includes('"$ref"')) problems.push(`${operation}: contains $ref`);
        for (const violation of checkDialectRules(tool, dialect)) problems.push(`${operation}: ${violation}`);
        if (report.size.tokens > DEFAULT_TOKEN_BUDGET) problems.push(`${operation}: ${report.size.tokens} tokens`);
        // The report's count (pieces counted once per conversion) is the tokenizer's count of the whole text.
        const tokens = countTokens(json, { disallowedSpecial: new Set() });
        if (report.size.tokens !== tokens) problems.push(`${operation}: ${report.size.tokens} tokens, not ${tokens}`);
        if (report.size.characters !== json.length) problems.push(`${operation}: ${report.size.characters} chars`);
        try {
          ajv.compile(parametersOf(tool));
        } catch (error) {
          problems.push(`${operation}: Ajv: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(problems).toEqual([]);
    },
    180_000,
  );
});
