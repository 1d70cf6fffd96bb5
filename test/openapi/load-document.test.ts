import { describe, expect, test } from "vitest";
import { detectDocumentKind } from "../../src/openapi/detect-document-kind.js";
import { listOperations } from "../../src/openapi/list-operations.js";
import { loadDocument } from "../../src/openapi/load-document.js";

describe("loadDocument", () => {
  test.each([
    { name: "JSON text", given: '{"openapi":"3.0.3","info":{},"paths":{}}', wantKind: "openapi-3.0" },
    { name: "YAML text", given: "openapi: 3.1.0\ninfo: {}\npaths: {}\n", wantKind: "openapi-3.1" },
    {
      name: "JSON text saved with a byte order mark",
      given: '\ufeff{"openapi":"3.0.3","paths":{}}',
      wantKind: "openapi-3.0",
    },
    {
      name: "YAML text saved with a byte order mark",
      given: "\ufeffopenapi: 3.1.0\npaths: {}\n",
      wantKind: "openapi-3.1",
    },
    { name: "an object", given: { openapi: "3.1.1", paths: {} }, wantKind: "openapi-3.1" },
    { name: "a tool detail", given: { metadata: { api_spec: { parameters: [] } } }, wantKind: "tool-detail" },
    { name: "a bare api_spec", given: { parameters: [], request_body: {}, responses: [] }, wantKind: "api-spec" },
    { name: "an MCP tool", given: { name: "search", inputSchema: { type: "object" } }, wantKind: "mcp-tool" },
    { name: "OpenAPI 3.2", given: "openapi: 3.2.0\npaths: {}\n", wantKind: "openapi-3.2" },
    {
      name: "a version YAML read as a number (openapi: 3.1)",
      given: "openapi: 3.1\npaths: {}\n",
      wantKind: "openapi-3.1",
    },
    { name: "openapi: 3.0, read as the number 3", given: "openapi: 3.0\npaths: {}\n", wantKind: "openapi-3.0" },
  ])("reads $name", ({ given, wantKind }) => {
    expect(detectDocumentKind(loadDocument(given))).toBe(wantKind);
  });

  test("swagger: 2.0 unquoted (the number 2) is Swagger 2.0, and an object input keeps its number", () => {
    expect(loadDocument("swagger: 2.0\ninfo: {}\npaths: {}\n").openapi).toBe("3.0.3");
    const given = { swagger: 2, info: {}, paths: {} };
    expect(loadDocument(given).openapi).toBe("3.0.3");
    expect(given.swagger).toBe(2);
  });

  test("Swagger 2.0 is upgraded to OpenAPI 3", () => {
    const document = loadDocument({ swagger: "2.0", info: {}, paths: {}, definitions: { Pet: { type: "object" } } });
    expect(document.openapi).toBe("3.0.3");
    expect(document.components).toEqual({ schemas: { Pet: { type: "object" } } });
  });

  test.each([
    {
      name: "invalid JSON",
      given: '{"openapi": "3.0.0",\n  "paths": {,}}',
      code: "INVALID_DOCUMENT",
      message: /line 2, column/,
    },
    {
      name: "invalid YAML",
      given: "openapi: 3.0.0\npaths:\n  - a\n b: [",
      code: "INVALID_DOCUMENT",
      message: /line \d+, column \d+/,
    },
    {
      name: "JSON text that ends too soon (at its end)",
      given: '{"openapi": "3.0.0",\n  "paths": ',
      code: "INVALID_DOCUMENT",
      message: /^Invalid JSON at line 2, column 12: Unexpected end of JSON input$/,
    },
    { name: "an array", given: "[1, 2]", code: "INVALID_DOCUMENT", message: /must be an object/ },
    { name: "empty text", given: "", code: "INVALID_DOCUMENT", message: /^The document is empty$/ },
    { name: "blank text", given: "\ufeff \n\t\n", code: "INVALID_DOCUMENT", message: /^The document is empty$/ },
    { name: "an unknown shape", given: { hello: "world" }, code: "UNSUPPORTED_SPEC", message: /Unknown document/ },
    { name: "OpenAPI 4", given: { openapi: "4.0.0" }, code: "UNSUPPORTED_SPEC", message: /Unknown document/ },
  ])("refuses $name with $code", ({ given, code, message }) => {
    expect(() => loadDocument(given)).toThrow(
      expect.objectContaining({ code, message: expect.stringMatching(message) }),
    );
  });

  test("a function where a path item belongs is refused when the operations are listed", () => {
    const document = loadDocument({ openapi: "3.0.0", paths: { x: () => 1 } });
    expect(() => listOperations(document)).toThrow(
      expect.objectContaining({ code: "INVALID_DOCUMENT", message: expect.stringMatching(/#\/paths\/x/) }),
    );
  });

  test("an object input is used as is (a copy of a large document costs more than converting it), never mutated, and __proto__ keys stay data", () => {
    const given = JSON.parse('{"openapi":"3.0.0","paths":{},"components":{"schemas":{"__proto__":{"type":"string"}}}}');
    const before = JSON.stringify(given);
    const document = loadDocument(given);
    expect(document).toBe(given);
    expect(JSON.stringify(given)).toBe(before);
    const schemas = (document.components as Record<string, object>).schemas as object;
    expect(Object.getOwnPropertyDescriptor(schemas, "__proto__")?.value).toEqual({ type: "string" });
  });

  describe("YAML merge keys", () => {
    const spec = [
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "x-shared:",
      "  page: &page {name: page, in: query, schema: {type: integer, minimum: 1}}",
      "  id: &id {type: string, format: uuid}",
      "  limits: &limits {maxLength: 36, format: overridden}",
      "paths:",
      "  /items:",
      "    get:",
      "      parameters:",
      "        - {<<: *page, description: Page number}",
      "        - name: id",
      "          in: query",
      "          schema: {<<: [*id, *limits], minLength: 36}",
      "        - name: raw",
      "          in: query",
      '          schema: {"<<": *id}',
      "      responses: {}",
    ].join("\n");
    const parameters = () => {
      const document = loadDocument(spec) as { paths: { "/items": { get: { parameters: unknown[] } } } };
      return document.paths["/items"].get.parameters;
    };

    test("a merged map takes the keys its mapping does not set", () => {
      expect(parameters()[0]).toEqual({
        name: "page",
        in: "query",
        schema: { type: "integer", minimum: 1 },
        description: "Page number",
      });
    });

    test("a list of maps merges in order: the earlier map wins a key both set", () => {
      expect(parameters()[1]).toEqual({
        name: "id",
        in: "query",
        schema: { type: "string", format: "uuid", maxLength: 36, minLength: 36 },
      });
    });

    test('a quoted "<<" is an ordinary key', () => {
      expect(parameters()[2]).toEqual({
        name: "raw",
        in: "query",
        schema: { "<<": { type: "string", format: "uuid" } },
      });
    });

    test("a merged __proto__ key stays data", () => {
      const document = loadDocument("openapi: 3.0.0\nbase: &base {__proto__: {polluted: true}}\nx: {<<: *base}\n");
      expect(Object.getOwnPropertyDescriptor(document.x, "__proto__")?.value).toEqual({ polluted: true });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    test.each([
      { name: "a scalar", source: "5" },
      { name: "a list alias", source: "*list" },
      { name: "a list holding a scalar", source: "[*map, 5]" },
    ])("merging $name is INVALID_DOCUMENT at the merge key's line and column", ({ source }) => {
      const text = `openapi: 3.0.0\nlist: &list [1]\nmap: &map {a: 1}\npaths:\n  x:\n    <<: ${source}\n`;
      expect(() => loadDocument(text)).toThrow(
        expect.objectContaining({
          code: "INVALID_DOCUMENT",
          message: "Invalid YAML at line 6, column 5: Merge sources must be maps or map aliases",
          data: { line: 6, column: 5 },
        }),
      );
    });
  });

  test("JSON text that ends too soon names the end's line and column in data, as other parse errors do", () => {
    expect(() => loadDocument('{"openapi": "3.0.0",\n  "paths": ')).toThrow(
      expect.objectContaining({ code: "INVALID_DOCUMENT", data: { line: 2, column: 12 } }),
    );
  });

  test.each([
    { name: "flow", given: `openapi: 3.0.0\nx: ${"[".repeat(5000)}${"]".repeat(5000)}\n` },
    { name: "block (compact sequences)", given: `openapi: 3.0.0\nx:\n  ${"- ".repeat(5000)}1\n` },
  ])("YAML nested deeper than the parser's stack ($name) is SCHEMA_TOO_DEEP, with no made-up place", ({ given }) => {
    expect(() => loadDocument(given)).toThrow(
      expect.objectContaining({
        code: "SCHEMA_TOO_DEEP",
        message: "The document nests too deeply to be read as YAML",
        data: {},
      }),
    );
  });

  test("YAML alias bombs are refused", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let index = 0; index < 8; index += 1) {
      lines.push(
        `${String.fromCharCode(98 + index)}: &${String.fromCharCode(98 + index)} [${Array(9)
          .fill(`*${String.fromCharCode(97 + index)}`)
          .join(", ")}]`,
      );
    }
    expect(() => loadDocument(`openapi: 3.0.0\n${lines.join("\n")}`)).toThrow(
      expect.objectContaining({ code: "INVALID_DOCUMENT", message: expect.stringMatching(/^Invalid YAML: .*alias/) }),
    );
  });
});
