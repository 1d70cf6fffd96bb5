import { describe, expect, test } from "vitest";
import type { ToolCall } from "../../src/calls/tool-call.js";
import { UpstreamError } from "../../src/errors/upstream-error.js";
import { toDialect } from "../../src/schema/dialects/index.js";
import { defineTool } from "../../src/tools/define-tool.js";
import { executeToolCall } from "../../src/tools/execute-tool-call.js";
import { executeToolCalls } from "../../src/tools/execute-tool-calls.js";
import { ToolRegistry } from "../../src/tools/tool-registry.js";
import type { ToolResult } from "../../src/tools/tool-result.js";

const listPets = defineTool({
  name: "list_pets",
  description: "List pets",
  parameters: {
    type: "object",
    properties: {
      query: {
        type: "object",
        properties: { limit: { type: "integer", maximum: 100 }, since: { type: "string", format: "date" } },
        required: ["limit"],
        additionalProperties: false,
      },
      header: { type: "object", properties: { "x-account-id": { type: "string" } } },
    },
    required: ["query"],
  },
  execute: (args) => ({ received: args }),
});

const createFile = defineTool({
  name: "create_file",
  description: "Create a file",
  parameters: {
    type: "object",
    properties: { file_path: { type: "string" }, permissions: { type: "string" } },
    required: ["file_path"],
  },
  xml: { tag: "create-file", mappings: [{ param: "file_path", node: "attribute" }] },
  execute: ({ file_path }) => `created ${String(file_path)}`,
});

const throwsPlain = defineTool({
  name: "explode",
  description: "Always fails",
  parameters: { type: "object", properties: {} },
  execute: () => {
    throw new Error("disk full");
  },
});

const throwsUpstream = defineTool({
  name: "fetch_upstream",
  description: "Fails like an upstream",
  parameters: { type: "object", properties: {} },
  execute: async () => {
    throw new UpstreamError("UPSTREAM_ERROR", "Upstream answered 503", { upstream: "pets", status: 503 });
  },
});

const rejectsWithString = defineTool({
  name: "reject_text",
  description: "Rejects with a string",
  parameters: { type: "object", properties: {} },
  execute: () => Promise.reject("no reason"),
});

const registry = new ToolRegistry([listPets, createFile, throwsPlain, throwsUpstream, rejectsWithString]);

function call(name: string, args: Record<string, unknown>, extra: Partial<ToolCall> = {}): ToolCall {
  return { id: "call_0", name, arguments: args, format: "json", ...extra };
}

