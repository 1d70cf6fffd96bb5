import { afterEach, describe, expect, test } from "vitest";
import { ActionRecallError } from "../../src/errors/index.js";
import { createLlmClient, llmSettingsFromEnv } from "../../src/llm/index.js";
import { type OpenAiTestServer, type Script, startOpenAiServer } from "../support/openai-server.js";

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(script: Script, options: { timeoutMs?: number; maxRetries?: number } = {}) {
  server = await startOpenAiServer(script);
  return createLlmClient({ baseURL: server.baseURL, apiKey: "test-key", model: "test-model", ...options });
}

async function failureOf(promise: Promise<unknown>): Promise<ActionRecallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ActionRecallError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

const user = [{ role: "user" as const, content: "Hello" }];

describe("createLlmClient", () => {
  test("complete returns the answer and sends the model, messages and key", async () => {
    const llm = await clientFor([{ kind: "text", content: "Hi there" }]);
    expect(await llm.complete({ messages: user })).toBe("Hi there");
    expect(server?.requests[0]?.body).toMatchObject({ model: "test-model", messages: user });
    expect(server?.requests[0]?.headers.authorization).toBe("Bearer test-key");
  });

  test("json mode asks for a JSON object", async () => {
    const llm = await clientFor([{ kind: "text", content: "{}" }]);
    await llm.complete({ messages: user, json: true });
    expect(server?.requests[0]?.body.response_format).toEqual({ type: "json_object" });
  });

  test("stream yields each delta in order", async () => {
    const llm = await clientFor([{ kind: "text", content: "", chunks: ["He", "llo", " world"] }]);
    const deltas: string[] = [];
    for await (const delta of llm.stream({ messages: user })) deltas.push(delta);
    expect(deltas).toEqual(["He", "llo", " world"]);
    expect(server?.requests[0]?.body.stream).toBe(true);
  });

  test("structured output uses response_format json_schema", async () => {
    const llm = await clientFor([{ kind: "text", content: '{"city": "Hangzhou"}' }]);
    const schema = { type: "object", properties: { city: { type: "string" } } };
    expect(await llm.completeStructured({ messages: user, schema, name: "fill" })).toEqual({ city: "Hangzhou" });
    expect(server?.requests[0]?.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "fill", schema },
    });
  });

  test("a structured answer past 64 KB that is not JSON as written is LLM_ERROR at once, not seconds of repair", async () => {
    const broken = `{"tags": [${"1 ".repeat(40_000)}]}`;
    const llm = await clientFor([{ kind: "text", content: broken }]);
    const schema = { type: "object", properties: { tags: { type: "array" } } };
    const error = await failureOf(llm.completeStructured({ messages: user, schema, name: "fill" }));
    expect(error.code).toBe("LLM_ERROR");
    expect((error.cause as Error).message).toBe(
      `an answer of ${broken.length} characters that is not JSON as written is not repaired (the limit is 65536: repairing more can take seconds)`,
    );
  });

  test("structured output falls back to a forced tool call when json_schema is refused", async () => {
    const llm = await clientFor((request) =>
      request.body.response_format !== undefined
        ? { kind: "status", status: 400, message: "response_format json_schema is not supported" }
        : { kind: "tool-call", name: "fill", arguments: '{"city": "Hangzhou",}' },
    );
    const schema = { type: "object", properties: { city: { type: "string" } } };
    expect(await llm.completeStructured({ messages: user, schema, name: "fill" })).toEqual({ city: "Hangzhou" });
    expect(server?.requests[1]?.body.tool_choice).toEqual({ type: "function", function: { name: "fill" } });
    expect(server?.requests[1]?.body.tools).toEqual([
      { type: "function", function: { name: "fill", parameters: schema } },
    ]);
  });

  test.each([
    { name: "429", status: 429 },
    { name: "503", status: 503 },
  ])("a $name is retried with backoff, then succeeds", async ({ status }) => {
    const llm = await clientFor([
      { kind: "status", status, headers: { "retry-after-ms": "5" } },
      { kind: "text", content: "ok" },
    ]);
    expect(await llm.complete({ messages: user })).toBe("ok");
    expect(server?.requests).toHaveLength(2);
  });

  test("retries stop after maxRetries and the error names the status", async () => {
    const llm = await clientFor(
      () => ({ kind: "status", status: 429, headers: { "retry-after-ms": "1" }, message: "slow down" }),
      {
        maxRetries: 1,
      },
    );
    const error = await failureOf(llm.complete({ messages: user }));
    expect(error.code).toBe("LLM_ERROR");
    expect(error.data.status).toBe(429);
    expect(error.message).toContain("HTTP 429");
    expect(error.message).toContain("slow down");
    expect(server?.requests).toHaveLength(2);
  });

  test("a 400 is not retried", async () => {
    const llm = await clientFor(() => ({ kind: "status", status: 400 }));
    expect((await failureOf(llm.complete({ messages: user }))).data.status).toBe(400);
    expect(server?.requests).toHaveLength(1);
  });

  test("a timeout gives a clear LLM_TIMEOUT error", async () => {
    const llm = await clientFor([{ kind: "text", content: "late", delayMs: 2000 }], { timeoutMs: 100, maxRetries: 0 });
    const error = await failureOf(llm.complete({ messages: user }));
    expect(error.code).toBe("LLM_TIMEOUT");
    expect(error.message).toBe(`The model "test-model" at ${server?.baseURL} did not answer within 100 ms`);
  });

  test("a tool call that never comes is an LLM_ERROR", async () => {
    const llm = await clientFor([{ kind: "text", content: "no tool" }]);
    const error = await failureOf(
      llm.completeStructured({ messages: user, schema: { type: "object" }, name: "fill", mode: "tool-call" }),
    );
    expect(error.code).toBe("LLM_ERROR");
  });
});

describe("llmSettingsFromEnv", () => {
  test.each([
    { name: "nothing configured", given: {}, want: undefined },
    {
      name: "a base URL alone",
      given: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" },
      want: {
        baseURL: "http://127.0.0.1:9/v1",
        apiKey: "unused",
        model: "gpt-4o-mini",
        timeoutMs: 60000,
        maxRetries: 2,
      },
    },
    {
      name: "everything",
      given: { OPENAI_API_KEY: "k", OPENAI_MODEL: "qwen", LLM_TIMEOUT_MS: "5000", LLM_MAX_RETRIES: "0" },
      want: { baseURL: "https://api.openai.com/v1", apiKey: "k", model: "qwen", timeoutMs: 5000, maxRetries: 0 },
    },
    {
      name: "malformed numbers fall back to defaults",
      given: { OPENAI_API_KEY: "k", LLM_TIMEOUT_MS: "soon", LLM_MAX_RETRIES: "-1" },
      want: {
        baseURL: "https://api.openai.com/v1",
        apiKey: "k",
        model: "gpt-4o-mini",
        timeoutMs: 60000,
        maxRetries: 2,
      },
    },
  ])("$name", ({ given, want }) => {
    expect(llmSettingsFromEnv(given)).toEqual(want);
  });
});
