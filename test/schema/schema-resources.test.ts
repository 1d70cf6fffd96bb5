import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { convertOperations } from "../../src/index.js";
import { checkDialectRules } from "../../src/schema/dialects/index.js";
import { expandRefs } from "../../src/schema/expand-refs.js";
import type { JsonObject } from "../../src/schema/json-schema.js";
import { DIALECTS } from "../../src/schema/tool-definition.js";
import { findRefs } from "./find-refs.js";

/** An OAS 3.1 document whose one operation posts `schema` as its JSON body, with `schemas` as its components. */
function documentPosting(schema: JsonObject, schemas: JsonObject): JsonObject {
  return {
    openapi: "3.1.0",
    info: { title: "resources", version: "1" },
    paths: {
      "/things": { post: { operationId: "post", requestBody: { content: { "application/json": { schema } } } } },
    },
    components: { schemas },
  };
}

const PET_AND_OWNER = {
  Pet: {
    $id: "https://example.com/schemas/pet",
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string", minLength: 1 },
      owner: { $ref: "owner" },
      tag: { $ref: "#/$defs/tag" },
      kind: { $ref: "#kind" },
    },
    $defs: {
      tag: { type: "string", maxLength: 8 },
      kind: { $anchor: "kind", enum: ["cat", "dog"] },
    },
  },
  Owner: {
    $id: "https://example.com/schemas/owner",
    type: "object",
    required: ["id"],
    properties: { id: { type: "integer" } },
  },
  // The same anchor name in the document's own scope: the pet's `#kind` must not find it.
  Other: { $anchor: "kind", type: "boolean" },
};

describe("references by $id (OAS 3.1, JSON Schema 2020-12)", () => {
  const { schema, pruned } = expandRefs(
    { $ref: "https://example.com/schemas/pet" },
    { document: { components: { schemas: PET_AND_OWNER } }, maxDepth: 3 },
  );

  test("a $ref to a schema's $id, and relative refs, pointers and anchors inside it, resolve in that schema", () => {
    expect(schema).toEqual({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", minLength: 1 },
        owner: { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
        tag: { type: "string", maxLength: 8 },
        kind: { enum: ["cat", "dog"] },
      },
    });
    expect(pruned).toEqual([]);
  });

  test("the expansion accepts and rejects what Ajv 2020-12 does with the original $id-based schema", () => {
    const ajv = new Ajv2020({ strict: false });
    for (const component of Object.values(PET_AND_OWNER)) if ("$id" in component) ajv.addSchema(component);
    const original = ajv.getSchema("https://example.com/schemas/pet");
    const expanded = new Ajv2020({ strict: false }).compile(schema);
    const instances = [
      { name: "Rex" },
      { name: "Rex", owner: { id: 1 }, tag: "good", kind: "dog" },
      { name: "" },
      { name: "Rex", owner: { id: "1" } },
      { name: "Rex", owner: {} },
      { name: "Rex", tag: "much too long" },
      { name: "Rex", kind: true },
      { owner: { id: 1 } },
    ];
    const verdicts = instances.map((instance) => [original?.(instance), expanded(instance)]);
    expect(verdicts.map(([want]) => want)).toEqual([true, true, false, false, false, false, false, false]);
    for (const [want, got] of verdicts) expect(got).toBe(want);
  });

  test("one relative $ref written in two resources names each resource's own neighbour", () => {
    const schemas = {
      A: { $id: "https://a.example/list", type: "array", items: { $ref: "item" } },
      AItem: { $id: "https://a.example/item", type: "string" },
      B: { $id: "https://b.example/list", type: "array", items: { $ref: "item" } },
      BItem: { $id: "https://b.example/item", type: "integer" },
    };
    const { schema: expanded } = expandRefs(
      { properties: { a: { $ref: "https://a.example/list" }, b: { $ref: "https://b.example/list" } } },
      { document: { components: { schemas } } },
    );
    expect(expanded).toEqual({
      properties: { a: { type: "array", items: { type: "string" } }, b: { type: "array", items: { type: "integer" } } },
    });
  });

  test("a fragment the resource does not have is looked for in the document, as tools that ignore $id do", () => {
    const schemas = {
      Pet: { $id: "https://example.com/pet", properties: { owner: { $ref: "#/components/schemas/Owner" } } },
      Owner: { type: "string" },
    };
    const { schema: expanded } = expandRefs(
      { $ref: "#/components/schemas/Pet" },
      { document: { components: { schemas } } },
    );
    expect(expanded).toEqual({ properties: { owner: { type: "string" } } });
  });

  test.each([
    { ref: "https://elsewhere.example/pet", code: "EXTERNAL_REF_REFUSED" },
    { ref: "owner.yaml#/properties", code: "EXTERNAL_REF_REFUSED" },
    { ref: "https://example.com/schemas/owner#/properties/nope", code: "REF_NOT_FOUND" },
    { ref: "https://example.com/schemas/owner#nope", code: "REF_NOT_FOUND" },
  ])("$ref $ref is $code, naming where it stands", ({ ref, code }) => {
    const document = { components: { schemas: PET_AND_OWNER } };
    expect(() => expandRefs({ properties: { a: { $ref: ref } } }, { document })).toThrow(
      expect.objectContaining({ code, data: expect.objectContaining({ pointer: "#/properties/a" }) }),
    );
  });

  test("an $id inside an example or a vendor extension declares nothing: a $ref to it is external", () => {
    const document = {
      components: {
        schemas: {
          Pet: { type: "object", example: { $id: "https://example.com/fake" } },
          Tagged: { "x-meta": { $id: "https://example.com/meta" } },
        },
      },
    };
    for (const ref of ["https://example.com/fake", "https://example.com/meta"]) {
      expect(() => expandRefs({ $ref: ref }, { document })).toThrow(
        expect.objectContaining({ code: "EXTERNAL_REF_REFUSED" }),
      );
    }
  });

  test("an operation whose body names a component by its $id converts in every dialect, with no reference left", () => {
    const document = documentPosting({ $ref: "https://example.com/schemas/pet" }, PET_AND_OWNER);
    for (const dialect of DIALECTS) {
      const { tools, failures } = convertOperations(document, { dialect });
      expect(failures).toEqual([]);
      const [converted] = tools;
      expect(findRefs(converted?.definition.parameters)).toEqual([]);
      expect(checkDialectRules(converted?.tool, dialect)).toEqual([]);
    }
  });
});

