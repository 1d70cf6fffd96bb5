// Arguments are typed through the local `$ref`s of a tool's schema (`#/$defs/X`, `#/definitions/X`), as Pydantic and
// MCP servers write them: an object under a `$ref` is an object, `"3"` for an integer under one is `3`.
import { describe, expect, test, vi } from "vitest";
import { followLocalRefs } from "../../src/calls/engine/follow-local-refs.js";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";

/** An MCP tool whose schema is `inputSchema`. */
const mcpTool = (name: string, inputSchema: object) => ({ name, description: "", inputSchema });

// Pydantic 2.13's `PlanTrip.model_json_schema()`: `stops: list[Stop]`, `home: Optional[Location] = None`, `days: int`,
// each `Stop` a `location: Location = Field(description="Where to stop")` and `nights: int`.
const planTrip = mcpTool("plan_trip", {
  $defs: {
    Location: {
      properties: { city: { title: "City", type: "string" }, zip: { title: "Zip", type: "integer" } },
      required: ["city", "zip"],
      title: "Location",
      type: "object",
    },
    Stop: {
      properties: {
        location: { $ref: "#/$defs/Location", description: "Where to stop" },
        nights: { title: "Nights", type: "integer" },
      },
      required: ["location", "nights"],
      title: "Stop",
      type: "object",
    },
  },
  properties: {
    stops: { items: { $ref: "#/$defs/Stop" }, title: "Stops", type: "array" },
    home: { anyOf: [{ $ref: "#/$defs/Location" }, { type: "null" }], default: null },
    days: { title: "Days", type: "integer" },
  },
  required: ["stops", "days"],
  title: "PlanTrip",
  type: "object",
});

// Pydantic 2.13's schema of `tree: Node`, where `Node` has `value: int` and `children: list["Node"] = []`.
const sumTree = mcpTool("sum_tree", {
  $defs: {
    Node: {
      properties: {
        value: { title: "Value", type: "integer" },
        children: { default: [], items: { $ref: "#/$defs/Node" }, title: "Children", type: "array" },
      },
      required: ["value"],
      title: "Node",
      type: "object",
    },
  },
  properties: { tree: { $ref: "#/$defs/Node" } },
  required: ["tree"],
  title: "SumTree",
  type: "object",
});

// Pydantic 1's `definitions`, and the `allOf` it wraps a `$ref` in when the field has a description.
const setLocation = mcpTool("set_location", {
  title: "SetLocation",
  type: "object",
  properties: {
    location: { title: "Location", description: "Where", allOf: [{ $ref: "#/definitions/Location" }] },
    n: { $ref: "#/definitions/N" },
  },
  required: ["location", "n"],
  definitions: {
    Location: { title: "Location", type: "object", properties: { city: { title: "City", type: "string" } } },
    N: { type: "integer" },
  },
});

/** One parameter `x` whose schema is `schema`, beside `$defs`. */
const oneParameter = (schema: object, $defs: object) =>
  mcpTool("f", { type: "object", properties: { x: schema }, $defs });

