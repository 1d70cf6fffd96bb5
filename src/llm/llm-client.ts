import type OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { fetchWithTraceContext } from "../telemetry/fetch-with-trace-context.js";
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from "./llm-settings.js";
import { repairModelJson } from "./repair-model-json.js";
import { isRequestRefused, toLlmError } from "./to-llm-error.js";

/** One chat message. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Options of a plain or JSON-mode completion. */
export interface CompleteOptions {
  messages: readonly ChatMessage[];
  /** Asks for a JSON object (`response_format: {type: "json_object"}`). */
  json?: boolean;
  signal?: AbortSignal;
}

/** How structured output is requested: `json_schema` response format, a forced tool call, or the first that works. */
export type StructuredMode = "json-schema" | "tool-call" | "auto";

/** Options of {@link LlmClient.completeStructured}. */
export interface StructuredOptions {
  messages: readonly ChatMessage[];
  /** The JSON Schema the answer must follow. */
  schema: JsonSchema;
  /** A name for the schema or the tool (letters, digits, `_` and `-`). */
  name: string;
  /** `auto` (the default) tries `json_schema` and falls back to a forced tool call when the endpoint refuses it. */
  mode?: StructuredMode;
  signal?: AbortSignal;
}

/** A small client for OpenAI-compatible chat endpoints. Every failure is an `LLM_ERROR` or `LLM_TIMEOUT` error. */
export interface LlmClient {
  readonly model: string;
  /** The whole answer text. */
  complete(options: CompleteOptions): Promise<string>;
  /** The answer as it streams, one text delta at a time. */
  stream(options: CompleteOptions): AsyncGenerator<string, void, undefined>;
  /** A value that follows `schema`, by structured output or by a forced tool call. */
  completeStructured(options: StructuredOptions): Promise<unknown>;
}

/** Options of {@link createLlmClient}: the settings, each defaulted. */
export type LlmClientOptions = Partial<LlmSettings>;

/**
 * Creates a client over the `openai` SDK for any OpenAI-compatible base URL. The SDK retries 408, 409, 429, 5xx and
 * connection failures with exponential backoff (honouring `retry-after`), up to `maxRetries` times.
 *
 * @example
 * const llm = createLlmClient({ baseURL: "http://127.0.0.1:8000/v1", model: "my-model" });
 * const text = await llm.complete({ messages: [{ role: "user", content: "Hello" }] });
 */
export function createLlmClient(options: LlmClientOptions = {}): LlmClient {
  checkObjectArgument("createLlmClient", "options", options, true);
  const settings: LlmSettings = {
    baseURL: options.baseURL ?? DEFAULT_LLM_SETTINGS.baseURL,
    apiKey: options.apiKey ?? "unused",
    model: options.model ?? DEFAULT_LLM_SETTINGS.model,
    timeoutMs: options.timeoutMs ?? DEFAULT_LLM_SETTINGS.timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULT_LLM_SETTINGS.maxRetries,
  };
  // The SDK takes longer to load than Node takes to start: it is loaded at the first request, not with the package.
  let sdkClient: Promise<OpenAI> | undefined;
  const openai = (): Promise<OpenAI> => {
    sdkClient ??= import("openai").then(
      ({ default: OpenAI }) =>
        new OpenAI({
          baseURL: settings.baseURL,
          apiKey: settings.apiKey,
          timeout: settings.timeoutMs,
          maxRetries: settings.maxRetries,
          fetch: fetchWithTraceContext,
        }),
    );
    return sdkClient;
  };
  const model = settings.model;
  const failure = (cause: unknown) => toLlmError(cause, settings);

  async function create(body: Omit<ChatCompletionCreateParamsNonStreaming, "model">, signal: AbortSignal | undefined) {
    try {
      return await (await openai()).chat.completions.create({ ...body, model, stream: false }, signalOption(signal));
    } catch (cause) {
      throw failure(cause);
    }
  }

  async function structuredByResponseFormat(options: StructuredOptions): Promise<unknown> {
    const completion = await create(
      {
        messages: [...options.messages],
        response_format: { type: "json_schema", json_schema: { name: options.name, schema: options.schema } },
      },
      options.signal,
    );
    return parseModelJson(completion.choices[0]?.message.content ?? "", settings);
  }

  async function structuredByToolCall(options: StructuredOptions): Promise<unknown> {
    const completion = await create(
      {
        messages: [...options.messages],
        tools: [{ type: "function", function: { name: options.name, parameters: options.schema } }],
        tool_choice: { type: "function", function: { name: options.name } },
      },
      options.signal,
    );
    const call = completion.choices[0]?.message.tool_calls?.find((candidate) => candidate.type === "function");
    if (call === undefined || call.type !== "function") {
      throw new ActionRecallError("LLM_ERROR", `The model "${model}" did not call the tool "${options.name}"`, {
        data: { upstream: settings.baseURL, model },
      });
    }
    return parseModelJson(call.function.arguments, settings);
  }

  return {
    model,
    async complete(options) {
      const completion = await create(
        {
          messages: [...options.messages],
          ...(options.json === true ? { response_format: { type: "json_object" as const } } : {}),
        },
        options.signal,
      );
      return completion.choices[0]?.message.content ?? "";
    },
    async *stream(options) {
      try {
        const stream = await (await openai()).chat.completions.create(
          {
            model,
            messages: [...options.messages],
            stream: true,
            ...(options.json === true ? { response_format: { type: "json_object" as const } } : {}),
          },
          signalOption(options.signal),
        );
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (typeof delta === "string" && delta !== "") yield delta;
        }
      } catch (cause) {
        throw failure(cause);
      }
    },
    async completeStructured(options) {
      const mode = options.mode ?? "auto";
      if (mode === "tool-call") return structuredByToolCall(options);
      if (mode === "json-schema") return structuredByResponseFormat(options);
      try {
        return await structuredByResponseFormat(options);
      } catch (error) {
        // Endpoints without `json_schema` refuse the request with 400/404/422; they usually support tools.
        if (error instanceof ActionRecallError && isRequestRefused(error)) return structuredByToolCall(options);
        throw error;
      }
    },
  };
}

function signalOption(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal };
}

/** Structured answers are JSON, but some endpoints still wrap or truncate it: repair before giving up. */
function parseModelJson(text: string, settings: LlmSettings): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(repairModelJson(text));
    } catch (cause) {
      throw new ActionRecallError("LLM_ERROR", `The model "${settings.model}" answered text that is not JSON`, {
        cause,
        data: { upstream: settings.baseURL, model: settings.model, excerpt: text.slice(0, 300) },
      });
    }
  }
}