describe("keywords beside a $ref (OAS 3.1)", () => {
  const schemas = {
    Base: { type: "object", required: ["a"], properties: { a: { type: "string" } } },
    Closed: { $ref: "#/components/schemas/Base", properties: { b: { type: "integer" } }, unevaluatedProperties: false },
  };

  test("unevaluatedProperties beside a $ref sees the target's properties: what it accepts and refuses is kept", () => {
    const { schema } = expandRefs({ $ref: "#/components/schemas/Closed" }, { document: { components: { schemas } } });
    expect(schema.unevaluatedProperties).toBe(false);
    const original = new Ajv2020({ strict: false }).compile({
      $ref: "#/components/schemas/Closed",
      components: { schemas },
    });
    const expanded = new Ajv2020({ strict: false }).compile(schema);
    const instances = [{ a: "x" }, { a: "x", b: 1 }, { a: "x", c: 1 }, { b: 1 }, { a: "x", b: "1" }];
    expect(instances.map((instance) => original(instance))).toEqual([true, true, false, false, false]);
    for (const instance of instances) expect(expanded(instance)).toBe(original(instance));
  });

  test("such a tool passes every dialect's rules", () => {
    const document = documentPosting({ $ref: "#/components/schemas/Closed" }, schemas);
    for (const dialect of DIALECTS) {
      const { tools, failures } = convertOperations(document, { dialect });
      expect(failures).toEqual([]);
      expect(checkDialectRules(tools[0]?.tool, dialect)).toEqual([]);
    }
  });
});

/** JSON Schema 2020-12's own example of `$dynamicRef`: a tree, and a strict tree that extends it. */
const TREES = {
  Tree: {
    $id: "https://example.com/tree",
    $dynamicAnchor: "node",
    type: "object",
    properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
  },
  StrictTree: {
    $id: "https://example.com/strict-tree",
    $dynamicAnchor: "node",
    $ref: "tree",
    unevaluatedProperties: false,
  },
};

