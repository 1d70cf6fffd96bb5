import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, test } from "vitest";
import { operationFromToolDetail } from "../../src/openapi/operation-from-tool-detail.js";
import { convertOperation } from "../../src/schema/convert-operation.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { checkDialectRules, type OpenAiTool } from "../../src/schema/dialects/index.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { DIALECTS } from "../../src/schema/tool-definition.js";
import { findRefs } from "./find-refs.js";
import { parametersOf } from "./tool-parameters.js";

const readFixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/schema/${name}`, import.meta.url), "utf8"));

describe("seed 003 tool detail (golden, reviewed)", () => {
  const detail = readFixture("seed003-tool-detail.json");
  const golden = readFixture("seed003-converted.golden.json");
  const converted = convertOperation(operationFromToolDetail(detail), {
    fixed: { "x-account-id": "bdb78b62-6c48-11f0-af96-fa8dcc0a06b2", "x-account-type": "user" },
  });

  test("the layered schema matches the reviewed golden file", () => {
    expect(converted.definition.parameters).toEqual(golden.parameters);
    expect(converted.definition.name).toBe("search_object_instance");
  });

  test("fixed x-account-* and the one-value X-HTTP-Method-Override leave the schema and come back in fixed", () => {
    expect(converted.fixed).toEqual({
      header: {
        "x-account-id": "bdb78b62-6c48-11f0-af96-fa8dcc0a06b2",
        "x-account-type": "user",
        "X-HTTP-Method-Override": "GET",
      },
    });
    expect(Object.keys(converted.definition.parameters.properties as object)).toEqual(["path", "query", "body"]);
  });

  test("pruning happens where Condition repeats inside itself", () => {
    expect(converted.report.pruned).toEqual([
      {
        pointer: "#/properties/body/properties/condition/properties/sub_conditions/items",
        ref: "#/components/schemas/Condition",
        reason: "cycle",
      },
    ]);
  });

  test("the optional body is not required; path is", () => {
    expect(converted.definition.parameters.required).toEqual(["path"]);
  });

  test("fixConstants: false leaves X-HTTP-Method-Override to the model", () => {
    const raw = convertOperation(operationFromToolDetail(detail), { fixConstants: false });
    expect(raw.fixed).toEqual({});
    const header = (raw.definition.parameters.properties as Record<string, { required?: string[] }>).header;
    expect(header?.required).toEqual(["x-account-id", "x-account-type", "X-HTTP-Method-Override"]);
  });

  test("the report gives the size in characters and tokens", () => {
    expect(converted.report.size.characters).toBe(JSON.stringify(converted.tool).length);
    expect(converted.report.size.tokens).toBeGreaterThan(100);
    expect(converted.report.size.tokens).toBeLessThan(converted.report.size.characters);
  });

  test("the size is measured when first read, and JSON.stringify writes both numbers", () => {
    const [fresh] = convertOperations(detail, { dialect: "openai" }).tools;
    const written = JSON.parse(JSON.stringify(fresh?.report)) as { size: unknown };
    expect(written.size).toEqual({
      characters: JSON.stringify(fresh?.tool).length,
      tokens: countTokens(JSON.stringify(fresh?.tool)),
    });
  });
});

const petstore = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/pets/{petId}": {
      parameters: [
        { name: "petId", in: "path", required: true, description: "Path-level id", schema: { type: "string" } },
        { name: "trace", in: "header", schema: { type: "string" } },
      ],
      put: {
        operationId: "updatePet",
        parameters: [
          {
            name: "petId",
            in: "path",
            required: true,
            description: "Operation-level id",
            schema: { type: "integer", description: "schema text" },
          },
          { name: "session", in: "cookie", required: true, schema: { type: "string" } },
          { $ref: "#/components/parameters/Limit" },
        ],
        requestBody: { $ref: "#/components/requestBodies/Pet" },
      },
      post: {
        operationId: "uploadPhoto",
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["photo"],
                properties: { photo: { type: "string", format: "binary" }, caption: { type: "string" } },
              },
            },
          },
        },
      },
      patch: {
        operationId: "tagPet",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "array", items: { type: "string" } } } },
        },
      },
      delete: {
        requestBody: { content: { "text/plain": { schema: { type: "string" } }, "application/xml": {} } },
      },
    },
  },
  components: {
    parameters: {
      Limit: { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
    },
    requestBodies: {
      Pet: {
        required: true,
        description: "The pet",
        content: {
          "application/xml": { schema: { type: "string" } },
          "application/merge-patch+json": { schema: { $ref: "#/components/schemas/Pet" } },
        },
      },
    },
    schemas: {
      Pet: {
        type: "object",
        required: ["id", "name"],
        properties: {
          id: { type: "integer", readOnly: true },
          name: { type: "string", nullable: true },
          kind: { type: "string", enum: ["cat", "dog"], example: "cat" },
        },
      },
    },
  },
};

describe("the layered schema", () => {
  const { tools, failures } = convertOperations(petstore);
  const byId = (id: string) =>
    tools.find((tool) => tool.operation === id)?.definition.parameters as Record<string, unknown>;

  test("converts every operation, in document order", () => {
    expect(failures).toEqual([]);
    expect(tools.map((tool) => tool.operation)).toEqual(["updatePet", "uploadPhoto", "tagPet", "DELETE /pets/{petId}"]);
  });

  test("path-level params merge, the operation wins, cookies are kept, refs resolved, description of the param wins", () => {
    expect(byId("updatePet")).toEqual({
      type: "object",
      properties: {
        header: { type: "object", description: "HTTP header parameters", properties: { trace: { type: "string" } } },
        path: {
          type: "object",
          description: "URL path parameters",
          properties: { petId: { type: "integer", description: "Operation-level id" } },
          required: ["petId"],
        },
        query: {
          type: "object",
          description: "URL query parameters",
          properties: { limit: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
        },
        cookie: {
          type: "object",
          description: "Cookie parameters",
          properties: { session: { type: "string" } },
          required: ["session"],
        },
        body: {
          type: "object",
          description: "The pet",
          properties: {
            name: { type: ["string", "null"] },
            kind: { type: "string", enum: ["cat", "dog"], example: "cat" },
          },
          required: ["name"],
        },
      },
      required: ["path", "cookie", "body"],
    });
  });

  test.each([
    {
      id: "uploadPhoto",
      want: {
        type: "object",
        properties: {
          body: {
            type: "object",
            description: "Request body (multipart/form-data)",
            properties: {
              photo: {
                type: "string",
                format: "binary",
                description:
                  "A file: pass its content as a string, or a data URL (data:<media type>;base64,<content>) for binary content",
              },
              caption: { type: "string" },
            },
            required: ["photo"],
          },
        },
      },
    },
    {
      id: "tagPet",
      want: {
        type: "object",
        properties: {
          body: { type: "array", items: { type: "string" }, description: "Request body (application/json)" },
        },
        required: ["body"],
      },
    },
    {
      id: "DELETE /pets/{petId}",
      want: { type: "object", properties: { body: { type: "string", description: "Request body (text/plain)" } } },
    },
  ])("body of $id", ({ id, want }) => {
    const parameters = byId(id) as { properties: Record<string, unknown>; required?: string[] };
    expect({ ...parameters, properties: { body: parameters.properties.body } }).toEqual({
      ...want,
      ...(parameters.required === undefined ? {} : { required: parameters.required }),
    });
  });

  test("every tool compiles with Ajv and has no $ref", () => {
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      expect(findRefs(tool.definition.parameters)).toEqual([]);
      expect(() => ajv.compile(tool.definition.parameters)).not.toThrow();
    }
  });

  test("the input document is never mutated and output is deterministic", () => {
    const before = JSON.stringify(petstore);
    const again = convertOperations(petstore);
    expect(JSON.stringify(petstore)).toBe(before);
    expect(JSON.stringify(again.tools.map((tool) => tool.tool))).toBe(JSON.stringify(tools.map((tool) => tool.tool)));
  });

  test("a nullable path parameter (as .NET generators write int?) loses null, with a conflict; others keep it", () => {
    const id = { $ref: "#/components/parameters/Id" };
    const since = { name: "since", in: "query", schema: { type: "integer", nullable: true } };
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/boards/{id}": { get: { parameters: [id, since] }, delete: { parameters: [id] } } },
      components: {
        parameters: { Id: { name: "id", in: "path", required: true, schema: { type: "integer", nullable: true } } },
      },
    };
    const { tools } = convertOperations(document);
    const conflict = {
      pointer: "#/properties/path/properties/id",
      keyword: "type",
      message: "A path parameter cannot be null: null is taken out of its type",
    };
    for (const tool of tools) {
      const sections = tool.definition.parameters.properties as Record<string, { properties: JsonSchema }>;
      expect(sections.path?.properties.id).toEqual({ type: "integer" });
      // The second operation shares the first one's parameter schema, and its report says so too.
      expect(tool.report.conflicts).toEqual([conflict]);
    }
    const sections = tools[0]?.definition.parameters.properties as Record<string, { properties: JsonSchema }>;
    expect(sections.query?.properties.since).toEqual({ type: ["integer", "null"] });
  });
});

describe("OAS 3.1 identifiers", () => {
  test("a component with $id and $anchor, used twice and by its anchor, gives a tool that Ajv compiles in every dialect", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/pets": {
          post: {
            operationId: "addPets",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { first: { $ref: "#/components/schemas/Pet" }, second: { $ref: "#pet" } },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            $id: "https://example.com/pet",
            $anchor: "pet",
            type: "object",
            properties: { name: { type: "string" } },
          },
        },
      },
    };
    for (const dialect of ["openai", "openai-strict", "anthropic", "gemini", "mcp"] as const) {
      const { tools, failures } = convertOperations(document, { dialect });
      expect(failures).toEqual([]);
      const [converted] = tools;
      expect(JSON.stringify(converted?.tool)).not.toMatch(/"\$(id|anchor)"/);
      if (dialect !== "gemini") {
        expect(() => new Ajv({ strict: false }).compile(converted?.definition.parameters ?? {})).not.toThrow();
      }
    }
  });
});

describe("tool names from operationIds in another script", () => {
  const operation = (operationId: string, extra: object = {}) => ({ operationId, responses: {}, ...extra });
  const { tools } = convertOperations({
    openapi: "3.0.3",
    paths: {
      "/objects/{ot_id}": {
        get: operation("查询对象实例", { summary: "按条件查询对象实例" }),
        post: operation("新建对象"),
      },
      "/kn": { get: operation("列出知识网络v2") },
      "/pets": { get: operation("getPetÜbersicht") },
    },
  });
  const named = tools.map(({ tool }) => {
    const { name, description } = (tool as { function: { name: string; description: string } }).function;
    return [name, description];
  });

  test("an id a name would keep less than half of is named by method and path; the description keeps its words", () => {
    expect(named.slice(0, 3)).toEqual([
      ["GET_objects_ot_id", "按条件查询对象实例"],
      ["POST_objects_ot_id", "新建对象"],
      ["GET_kn", "列出知识网络v2"],
    ]);
  });

  test("an id that keeps most of itself keeps its name", () => {
    expect(named[3]).toEqual(["getPet_bersicht", "GET /pets"]);
  });
});

describe("fixed values", () => {
  test.each([
    {
      name: "flat by name (headers case-insensitive)",
      fixed: { TRACE: "t1", limit: 5 },
      want: { header: { trace: "t1" }, query: { limit: 5 } },
      wantSections: ["path", "cookie", "body"],
    },
    {
      name: "by location",
      fixed: { cookie: { session: "s" }, body: { name: "Rex" } },
      want: { cookie: { session: "s" }, body: { name: "Rex" } },
      wantSections: ["header", "path", "query", "body"],
    },
  ])("$name", ({ fixed, want, wantSections }) => {
    const { tools } = convertOperations(petstore, { operations: ["updatePet"], fixed });
    const tool = tools[0];
    expect(tool?.fixed).toEqual(want);
    expect(Object.keys(tool?.definition.parameters.properties as object)).toEqual(wantSections);
  });

  test("a fixed required member leaves the section's and the top level's required lists", () => {
    const { tools } = convertOperations(petstore, { operations: ["updatePet"], fixed: { session: "s", name: "Rex" } });
    expect(tools[0]?.definition.parameters.required).toEqual(["path"]);
  });

  test("a flat name the operation does not have is reported, not dropped silently", () => {
    const { tools } = convertOperations(petstore, { operations: ["tagPet"], fixed: { "x-account-id": "a" } });
    expect(tools[0]?.fixed).toEqual({});
    expect(tools[0]?.report.unplacedFixed).toEqual(["x-account-id"]);
  });

  describe("one parameter fixed twice is AMBIGUOUS_ARGUMENT, never one value silently kept", () => {
    const nested = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/x": {
          post: {
            operationId: "postX",
            parameters: [{ name: "X-Account-Id", in: "header", schema: { type: "string" } }],
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      condition: { type: "object", properties: { field: { type: "string" }, value: {} } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };

    test.each([
      [
        "a header flat and in its section",
        { "x-account-id": "a", header: { "X-ACCOUNT-ID": "b" } },
        "header.X-Account-Id",
      ],
      [
        "a header in two cases in its section",
        { header: { "x-account-id": "a", "X-Account-Id": "b" } },
        "header.X-Account-Id",
      ],
      [
        "a body member flat and in the body section, each naming other nested members",
        { body: { condition: { field: "f" } }, condition: { value: 1 } },
        "body.condition",
      ],
    ])("%s", (_name, fixed, parameter) => {
      const { tools, failures } = convertOperations(nested, { fixed });
      expect(tools).toEqual([]);
      expect(failures).toEqual([
        {
          operation: "postX",
          error: { code: "AMBIGUOUS_ARGUMENT", message: expect.stringContaining(`give ${parameter} twice`) },
        },
      ]);
    });

    test("a caller's value for a one-value header, in another case, is kept and not fixed again", () => {
      const constant = structuredClone(nested);
      constant.paths["/x"].post.parameters.push({
        name: "X-Mode",
        in: "header",
        required: true,
        schema: { type: "string", enum: ["GET"] },
      } as never);
      const [tool] = convertOperations(constant, { fixed: { "x-mode": "POST" } }).tools;
      expect(tool?.fixed).toEqual({ header: { "X-Mode": "POST" } });
    });
  });

  test("20,000 one-value parameters, half fixed by the caller: the caller's values win, the rest are fixed alike", () => {
    const names = Array.from({ length: 20_000 }, (_, index) => `p${index}`);
    const parameters = names.map((name) => ({ name, in: "query", required: true, schema: { enum: ["only"] } }));
    const hostile = { openapi: "3.0.3", info: { title: "t", version: "1" }, paths: { "/x": { get: { parameters } } } };
    const fixed = Object.fromEntries(names.slice(0, 10_000).map((name) => [name, "caller"]));
    const [tool] = convertOperations(hostile, { fixed }).tools;
    expect(Object.keys(tool?.fixed.query ?? {})).toEqual(names);
    expect(tool?.fixed.query?.p0).toBe("caller");
    expect(tool?.fixed.query?.p19999).toBe("only");
    expect(tool?.definition.parameters).toEqual({ type: "object", properties: {} });
  });
});

describe("token budget", () => {
  const deep = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        post: {
          operationId: "makeThing",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: "object",
          required: ["name", "detail"],
          properties: {
            name: { type: "string", description: "The name" },
            detail: { $ref: "#/components/schemas/Detail" },
            extra: { $ref: "#/components/schemas/Detail" },
          },
        },
        Detail: {
          type: "object",
          required: ["level"],
          properties: Object.fromEntries([
            ...Array.from({ length: 40 }, (_, index) => [
              `field${index}`,
              { type: "string", description: `A long description of field ${index} that costs tokens` },
            ]),
            ["level", { type: "integer" }],
          ]),
        },
      },
    },
  };

  test("under the budget nothing is cut", () => {
    const { tools } = convertOperations(deep);
    expect(tools[0]?.report.pruned).toEqual([]);
  });

  test("over it, the deepest level goes first, top-level parameters and required members stay", () => {
    const { tools, failures } = convertOperations(deep, { maxTokens: 300 });
    expect(failures).toEqual([]);
    const tool = tools[0];
    expect(tool?.report.size.tokens).toBeLessThanOrEqual(300);
    expect(tool?.report.pruned.every((entry) => entry.reason === "budget")).toBe(true);
    type Nested = Record<string, { properties: Record<string, { properties?: object }> }>;
    const body = (tool?.definition.parameters.properties as Nested | undefined)?.body;
    expect(Object.keys(body?.properties ?? {})).toEqual(["name", "detail", "extra"]);
    expect(Object.keys(body?.properties.detail?.properties ?? {})).toEqual(["level"]);
  });

  test("special-token text in a description is counted as text, not refused by the tokenizer", () => {
    const withSpecialText = structuredClone(deep);
    withSpecialText.components.schemas.Detail.properties.field0.description = "Ends with <|endoftext|> literally";
    const { tools, failures } = convertOperations(withSpecialText, { maxTokens: 300 });
    expect(failures).toEqual([]);
    expect(tools[0]?.report.size.tokens).toBeLessThanOrEqual(300);
  });

  test("when even the top level does not fit, the failure says BUDGET_EXCEEDED", () => {
    const { tools, failures } = convertOperations(deep, { maxTokens: 20 });
    expect(tools).toEqual([]);
    expect(failures).toEqual([{ operation: "makeThing", error: expect.objectContaining({ code: "BUDGET_EXCEEDED" }) }]);
  });

  test("BUDGET_EXCEEDED names the smallest budget the tool fits: its size with every nested schema cut", () => {
    const failure = convertOperations(deep, { maxTokens: 20 }).failures[0];
    const needed = Number(/needs (\d+) tokens/.exec(failure?.error.message ?? "")?.[1]);
    expect(needed).toBeGreaterThan(20);
    expect(failure?.error.message).toContain(
      `the budget is 20, and a budget (maxTokens) of ${needed} or more converts it`,
    );
    expect(convertOperations(deep, { maxTokens: needed }).tools[0]?.report.size.tokens).toBe(needed);
    expect(convertOperations(deep, { maxTokens: needed - 1 }).failures[0]?.error.code).toBe("BUDGET_EXCEEDED");
  });

  test("each cut schema says once that detail was cut, however many levels were cut", () => {
    // A chain of required objects beside wide optional parts: fitting cuts several levels, and the required members
    // of a cut object are kept in short form.
    const wide = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [`f${index}`, { type: "string", description: `Field ${index} costs` }]),
    );
    const link = (description: string, required: string, inner: object) => ({
      type: "object",
      description,
      required: [required],
      properties: { [required]: inner, ...wide },
    });
    const a = link("A", "b", link("B", "c", link("C", "d", { type: "object", properties: wide })));
    const schema = { type: "object", required: ["a"], properties: { a } };
    const chain = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/x": { post: { requestBody: { required: true, content: { "application/json": { schema } } } } },
      },
    };
    for (const maxTokens of [150, 300, 600]) {
      const json = JSON.stringify(convertOperations(chain, { maxTokens }).tools[0]?.tool);
      expect(json).toContain("(detail cut to fit the token budget)");
      expect(json).not.toContain("budget) (detail cut");
    }
  });

  describe("what a cut keeps", () => {
    const wide = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [`f${index}`, { type: "string", description: `Field ${index} costs` }]),
    );
    const documentOf = (schema: object) => ({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/x": { post: { requestBody: { required: true, content: { "application/json": { schema } } } } } },
    });
    const propertiesOf = (schema: JsonSchema | undefined) => (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const bodyOf = (tool: unknown) => propertiesOf((tool as OpenAiTool).function.parameters).body;
    const cut = "(detail cut to fit the token budget)";

    test("a chain of required objects keeps its required members in short form, down to its leaf", () => {
      const schema = {
        type: "object",
        required: ["a"],
        properties: {
          a: {
            type: "object",
            required: ["b"],
            properties: {
              b: { type: "object", required: ["c"], properties: { c: { type: "string" }, ...wide } },
              ...wide,
            },
          },
        },
      };
      const [tool] = convertOperations(documentOf(schema), { maxTokens: 300 }).tools;
      expect(bodyOf(tool?.tool)?.properties).toEqual({
        a: {
          type: "object",
          description: cut,
          properties: {
            b: { type: "object", description: cut, properties: { c: { type: "string" } }, required: ["c"] },
          },
          required: ["b"],
        },
      });
      expect(tool?.report.pruned).toEqual([
        { pointer: "#/properties/body/properties/a", reason: "budget" },
        { pointer: "#/properties/body/properties/a/properties/b", reason: "budget" },
      ]);
      const validate = new Ajv({ strict: false }).compile(tool?.definition.parameters ?? {});
      expect([{ body: { a: { b: { c: "x" } } } }, { body: { a: { b: {} } } }].map((value) => validate(value))).toEqual([
        true,
        false,
      ]);
    });

    test("a chain as deep as the expander allows is kept whole or refused with BUDGET_EXCEEDED, never a stack overflow", () => {
      const chain = (depth: number) => {
        let schema: object = { type: "string" };
        for (let level = 0; level < depth; level += 1) {
          schema = { type: "object", required: ["n"], properties: { n: schema, o: { type: "string" } } };
        }
        return schema;
      };
      expect(convertOperations(documentOf(chain(10_000)), { maxTokens: 300 }).failures[0]?.error.code).toBe(
        "SCHEMA_TOO_DEEP",
      );
      const deepest = documentOf(chain(398));
      const failure = convertOperations(deepest, { maxTokens: 300 }).failures[0];
      expect(failure?.error.code).toBe("BUDGET_EXCEEDED");
      const needed = Number(/needs (\d+) tokens/.exec(failure?.error.message ?? "")?.[1]);
      let schema = bodyOf(convertOperations(deepest, { maxTokens: needed }).tools[0]?.tool);
      for (let level = 0; level < 398; level += 1) schema = propertiesOf(schema).n;
      expect(schema).toEqual({ type: "string" });
    });

    test("a schema without a type of its own is cut to the types of its branches, not to an object", () => {
      const id = { oneOf: [{ type: "string", description: "The id as text. ".repeat(20) }, { type: "integer" }] };
      // The long description of `inner` stays in its short form: only a cut at the top-level parameters fits.
      const inner = { type: "object", description: "Inner detail. ".repeat(60), properties: wide };
      const deep = { type: "object", properties: { inner } };
      const [tool] = convertOperations(documentOf({ type: "object", required: ["id"], properties: { id, deep } }), {
        maxTokens: 300,
      }).tools;
      const cutId = propertiesOf(bodyOf(tool?.tool)).id;
      expect(cutId).toEqual({ type: ["string", "integer"], description: cut });
      // The source takes a string or an integer id, and so does the cut schema.
      const [source, written] = [id, cutId ?? {}].map((schema) => new Ajv({ strict: false }).compile(schema));
      const instances = ["abc", 7, 1.5, {}, true];
      expect(instances.map((value) => source?.(value))).toEqual([true, true, false, false, false]);
      expect(instances.map((value) => written?.(value))).toEqual([true, true, false, false, false]);
    });
  });

  describe("when even the top-level parameters do not fit, their longest descriptions are shortened", () => {
    // As AWS's query APIs are: many top-level parameters, each with a paragraph of documentation, nothing to cut.
    const paragraph = (index: number) =>
      `Parameter ${index} selects which of the account's resources the request applies to, and in which region. `.repeat(
        4,
      );
    const parameters = [
      { name: "pageSize", in: "query", required: false, description: "Page size.", schema: { type: "integer" } },
      ...Array.from({ length: 40 }, (_, index) => ({
        name: `p${index}`,
        in: "query",
        required: index % 2 === 0,
        description: paragraph(index),
        schema: { type: "string" },
      })),
      {
        name: "filter",
        in: "query",
        required: false,
        description: paragraph(40),
        schema: { type: "object", properties: { tag: { type: "string", description: paragraph(41) } } },
      },
    ];
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/run": { get: { operationId: "run", parameters } } },
    };
    type Query = { properties: Record<string, { description?: string }>; required?: string[] };
    const queryOf = (maxTokens: number) => {
      const { tools, failures } = convertOperations(document, { maxTokens });
      expect(failures).toEqual([]);
      const tool = tools[0];
      const sections = tool?.definition.parameters.properties as Record<string, Query>;
      return { tool, query: sections.query as Query };
    };
    const whole = convertOperations(document, { maxTokens: 1e6 }).tools[0]?.report.size.tokens ?? 0;

    test("the tool fits, with every parameter and the required ones still required", () => {
      const { tool, query } = queryOf(Math.round(whole / 2));
      expect(countTokens(JSON.stringify(tool?.tool))).toBeLessThanOrEqual(Math.round(whole / 2));
      expect(Object.keys(query.properties)).toEqual(parameters.map((parameter) => parameter.name));
      expect(query.required).toEqual(parameters.filter((parameter) => parameter.required).map(({ name }) => name));
      expect(checkDialectRules(tool?.tool, "openai")).toEqual([]);
    });

    test("long descriptions end in an ellipsis and are reported at their pointers; short ones stay whole", () => {
      const { tool, query } = queryOf(Math.round(whole / 2));
      expect(query.properties.pageSize?.description).toBe("Page size.");
      const shortened = parameters.slice(1, -1).map(({ name }) => query.properties[name]?.description ?? "");
      for (const [index, description] of shortened.entries()) {
        expect(description.endsWith("…")).toBe(true);
        expect(paragraph(index).startsWith(description.slice(0, -1))).toBe(true);
      }
      // The object parameter was cut to its short form first: its note stays whole after its shortened text.
      expect(query.properties.filter?.description).toMatch(
        /^Parameter 40 [^(]*… \(detail cut to fit the token budget\)$/,
      );
      expect(tool?.report.pruned).toEqual([
        { pointer: "#/properties/query/properties/filter", reason: "budget" },
        ...parameters.slice(1).map(({ name }) => ({
          pointer: `#/properties/query/properties/${name}/description`,
          reason: "budget",
        })),
      ]);
    });

    test("a larger budget keeps longer descriptions: the length is the longest that fits", () => {
      const kept = (maxTokens: number) => queryOf(maxTokens).query.properties.p0?.description?.length ?? 0;
      const lengths = [0.3, 0.5, 0.7, 0.9].map((share) => kept(Math.round(whole * share)));
      expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
      expect(new Set(lengths).size).toBe(lengths.length);
    });

    test("no descriptions at all is the last resort, and BUDGET_EXCEEDED names its size", () => {
      const failure = convertOperations(document, { maxTokens: 100 }).failures[0];
      expect(failure?.error.code).toBe("BUDGET_EXCEEDED");
      const needed = Number(/needs (\d+) tokens/.exec(failure?.error.message ?? "")?.[1]);
      const { query } = queryOf(needed);
      expect(Object.values(query.properties).map((property) => property.description)).toEqual([
        ...parameters.slice(0, -1).map(() => undefined),
        "(detail cut to fit the token budget)",
      ]);
    });
  });
});

