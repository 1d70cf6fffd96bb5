import { expect, test } from "vitest";
import { deepFreeze } from "../../src/recall/deep-freeze.js";
import type { DynamicTool, RecallResult } from "../../src/recall/dynamic-tool.js";
import { serializeRecallResult } from "../../src/recall/serialize-recall-result.js";

const tool: DynamicTool = {
  name: "plan",
  description: "Makes a plan",
  parameters: { type: "object", properties: { body: { type: "object" } } },
  api_url: "http://127.0.0.1/proxy",
  original_schema: { "x-note": 'quotes " and 中文 survive' },
  fixed_params: { "x-account-id": "test" },
};
const TOOL_TEXT =
  '{"name":"plan","description":"Makes a plan","parameters":{"type":"object","properties":{"body":{"type":"object"}}},"api_url":"http://127.0.0.1/proxy","original_schema":{"x-note":"quotes \\" and 中文 survive"},"fixed_params":{"x-account-id":"test"}}';

test.each<{ name: string; given: RecallResult; want: string }>([
  {
    name: "no tool, with a reason",
    given: { _dynamic_tools: [], reason: 'No "a"' },
    want: '{"_dynamic_tools":[],"reason":"No \\"a\\""}',
  },
  { name: "one open tool", given: { _dynamic_tools: [tool] }, want: `{"_dynamic_tools":[${TOOL_TEXT}]}` },
  {
    name: "one frozen tool",
    given: { _dynamic_tools: [deepFreeze(structuredClone(tool))] },
    want: `{"_dynamic_tools":[${TOOL_TEXT}]}`,
  },
  {
    name: "two tools",
    given: { _dynamic_tools: [tool, tool] },
    want: `{"_dynamic_tools":[${TOOL_TEXT},${TOOL_TEXT}]}`,
  },
])("$name serialises as UTF-8 JSON", ({ given, want }) => {
  expect(serializeRecallResult(given).toString("utf8")).toBe(want);
});

test("a frozen tool's bytes are built once and reused; an open tool is serialised as it is now", () => {
  const open = structuredClone(tool);
  serializeRecallResult({ _dynamic_tools: [open] });
  open.name = "renamed";
  expect(serializeRecallResult({ _dynamic_tools: [open] }).toString()).toContain('"name":"renamed"');
  const frozen = deepFreeze(structuredClone(tool));
  expect(serializeRecallResult({ _dynamic_tools: [frozen] })).toBe(serializeRecallResult({ _dynamic_tools: [frozen] }));
});

test.each([
  { name: "nested objects and arrays", given: () => ({ a: { b: [{ c: 1 }] } }) },
  { name: "an array at the top", given: () => [{ a: 1 }, [2]] },
])("deepFreeze freezes $name all the way down", ({ given }) => {
  const value = deepFreeze(given());
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item !== null && typeof item === "object") {
      expect(Object.isFrozen(item)).toBe(true);
      stack.push(...Object.values(item));
    }
  }
});

test.each([null, 1, "text", true, undefined])("deepFreeze passes %s through", (given) => {
  expect(deepFreeze(given)).toBe(given);
});
