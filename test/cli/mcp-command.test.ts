import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type ExampleCatalog, startExampleCatalog } from "../support/example-catalog.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The environment of a user's MCP client config: the catalog and the account, nothing else of this process. */
const ACCOUNT = { ACTION_RECALL_ACCOUNT_ID: "u1", ACTION_RECALL_ACCOUNT_TYPE: "user" };

let catalog: ExampleCatalog;
let client: Client | undefined;
let stderr = "";
beforeAll(async () => {
  // The command is run as a user's MCP client runs it: the built CLI, started by node.
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  catalog = await startExampleCatalog();
}, 120_000);
afterAll(async () => {
  await catalog?.close();
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  stderr = "";
});

/** Starts `action-recall mcp` on the example catalog as an MCP client does, and connects to it. */
async function connect(): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["dist/cli/main.js", "mcp"],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", CATALOG_FILE: catalog.file, ...ACCOUNT },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Runs `action-recall mcp` with its input closed at once: its exit code and standard streams. */
function runClosed(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ["dist/cli/main.js", "mcp"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", CATALOG_FILE: catalog.file, ...env },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  child.stdin.end();
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, out, err })));
}

describe("action-recall mcp over stdio", () => {
  test("lists the three example actions, an order's id a required argument where the action needs one", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((tool) => [tool.name, tool.inputSchema.required])).toEqual([
      ["getOrder", ["order_id"]],
      ["addOrderNote", ["order_id", "body"]],
      ["listOrders", undefined],
    ]);
    // Standard output is the protocol: the start-up line went to standard error.
    await expect.poll(() => stderr).toContain("action-recall mcp serving on stdio");
  });

  test("a call reaches the example orders API for the order its argument names", async () => {
    const result = await (await connect()).callTool({
      name: "getOrder",
      arguments: { order_id: "ord_1001", query: { include_items: true } },
    });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({
      success: true,
      output: {
        status_code: 200,
        body: { id: "ord_1001", status: "shipped", total: 42.5, items: [{ sku: "mug-blue", quantity: 2 }] },
      },
    });
  });

  test("a call whose arguments break the schema is an error result naming the argument", async () => {
    const result = await (await connect()).callTool({
      name: "getOrder",
      arguments: { order_id: "ord_1001", query: { include_items: "often" } },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      success: false,
      output: null,
      error: { code: "INVALID_ARGUMENTS", details: { issues: [{ instancePath: "/query/include_items" }] } },
    });
  });

  test("ends with code 0 when its input closes, having written nothing to standard output", async () => {
    expect(await runClosed(ACCOUNT)).toMatchObject({ code: 0, out: "" });
  });

  test.each([
    { given: {}, want: "CONFIG_INVALID: ACTION_RECALL_ACCOUNT_ID is not set" },
    { given: { ACTION_RECALL_ACCOUNT_ID: "u1" }, want: "CONFIG_INVALID: ACTION_RECALL_ACCOUNT_TYPE is not set" },
    {
      given: { ...ACCOUNT, AUTH_MODE: "api-key", API_KEYS: "k".repeat(32) },
      want: "CONFIG_INVALID: AUTH_MODE=api-key does not apply to action-recall mcp",
    },
    {
      given: { ...ACCOUNT, OTEL_TRACES_EXPORTER: "otlp,console" },
      want: "CONFIG_INVALID: OTEL_TRACES_EXPORTER=console writes to standard output",
    },
  ])("refuses to start with $given: $want", async ({ given, want }) => {
    const { code, out, err } = await runClosed(given);
    expect({ code, out }).toEqual({ code: 1, out: "" });
    expect(err).toContain(`action-recall mcp: ${want}`);
  });
});
