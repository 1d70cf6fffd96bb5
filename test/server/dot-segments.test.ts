import { Client } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { startUpstreamServer, TOOL_PROXY_PATH } from "../support/upstream-servers.js";
import {
  ACCOUNT_HEADERS,
  type KweaverService,
  SEED_ACTION_RESPONSE,
  SEED_RECALL_URL,
  SEED_TOOL_REF,
  startKweaverService,
} from "./service-harness.js";

const API = "/api/action-recall/v1";
/** The seed tool's body, valid: only the path value under test is wrong. */
const BODY = { limit: 5, sort: [{ field: "name", direction: "asc" }] };

/** A dot segment in every spelling, an empty value and a control character: none may reach an upstream path. */
const BAD_SEGMENTS = ["..", ".", "%2e%2e", "%2E%2e", ".%2E", "%2e", "", "a\nb", "\u0000", "a%0Db"];

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function kweaverService(...args: Parameters<typeof startKweaverService>): Promise<KweaverService> {
  const service = await startKweaverService(...args);
  closers.push(() => service.close());
  return service;
}

/** A route parameter as a client writes it in the URL: every character percent-encoded. */
function encodeAll(value: string): string {
  return [...value].map((character) => `%${character.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
}

async function recall(service: KweaverService) {
  return service.app.inject({
    method: "POST",
    url: SEED_RECALL_URL,
    headers: ACCOUNT_HEADERS,
    payload: { unique_identity: { id: "1" } },
  });
}

describe("a client's route parameter is a 4xx, and ontology-query receives nothing", () => {
  for (const position of ["kn_id", "action_type_id"] as const) {
    test.each(BAD_SEGMENTS)(`${position} = %j`, async (value) => {
      const service = await kweaverService();
      // Over a real socket: inject() reads the URL with WHATWG rules, which resolve `%2e%2e` before routing.
      const address = await service.app.listen({ port: 0, host: "127.0.0.1" });
      const client = new Client(address);
      closers.push(() => client.close());
      const segment = encodeAll(value);
      const path =
        position === "kn_id"
          ? `${API}/knowledge-networks/${segment}/action-types/generate_treatment_plan`
          : `${API}/knowledge-networks/kn_medical/action-types/${segment}`;
      const response = await client.request({
        method: "POST",
        path,
        headers: { ...ACCOUNT_HEADERS, "content-type": "application/json" },
        body: JSON.stringify({ unique_identity: { id: "1" } }),
      });
      expect(response.statusCode).toBe(400);
      // The route schema refuses an empty parameter first; every other value is refused by name.
      expect(await response.body.json()).toMatchObject(
        value === "" ? { code: "INVALID_REQUEST" } : { code: "INVALID_REQUEST", placeholder: position, value },
      );
      expect(service.upstreams.ontologyQuery.requests).toEqual([]);
    });
  }
});

describe("an id from the action source is a 502 UPSTREAM_MALFORMED, and the upstream it names receives nothing", () => {
  for (const key of ["box_id", "tool_id"] as const) {
    test.each(BAD_SEGMENTS)(`${key} = %j`, async (value) => {
      const service = await kweaverService({
        actionQuery: {
          json: { ...SEED_ACTION_RESPONSE, action_source: { ...SEED_ACTION_RESPONSE.action_source, [key]: value } },
        },
      });
      const response = await recall(service);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: "UPSTREAM_MALFORMED",
        upstream: "ontology-query",
        pointer: `/action_source/${key}`,
      });
      expect(service.upstreams.operatorIntegration.requests).toEqual([]);
    });
  }

  for (const key of ["mcp_id", "tool_name"] as const) {
    test.each(BAD_SEGMENTS)(`${key} = %j`, async (value) => {
      const mcp = await startUpstreamServer();
      closers.push(() => mcp.close());
      const source = { type: "mcp", mcp_id: "crm", tool_name: "listOrders", [key]: value };
      // An empty tool_name falls back to tool_id, which the source lacks: refused as missing, at the same place.
      const pointer = key === "tool_name" && value === "" ? "/action_source/tool_id" : `/action_source/${key}`;
      const service = await kweaverService(
        { actionQuery: { json: { ...SEED_ACTION_RESPONSE, action_source: source } } },
        { MCP_URL_TEMPLATE: `${mcp.url}/mcp/{mcp_id}` },
      );
      const response = await recall(service);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: "UPSTREAM_MALFORMED", upstream: "ontology-query", pointer });
      expect(mcp.requests).toEqual([]);
    });
  }
});

describe("a model's path value in KWeaver mode is a 422 naming it, and the proxy receives nothing", () => {
  const MODEL_VALUES = [...BAD_SEGMENTS, "../../admin", "a/b", "a%2Fb", "a%2fb", "a\\b", "a%5Cb", "%5c", ["..", "x"]];
  for (const stream of [false, true]) {
    test.each(MODEL_VALUES)(`${stream ? "streamed" : "executed"}: path.kn_id = %j`, async (value) => {
      const service = await kweaverService();
      const tool = (await recall(service)).json()._dynamic_tools[0];
      const response = await service.app.inject({
        method: "POST",
        url: `${API}/tool-calls${stream ? "?stream=true" : ""}`,
        headers: ACCOUNT_HEADERS,
        payload: {
          tool_ref: SEED_TOOL_REF,
          call: {
            id: "c1",
            name: tool.name,
            format: "json",
            arguments: { path: { kn_id: value, ot_id: "disease" }, body: BODY },
          },
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: "INVALID_ARGUMENTS",
        issues: [expect.objectContaining({ location: "path.kn_id" })],
      });
      expect(service.upstreams.operatorIntegration.hits(TOOL_PROXY_PATH)).toBe(0);
    });
  }

  test("a good value still reaches the proxy as written", async () => {
    const service = await kweaverService();
    const tool = (await recall(service)).json()._dynamic_tools[0];
    const response = await service.app.inject({
      method: "POST",
      url: `${API}/tool-calls`,
      headers: ACCOUNT_HEADERS,
      payload: {
        tool_ref: SEED_TOOL_REF,
        call: {
          id: "c1",
          name: tool.name,
          format: "json",
          arguments: { path: { kn_id: "kn.v1..x", ot_id: "d" }, body: BODY },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(service.upstreams.operatorIntegration.requests.at(-1)?.body).toMatchObject({
      path: { kn_id: "kn.v1..x", ot_id: "d" },
    });
  });
});
