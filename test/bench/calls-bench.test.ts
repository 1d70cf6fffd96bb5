import { expect, test } from "vitest";
import { familiesWithoutOutput, familyOutput, tools } from "../../bench/calls.js";
import { FORMAT_FAMILIES } from "../../src/calls/formats/index.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { TEXT_TOOL_CALL_FORMATS } from "../../src/calls/tool-call.js";

// The calls bench times every text format and every family of the table, and stops on one it has no output of: a
// family added without an output would stop `npm run bench`, which CI does not run.
test("the calls benchmark has an output of every text format and every family of the table", () => {
  expect(familiesWithoutOutput()).toEqual([]);
});

test.each([...new Set([...TEXT_TOOL_CALL_FORMATS, ...Object.keys(FORMAT_FAMILIES)])])(
  "the calls benchmark's output of %s is read as its calls, with no error",
  (family) => {
    const { calls, errors } = parseToolCalls(familyOutput(family, 20_000, 10), { tools });
    expect(calls.map((call) => call.name)).toEqual(Array(10).fill("write_file"));
    expect(errors).toEqual([]);
  },
);
