import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const SOURCE = fileURLToPath(new URL("../src/", import.meta.url));
/** DESIGN.md: a pure core, I/O at the edges. Only `http/ llm/ recall/ server/ cli/` touch the world. */
const CORE = ["openapi", "schema", "calls", "args"];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

test("the core imports no node:* module, calls no fetch and reads no environment, but for the two lazy loaders", () => {
  const reached: string[] = [];
  for (const file of CORE.flatMap((folder) => sourceFiles(join(SOURCE, folder)))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/from "(node:[a-z_/]+)"|import\("(node:[a-z_/]+)"\)|\bfetch\(|process\.env/g)) {
      reached.push(`${relative(SOURCE, file)}: ${match[1] ?? match[2] ?? match[0]}`);
    }
  }
  // Loading the tokenizer and the MCP SDK's schemas synchronously, at first use, needs `createRequire` on Node 20.
  expect(reached.sort()).toEqual([
    "schema/count-json-tokens.ts: node:module",
    "schema/dialects/check-dialect-rules.ts: node:module",
  ]);
});
