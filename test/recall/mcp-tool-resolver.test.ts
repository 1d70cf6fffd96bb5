import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMcpToolResolver, resolveMcpServerUrl } from "../../src/recall/mcp-tool-resolver.js";
import { MCP_TEST_TOOLS, type McpTestServer, startMcpTestServer } from "../support/mcp-test-server.js";

const request = { knId: "kn", actionTypeId: "at", uniqueIdentity: {}, accountId: "user-1", accountType: "user" };
const lookupOrder = MCP_TEST_TOOLS[0];

let streamable: McpTestServer;
let sseOnly: McpTestServer;
beforeAll(async () => {
  streamable = await startMcpTestServer();
  sseOnly = await startMcpTestServer({ transport: "sse" });
});
afterAll(async () => {
  await Promise.all([streamable.close(), sseOnly.close()]);
});

function resolverFor(servers: Record<string, string>) {
  return createMcpToolResolver({ servers, cacheTtlMs: 60_000, timeoutMs: 5_000 });
}

describe("MCP tool resolver (real MCP server)", () => {
  test.each([
    { name: "tool_name picks the tool", given: { type: "mcp", mcp_id: "orders", tool_name: "lookup_order" } },
    { name: "tool_id is the fallback of tool_name", given: { type: "mcp", mcp_id: "orders", tool_id: "lookup_order" } },
  ])("$name, its $defs input schema untouched", async ({ given }) => {
    const resolver = resolverFor({ orders: streamable.url });
    expect(await resolver.resolve(given, request)).toEqual({
      kind: "mcp",
      name: "lookup_order",
      description: "Look up one order by its reference.",
      inputSchema: lookupOrder?.inputSchema,
      originalSchema: lookupOrder?.inputSchema,
      apiUrl: streamable.url,
      toolName: "lookup_order",
    });
  });

  test("a server that only speaks HTTP+SSE is reached through the SSE fallback", async () => {
    const resolver = resolverFor({ legacy: sseOnly.url });
    const tool = await resolver.resolve({ type: "mcp", mcp_id: "legacy", tool_name: "add_note" }, request);
    expect(tool).toMatchObject({ kind: "mcp", name: "add_note", apiUrl: sseOnly.url });
  });

  test("a missing tool is NOT_FOUND naming it and the near names", async () => {
    const resolver = resolverFor({ orders: streamable.url });
    const source = { type: "mcp", mcp_id: "orders", tool_name: "lookup_ordr" };
    const error = await resolver.resolve(source, request).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "NOT_FOUND",
      data: { mcp_id: "orders", tool_name: "lookup_ordr", near: ["lookup_order"] },
    });
    expect((error as Error).message).toContain('"lookup_order"');
  });

  test("the tool list is cached per server, and concurrent resolves share one list", async () => {
    const server = await startMcpTestServer();
    try {
      const resolver = resolverFor({ orders: server.url });
      const source = { type: "mcp", mcp_id: "orders", tool_name: "add_note" };
      await Promise.all(Array.from({ length: 20 }, () => resolver.resolve(source, request)));
      await resolver.resolve({ ...source, tool_name: "lookup_order" }, request);
      expect(server.listCount()).toBe(1);
    } finally {
      await server.close();
    }
  });

  test.each([
    { name: "no mcp_id", given: { type: "mcp", tool_name: "add_note" }, want: { code: "UPSTREAM_MALFORMED" } },
    {
      name: "an unconfigured mcp_id",
      given: { type: "mcp", mcp_id: "nope", tool_name: "x" },
      want: { code: "NOT_FOUND", data: { mcp_id: "nope" } },
    },
  ])("$name is refused", async ({ given, want }) => {
    await expect(resolverFor({}).resolve(given, request)).rejects.toMatchObject(want);
  });

  test("a server slower than the timeout is UPSTREAM_TIMEOUT naming it", async () => {
    const server = await startMcpTestServer({ listDelayMs: 2_000 });
    try {
      const resolver = createMcpToolResolver({ servers: { slow: server.url }, cacheTtlMs: 60_000, timeoutMs: 200 });
      await expect(
        resolver.resolve({ type: "mcp", mcp_id: "slow", tool_name: "add_note" }, request),
      ).rejects.toMatchObject({
        code: "UPSTREAM_TIMEOUT",
        data: { upstream: "mcp:slow" },
      });
    } finally {
      await server.close();
    }
  });

  test("an unreachable server is UPSTREAM_ERROR naming it, and is not cached", async () => {
    const server = await startMcpTestServer();
    const url = server.url;
    await server.close();
    const resolver = resolverFor({ gone: url });
    await expect(resolver.resolve({ type: "mcp", mcp_id: "gone", tool_name: "x" }, request)).rejects.toMatchObject({
      code: "UPSTREAM_ERROR",
      data: { upstream: "mcp:gone" },
    });
    expect(resolver.cache.stats.misses).toBe(1);
  });
});

describe("resolveMcpServerUrl", () => {
  test.each([
    {
      name: "the map wins",
      given: { id: "a", servers: { a: "http://map/mcp" }, urlTemplate: "http://{mcp_id}.mcp/x" },
      want: "http://map/mcp",
    },
    {
      name: "the template fills and encodes the id",
      given: { id: "b/c", servers: {}, urlTemplate: "http://mcp/{mcp_id}/mcp" },
      want: "http://mcp/b%2Fc/mcp",
    },
  ])("$name", ({ given, want }) => {
    expect(resolveMcpServerUrl(given.id, { servers: given.servers, urlTemplate: given.urlTemplate })).toBe(want);
  });
});
