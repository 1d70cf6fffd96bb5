import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { buildServer } from "../../src/server/build-server.js";
import { loadServiceConfig } from "../../src/server/service-config.js";
import { type ExampleCatalog, startExampleCatalog } from "../support/example-catalog.js";
import { type KweaverService, SEED_TOOL_DETAIL, startKweaverService } from "./service-harness.js";

let service: KweaverService | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await service?.close();
  client = undefined;
  service = undefined;
});

const BINDINGS = JSON.stringify([
  { kn_id: "kn_medical", action_type_id: "generate_treatment_plan", unique_identity: { disease_id: "disease_000001" } },
]);

async function connect(current: KweaverService): Promise<Client> {
  const url = await current.app.listen({ port: 0, host: "127.0.0.1" });
  const connected = new Client({ name: "service-test", version: "1.0.0" });
  await connected.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return connected;
}

test("tools/list answers the bound actions' recalled tools", async () => {
  service = await startKweaverService({}, { MCP_ACTION_BINDINGS: BINDINGS });
  client = await connect(service);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual([SEED_TOOL_DETAIL.name]);
  expect(tools[0]?.inputSchema).toMatchObject({ type: "object" });
});

test("tools/list writes each tool in the mcp dialect: a pattern OpenAI refuses is described, not sent", async () => {
  // MCP clients hand the tools to whatever model they use; one on OpenAI fails the whole request on such a pattern.
  const detail = structuredClone(SEED_TOOL_DETAIL) as typeof SEED_TOOL_DETAIL & {
    metadata: { api_spec: { parameters: { name: string; schema: Record<string, unknown> }[] } };
  };
  const knId = detail.metadata.api_spec.parameters.find((parameter) => parameter.name === "kn_id");
  if (knId !== undefined) knId.schema = { type: "string", pattern: "^(?!-)[a-z_]+$" };
  service = await startKweaverService({ toolDetail: { json: detail } }, { MCP_ACTION_BINDINGS: BINDINGS });
  client = await connect(service);
  const { tools } = await client.listTools();
  const sections = tools[0]?.inputSchema.properties as Record<string, { properties: Record<string, object> }>;
  expect(sections.path?.properties.kn_id).toEqual({
    type: "string",
    description: '业务知识网络ID\nConstraints: pattern: "^(?!-)[a-z_]+$".',
  });
});

test("tools/call executes through the proxy, fixed params merged", async () => {
  service = await startKweaverService({}, { MCP_ACTION_BINDINGS: BINDINGS });
  client = await connect(service);
  const result = await client.callTool({
    name: SEED_TOOL_DETAIL.name,
    arguments: { path: { kn_id: "kn_medical", ot_id: "disease" }, body: { limit: 1, sort: [] } },
  });
  expect(result.isError).toBe(false);
  const [proxied] = service.upstreams.operatorIntegration.requests.filter((request) => request.method === "POST");
  expect(proxied?.body).toMatchObject({
    header: { "x-account-id": "test", "x-account-type": "user" },
    path: { kn_id: "kn_medical", ot_id: "disease" },
    body: { limit: 1, sort: [] },
  });
});

test("tools/call of an unknown tool is an error result naming it", async () => {
  service = await startKweaverService({}, { MCP_ACTION_BINDINGS: BINDINGS });
  client = await connect(service);
  const result = await client.callTool({ name: "drop_tables", arguments: {} });
  expect(result.isError).toBe(true);
  expect(JSON.stringify(result.content)).toContain("drop_tables");
});

describe("the example catalog on /mcp", () => {
  let catalog: ExampleCatalog | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await app?.close();
    await catalog?.close();
  });

  async function connectToCatalog(env: Record<string, string> = {}): Promise<Client> {
    catalog = await startExampleCatalog();
    app = await buildServer(loadServiceConfig({ CATALOG_FILE: catalog.file, ...env }), { logger: false });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    client = new Client({ name: "catalog-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    return client;
  }

  test("lists every action, an identity its fixed parameters need as a required argument", async () => {
    const { tools } = await (await connectToCatalog()).listTools();
    expect(tools.map((tool) => [tool.name, tool.inputSchema.required])).toEqual([
      ["getOrder", ["order_id"]],
      ["addOrderNote", ["order_id", "body"]],
      ["listOrders", undefined],
    ]);
    // The stand-in identity the tools were recalled with for listing is in no schema.
    expect(JSON.stringify(tools)).not.toContain("{unique_identity.");
    expect(tools[0]?.inputSchema.properties?.order_id).toEqual({
      type: "string",
      description: "The order_id of the object the action applies to (its unique_identity.order_id).",
    });
  });

  test("a binding that fixes the identity lists the tool without the argument, and calls it for that object", async () => {
    const bindings = [{ kn_id: "kn_orders", action_type_id: "view_order", unique_identity: { order_id: "ord_1003" } }];
    const connected = await connectToCatalog({ MCP_ACTION_BINDINGS: JSON.stringify(bindings) });
    const { tools } = await connected.listTools();
    expect(tools.map((tool) => [tool.name, Object.keys(tool.inputSchema.properties ?? {})])).toEqual([
      ["getOrder", ["query"]],
    ]);
    const result = await connected.callTool({ name: "getOrder", arguments: {} });
    expect(result.structuredContent).toMatchObject({ success: true, output: { body: { id: "ord_1003" } } });
  });

  test("a call fills the identity from its argument: the note reaches that order", async () => {
    const result = await (await connectToCatalog()).callTool({
      name: "addOrderNote",
      arguments: { order_id: "ord_1002", body: { text: "Call back" } },
    });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({
      success: true,
      output: {
        status_code: 201,
        body: { text: "Call back", visibility: "internal", props: { data_source: "action-recall" } },
      },
    });
  });

  test("a call without the identity argument is an INVALID_ARGUMENTS result naming it", async () => {
    const result = await (await connectToCatalog()).callTool({ name: "getOrder", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      success: false,
      error: { code: "INVALID_ARGUMENTS", details: { issues: [{ params: { missingProperty: "order_id" } }] } },
    });
  });
});