test("an array cut to fit the budget keeps any item, which OpenAI requires of every array", () => {
  const wide = Object.fromEntries(
    Array.from({ length: 40 }, (_, index) => [`f${index}`, { type: "string", description: `Field ${index} costs` }]),
  );
  // The items' own description is long: shortening the items is not enough, the array itself is cut.
  const items = { type: "object", description: "A row, ".repeat(100), properties: wide };
  const rows = { type: "array", description: "Rows", items };
  const document = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/x": {
        post: {
          requestBody: { content: { "application/json": { schema: { type: "object", properties: { rows } } } } },
        },
      },
    },
  };
  const { tool } = convertOperations(document, { maxTokens: 120 }).tools[0] ?? {};
  const sections = (tool as OpenAiTool).function.parameters.properties as Record<string, { properties: JsonSchema }>;
  expect(sections.body?.properties.rows).toEqual({
    type: "array",
    description: "Rows (detail cut to fit the token budget)",
    items: {},
  });
  expect(checkDialectRules(tool, "openai")).toEqual([]);
});

test("patterns OpenAI refuses are described in every tool of a conversion, wherever they come from", () => {
  // The conversion skips looking for such patterns until its expansions meet one: each tool must still be clean.
  const domain = { type: "string", pattern: "^((?!-)[a-z0-9-]{1,62}\\.)+$" };
  const document = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/plain": { get: { operationId: "plain", parameters: [{ name: "q", in: "query", schema: { type: "string" } }] } },
      "/a": {
        post: {
          operationId: "viaBody",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Zone" } } } },
        },
      },
      "/b": { get: { operationId: "viaParameter", parameters: [{ $ref: "#/components/parameters/Domain" }] } },
      "/c": {
        put: {
          operationId: "again",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Zone" } } } },
        },
      },
    },
    components: {
      schemas: { Zone: { type: "object", properties: { name: domain } } },
      parameters: { Domain: { name: "domain", in: "query", schema: domain } },
    },
  };
  for (const dialect of ["openai", "openai-strict"] as const) {
    const { tools } = convertOperations(document, { dialect });
    expect(tools.map(({ tool }) => checkDialectRules(tool, dialect))).toEqual([[], [], [], []]);
    expect(tools.map(({ tool }) => JSON.stringify(tool).includes("pattern: "))).toEqual([false, true, true, true]);
  }
});

