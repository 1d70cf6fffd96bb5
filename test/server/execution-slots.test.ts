import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, test } from "vitest";
import { createExecutionSlots } from "../../src/server/execution-slots.js";
import { TOOL_PROXY_PATH } from "../support/upstream-servers.js";
import {
  ACCOUNT_HEADERS,
  type KweaverService,
  SEED_TOOL_DETAIL,
  SEED_TOOL_REF,
  startKweaverService,
} from "./service-harness.js";

describe("createExecutionSlots", () => {
  test.each([
    { name: "under the cap, every run runs", given: { max: 2, running: 1 }, want: "ran" },
    { name: "at the cap, a run is refused with OVERLOADED", given: { max: 2, running: 2 }, want: "OVERLOADED" },
  ])("$name", async ({ given, want }) => {
    const slots = createExecutionSlots(given.max);
    const held: Array<() => void> = [];
    const running = Array.from({ length: given.running }, () =>
      slots.run(() => new Promise<void>((resolve) => held.push(resolve))),
    );
    const outcome = await slots.run(async () => "ran").catch((error: { code: string }) => error.code);
    for (const release of held) release();
    await Promise.all(running);
    expect(outcome).toBe(want);
  });

  test("a slot is given back when its run settles, however it settles", async () => {
    const slots = createExecutionSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run(async () => "ran")).toBe("ran");
  });
});

let service: KweaverService | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await service?.close();
  client = undefined;
  service = undefined;
});

const CALL = {
  id: "call_1",
  name: SEED_TOOL_DETAIL.name,
  arguments: { path: { kn_id: "kn_medical", ot_id: "disease" }, body: { limit: 1, sort: [] } },
  format: "json",
};

describe("MAX_CONCURRENT_EXECUTIONS=1 while one execution hangs at the proxy", () => {
  async function startWithOneHanging(): Promise<KweaverService> {
    const current = await startKweaverService(
      { proxy: { hang: true } },
      {
        MAX_CONCURRENT_EXECUTIONS: "1",
        PROXY_TIMEOUT_MS: "20000",
        MCP_ACTION_BINDINGS: JSON.stringify([
          { kn_id: "kn_medical", action_type_id: "generate_treatment_plan", unique_identity: {} },
        ]),
      },
    );
    service = current;
    void current.app.inject({
      method: "POST",
      url: "/api/action-recall/v1/tool-calls",
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: CALL },
    });
    await expect.poll(() => current.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(1);
    return current;
  }

  test.each([
    { name: "another execution", given: { query: "" } },
    { name: "another streamed execution", given: { query: "?stream=true" } },
  ])("$name is 503 OVERLOADED with Retry-After: 1, and never reaches the proxy", async ({ given }) => {
    const current = await startWithOneHanging();
    const response = await current.app.inject({
      method: "POST",
      url: `/api/action-recall/v1/tool-calls${given.query}`,
      headers: ACCOUNT_HEADERS,
      payload: { tool_ref: SEED_TOOL_REF, call: CALL },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("1");
    expect(response.json()).toMatchObject({
      code: "OVERLOADED",
      message: expect.stringContaining("1 tool executions"),
    });
    expect(current.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(1);
  });

  test("an MCP tools/call is refused with the OVERLOADED message", async () => {
    const current = await startWithOneHanging();
    const url = await current.app.listen({ port: 0, host: "127.0.0.1" });
    client = new Client({ name: "slots-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    await expect(client.callTool({ name: CALL.name, arguments: CALL.arguments })).rejects.toThrow(
      "1 tool executions are already running",
    );
    expect(current.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(1);
  });
});
