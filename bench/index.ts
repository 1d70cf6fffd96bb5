// `npm run bench`: every library benchmark in one run, each printing its figures beside a baseline measured in the
// same run. The service benchmark needs servers and has its own entry: `npm run bench:service`.
import { run as runCallsBench } from "./calls.js";
import { run as runHttpBench } from "./http.js";
import { run as runSchemaBench } from "./schema.js";
import { run as runSlotsBench } from "./slots.js";

const benches: Array<[title: string, run: () => Promise<void>]> = [
  ["schema conversion of the GitHub spec (issue 2)", runSchemaBench],
  ["tool-call parsing (issue 3)", runCallsBench],
  ["argument check and convert (issue 4)", runSlotsBench],
  ["request building and sending", runHttpBench],
];

for (const [title, run] of benches) {
  console.log(`\n== ${title}`);
  await run();
}
