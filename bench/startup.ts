import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fixturePath } from "./fixture-path.js";
import { alternatingMedians } from "./timing.js";

const ROUNDS = 10;
const WARM_UP_ROUNDS = 1;

const PACKAGE_ROOT = new URL("../src/index.js", import.meta.url).href;
const SCHEMA_MODULE = new URL("../src/schema/index.js", import.meta.url).href;
const CLI = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));

/**
 * What a fresh process pays before doing anything: importing the package root and the `schema` subpath, and the CLI
 * converting seed 003's tool detail, each in a new Node process, beside Node starting with nothing to run. Heavy
 * dependencies (the tokenizer's vocabulary, the MCP and OpenAI SDKs, undici, compiled Ajv schemas) are loaded when
 * first used, so these figures sit close to Node's own start.
 */
export async function run(): Promise<void> {
  const importOf = (url: string) => ["--input-type=module", "--eval", `await import(${JSON.stringify(url)});`];
  const times = alternatingMedians(ROUNDS, WARM_UP_ROUNDS, {
    node: () => runNode(["--eval", ""]),
    root: () => runNode(importOf(PACKAGE_ROOT)),
    schema: () => runNode(importOf(SCHEMA_MODULE)),
    convert: () => runNode([CLI, "convert", fixturePath("seed003-tool-detail.json")]),
  });
  const line = (label: string, ms: number) =>
    `  ${label.padEnd(40)} ${ms.toFixed(0).padStart(4)} ms = ${(ms / times.node).toFixed(2)}x Node alone (+${(ms - times.node).toFixed(0)} ms)`;
  console.log(
    [
      `startup: a fresh Node process each, median of ${ROUNDS} (alternating)`,
      `  ${"baseline: Node alone (node --eval '')".padEnd(40)} ${times.node.toFixed(0).padStart(4)} ms`,
      line("import the package root", times.root),
      line("import action-recall/schema", times.schema),
      line("CLI convert of seed 003's tool detail", times.convert),
    ].join("\n"),
  );
}

function runNode(args: string[]): void {
  const { status, stderr } = spawnSync(process.execPath, args, {
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (status !== 0) throw new Error(`node ${args.join(" ")} exited with ${status}: ${stderr}`);
}
