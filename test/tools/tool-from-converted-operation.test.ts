import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { ToolCall } from "../../src/calls/tool-call.js";
import type { OperationSpec } from "../../src/openapi/operation-spec.js";
import type { ConvertedTool } from "../../src/schema/converted-tool.js";
import { executeToolCall } from "../../src/tools/execute-tool-call.js";
import { toolFromConvertedOperation } from "../../src/tools/tool-from-converted-operation.js";
import { ToolRegistry } from "../../src/tools/tool-registry.js";
import type { ToolResult } from "../../src/tools/tool-result.js";

/** `POST /kn/{kn_id}/objects?limit=` with a JSON body and a caller-fixed account header, written out by hand. */
const spec: OperationSpec = {
  id: "createObject",
  operationId: "createObject",
  method: "POST",
  path: "/kn/{kn_id}/objects",
  parameters: [
    {
      name: "kn_id",
      in: "path",
      required: true,
      schema: { type: "string" },
      pointer: "#/paths/~1kn~1{kn_id}~1objects/post/parameters/0",
    },
    {
      name: "limit",
      in: "query",
      required: false,
      schema: { type: "integer" },
      pointer: "#/paths/~1kn~1{kn_id}~1objects/post/parameters/1",
    },
    {
      name: "x-account-id",
      in: "header",
      required: true,
      schema: { type: "string" },
      pointer: "#/paths/~1kn~1{kn_id}~1objects/post/parameters/2",
    },
  ],
  requestBody: {
    required: true,
    mediaType: "application/json",
    mediaTypes: ["application/json"],
    schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    pointer: "#/paths/~1kn~1{kn_id}~1objects/post/requestBody",
  },
  document: {},
  pointer: "#/paths/~1kn~1{kn_id}~1objects/post",
};

const converted: ConvertedTool = {
  operation: "createObject",
  tool: {},
  definition: {
    name: "createObject",
    description: "Create an object in a knowledge network",
    parameters: {
      type: "object",
      properties: {
        path: {
          type: "object",
          description: "Path parameters",
          properties: { kn_id: { type: "string" } },
          required: ["kn_id"],
        },
        query: {
          type: "object",
          description: "Query parameters",
          properties: { limit: { type: "integer" } },
          required: [],
        },
        body: {
          type: "object",
          description: "Request body",
          properties: { name: { type: "string" } },
          required: ["name"],
        },
      },
      required: ["path", "body"],
    },
  },
  fixed: { header: { "x-account-id": "acct-1" } },
  spec,
  report: { pruned: [], changes: [], conflicts: [], size: { characters: 0, tokens: 0 } },
};

interface Received {
  method: string | undefined;
  url: string | undefined;
  accountHeader: string | string[] | undefined;
  contentType: string | undefined;
  body: string;
}

/** A loopback server that records each request and answers what the test set. */
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      method: request.method,
      url: request.url,
      accountHeader: request.headers["x-account-id"],
      contentType: request.headers["content-type"],
      body: await readBody(request),
    });
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

function call(args: Record<string, unknown>): ToolCall {
  return { id: "call_0", name: "createObject", arguments: args, format: "json" };
}

const validArguments = { path: { kn_id: "kn 1" }, query: { limit: 10 }, body: { name: "Rex" } };

describe("toolFromConvertedOperation, direct mode, against a loopback API", () => {
  test.each<[string, { status: number; body: unknown }, Record<string, unknown>, Partial<ToolResult>, Received[]]>([
    [
      "a valid call sends the templated request with the fixed header",
      { status: 201, body: { created: true } },
      validArguments,
      { success: true, output: { status: 201, body: { created: true } } },
      [
        {
          method: "POST",
          url: "/kn/kn%201/objects?limit=10",
          accountHeader: "acct-1",
          contentType: "application/json",
          body: '{"name":"Rex"}',
        },
      ],
    ],
    [
      "a model cannot override a fixed header",
      { status: 201, body: { created: true } },
      { ...validArguments, header: { "x-account-id": "someone-else" } },
      { success: true, output: { status: 201, body: { created: true } } },
      [
        {
          method: "POST",
          url: "/kn/kn%201/objects?limit=10",
          accountHeader: "acct-1",
          contentType: "application/json",
          body: '{"name":"Rex"}',
        },
      ],
    ],
    [
      "invalid arguments never reach the API",
      { status: 201, body: {} },
      { path: { kn_id: "kn 1" }, query: { limit: "ten" } },
      { success: false, output: null },
      [],
    ],
  ])("%s", async (_name, givenAnswer, givenArguments, want, wantReceived) => {
    answer = givenAnswer;
    const registry = new ToolRegistry([toolFromConvertedOperation(converted, { mode: "direct", serverUrl: baseUrl })]);
    const result = await executeToolCall(registry, call(givenArguments));
    expect(result).toMatchObject(want);
    expect(received).toEqual(wantReceived);
  });

  test("an API error status gives UPSTREAM_ERROR with the status and a body excerpt", async () => {
    answer = { status: 404, body: { message: "no such network" } };
    const registry = new ToolRegistry([toolFromConvertedOperation(converted, { mode: "direct", serverUrl: baseUrl })]);
    const result = await executeToolCall(registry, call(validArguments));
    expect(result).toMatchObject({
      success: false,
      error: {
        code: "UPSTREAM_ERROR",
        details: { status: 404, bodyExcerpt: '{"message":"no such network"}', operation: "createObject" },
      },
    });
  });

  test("a host outside the allow-list is refused before any request", async () => {
    const tool = toolFromConvertedOperation(converted, {
      mode: "direct",
      serverUrl: baseUrl,
      allowedHosts: ["api.example.com"],
    });
    const result = await executeToolCall(new ToolRegistry([tool]), call(validArguments));
    expect(result.error?.code).toBe("HOST_NOT_ALLOWED");
    expect(received).toEqual([]);
  });
});

describe("toolFromConvertedOperation, proxy mode, against a fake tool-box proxy", () => {
  test.each<[string, { status: number; body: unknown }, Partial<ToolResult>]>([
    [
      "a proxy success gives the API's status and body",
      { status: 200, body: { status_code: 200, headers: {}, body: { id: "o-1" }, error: null, duration_ms: 3 } },
      { success: true, output: { status: 200, body: { id: "o-1" } } },
    ],
    [
      "a transport failure inside an HTTP 200 is a failure",
      { status: 200, body: { status_code: 500, headers: {}, body: "", error: "connection refused", duration_ms: 1 } },
      {
        success: false,
        error: {
          code: "UPSTREAM_ERROR",
          message: expect.any(String) as string,
          details: expect.objectContaining({ status: 500 }),
        },
      },
    ],
  ])("%s, posting the layered body with fixed values and the timeout", async (_name, givenAnswer, want) => {
    answer = givenAnswer;
    const tool = toolFromConvertedOperation(converted, {
      mode: "proxy",
      apiUrl: `${baseUrl}/tool-box/box-1/proxy/tool-1`,
      timeoutSeconds: 30,
    });
    const result = await executeToolCall(new ToolRegistry([tool]), call(validArguments));
    expect(result).toMatchObject(want);
    expect(received.map((request) => ({ ...request, body: JSON.parse(request.body) as unknown }))).toEqual([
      {
        method: "POST",
        url: "/tool-box/box-1/proxy/tool-1",
        accountHeader: undefined,
        contentType: "application/json",
        body: {
          header: { "x-account-id": "acct-1" },
          path: { kn_id: "kn 1" },
          query: { limit: 10 },
          body: { name: "Rex" },
          timeout: 30,
        },
      },
    ]);
  });
});
