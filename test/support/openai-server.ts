import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer of the fake chat-completions endpoint. */
export type ScriptedReply =
  /** A plain assistant message; streamed as SSE in `chunks` (or one chunk) when the request asks for `stream`. */
  | { kind: "text"; content: string; chunks?: string[]; delayMs?: number }
  /** A tool call answer (`finish_reason: "tool_calls"`), arguments as raw text so tests can send broken JSON. */
  | { kind: "tool-call"; name: string; arguments: string; delayMs?: number }
  /** An error status with an OpenAI-shaped error body and optional headers (`retry-after-ms`). */
  | { kind: "status"; status: number; message?: string; headers?: Record<string, string>; delayMs?: number };

/** A request the server received: the parsed JSON body and the headers. */
export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

/** A running scripted server. */
export interface OpenAiTestServer {
  /** Base URL to give the SDK (`http://127.0.0.1:<port>/v1`). */
  baseURL: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answers each request with a reply chosen by the script: a list consumed in order, or a function of the request. */
export type Script = ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply);

/**
 * Starts a real OpenAI-compatible `POST /v1/chat/completions` server on 127.0.0.1, port 0, scripted per test: plain and
 * streaming (SSE) text, tool calls, error statuses and delays. A request past the end of a list script gets a 500
 * saying so, which fails the test loudly.
 */
export async function startOpenAiServer(script: Script): Promise<OpenAiTestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    void answer(request, response);
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = "";
    for await (const chunk of request) text += chunk;
    const recorded: RecordedRequest = { path: request.url ?? "", headers: request.headers, body: parseBody(text) };
    const index = requests.push(recorded) - 1;
    const reply = typeof script === "function" ? script(recorded, index) : script[index];
    if (reply === undefined) {
      sendJson(response, 500, { error: { message: `the script has no reply for request ${index}` } });
      return;
    }
    if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    const model = typeof recorded.body.model === "string" ? recorded.body.model : "test-model";
    if (reply.kind === "status") {
      response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      response.end(JSON.stringify({ error: { message: reply.message ?? `status ${reply.status}`, type: "test" } }));
    } else if (reply.kind === "tool-call") {
      const message = {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: reply.name, arguments: reply.arguments } }],
      };
      sendJson(response, 200, completion(model, message, "tool_calls"));
    } else if (recorded.body.stream === true) {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const delta of reply.chunks ?? [reply.content]) {
        response.write(`data: ${JSON.stringify(chunk(model, { content: delta }, null))}\n\n`);
      }
      response.write(`data: ${JSON.stringify(chunk(model, {}, "stop"))}\n\n`);
      response.end("data: [DONE]\n\n");
    } else {
      sendJson(response, 200, completion(model, { role: "assistant", content: reply.content }, "stop"));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}
