import { describe, expect, test } from "vitest";
import * as args from "../../src/args/index.js";
import * as calls from "../../src/calls/index.js";
import * as http from "../../src/http/index.js";
import * as root from "../../src/index.js";
import * as llm from "../../src/llm/index.js";
import * as openapi from "../../src/openapi/index.js";
import * as recall from "../../src/recall/index.js";
import * as schema from "../../src/schema/index.js";
import * as server from "../../src/server/index.js";
import * as slots from "../../src/slots/index.js";
import * as tools from "../../src/tools/index.js";

/** The package root and every subpath export. */
const MODULES = { root, openapi, schema, calls, tools, args, slots, llm, http, recall, server };
/** Left out: it builds a whole service (routes, caches, a catalog read from disk) to test the routes with. */
const LEFT_OUT = new Set<unknown>([server.buildServer]);

/** Values a JavaScript caller (or a config file) may pass where an object, a list or a name is due. */
const JUNK: unknown[] = [
  undefined,
  null,
  0,
  Number.NaN,
  "",
  "{",
  [],
  [null],
  {},
  Object.create(null),
  JSON.parse('{"__proto__": {"x": 1}}'),
  { name: 1 },
  () => 1,
  10n,
  {
    toJSON() {
      throw new Error("toJSON");
    },
  },
];

/** What calling `run` came to: a value, or the error it threw or rejected with. */
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    const value = run();
    if (value instanceof Promise) return await Promise.race([value, new Promise((done) => setTimeout(done, 200))]);
    if (typeof value === "object" && value !== null && Symbol.asyncIterator in value) {
      for await (const _chunk of value as AsyncIterable<unknown>) {
        // read to the end or to the first error
      }
    }
    return value;
  } catch (error) {
    return error;
  }
}

describe("the package's functions, called with junk, answer with a typed error, never a TypeError of ours", () => {
  const seen = new Set<unknown>();
  const functions = Object.entries(MODULES).flatMap(([module, exports]) =>
    Object.entries(exports as Record<string, unknown>).flatMap(([name, value]) => {
      if (typeof value !== "function" || /^[A-Z]/.test(name) || seen.has(value) || LEFT_OUT.has(value)) return [];
      seen.add(value);
      return [[`${module}.${name}`, value as (...args: unknown[]) => unknown] as const];
    }),
  );

  test("every function, every pair of junk arguments", async () => {
    expect(functions.length).toBeGreaterThan(75);
    const untyped: string[] = [];
    for (const [name, run] of functions) {
      for (const first of JUNK) {
        for (const second of JUNK) {
          const result = await outcome(() => run(first, second));
          // A TypeError or RangeError is ours; an error a junk value threw itself (its toJSON) is passed on as is.
          if (result instanceof TypeError || result instanceof RangeError) {
            untyped.push(`${name}: ${result.constructor.name}: ${result.message}`);
          }
        }
      }
    }
    expect([...new Set(untyped)]).toEqual([]);
  }, 60_000);

  test("the error names the function and the argument", async () => {
    expect(await outcome(() => root.listOperations(null as never))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      message: "listOperations: document must be an object, not null",
      data: { parameter: "document" },
    });
    expect(root.parseToolCalls("text", null as never)).toEqual({
      calls: [],
      text: "text",
      errors: [
        { code: "INVALID_ARGUMENTS", message: "parseToolCalls: options must be an object, or left out, not null" },
      ],
    });
    expect(await outcome(() => root.executeToolCalls(new root.ToolRegistry([]), "calls" as never))).toMatchObject({
      code: "INVALID_ARGUMENTS",
      message: 'executeToolCalls: calls must be an array of tool calls, not "calls"',
    });
  });
});