describe("$dynamicRef", () => {
  test("resolves like a $ref to its $dynamicAnchor: the tree's children are trees, pruned where the anchor repeats", () => {
    const { schema, pruned } = expandRefs(
      { $ref: "#/components/schemas/Tree" },
      { document: { components: { schemas: TREES } } },
    );
    const tree = (items: JsonObject) => ({
      type: "object",
      properties: { data: true, children: { type: "array", items } },
    });
    const cut = {
      type: "object",
      description: "(detail cut: node repeats recursively here; pass an object of the same shape)",
    };
    expect(schema).toEqual(tree(tree(cut)));
    expect(pruned).toEqual([
      {
        pointer: "#/properties/children/items/properties/children/items",
        ref: "https://example.com/tree#node",
        reason: "cycle",
      },
    ]);
  });

  test("in an extension, the outermost resource's dynamic anchor is meant: a strict tree's children are strict trees", () => {
    const { schema } = expandRefs(
      { $ref: "#/components/schemas/StrictTree" },
      // Four hops: the strict tree, the tree it extends, the child (a strict tree), and its tree.
      { document: { components: { schemas: TREES } }, maxDepth: 4 },
    );
    const children = (schema.properties as JsonObject).children as JsonObject;
    // The child is the strict tree (its `unevaluatedProperties: false` is there), not the plain tree.
    expect(children.items).toMatchObject({ unevaluatedProperties: false, properties: { data: true } });
    expect(schema.unevaluatedProperties).toBe(false);
  });

  test("one conversion of both trees resolves each in its own scope (a scope-dependent expansion is not reused)", () => {
    const document: JsonObject = {
      openapi: "3.1.0",
      info: { title: "trees", version: "1" },
      paths: {
        "/tree": {
          post: {
            operationId: "tree",
            requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Tree" } } } },
          },
        },
        "/strict": {
          post: {
            operationId: "strict",
            requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/StrictTree" } } } },
          },
        },
      },
      components: { schemas: TREES },
    };
    const { tools, failures } = convertOperations(document, { maxDepth: 4 });
    expect(failures).toEqual([]);
    const childrenOf = (name: string) => {
      const tool = tools.find((entry) => entry.operation === name)?.definition.parameters as JsonObject;
      const body = (tool.properties as JsonObject).body as JsonObject;
      return ((body.properties as JsonObject).children as JsonObject).items as JsonObject;
    };
    expect(childrenOf("tree").unevaluatedProperties).toBeUndefined();
    expect(childrenOf("strict").unevaluatedProperties).toBe(false);
    for (const { tool } of tools) expect(JSON.stringify(tool)).not.toContain("$dynamicRef");
  });

  test("a $dynamicRef to nothing is a typed error naming where it stands; one that is not a string is dropped and reported", () => {
    expect(() => expandRefs({ properties: { a: { $dynamicRef: "#nowhere" } } }, { document: {} })).toThrow(
      expect.objectContaining({ code: "REF_NOT_FOUND", data: expect.objectContaining({ pointer: "#/properties/a" }) }),
    );
    const { schema, conflicts } = expandRefs({ type: "object", $dynamicRef: 7 }, { document: {} });
    expect(schema).toEqual({ type: "object" });
    expect(conflicts).toEqual([expect.objectContaining({ pointer: "#", keyword: "$dynamicRef" })]);
  });

  test("a $ref and a $dynamicRef side by side both apply", () => {
    const document = {
      $defs: {
        Named: { $anchor: "named", required: ["name"], properties: { name: { type: "string" } } },
        Aged: { $dynamicAnchor: "aged", required: ["age"], properties: { age: { type: "integer" } } },
      },
    };
    const { schema } = expandRefs({ $ref: "#named", $dynamicRef: "#aged" }, { document });
    expect(schema).toEqual({
      required: ["name", "age"],
      properties: { name: { type: "string" }, age: { type: "integer" } },
    });
  });
});

