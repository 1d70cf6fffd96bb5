// `npm run bench`: every library benchmark, each printing its figures beside a baseline measured in the same run. Each
// runs in a process of its own: what one leaves on the heap (GitHub's 13 MB spec, the tokenizer's tables) would
// otherwise slow the collections of the next. The service benchmark needs servers and has its own entry:
// `npm run bench:service`.
import { spawnSync } from "node:child_process";

const benches: Array<[title: string, module: string]> = [
  ["schema conversion of the GitHub spec (issue 2)", "./schema.js"],
  ["tool-call parsing (issue 3)", "./calls.js"],
  ["argument check and convert (issue 4)", "./slots.js"],
  ["request building and sending", "./http.js"],
  ["startup of a fresh process", "./startup.js"],
];

// Figures depend on the engine: the same parser's ratios moved family by family between Node 20 and 22.
console.log(`node ${process.version} on ${process.platform}-${process.arch}`);
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.log("  (the package requires Node.js 22 or later: figures taken on this one are not the package's)");
}

for (const [title, module] of benches) {
  console.log(`\n== ${title}`);
  const url = new URL(module, import.meta.url).href;
  const script = `const { run } = await import(${JSON.stringify(url)}); await run();`;
  const { status } = spawnSync(process.execPath, ["--input-type=module", "--eval", script], { stdio: "inherit" });
  if (status !== 0) process.exitCode = 1;
}
