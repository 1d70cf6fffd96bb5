import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { ActionRecallError } from "../../src/errors/index.js";
import { createLlmClient } from "../../src/llm/index.js";
import { type FillSlotsChunk, type FillSlotsOptions, fillSlots, loadSlotTemplates } from "../../src/slots/index.js";
import { type OpenAiTestServer, type Script, startOpenAiServer } from "../support/openai-server.js";

const weather = JSON.parse(readFileSync(new URL("../fixtures/slots/weather.json", import.meta.url), "utf8"));

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function llmFor(script: Script, options: { timeoutMs?: number } = {}) {
  server = await startOpenAiServer(script);
  return createLlmClient({ baseURL: server.baseURL, apiKey: "k", model: "m", maxRetries: 1, ...options });
}

async function collect(options: FillSlotsOptions): Promise<FillSlotsChunk[]> {
  const chunks: FillSlotsChunk[] = [];
  for await (const chunk of fillSlots(options)) chunks.push(chunk);
  return chunks;
}

function resultOf(chunks: FillSlotsChunk[]) {
  const last = chunks.at(-1);
  if (last?.type !== "result") throw new Error("the last chunk is not the result");
  return { slotData: last.slotData, remainingSchema: last.remainingSchema, sources: last.sources };
}

function promptOf(index: number): string {
  const messages = server?.requests[index]?.body.messages as { content: string }[];
  return messages.map((message) => message.content).join("\n");
}

const weatherOptions = {
  schema: weather.schema,
  question: weather.question,
  summary: weather.summary,
  facts: weather.facts,
  language: "zh" as const,
  tool: { name: "get_weather", description: "查询天气" },
};

describe("fillSlots against a scripted OpenAI-compatible server", () => {
  test("seed 004's weather example: phase 1 streams, fills both slots, and phase 2 is not needed", async () => {
    const llm = await llmFor([
      {
        kind: "text",
        content: "",
        chunks: ["<think>用户问杭州</think>```json\n", '{"city": "杭州", ', '"date": "明天"}\n```'],
      },
    ]);
    const chunks = await collect({ ...weatherOptions, llm });
    expect(
      chunks.filter((chunk) => chunk.type === "text").map((chunk) => chunk.type === "text" && chunk.delta),
    ).toEqual(["<think>用户问杭州</think>```json\n", '{"city": "杭州", ', '"date": "明天"}\n```']);
    expect(resultOf(chunks)).toEqual({
      slotData: weather.slotData,
      remainingSchema: {},
      sources: { "/city": "llm:phase1", "/date": "llm:phase1" },
    });
    expect(server?.requests).toHaveLength(1);
    const prompt = promptOf(0);
    for (const part of [
      "<instructions>",
      "<example>",
      "<context>",
      "<question>",
      "<tool_info>",
      "<tool_call>",
      "<output>",
    ]) {
      expect(prompt).toContain(part);
    }
    for (const part of ["不得编造", weather.question, weather.summary, weather.facts[0], "get_weather", '"城市名称"']) {
      expect(prompt).toContain(part);
    }
  });

  test("phase 2 runs only for what is missing, by json_schema, and merging keeps earlier values", async () => {
    const llm = await llmFor([
      { kind: "text", content: '{"city": "杭州"}' },
      { kind: "text", content: '{"/date": "明天", "/city": "上海"}' },
    ]);
    const result = resultOf(await collect({ ...weatherOptions, llm }));
    expect(result).toEqual({
      slotData: { city: "杭州", date: "明天" },
      remainingSchema: {},
      sources: { "/city": "llm:phase1", "/date": "llm:phase2" },
    });
    expect(server?.requests[1]?.body.response_format).toEqual({
      type: "json_schema",
      json_schema: {
        name: "fill_parameters",
        schema: {
          type: "object",
          properties: { "/date": { type: ["string", "null"], description: "查询日期" } },
          required: ["/date"],
        },
      },
    });
  });

  test("phase 2 falls back to a forced tool call where json_schema is refused", async () => {
    const llm = await llmFor((request, index) => {
      if (index === 0) return { kind: "text", content: '{"city": "杭州"}' };
      if (request.body.response_format !== undefined) return { kind: "status", status: 400, message: "unsupported" };
      return { kind: "tool-call", name: "fill_parameters", arguments: '{"/date": "明天"}' };
    });
    const result = resultOf(await collect({ ...weatherOptions, llm }));
    expect(result.slotData).toEqual({ city: "杭州", date: "明天" });
    expect(result.sources["/date"]).toBe("llm:phase2");
    expect(server?.requests.map((request) => request.body.tool_choice)).toEqual([
      undefined,
      undefined,
      { type: "function", function: { name: "fill_parameters" } },
    ]);
  });

  test("broken JSON from phase 1 is repaired and no phase 2 runs", async () => {
    const llm = await llmFor([
      {
        kind: "text",
        content: "好的：{city: '杭州', date: '明天',",
        chunks: ["好的：{city: '杭州', ", "date: '明天',"],
      },
    ]);
    const result = resultOf(await collect({ ...weatherOptions, llm }));
    expect(result.slotData).toEqual(weather.slotData);
    expect(server?.requests).toHaveLength(1);
  });

  test("an unreadable phase 1 answer is a warning, and phase 2 still fills", async () => {
    const llm = await llmFor([
      { kind: "text", content: "I do not know." },
      { kind: "text", content: '{"/city": "杭州", "/date": null}' },
    ]);
    const chunks = await collect({ ...weatherOptions, llm });
    expect(chunks).toContainEqual({ type: "warning", message: "The model's phase 1 answer holds no JSON object" });
    expect(resultOf(chunks)).toEqual({
      slotData: { city: "杭州" },
      remainingSchema: {
        type: "object",
        properties: { "/date": { type: "string", description: "查询日期" } },
        required: ["/date"],
      },
      sources: { "/city": "llm:phase2" },
    });
  });

  test("valid given data is kept over the model's, invalid given data is replaced and converted", async () => {
    const schema = {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer", minimum: 1 } },
      required: ["city", "days"],
    };
    const llm = await llmFor([{ kind: "text", content: '{"city": "上海", "days": "3"}' }]);
    const result = resultOf(await collect({ schema, data: { city: "杭州", days: 0 }, question: "q", llm }));
    expect(result).toEqual({
      slotData: { city: "杭州", days: 3 },
      remainingSchema: {},
      sources: { "/city": "data", "/days": "llm:phase1" },
    });
  });

  test("with everything filled deterministically the model is never called", async () => {
    const llm = await llmFor([]);
    const schema = { type: "object", properties: { unit: { const: "celsius" } }, required: ["unit"] };
    const result = resultOf(await collect({ schema, llm }));
    expect(result).toEqual({ slotData: { unit: "celsius" }, remainingSchema: {}, sources: { "/unit": "constant" } });
    expect(server?.requests).toHaveLength(0);
  });

  test("a model timeout gives a clear LLM_TIMEOUT error", async () => {
    const llm = await llmFor(() => ({ kind: "text", content: "{}", delayMs: 2000 }), { timeoutMs: 100 });
    let caught: unknown;
    try {
      await collect({ ...weatherOptions, llm });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ActionRecallError);
    expect((caught as ActionRecallError).code).toBe("LLM_TIMEOUT");
  });

  test("a template override replaces the file's prompt; English is the default language", async () => {
    const llm = await llmFor([{ kind: "text", content: '{"city": "Hangzhou", "date": "tomorrow"}' }]);
    await collect({
      schema: weather.schema,
      question: "Weather?",
      llm,
      templates: { phase1: "ASK {{question}} FOR {{schema}}" },
    });
    expect(promptOf(0)).toBe(`ASK Weather? FOR ${JSON.stringify(weather.schema, null, 2)}`);
  });

  test("the English template says not to invent values", async () => {
    const llm = await llmFor([{ kind: "text", content: '{"city": "Hangzhou", "date": "tomorrow"}' }]);
    await collect({ schema: weather.schema, question: "Weather?", llm });
    expect(promptOf(0)).toContain("Never invent a value the context does not support");
  });
});