/** JSON Schema 2019-09's own example of `$recursiveRef`: a tree, and a strict tree that extends it. */
const RECURSIVE_TREES = {
  tree: {
    $id: "https://example.com/tree",
    $recursiveAnchor: true,
    type: "object",
    properties: { data: true, children: { type: "array", items: { $recursiveRef: "#" } } },
  },
  strictTree: {
    $id: "https://example.com/strict-tree",
    $recursiveAnchor: true,
    $ref: "tree",
    unevaluatedProperties: false,
  },
};

describe("$recursiveRef (JSON Schema 2019-09)", () => {
  const document = { $defs: RECURSIVE_TREES };
  const original = (id: string) => {
    const ajv = new Ajv2019({ strict: false });
    for (const schema of Object.values(RECURSIVE_TREES)) ajv.addSchema(schema);
    return ajv.getSchema(id) as (instance: unknown) => boolean;
  };
  // Children up to two levels deep: within what four hops expand, so the expansion must judge them as Ajv does.
  const instances = [
    { data: 1 },
    { data: 1, extra: 2 },
    { children: [{ data: 1 }] },
    { children: [{ data: 1, extra: 2 }] },
    { children: [{ children: [] }, 3] },
    { children: "none" },
  ];

  test.each([
    ["a tree's children are trees", "https://example.com/tree", [true, true, true, true, false, false]],
    [
      "a strict tree's children are strict trees: the outermost recursive anchor is meant",
      "https://example.com/strict-tree",
      [true, false, true, false, false, false],
    ],
  ])("%s, as Ajv 2019-09 judges the original", (_name, id, want) => {
    const { schema } = expandRefs({ $ref: id }, { document, maxDepth: 4 });
    const expanded = new Ajv2019({ strict: false }).compile(schema);
    expect(instances.map((instance) => original(id)(instance))).toEqual(want);
    expect(instances.map((instance) => expanded(instance))).toEqual(want);
    expect(findRefs(schema)).toEqual([]);
  });

  test("an MCP tool's inputSchema that contains itself through # converts, its cut named the root schema", () => {
    for (const reference of ["$ref", "$recursiveRef"]) {
      const inputSchema = {
        type: "object",
        $recursiveAnchor: true,
        properties: { name: { type: "string" }, kids: { type: "array", items: { [reference]: "#" } } },
      };
      const { tools, failures } = convertOperations({ name: "tree", inputSchema }, { maxDepth: 1 });
      expect(failures).toEqual([]);
      const node = (kid: JsonObject) => ({
        type: "object",
        properties: { name: { type: "string" }, kids: { type: "array", items: kid } },
      });
      // The root is reached without a hop: one `#` is followed, the next is cut.
      const cut = {
        type: "object",
        description: "(detail cut: the root schema repeats recursively here; pass an object of the same shape)",
      };
      expect(tools[0]?.definition.parameters).toEqual(node(node(cut)));
    }
  });
});

describe("a $ref to the root of an OpenAPI document, which is not a schema", () => {
  test.each(["$ref", "$dynamicRef", "$recursiveRef"])(
    "%s: # fails the operation with INVALID_DOCUMENT where it stands, instead of putting the document in the tool",
    (reference) => {
      const node = { type: "object", properties: { kids: { type: "array", items: { [reference]: "#" } } } };
      const document = documentPosting({ $ref: "#/components/schemas/Node" }, { Node: node });
      const pets = { post: { operationId: "other", responses: {} } };
      const { tools, failures } = convertOperations({
        ...document,
        paths: { ...(document.paths as JsonObject), "/pets": pets },
      });
      expect(tools.map((tool) => tool.operation)).toEqual(["other"]);
      expect(failures).toEqual([
        {
          operation: expect.any(String),
          error: {
            code: "INVALID_DOCUMENT",
            message: `The ${reference} "#" at #/properties/body/properties/kids/items names the whole document, which is not a schema; a schema that contains itself refers to its own place (such as "#/components/schemas/Node"); in the document: #/components/schemas/Node/properties/kids/items`,
            pointer: "#/properties/body/properties/kids/items",
            documentPointer: "#/components/schemas/Node/properties/kids/items",
          },
        },
      ]);
    },
  );
});