const xmlCall = (name: string, parameters: Record<string, string>) =>
  `<function_calls>\n<invoke name="${name}">\n${Object.entries(parameters)
    .map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`)
    .join("")}</invoke>\n</function_calls>`;
const qwen3CoderCall = (name: string, parameters: Record<string, string>) =>
  `<tool_call>\n<function=${name}>\n${Object.entries(parameters)
    .map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`)
    .join("")}</function>\n</tool_call>`;
const hermesCall = (name: string, args: object) =>
  `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
const m3 = "]<]minimax[>[";
const m3Call = (name: string, body: string) =>
  `${m3}<tool_call>\n${m3}<invoke name="${name}">${body}${m3}</invoke>\n${m3}</tool_call>`;
const m3Element = (key: string, value: string) => `${m3}<${key}>${value}${m3}</${key}>`;

/** The arguments of the one call read from `output` with `tools`, and that no error came with it. */
function argumentsOf(output: string, tools: object[]): unknown {
  const parsed = parseToolCalls(output, { tools });
  expect(parsed.errors).toEqual([]);
  expect(parsed.calls).toHaveLength(1);
  return parsed.calls[0]?.arguments;
}

describe("values typed under a tool's local $refs", () => {
  const trip = { stops: [{ location: { city: "Lyon", zip: 69001 }, nights: 2 }], home: { city: "Paris", zip: 75001 } };
  const tripText = {
    stops: '[{"location": {"city": "Lyon", "zip": 69001}, "nights": 2}]',
    home: '{"city": "Paris", "zip": 75001}',
    days: "3",
  };

  test("XML <function_calls>: an array of $ref'd objects, an Optional $ref'd object, an integer", () => {
    expect(argumentsOf(xmlCall("plan_trip", tripText), [planTrip])).toEqual({ ...trip, days: 3 });
  });

  test("Qwen3-Coder tags: the same", () => {
    expect(argumentsOf(qwen3CoderCall("plan_trip", tripText), [planTrip])).toEqual({ ...trip, days: 3 });
  });

  test("JSON: strings typed in members and items reached through $refs, and each conversion listed", () => {
    const written = {
      stops: [{ location: { city: "Lyon", zip: "69001" }, nights: "2" }],
      home: '{"city": "Paris", "zip": 75001}',
      days: "3",
    };
    const parsed = parseToolCalls(hermesCall("plan_trip", written), { tools: [planTrip] });
    expect(parsed.errors).toEqual([]);
    expect(parsed.calls[0]?.arguments).toEqual({ ...trip, days: 3 });
    expect(parsed.calls[0]?.conversions?.map((conversion) => conversion.pointer)).toEqual([
      "/stops/0/location/zip",
      "/stops/0/nights",
      "/home",
      "/days",
    ]);
  });

  test("MiniMax M3 elements: an object's members typed through its $ref", () => {
    const body =
      m3Element("stops", m3Element("stop", m3Element("location", m3Element("zip", "69001")))) + m3Element("days", "3");
    expect(argumentsOf(m3Call("plan_trip", body), [planTrip])).toEqual({
      stops: [{ location: { zip: 69001 } }],
      days: 3,
    });
  });

  test("Pydantic 1: #/definitions/, and a $ref in a described field's allOf", () => {
    const want = { location: { city: "Shanghai" }, n: 3 };
    expect(argumentsOf(xmlCall("set_location", { location: '{"city": "Shanghai"}', n: "3" }), [setLocation])).toEqual(
      want,
    );
    expect(
      argumentsOf(hermesCall("set_location", { location: '{"city": "Shanghai"}', n: "3" }), [setLocation]),
    ).toEqual(want);
  });

  test("a recursive schema types a value as deep as it goes", () => {
    const leaf = (value: string) => ({ value, children: [] });
    const written = { tree: { value: "1", children: [{ value: "2", children: [leaf("3"), leaf("4")] }] } };
    const typed = {
      tree: {
        value: 1,
        children: [
          {
            value: 2,
            children: [
              { value: 3, children: [] },
              { value: 4, children: [] },
            ],
          },
        ],
      },
    };
    expect(argumentsOf(hermesCall("sum_tree", written), [sumTree])).toEqual(typed);
    expect(argumentsOf(xmlCall("sum_tree", { tree: JSON.stringify(typed.tree) }), [sumTree])).toEqual(typed);
  });

  test('"#" names the whole schema: a linked list', () => {
    const list = mcpTool("walk", {
      type: "object",
      properties: { value: { type: "integer" }, next: { anyOf: [{ $ref: "#" }, { type: "null" }] } },
    });
    const written = { value: "1", next: { value: "2", next: { value: "3", next: null } } };
    expect(argumentsOf(hermesCall("walk", written), [list])).toEqual({
      value: 1,
      next: { value: 2, next: { value: 3, next: null } },
    });
  });

  test("a $ref to an anchor", () => {
    const tool = oneParameter({ $ref: "#count" }, { Count: { $anchor: "count", type: "integer" } });
    expect(argumentsOf(xmlCall("f", { x: "3" }), [tool])).toEqual({ x: 3 });
  });
});

describe("$refs that name no schema of the tool's leave the value untyped, without an error", () => {
  test.each<[string, object, object]>([
    ["a missing target", { $ref: "#/$defs/Missing" }, {}],
    ["a path through a value that is no object", { $ref: "#/$defs/N/type/x" }, { N: { type: "integer" } }],
    [
      "a chain of $refs that comes back on itself",
      { $ref: "#/$defs/A" },
      { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } },
    ],
    ["an allOf that names itself", { $ref: "#/$defs/A" }, { A: { allOf: [{ $ref: "#/$defs/A" }] } }],
  ])("%s", (_name, schema, $defs) => {
    const tool = oneParameter(schema, $defs);
    expect(argumentsOf(xmlCall("f", { x: "3" }), [tool])).toEqual({ x: "3" });
    expect(argumentsOf(hermesCall("f", { x: "3" }), [tool])).toEqual({ x: "3" });
  });

  test("another document's schema is never fetched", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    try {
      const tool = oneParameter({ $ref: "https://example.com/schemas/count.json" }, {});
      expect(argumentsOf(xmlCall("f", { x: "3" }), [tool])).toEqual({ x: "3" });
      expect(argumentsOf(hermesCall("f", { x: "3" }), [tool])).toEqual({ x: "3" });
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      fetch.mockRestore();
    }
  });
});

describe("$refs that loop or multiply through branches", () => {
  test("a schema among its own anyOf branches: typed by its other branch", () => {
    const tool = oneParameter({ $ref: "#/$defs/A" }, { A: { anyOf: [{ $ref: "#/$defs/A" }, { type: "integer" }] } });
    expect(argumentsOf(xmlCall("f", { x: "3" }), [tool])).toEqual({ x: 3 });
    expect(argumentsOf(hermesCall("f", { x: "3" }), [tool])).toEqual({ x: 3 });
  });

  test("each schema naming the next twice, 40 deep (2^40 paths): each is walked once", () => {
    const $defs: Record<string, object> = { D40: { type: "integer" } };
    for (let level = 0; level < 40; level += 1) {
      const next = { $ref: `#/$defs/D${level + 1}` };
      $defs[`D${level}`] = { anyOf: [next, { oneOf: [next] }] };
    }
    const tool = oneParameter({ $ref: "#/$defs/D0" }, $defs);
    expect(argumentsOf(xmlCall("f", { x: "3" }), [tool])).toEqual({ x: 3 });
    expect(argumentsOf(hermesCall("f", { x: "3" }), [tool])).toEqual({ x: 3 });
    expect(argumentsOf(hermesCall("f", { x: 3.5 }), [tool])).toEqual({ x: 3.5 });
  });
});

describe("followLocalRefs", () => {
  test("each schema is made once: a recursive one becomes a cycle, and the input is not changed", () => {
    const parameters = structuredClone(sumTree.inputSchema) as Record<string, unknown>;
    const followed = followLocalRefs(parameters) as {
      properties: { tree: { properties: { children: { items: unknown } } } };
    };
    const node = followed.properties.tree;
    expect(node.properties.children.items).toBe(node);
    expect(parameters).toEqual(sumTree.inputSchema);
  });

  test("schemas past the nesting limit are left as written", () => {
    let deep: object = { $ref: "#/$defs/N" };
    for (let level = 0; level < 1_000; level += 1) deep = { type: "array", items: deep };
    const parameters = { properties: { x: deep }, $defs: { N: { type: "integer" } } };
    let followed = (followLocalRefs(parameters) as { properties: { x: { items?: unknown } } }).properties.x;
    for (let level = 0; level < 1_000; level += 1) followed = followed.items as { items?: unknown };
    expect(followed).toEqual({ $ref: "#/$defs/N" });
  });
});