describe("fillSlots without a model: the deterministic phase", () => {
  const schema = {
    type: "object",
    properties: {
      path: {
        type: "object",
        properties: { kn_id: { type: "string" }, ot_id: { type: "string" } },
        required: ["kn_id", "ot_id"],
      },
      query: { type: "object", properties: { limit: { type: "integer", default: 10 }, mode: { enum: ["fast"] } } },
      body: { type: "object", properties: { keyword: { type: "string" } }, required: ["keyword"] },
    },
    required: ["path", "body"],
  };
  const history = [
    { name: "search_networks", output: { data: [{ kn_id: "kn-1", name: "supply chain" }] } },
    { name: "pick_type", output: { path: { ot_id: "ot-9" }, kn_id: 42 } },
  ];

  test("constants, defaults and earlier outputs fill what they can; the rest remains", async () => {
    const result = resultOf(await collect({ schema, history, data: { body: {} } }));
    expect(result).toEqual({
      slotData: { path: { kn_id: "kn-1", ot_id: "ot-9" }, query: { limit: 10, mode: "fast" }, body: {} },
      remainingSchema: {
        type: "object",
        properties: { "/body/keyword": { type: "string" } },
        required: ["/body/keyword"],
      },
      sources: {
        "/body": "data",
        "/path/kn_id": "context:/0/output/data/0/kn_id",
        "/path/ot_id": "context:/1/output/path/ot_id",
        "/query/limit": "default",
        "/query/mode": "constant",
      },
    });
  });
});

describe("the prompt language names template files: only zh and en are taken", () => {
  test.each(["../../package", "/../../../README", "fr"])(
    "%s is INVALID_ARGUMENTS, and no file is read",
    async (language) => {
      const fill = fillSlots({ schema: { type: "object" }, question: "q", language: language as "en" });
      await expect(fill.next()).rejects.toMatchObject({
        code: "INVALID_ARGUMENTS",
        message: `fillSlots: option language must be "zh" or "en", not ${JSON.stringify(language)}`,
      });
      await expect(loadSlotTemplates(language as "en")).rejects.toMatchObject({ code: "INVALID_ARGUMENTS" });
    },
  );
});