describe("executeToolCall", () => {
  test.each<[string, ToolCall, ToolResult]>([
    ["a valid call", call("create_file", { file_path: "a.py" }), { success: true, output: "created a.py" }],
    [
      "a legacy XML call named by its tag",
      call("create-file", { file_path: "b.py" }, { format: "legacy-xml" }),
      { success: true, output: "created b.py" },
    ],
    [
      "a tag used as a name outside legacy XML",
      call("create-file", { file_path: "b.py" }),
      {
        success: false,
        output: null,
        error: {
          code: "UNKNOWN_TOOL",
          message: 'Unknown tool "create-file"; did you mean "create_file"?',
          details: { tool: "create-file", suggestion: "create_file" },
        },
      },
    ],
    [
      "an unknown tool with nothing close",
      call("search_web", {}),
      {
        success: false,
        output: null,
        error: { code: "UNKNOWN_TOOL", message: 'Unknown tool "search_web"', details: { tool: "search_web" } },
      },
    ],
    [
      "a model naming __proto__",
      call("__proto__", {}),
      {
        success: false,
        output: null,
        error: { code: "UNKNOWN_TOOL", message: 'Unknown tool "__proto__"', details: { tool: "__proto__" } },
      },
    ],
    [
      "a model naming toString",
      call("toString", {}),
      {
        success: false,
        output: null,
        error: { code: "UNKNOWN_TOOL", message: 'Unknown tool "toString"', details: { tool: "toString" } },
      },
    ],
    [
      "a plain tool with a wrong type and a missing parameter",
      call("create_file", { permissions: 644 }),
      {
        success: false,
        output: null,
        error: {
          code: "INVALID_ARGUMENTS",
          message:
            "Tool \"create_file\": invalid arguments: arguments must have required property 'file_path'; /permissions must be string",
          details: {
            issues: [
              {
                instancePath: "",
                schemaPath: "#/required",
                keyword: "required",
                params: { missingProperty: "file_path" },
                message: "must have required property 'file_path'",
              },
              {
                instancePath: "/permissions",
                schemaPath: "#/properties/permissions/type",
                keyword: "type",
                params: { type: "string" },
                message: "must be string",
              },
            ],
          },
        },
      },
    ],
    [
      "arguments the parser could not convert",
      call(
        "create_file",
        { file_path: "a.py" },
        { argumentErrors: [{ parameter: "permissions", message: "not a string", raw: "<x/>" }] },
      ),
      {
        success: false,
        output: null,
        error: {
          code: "INVALID_ARGUMENTS",
          message: 'Tool "create_file": arguments could not be read: permissions: not a string',
          details: { argumentErrors: [{ parameter: "permissions", message: "not a string", raw: "<x/>" }] },
        },
      },
    ],
    [
      "a tool that throws",
      call("explode", {}),
      {
        success: false,
        output: null,
        error: { code: "TOOL_FAILED", message: 'Tool "explode" failed: disk full', details: { tool: "explode" } },
      },
    ],
    [
      "a tool that rejects with a string",
      call("reject_text", {}),
      {
        success: false,
        output: null,
        error: {
          code: "TOOL_FAILED",
          message: 'Tool "reject_text" failed: no reason',
          details: { tool: "reject_text" },
        },
      },
    ],
    [
      "a tool that throws an ActionRecallError keeps its code and data",
      call("fetch_upstream", {}),
      {
        success: false,
        output: null,
        error: { code: "UPSTREAM_ERROR", message: "Upstream answered 503", details: { upstream: "pets", status: 503 } },
      },
    ],
  ])("%s", async (_name, given, want) => {
    expect(await executeToolCall(registry, given)).toEqual(want);
  });

  test.each<[string, Record<string, unknown>, Array<{ location: string; keyword: string; instancePath: string }>]>([
    ["a missing section", {}, [{ location: "query", keyword: "required", instancePath: "" }]],
    [
      "a missing parameter inside a section",
      { query: {} },
      [{ location: "query.limit", keyword: "required", instancePath: "/query" }],
    ],
    [
      "a value over its maximum, a bad format and an extra parameter",
      { query: { limit: 500, since: "yesterday", lmit: 5 }, header: { "x-account-id": 7 } },
      [
        { location: "query.lmit", keyword: "additionalProperties", instancePath: "/query" },
        { location: "query.limit", keyword: "maximum", instancePath: "/query/limit" },
        { location: "query.since", keyword: "format", instancePath: "/query/since" },
        { location: "header.x-account-id", keyword: "type", instancePath: "/header/x-account-id" },
      ],
    ],
  ])("a layered tool reports %s with its location", async (_name, given, want) => {
    const result = await executeToolCall(registry, call("list_pets", given));
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe("INVALID_ARGUMENTS");
    const issues = (result.error?.details as { issues?: Array<Record<string, unknown>> } | undefined)?.issues ?? [];
    expect(issues.map(({ location, keyword, instancePath }) => ({ location, keyword, instancePath }))).toEqual(want);
  });

  test("a tool that never finishes times out with TOOL_TIMEOUT and sees its signal aborted", async () => {
    let toolSignal: AbortSignal | undefined;
    const hang = defineTool({
      name: "hang",
      description: "Never returns",
      parameters: { type: "object", properties: {} },
      execute: (_args, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    const result = await executeToolCall(new ToolRegistry([hang]), call("hang", {}), { timeoutMs: 10 });
    expect(result).toEqual({
      success: false,
      output: null,
      error: {
        code: "TOOL_TIMEOUT",
        message: 'Tool "hang" did not finish within 10 ms',
        details: { tool: "hang", timeoutMs: 10 },
      },
    });
    expect(toolSignal?.aborted).toBe(true);
  });

  test("cancelling while the tool runs gives ABORTED and aborts the tool's signal", async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const wait = defineTool({
      name: "wait",
      description: "Waits to be cancelled",
      parameters: { type: "object", properties: {} },
      execute: (_args, { signal }) => {
        toolSignal = signal;
        controller.abort();
        return new Promise(() => {});
      },
    });
    const result = await executeToolCall(new ToolRegistry([wait]), call("wait", {}), { signal: controller.signal });
    expect(result).toEqual({
      success: false,
      output: null,
      error: { code: "ABORTED", message: 'Tool "wait" was cancelled', details: { tool: "wait" } },
    });
    expect(toolSignal?.aborted).toBe(true);
  });

  test("a call cancelled before it starts never runs the tool", async () => {
    let runs = 0;
    const count = defineTool({
      name: "count",
      description: "Counts runs",
      parameters: { type: "object", properties: {} },
      execute: () => {
        runs += 1;
        return runs;
      },
    });
    const result = await executeToolCall(new ToolRegistry([count]), call("count", {}), {
      signal: AbortSignal.abort(),
    });
    expect(result.error?.code).toBe("ABORTED");
    expect(runs).toBe(0);
  });

  test("a tool whose schema does not compile gives a failed result, not a throw", async () => {
    const broken = defineTool({
      name: "broken",
      description: "Bad schema",
      parameters: { type: "object", properties: { value: { type: "no-such-type" } } },
      execute: () => "never",
    });
    const result = await executeToolCall(new ToolRegistry([broken]), call("broken", { value: 1 }));
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe("INVALID_TOOL_DEFINITION");
  });

  /** Runs `given` against a tool of `parameters` that counts its runs: none is wanted. */
  async function runCounted(parameters: Record<string, unknown>, given: Record<string, unknown>) {
    let runs = 0;
    const counted = defineTool({
      name: "counted",
      description: "Counts its runs",
      parameters,
      execute: () => {
        runs += 1;
        return "ran";
      },
    });
    const result = await executeToolCall(new ToolRegistry([counted]), call("counted", given));
    return { result, runs };
  }

  test("a tool whose schema loops is an INVALID_TOOL_DEFINITION result, not a tool failure from a stack overflow", async () => {
    const { result, runs } = await runCounted(
      {
        type: "object",
        properties: { value: { $ref: "#/definitions/A" } },
        definitions: { A: { allOf: [{ $ref: "#/definitions/B" }] }, B: { anyOf: [{ $ref: "#/definitions/A" }] } },
      },
      { value: 1 },
    );
    expect(result.error).toMatchObject({ code: "INVALID_TOOL_DEFINITION", message: expect.stringContaining("loops") });
    expect(runs).toBe(0);
  });

  test("arguments nested 50,000 levels into a tree schema are INVALID_ARGUMENTS, not the tool's fault", async () => {
    let root: Record<string, unknown> = {};
    for (let depth = 0; depth < 50_000; depth += 1) root = { child: root };
    const { result, runs } = await runCounted(
      {
        type: "object",
        properties: { root: { $ref: "#/definitions/node" } },
        definitions: { node: { type: "object", properties: { child: { $ref: "#/definitions/node" } } } },
      },
      { root },
    );
    expect(result.error).toMatchObject({ code: "INVALID_ARGUMENTS", message: expect.stringContaining("/root/child/") });
    expect(runs).toBe(0);
  });
});

describe("executeToolCalls", () => {
  test.each([
    ["one at a time", 1, 1],
    ["two at a time", 2, 2],
    ["more slots than calls", 10, 5],
  ])("runs %s and returns results in call order, not finishing order", async (_name, concurrency, wantPeak) => {
    let running = 0;
    let peak = 0;
    const waiting: Array<() => void> = [];
    // Each call waits until released; the test releases them last-started-first so finishing order is reversed.
    const gate = defineTool({
      name: "gate",
      description: "Finishes when released",
      parameters: { type: "object", properties: { index: { type: "integer" } }, required: ["index"] },
      execute: async ({ index }) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => waiting.push(resolve));
        running -= 1;
        return `result ${String(index)}`;
      },
    });
    const calls = [0, 1, 2, 3, 4].map((index) => ({ ...call("gate", { index }), id: `call_${index}` }));
    const pending = executeToolCalls(new ToolRegistry([gate]), calls, { concurrency });
    for (let released = 0; released < calls.length; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const release = waiting.pop();
      if (release !== undefined) {
        release();
        released += 1;
      }
    }
    const results = await pending;
    expect(results).toEqual([0, 1, 2, 3, 4].map((index) => ({ success: true, output: `result ${index}` })));
    expect(peak).toBe(wantPeak);
  });

  test("a failing call in the middle does not disturb the others", async () => {
    const results = await executeToolCalls(registry, [
      call("create_file", { file_path: "a.py" }),
      call("explode", {}),
      call("nope", {}),
      call("create_file", { file_path: "b.py" }),
    ]);
    expect(results.map((result) => result.success)).toEqual([true, false, false, true]);
    expect(results.map((result) => result.error?.code)).toEqual([undefined, "TOOL_FAILED", "UNKNOWN_TOOL", undefined]);
  });

  test("the registry and the call swapped, or a call without a name, are INVALID_ARGUMENTS naming which", async () => {
    const swapped = executeToolCall as unknown as (first: unknown, second: unknown) => Promise<ToolResult>;
    const created = call("create_file", { file_path: "a.py" });
    expect(await swapped(created, registry)).toEqual({
      success: false,
      output: null,
      error: {
        code: "INVALID_ARGUMENTS",
        message: 'Tool calls are run with a ToolRegistry first, then the call: got an object named "create_file"',
        details: { parameter: "registry" },
      },
    });
    expect((await swapped(registry, { arguments: {} })).error).toEqual({
      code: "INVALID_ARGUMENTS",
      message: "A tool call is {id, name, arguments}, its name a string: got an object",
      details: { parameter: "call" },
    });
    expect((await swapped(registry, null)).error?.message).toBe(
      "A tool call is {id, name, arguments}, its name a string: got null",
    );
  });

  test("no calls give no results", async () => {
    expect(await executeToolCalls(registry, [])).toEqual([]);
  });

  test("the first 64 misspelt tool names of a batch get a hint, a name repeated the same; later ones are still errors", async () => {
    const misspelt = Array.from({ length: 100 }, (_, index) => `create_fle${index}`);
    const results = await executeToolCalls(
      registry,
      [...misspelt, "create_fle0"].map((name) => call(name, {})),
    );
    expect(results.map((result) => result.error?.code)).toEqual(Array(101).fill("UNKNOWN_TOOL"));
    const suggestion = (result: ToolResult) =>
      (result.error?.details as { suggestion?: string } | undefined)?.suggestion;
    expect(results.map(suggestion)).toEqual([
      ...Array(64).fill("create_file"),
      ...Array(36).fill(undefined),
      "create_file",
    ]);
    expect(results[70]?.error?.message).toBe('Unknown tool "create_fle70"');
    // Each call run alone is a batch of its own.
    expect(suggestion(await executeToolCall(registry, call("create_fle70", {})))).toBe("create_file");
  });
});