test("tuples get items in every dialect, and OpenAI's rules are met in every tool of a conversion", () => {
  // The conversion skips OpenAI's rules until its expansions meet a schema they change: each tool must still pass.
  const operation = (operationId: string, list: object) => ({
    post: {
      operationId,
      requestBody: { content: { "application/json": { schema: { type: "object", properties: { list } } } } },
    },
  });
  const document = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/plain": operation("plain", { type: "array", items: { type: "string" } }),
      "/open": operation("open", { type: "array", prefixItems: [{ type: "string" }] }),
      "/closed": operation("closed", { type: "array", prefixItems: [{ type: "string" }], items: false }),
    },
  };
  const listOf = (tool: unknown) =>
    ((parametersOf(tool) as JsonSchema).properties as Record<string, { properties: JsonSchema }>).body?.properties.list;
  for (const dialect of DIALECTS) {
    const { tools } = convertOperations(document, { dialect });
    expect(tools.map(({ tool }) => checkDialectRules(tool, dialect))).toEqual([[], [], []]);
    expect(tools.map(({ tool }) => typeof (listOf(tool) as JsonSchema | undefined)?.items)).toEqual([
      "object",
      "object",
      dialect === "anthropic" ? "boolean" : "object", // Anthropic takes `items: false`: it stays as written
    ]);
  }
  for (const dialect of ["openai", "mcp"] as const) {
    const closed = convertOperations(document, { dialect }).tools[2];
    expect(listOf(closed?.tool)).toEqual({
      type: "array",
      prefixItems: [{ type: "string" }],
      items: { type: "string" },
      maxItems: 1,
    });
    expect(closed?.report.changes).toContainEqual(
      expect.objectContaining({ keyword: "items", pointer: "#/properties/body/properties/list", action: "lowered" }),
    );
  }
});

