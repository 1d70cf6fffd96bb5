import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseToolCalls } from "../../src/calls/parse-tool-calls.js";
import { convertOperations } from "../../src/schema/convert-operations.js";
import { checkDialectRules, type GeminiFunctionDeclaration, toDialect } from "../../src/schema/dialects/index.js";

/**
 * Gemini answers 400 "properties: should be non-empty for OBJECT type" to any object without properties, at the top
 * (a function without arguments) or below it (free-form, or cut for depth); agno, pipecat-flows and the Vercel AI SDK
 * met it.
 */
describe("gemini: no object without properties", () => {
  test("a function without arguments leaves its schema out (1forge.com GET /quotes)", () => {
    const document = JSON.parse(
      readFileSync(new URL("../fixtures/dialects/apis-guru/1forge-quotes.json", import.meta.url), "utf8"),
    );
    const [converted] = convertOperations(document, { dialect: "gemini" }).tools;
    expect(converted?.tool).toEqual({ name: "GET_quotes", description: "Get quotes for all symbols\n\nGet quotes" });
    expect(converted?.report.changes).toEqual([
      {
        dialect: "gemini",
        keyword: "properties",
        pointer: "#",
        action: "dropped",
        detail: "no arguments: the declaration has no schema",
      },
    ]);
    expect(checkDialectRules(converted?.tool, "gemini")).toEqual([]);
  });

  test("a free-form object and one cut for a cycle become JSON text, reported, and read back as objects", () => {
    const document = {
      openapi: "3.0.0",
      info: { title: "Nodes", version: "1" },
      paths: {
        "/nodes": {
          post: {
            operationId: "createNode",
            requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
            responses: { "200": { description: "OK" } },
          },
        },
      },
      components: {
        schemas: {
          Node: {
            type: "object",
            properties: {
              name: { type: "string" },
              labels: { type: "object", additionalProperties: { type: "string" } },
              parent: { $ref: "#/components/schemas/Node" },
            },
          },
        },
      },
    };
    const [converted] = convertOperations(document, { dialect: "gemini", maxDepth: 1 }).tools;
    const declaration = converted?.tool as GeminiFunctionDeclaration;
    const body = declaration.parametersJsonSchema?.properties;
    expect(body).toEqual({
      body: {
        type: "object",
        description: "Request body (application/json)",
        properties: {
          name: { type: "string" },
          labels: {
            type: "string",
            description: 'Constraints: a JSON object, written as text; additionalProperties: {"type":"string"}.',
          },
          parent: {
            type: "string",
            description:
              "(detail cut: Node repeats recursively here; pass an object of the same shape)\nConstraints: a JSON object, written as text.",
          },
        },
      },
    });
    const lowered = converted?.report.changes.filter(({ keyword }) => keyword === "type");
    expect(lowered?.map(({ pointer, action, detail }) => [pointer, action, detail])).toEqual([
      ["#/properties/body/properties/labels", "lowered", "object without properties -> JSON text"],
      ["#/properties/body/properties/parent", "lowered", "object without properties -> JSON text"],
    ]);
    expect(checkDialectRules(converted?.tool, "gemini")).toEqual([]);

    // Typed by the tool's own schema, the text Gemini sends is the object again.
    const reply = {
      candidates: [
        {
          content: {
            parts: [{ functionCall: { name: "createNode", args: { body: { labels: '{"env": "prod"}' } } } }],
          },
        },
      ],
    };
    const [call] = parseToolCalls(reply, { tools: [converted?.definition ?? {}] }).calls;
    expect(call?.arguments).toEqual({ body: { labels: { env: "prod" } } });
  });

  test("checkDialectRules finds an object without properties, where Gemini answers 400", () => {
    const tool = {
      name: "a",
      parametersJsonSchema: { type: "object", properties: { meta: { type: ["object", "null"] } } },
    };
    expect(checkDialectRules(tool, "gemini")).toEqual([
      "#/parametersJsonSchema/properties/meta/properties: none, which Gemini refuses on an object",
    ]);
    expect(checkDialectRules({ name: "a", parameters: { type: "object", properties: {} } }, "gemini")).toEqual([
      "#/parameters/properties: none, which Gemini refuses on an object",
    ]);
  });

  test("a hand-written tool without arguments has no schema either", () => {
    const { tool } = toDialect({ name: "ping", description: "Ping", parameters: {} }, "gemini");
    expect(tool).toEqual({ name: "ping", description: "Ping" });
  });
});