describe("a call written against the tool's Anthropic form", () => {
  // Anthropic refuses a top-level property name such as `filter[id]`: its form of the tool renames it, and the model
  // writes the new name. The executor hands the tool its own names.
  const listApps = defineTool({
    name: "list_apps",
    description: "List apps",
    parameters: {
      type: "object",
      required: ["filter[id]"],
      properties: { "filter[id]": { type: "string" }, limit: { type: "integer" } },
      additionalProperties: false,
    },
    execute: (args) => ({ received: args }),
  });

  test("reaches the tool under the tool's own property names, and still validates", async () => {
    const { input_schema } = toDialect(listApps, "anthropic").tool as { input_schema: { properties: object } };
    const written = Object.keys(input_schema.properties)[0] as string;
    expect(written).not.toBe("filter[id]");
    const registry = new ToolRegistry([listApps]);
    const ok = await executeToolCall(
      registry,
      call("list_apps", { [written]: "7", limit: 5 }, { format: "anthropic" }),
    );
    expect(ok).toEqual({ success: true, output: { received: { "filter[id]": "7", limit: 5 } } });
    const invalid = await executeToolCall(registry, call("list_apps", { [written]: 7 }, { format: "anthropic" }));
    expect(invalid.error?.code).toBe("INVALID_ARGUMENTS");
  });
});