describe("inputs and failures", () => {
  test("YAML input converts like JSON", () => {
    const yaml = [
      "openapi: 3.1.0",
      "info: {title: t, version: '1'}",
      "paths:",
      "  /items:",
      "    get:",
      "      operationId: listItems",
      "      parameters:",
      "        - {name: q, in: query, schema: {type: [string, 'null']}}",
    ].join("\n");
    const { tools } = convertOperations(yaml);
    expect(tools[0]?.definition.parameters).toEqual({
      type: "object",
      properties: {
        query: { type: "object", description: "URL query parameters", properties: { q: { type: ["string", "null"] } } },
      },
    });
  });

  test("a failing operation does not stop the others", () => {
    const document = {
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          get: { operationId: "broken", parameters: [{ name: "x", in: "query", schema: { $ref: "#/nowhere" } }] },
        },
        "/b": { get: { operationId: "fine" } },
      },
    };
    const { tools, failures } = convertOperations(document);
    expect(tools.map((tool) => tool.operation)).toEqual(["fine"]);
    expect(failures).toEqual([{ operation: "broken", error: expect.objectContaining({ code: "REF_NOT_FOUND" }) }]);
  });

  test.each([
    {
      name: "a $ref'ed parameter that points nowhere",
      broken: { operationId: "broken", parameters: [{ $ref: "#/components/parameters/Nope" }] },
      want: "REF_NOT_FOUND",
    },
    { name: "an operation that is not an object", broken: "nonsense", want: "INVALID_DOCUMENT" },
    {
      name: "a $ref'ed request body that points nowhere",
      broken: { operationId: "broken", requestBody: { $ref: "#/components/requestBodies/Nope" } },
      want: "REF_NOT_FOUND",
    },
  ])("an operation that cannot even be read ($name) fails alone", ({ broken, want }) => {
    const document = {
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: broken }, "/b": { get: { operationId: "fine" } } },
    };
    const { tools, failures } = convertOperations(document);
    expect(tools.map((tool) => tool.operation)).toEqual(["fine"]);
    expect(failures).toEqual([
      {
        operation: typeof broken === "string" ? "GET /a" : "broken",
        error: expect.objectContaining({ code: want }),
      },
    ]);
    const selected = convertOperations(document, { operations: ["GET /a"] });
    expect(selected.failures.map((failure) => failure.error.code)).toEqual([want]);
  });

  test("an unknown selector throws OPERATION_NOT_FOUND with suggestions", () => {
    expect(() => convertOperations(petstore, { operations: ["updatePets"] })).toThrow(
      expect.objectContaining({
        code: "OPERATION_NOT_FOUND",
        data: expect.objectContaining({ suggestions: ["updatePet"] }),
      }),
    );
  });

  test("a 10,000-deep schema fails its operation with a typed error, not a stack overflow", () => {
    const deep = `${'{"type":"object","properties":{"next":'.repeat(10_000)}{"type":"string"}${"}}".repeat(10_000)}`;
    const paths =
      '{"/deep":{"post":{"operationId":"deep","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Deep"}}}}}}}';
    const text = `{"openapi":"3.0.0","info":{},"paths":${paths},"components":{"schemas":{"Deep":${deep}}}}`;
    expect(convertOperations(text).failures).toEqual([
      { operation: "deep", error: expect.objectContaining({ code: "SCHEMA_TOO_DEEP" }) },
    ]);
  });

  test("a 10,000-deep schema in an object document fails its operation with a typed error, not a stack overflow", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let index = 0; index < 10_000; index += 1) schema = { type: "object", properties: { next: schema } };
    const body = { content: { "application/json": { schema: { $ref: "#/components/schemas/Deep" } } } };
    const paths = { "/deep": { post: { operationId: "deep", requestBody: body } } };
    expect(
      convertOperations({ openapi: "3.0.0", info: {}, paths, components: { schemas: { Deep: schema } } }).failures,
    ).toEqual([{ operation: "deep", error: expect.objectContaining({ code: "SCHEMA_TOO_DEEP" }) }]);
  });

  test("an object document whose schemas share subschemas (2^25 once written out) fails its operation, not the heap", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 25; level += 1) schema = { type: "object", properties: { a: schema, b: schema } };
    const body = { content: { "application/json": { schema } } };
    const paths = { "/a": { post: { operationId: "a", requestBody: body } }, "/b": { get: { operationId: "b" } } };
    const { tools, failures } = convertOperations({ openapi: "3.0.0", info: {}, paths });
    expect(tools.map(({ operation }) => operation)).toEqual(["b"]);
    expect(failures).toEqual([
      {
        operation: "a",
        error: expect.objectContaining({
          code: "INVALID_DOCUMENT",
          message: expect.stringContaining("more than 200000 schemas"),
          pointer: expect.stringMatching(/^#\/properties\/body\/properties\/[ab]\//),
        }),
      },
    ]);
  });

  test("a 10,000-deep Swagger 2.0 document is a typed error, not a stack overflow in its upgrade", () => {
    const deep = `${'{"type":"object","properties":{"next":'.repeat(10_000)}{"type":"string"}${"}}".repeat(10_000)}`;
    const text = `{"swagger":"2.0","info":{},"definitions":{"Deep":${deep}},"paths":{}}`;
    expect(() => convertOperations(text)).toThrow(
      expect.objectContaining({
        code: "SCHEMA_TOO_DEEP",
        data: { pointer: expect.stringMatching(/^#\/definitions\/Deep\/properties\/next\//) },
      }),
    );
  });

  test.each(["default", "example", "enum", "const"])(
    "a 10,000-deep %s value fails its operation with a typed error at its pointer",
    (keyword) => {
      const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
      const value = keyword === "enum" ? `[${deep}]` : deep;
      const schema = `{"type":"object","properties":{"p":{"type":"object","${keyword}":${value}}}}`;
      const text = `{"openapi":"3.0.0","info":{},"paths":{"/a":{"post":{"operationId":"deep","requestBody":{"content":{"application/json":{"schema":${schema}}}}}}}}`;
      expect(convertOperations(text).failures).toEqual([
        {
          operation: "deep",
          error: expect.objectContaining({
            code: "SCHEMA_TOO_DEEP",
            pointer: `#/properties/body/properties/p/${keyword}`,
          }),
        },
      ]);
    },
  );

  test("a 10,000-deep parameter example fails its operation with a typed error at its pointer", () => {
    const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const parameter = `{"name":"q","in":"query","schema":{"type":"object"},"example":${deep}}`;
    const text = `{"openapi":"3.0.0","info":{},"paths":{"/a":{"get":{"operationId":"deep","parameters":[${parameter}]}}}}`;
    expect(convertOperations(text).failures).toEqual([
      {
        operation: "deep",
        error: expect.objectContaining({ code: "SCHEMA_TOO_DEEP", pointer: "#/properties/query/properties/q/example" }),
      },
    ]);
  });

  test("tool names are unique within one conversion", () => {
    const document = {
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { operationId: "get a" }, post: { operationId: "get_a" } } },
    };
    const names = convertOperations(document).tools.map((tool) => tool.definition.name);
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toBe("get_a");
  });
});

