import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadActionCatalog } from "../../src/recall/action-catalog.js";
import { createCatalogActionSource, createCatalogToolDetails } from "../../src/recall/catalog-action-source.js";

const EXAMPLE = "examples/action-recall.yaml";
const caller = { accountId: "user-1", accountType: "user" };

const MINI_API = `openapi: 3.0.3
info: {title: mini, version: "1"}
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
`;

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "action-catalog-"));
  await writeFile(join(folder, "mini.yaml"), MINI_API);
  await writeFile(join(folder, "broken.yaml"), "openapi: 3.0.3\npaths:\n  /x: [unclosed\n");
  await writeFile(join(folder, "mcp-tool.json"), '{"name": "add_note", "inputSchema": {"type": "object"}}');
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes `lines` as the file `name` in the test folder; returns its path. */
async function writeLines(name: string, lines: string[]): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, lines.join("\n"));
  return path;
}

describe("the example catalog", () => {
  test("recalls an OpenAPI action in the action-query shape, identity templated", async () => {
    const catalog = await loadActionCatalog(EXAMPLE);
    const source = createCatalogActionSource(catalog);
    const answer = await source.recall({
      ...caller,
      knId: "kn_orders",
      actionTypeId: "annotate_order",
      uniqueIdentity: { order_id: "ord_1001" },
    });
    expect(answer).toEqual({
      action_source: { type: "tool", box_id: "kn_orders", tool_id: "annotate_order" },
      actions: [{ parameters: { order_id: "ord_1001", "x-tenant-id": "acme", "props.data_source": "action-recall" } }],
      total_count: 1,
    });
  });

  test("serves the operation as a tool detail in the tool box's shape", async () => {
    const details = createCatalogToolDetails(await loadActionCatalog(EXAMPLE));
    const detail = await details.getToolDetail("kn_orders", "annotate_order", {
      ...caller,
      knId: "kn_orders",
      actionTypeId: "annotate_order",
      uniqueIdentity: {},
    });
    expect(detail).toMatchObject({
      tool_id: "annotate_order",
      name: "addOrderNote",
      description: "Attaches a note to an order and returns it.",
      metadata: {
        server_url: "http://127.0.0.1:3101",
        path: "/orders/{order_id}/notes",
        method: "POST",
        api_spec: {
          parameters: [
            {
              name: "order_id",
              in: "path",
              required: true,
              description: "The order's id.",
              schema: { type: "string" },
            },
            { $ref: "#/components/parameters/TenantId" },
          ],
          request_body: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/NoteInput" } } },
          },
          responses: [{ status_code: "201", description: "The note, as stored." }],
        },
      },
    });
  });

  test.each([
    {
      name: "an unknown knowledge network is NOT_FOUND naming it",
      given: { knId: "kn_nope", actionTypeId: "view_order", uniqueIdentity: { order_id: "o" } },
      want: { code: "NOT_FOUND", data: { kn_id: "kn_nope" } },
    },
    {
      name: "an unknown action type is NOT_FOUND naming it",
      given: { knId: "kn_orders", actionTypeId: "ship", uniqueIdentity: { order_id: "o" } },
      want: { code: "NOT_FOUND", data: { kn_id: "kn_orders", action_type_id: "ship" } },
    },
    {
      name: "an identity key the template needs is INVALID_REQUEST naming it",
      given: { knId: "kn_orders", actionTypeId: "view_order", uniqueIdentity: { id: "o" } },
      want: { code: "INVALID_REQUEST", data: { parameter: "order_id", pointer: "/unique_identity/order_id" } },
    },
  ])("$name", async ({ given, want }) => {
    const source = createCatalogActionSource(await loadActionCatalog(EXAMPLE));
    await expect(source.recall({ ...caller, ...given })).rejects.toMatchObject(want);
  });
});