describe("external refs in documents", () => {
  const document = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/pets": {
        post: {
          operationId: "addPet",
          requestBody: { content: { "application/json": { schema: { $ref: "./pet.json" } } } },
        },
      },
    },
  };

  test("are refused by default, naming the ref", () => {
    expect(convertOperations(document).failures).toEqual([
      {
        operation: "addPet",
        error: expect.objectContaining({ code: "EXTERNAL_REF_REFUSED", pointer: "#/properties/body" }),
      },
    ]);
  });

  test("are resolved only through the caller's resolver", () => {
    const { tools } = convertOperations(document, {
      resolveExternalRef: (ref) =>
        ref === "./pet.json" ? { type: "object", properties: { name: { type: "string" } } } : {},
    });
    expect((tools[0]?.definition.parameters.properties as Record<string, unknown> | undefined)?.body).toEqual({
      type: "object",
      description: "Request body (application/json)",
      properties: { name: { type: "string" } },
    });
  });
});

describe('a body of any media type (Kubernetes\' `consumes: ["*/*"]`)', () => {
  // As Kubernetes' Swagger 2.0 spec writes its create operations (256 of its 1,014), trimmed.
  const kubernetes = {
    swagger: "2.0",
    info: { title: "Kubernetes", version: "v1.13" },
    paths: {
      "/api/v1/namespaces": {
        post: {
          operationId: "createCoreV1Namespace",
          consumes: ["*/*"],
          parameters: [{ name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Namespace" } }],
          responses: { "201": { description: "Created" } },
        },
      },
      "/markdown/raw": {
        post: {
          operationId: "renderRaw",
          consumes: ["*/*"],
          parameters: [{ name: "text", in: "body", schema: { type: "string" } }],
          responses: { "200": { description: "OK" } },
        },
      },
    },
    definitions: {
      Namespace: {
        description: "Namespace provides a scope for Names.",
        properties: { metadata: { type: "object", properties: { name: { type: "string" } } } },
      },
    },
  };
  const { tools, failures } = convertOperations(kubernetes);
  const body = (id: string) => {
    const parameters = tools.find((tool) => tool.operation === id)?.definition.parameters;
    return (parameters?.properties as Record<string, unknown> | undefined)?.body;
  };

  test("an object schema is the body's schema, not a file", () => {
    expect(failures).toEqual([]);
    expect(body("createCoreV1Namespace")).toEqual({
      type: "object",
      description: "Namespace provides a scope for Names.",
      properties: { metadata: { type: "object", properties: { name: { type: "string" } } } },
    });
  });

  test("a string schema is still a file", () => {
    expect(body("renderRaw")).toMatchObject({ type: "string", format: "binary" });
  });
});

describe("a text/plain body keeps its schema", () => {
  const textBody = (schema: JsonSchema | undefined) => {
    const document = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/x": {
          post: {
            operationId: "op",
            requestBody: { content: { "text/plain": schema === undefined ? {} : { schema } } },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const { tools, failures } = convertOperations(document, { dialect: "mcp" });
    const [tool] = tools;
    if (tool === undefined) throw new Error(JSON.stringify(failures));
    const { properties } = tool.definition.parameters as { properties: Record<string, JsonSchema> };
    return { body: properties.body, conflicts: tool.report.conflicts };
  };

  test("a string's enum, format, bounds and examples stay, and its description describes the body", () => {
    const schema = {
      type: "string",
      enum: ["on", "off"],
      description: "switch",
      format: "word",
      maxLength: 3,
      examples: ["on"],
    };
    const { body, conflicts } = textBody(schema);
    expect(body).toEqual(schema);
    expect(conflicts).toEqual([]);
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(body as JsonSchema);
    expect(["on", "off", "of", "", 1].map((value) => validate(value))).toEqual([true, true, false, false, false]);
  });

  test.each([
    { given: undefined, want: { type: "string", description: "Request body (text/plain)" } },
    { given: {}, want: { type: "string", description: "Request body (text/plain)" } },
    { given: { maxLength: 9 }, want: { type: "string", maxLength: 9, description: "Request body (text/plain)" } },
    // The request side sends a number's text: 5 as "5".
    {
      given: { type: "integer", minimum: 1 },
      want: { type: "integer", minimum: 1, description: "Request body (text/plain)" },
    },
  ])("$given is a body of $want.type with no conflict", ({ given, want }) => {
    expect(textBody(given)).toEqual({ body: want, conflicts: [] });
  });

  test("an object, which a text body cannot carry, is a string with its description, reported", () => {
    const given = { type: "object", description: "A CSV row", properties: { a: { type: "string" } } };
    expect(textBody(given)).toEqual({
      body: { type: "string", description: "A CSV row" },
      conflicts: [
        {
          pointer: "#/properties/body",
          keyword: "type",
          message: 'A text/plain body is text: its schema of type "object" is replaced by a string',
        },
      ],
    });
  });

  test("of a type list, the types text carries stay, with their keywords, reported", () => {
    const given = { type: ["string", "array", "null"], maxLength: 9, items: { type: "string" } };
    expect(textBody(given)).toEqual({
      body: { type: "string", maxLength: 9, items: { type: "string" }, description: "Request body (text/plain)" },
      conflicts: [
        {
          pointer: "#/properties/body",
          keyword: "type",
          message: 'A text/plain body is text: its type ["string","array","null"] becomes "string"',
        },
      ],
    });
  });
});

describe("a parameter's example or examples override its schema's (OAS 3 Parameter Object)", () => {
  const query = (parameters: JsonSchema[]) => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/x": { get: { operationId: "g", parameters, responses: { "200": { description: "ok" } } } } },
      components: {
        examples: { A: { value: "fromRef" }, ToA: { $ref: "#/components/examples/A" }, Url: { externalValue: "u" } },
      },
    };
    const { tools, failures } = convertOperations(document);
    const properties = tools[0]?.definition.parameters.properties as Record<string, JsonSchema> | undefined;
    return { query: (properties?.query as JsonSchema | undefined)?.properties, failures };
  };
  const schema = { type: "string", example: "schemaEx", examples: ["schemaExs"] };

  test.each([
    { name: "example", given: { example: "paramEx" }, want: { type: "string", example: "paramEx" } },
    {
      name: "examples, $refs followed, one with only an externalValue skipped",
      given: {
        examples: {
          a: { $ref: "#/components/examples/A" },
          b: { $ref: "#/components/examples/ToA" },
          c: { value: 3 },
          d: { $ref: "#/components/examples/Url" },
        },
      },
      want: { type: "string", examples: ["fromRef", "fromRef", 3] },
    },
    { name: "no value among examples", given: { examples: { d: { externalValue: "u" } } }, want: schema },
  ])("$name", ({ given, want }) => {
    expect(query([{ name: "q", in: "query", schema, ...given }])).toEqual({ query: { q: want }, failures: [] });
  });

  test("an example $ref to nothing fails the operation with REF_NOT_FOUND at its place, as a parameter $ref does", () => {
    const examples = { a: { $ref: "#/components/examples/Missing" } };
    expect(query([{ name: "q", in: "query", schema, examples }]).failures).toEqual([
      {
        operation: "g",
        error: expect.objectContaining({ code: "REF_NOT_FOUND", pointer: "#/paths/~1x/get/parameters/0/examples/a" }),
      },
    ]);
  });
});

describe("more sources and rules", () => {
  test("a flat fixed name in two locations is ambiguous", () => {
    const document = {
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a/{id}": {
          get: {
            operationId: "getA",
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "string" } },
              { name: "id", in: "query", schema: { type: "string" } },
            ],
          },
        },
      },
    };
    expect(convertOperations(document, { fixed: { id: "1" } }).failures).toEqual([
      { operation: "getA", error: expect.objectContaining({ code: "AMBIGUOUS_ARGUMENT" }) },
    ]);
    expect(convertOperations(document, { fixed: { query: { id: "1" } } }).tools[0]?.fixed).toEqual({
      query: { id: "1" },
    });
  });

  test.each([
    { version: "3.0.3", want: { type: "string", description: "Local" } },
    { version: "3.1.0", want: { type: "string", maxLength: 3, description: "Local" } },
  ])("OAS $version: a $ref's assertion siblings apply only from 3.1", ({ version, want }) => {
    const document = {
      openapi: version,
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          get: {
            operationId: "getA",
            parameters: [
              {
                name: "q",
                in: "query",
                schema: { $ref: "#/components/schemas/S", maxLength: 3, description: "Local" },
              },
            ],
          },
        },
      },
      components: { schemas: { S: { type: "string", description: "Shared" } } },
    };
    const sections = convertOperations(document).tools[0]?.definition.parameters.properties;
    const query = (sections as Record<string, { properties: object }> | undefined)?.query;
    expect(query?.properties).toEqual({ q: want });
  });

  test("Swagger 2.0 documents are upgraded and converted", () => {
    const document = {
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: {
        "/pets": {
          post: {
            operationId: "addPet",
            parameters: [
              { name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Pet" } },
              { name: "dryRun", in: "query", type: "boolean" },
            ],
          },
        },
      },
      definitions: { Pet: { type: "object", required: ["name"], properties: { name: { type: "string" } } } },
    };
    expect(convertOperations(document).tools[0]?.definition.parameters).toEqual({
      type: "object",
      properties: {
        query: { type: "object", description: "URL query parameters", properties: { dryRun: { type: "boolean" } } },
        body: {
          type: "object",
          description: "Request body (application/json)",
          properties: { name: { type: "string" } },
          required: ["name"],
        },
      },
      required: ["body"],
    });
  });
});