describe("catalog validation", () => {
  test.each([
    {
      name: "a tool with neither openapi nor mcp",
      given: "knowledge_networks:\n  kn:\n    action_types:\n      a:\n        tool: {file: x}\n",
      want: "/knowledge_networks/kn/action_types/a/tool",
    },
    {
      name: "an action without a tool",
      given: "knowledge_networks:\n  kn:\n    action_types:\n      a:\n        fixed_params: {}\n",
      want: "/knowledge_networks/kn/action_types/a",
    },
    {
      name: "an OpenAPI file that does not exist",
      given:
        "knowledge_networks:\n  kn:\n    action_types:\n      a:\n        tool: {openapi: ./missing.yaml, operation: x}\n",
      want: "/knowledge_networks/kn/action_types/a/tool/openapi",
    },
    {
      name: "an operation the file does not have",
      given:
        "knowledge_networks:\n  kn:\n    action_types:\n      a:\n        tool: {openapi: ./mini.yaml, operation: listThings}\n",
      want: "/knowledge_networks/kn/action_types/a/tool/operation",
    },
    {
      name: "an MCP server URL that is not http",
      given: "mcp_servers: {notes: 'ftp://x'}\nknowledge_networks: {}\n",
      want: "/mcp_servers/notes",
    },
    {
      name: "an OpenAPI file that is not YAML",
      given:
        "knowledge_networks:\n  kn:\n    action_types:\n      a:\n        tool: {openapi: ./broken.yaml, operation: x}\n",
      want: "/knowledge_networks/kn/action_types/a/tool/openapi",
      message: /broken\.yaml: Invalid YAML at line \d+, column \d+/,
    },
    {
      name: "a file that is an MCP tool, not OpenAPI",
      given:
        "knowledge_networks:\n  kn:\n    action_types:\n      a:\n        tool: {openapi: ./mcp-tool.json, operation: x}\n",
      want: "/knowledge_networks/kn/action_types/a/tool/openapi",
      message: /mcp-tool\.json is not an OpenAPI 3 document/,
    },
    {
      name: "text that is not YAML",
      given: "knowledge_networks: [unclosed\n",
      want: "",
      message: /Invalid YAML at line \d+, column \d+/,
    },
  ])("$name is CONFIG_INVALID naming the file and $want", async ({ given, want, message }) => {
    const path = join(folder, "action-recall.yaml");
    await writeFile(path, given);
    const error = await loadActionCatalog(path).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "CONFIG_INVALID", data: { path, pointer: want } });
    expect((error as Error).message).toContain(path);
    if (message !== undefined) expect((error as Error).message).toMatch(message);
  });

  test("operations are found as `convert --operation` finds them, and the nearest servers win", async () => {
    await writeLines("servers.yaml", [
      "openapi: 3.1.0",
      "info: {title: t, version: '1'}",
      "servers: [{url: 'https://api.example.com'}]",
      "components:",
      "  pathItems:",
      "    Things:",
      "      servers: [{url: 'https://things.example.com'}]",
      "      get: {operationId: listThings, responses: {}}",
      "      post: {servers: [{url: 'https://write.example.com'}], responses: {}}",
      "      additionalOperations: {COPY: {operationId: copyThings, responses: {}}}",
      "paths:",
      "  /things: {$ref: '#/components/pathItems/Things'}",
      "  /other: {get: {operationId: other, responses: {}}}",
      "x-ms-paths:",
      "  /other?kind=a: {get: {operationId: otherOfKindA, responses: {}}}",
    ]);
    const path = await writeLines("servers-catalog.yaml", [
      "knowledge_networks:",
      "  kn:",
      "    action_types:",
      "      list: {tool: {openapi: ./servers.yaml, operation: listThings}}",
      "      create: {tool: {openapi: ./servers.yaml, operation: post /things}}",
      "      other: {tool: {openapi: ./servers.yaml, operation: other}}",
      "      copy: {tool: {openapi: ./servers.yaml, operation: COPY /things}}",
      "      kindA: {tool: {openapi: ./servers.yaml, operation: otherOfKindA}}",
    ]);
    const details = createCatalogToolDetails(await loadActionCatalog(path));
    const detailOf = (actionTypeId: string) =>
      details.getToolDetail("kn", actionTypeId, { ...caller, knId: "kn", actionTypeId, uniqueIdentity: {} });
    expect((await detailOf("list")).metadata).toMatchObject({
      server_url: "https://things.example.com",
      method: "GET",
      path: "/things",
    });
    expect((await detailOf("create")).metadata).toMatchObject({
      server_url: "https://write.example.com",
      method: "POST",
      path: "/things",
    });
    expect((await detailOf("other")).metadata).toMatchObject({ server_url: "https://api.example.com" });
    expect((await detailOf("copy")).metadata).toMatchObject({ method: "COPY", path: "/things" });
    expect((await detailOf("kindA")).metadata).toMatchObject({ method: "GET", path: "/other?kind=a" });
  });

  test("a path item $ref to nothing in an OpenAPI file is CONFIG_INVALID at the tool's openapi", async () => {
    await writeFile(
      join(folder, "dangling.yaml"),
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /things: {$ref: '#/components/pathItems/Gone'}\n",
    );
    const path = join(folder, "dangling-catalog.yaml");
    await writeFile(
      path,
      "knowledge_networks:\n  kn:\n    action_types:\n      a: {tool: {openapi: ./dangling.yaml, operation: x}}\n",
    );
    const error = await loadActionCatalog(path).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "CONFIG_INVALID",
      data: { path, pointer: "/knowledge_networks/kn/action_types/a/tool/openapi" },
      message: expect.stringContaining('dangling.yaml: Nothing at "#/components/pathItems/Gone"'),
    });
  });

  test("OpenAPI files are read as `convert` reads them: Swagger 2.0 is upgraded, and YAML merge keys apply", async () => {
    await writeLines("swagger.yaml", [
      "swagger: '2.0'",
      "info: {title: t, version: '1'}",
      "host: api.example.com",
      "x-id: &id {name: id, in: path, required: true, type: string}",
      "paths:",
      "  /things/{id}:",
      "    get:",
      "      operationId: getThing",
      "      parameters: [{<<: *id, description: The thing}]",
      "      responses: {'200': {description: ok}}",
    ]);
    const path = await writeLines("swagger-catalog.yaml", [
      "knowledge_networks:",
      "  kn:",
      "    action_types:",
      "      a: &action {tool: {openapi: ./swagger.yaml, operation: getThing}}",
      "      b: {<<: *action, description: The same tool}",
    ]);
    const catalog = await loadActionCatalog(path);
    const detail = await createCatalogToolDetails(catalog).getToolDetail("kn", "b", {
      ...caller,
      knId: "kn",
      actionTypeId: "b",
      uniqueIdentity: {},
    });
    expect(detail.metadata).toMatchObject({
      api_spec: {
        parameters: [{ name: "id", in: "path", required: true, description: "The thing", schema: { type: "string" } }],
      },
    });
  });

  test("a valid catalog selects operations by operationId or METHOD /path", async () => {
    const path = join(folder, "valid.yaml");
    await writeFile(
      path,
      "knowledge_networks:\n  kn:\n    action_types:\n      a: {tool: {openapi: ./mini.yaml, operation: getThing}}\n      b: {tool: {openapi: ./mini.yaml, operation: 'GET /things/{id}'}}\n      c: {tool: {mcp: notes, tool_name: add_note}}\n",
    );
    const catalog = await loadActionCatalog(path);
    const request = { ...caller, knId: "kn", actionTypeId: "c", uniqueIdentity: {} };
    expect(await createCatalogActionSource(catalog).recall(request)).toEqual({
      action_source: { type: "mcp", mcp_id: "notes", tool_name: "add_note" },
      actions: [{ parameters: {} }],
      total_count: 1,
    });
    const details = createCatalogToolDetails(catalog);
    const byId = await details.getToolDetail("kn", "a", request);
    const byPath = await details.getToolDetail("kn", "b", request);
    expect(byPath.metadata).toEqual(byId.metadata);
  });
});
