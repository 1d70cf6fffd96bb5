import { invalidArgumentError, invalidOptionError } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { buildJsonCall, type JsonCall } from "./engine/build-json-call.js";
import type { BuiltCall } from "./engine/build-xml-call.js";
import { CallIds } from "./engine/call-ids.js";
import { endsBeforeItsValue } from "./engine/json-value-end.js";
import { enterRepairBudget, leaveRepairBudget, RepairBudget } from "./engine/repair-budget.js";
import { shortenText } from "./engine/shorten-text.js";
import { ToolCallScanner } from "./engine/tool-call-scanner.js";
import { createToolCatalog, type ToolCatalog } from "./engine/tool-catalog.js";
import { closesUnopenedReasoning } from "./formats/index.js";
import {
  namespacedName,
  readToolsFromDialects,
  type ToolInAnyDialect,
} from "./providers/callable-tool-from-dialect.js";
import {
  isGeminiPart,
  isToolUseBlock,
  looksLikeProviderOutput,
  tokenLimitReached,
  wrappedMessage,
} from "./providers/provider-response.js";
import {
  FORMAT_CHOICES,
  isFormatOption,
  PROVIDER_TOOL_CALL_FORMATS,
  TEXT_TOOL_CALL_FORMATS,
  type TextToolCallFormat,
  type ToolCall,
  type ToolCallFormat,
} from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";
import type { ToolCallStreamEvent } from "./tool-call-stream-event.js";

/** Options of {@link parseToolCalls}. */
export interface ParseToolCallsOptions {
  /**
   * Known tools, each a `CallableTool` or written in any dialect `convert` prints (OpenAI, Responses, Anthropic,
   * Gemini, MCP): arguments are typed by their schemas, legacy tags are recognised, unknown names are reported. An
   * entry that is no tool is an `INVALID_TOOL_DEFINITION` error naming its index; the others are used.
   */
  tools?: readonly ToolInAnyDialect[];
  /** Which syntax to read; `auto` (the default) reads every one it finds. */
  format?: "auto" | ToolCallFormat;
}

/** Everything read from one model output: the calls in order, the prose without the call blocks, and the problems. */
export interface ParsedToolCalls {
  calls: ToolCall[];
  text: string;
  errors: ToolCallError[];
}

const ALL_TEXT_FORMATS: ReadonlySet<TextToolCallFormat> = new Set(TEXT_TOOL_CALL_FORMATS);
const PROVIDER_FORMATS: ReadonlySet<string> = new Set(PROVIDER_TOOL_CALL_FORMATS);
const NO_TEXT_FORMATS: ReadonlySet<TextToolCallFormat> = new Set();

/**
 * Reads the tool calls in a model's output, whatever the syntax: model text in any of {@link TEXT_TOOL_CALL_FORMATS}
 * (XML `<function_calls>`, `<tool_call>` and its kin, special-token sections, messages after a header of special tokens, models' own blocks,
 * a marker such as `[TOOL_CALLS]`, JSON or pythonic calls a reply starts with, registered legacy tags), an OpenAI Chat
 * Completions message or completion or its `tool_calls`, Responses API output, an Anthropic message or content array,
 * a Gemini response, content or parts, a Bedrock Converse response, message or content, an Ollama `/api/chat` or
 * `/api/generate` response, or a Cohere v2 chat response. Never throws: what cannot be read is reported in `errors`.
 *
 * @example
 * const { calls } = parseToolCalls('<function_calls><invoke name="add"><parameter name="a">5</parameter></invoke></function_calls>', { tools: [add] });
 * // calls[0].arguments is { a: 5 } when add's schema says a is an integer
 */
export function parseToolCalls(output: unknown, options: ParseToolCallsOptions = {}): ParsedToolCalls {
  // Never a throw: options a JavaScript caller got wrong are an error in the result, as a wrong format is.
  const format = typeof options === "object" && options !== null ? (options.format ?? "auto") : undefined;
  if (format === undefined || !isFormatOption(format)) {
    const { message } =
      format === undefined
        ? invalidArgumentError("parseToolCalls", "options", options, "an object, or left out")
        : invalidOptionError("parseToolCalls", "format", format, FORMAT_CHOICES);
    return {
      calls: [],
      text: typeof output === "string" ? output : "",
      errors: [{ code: "INVALID_ARGUMENTS", message }],
    };
  }
  const tools = options.tools === undefined ? undefined : readToolsFromDialects(options.tools);
  const reader = new OutputReader(tools === undefined ? undefined : createToolCatalog(tools.tools), format);
  reader.read(output);
  const result = reader.result();
  for (const error of tools?.errors ?? []) result.errors.push({ code: error.code, message: error.message });
  return result;
}

/** Which text syntaxes a format option lets the scanner read. */
export function textFormatsFor(format: "auto" | ToolCallFormat): ReadonlySet<TextToolCallFormat> {
  if (format === "auto") return ALL_TEXT_FORMATS;
  return (ALL_TEXT_FORMATS as ReadonlySet<string>).has(format)
    ? new Set([format as TextToolCallFormat])
    : NO_TEXT_FORMATS;
}

class OutputReader {
  private readonly calls: ToolCall[] = [];
  private readonly texts: string[] = [];
  private readonly errors: ToolCallError[] = [];
  /** The ids of the output's calls, in text and native alike: each unique. */
  private readonly callIds = new CallIds();
  /** What is left to repair of the output's JSON, in text and native alike. */
  private readonly repairBudget = new RepairBudget();

  constructor(
    private readonly catalog: ToolCatalog | undefined,
    private readonly format: "auto" | ToolCallFormat,
  ) {}

  result(): ParsedToolCalls {
    return { calls: this.calls, text: this.texts.join("\n"), errors: this.errors };
  }

  read(output: unknown): void {
    const outer = enterRepairBudget(this.repairBudget);
    try {
      if (typeof output === "string") this.readString(output);
      else if (Array.isArray(output)) this.readItems(output);
      else if (isJsonObject(output)) this.readObject(output);
      else this.fail(`Cannot read tool calls from ${output === null ? "null" : typeof output}`);
    } finally {
      leaveRepairBudget(outer);
    }
  }

  /**
   * A completion, a Chat message, a Responses result or item, an Anthropic message or block, a Gemini response or
   * content, a Bedrock Converse response, or an Ollama or Cohere response wrapping a message.
   */
  private readObject(output: Record<string, unknown>): void {
    const { choices, output: responsesOutput, content, type, candidates, parts } = output;
    const wrapped = wrappedMessage(output);
    if (Array.isArray(candidates)) {
      // A Gemini response: the first candidate's content, as for a completion's first choice.
      const candidate = isJsonObject(candidates[0]) ? candidates[0].content : undefined;
      if (isJsonObject(candidate) && Array.isArray(candidate.parts)) this.readItems(candidate.parts);
      else if (!isJsonObject(candidates[0]) || candidates[0].finishReason === undefined)
        this.fail("The Gemini response has no candidates[0].content.parts");
    } else if (Array.isArray(parts)) {
      this.readItems(parts);
    } else if (Array.isArray(choices)) {
      const message = isJsonObject(choices[0]) ? choices[0].message : undefined;
      if (isJsonObject(message)) this.readChatMessage(message);
      else this.fail("The completion has no choices[0].message");
    } else if (Array.isArray(responsesOutput)) {
      this.readItems(responsesOutput);
    } else if (isJsonObject(responsesOutput) && isJsonObject(responsesOutput.message)) {
      // A Bedrock Converse response: its message's content blocks.
      this.readChatMessage(responsesOutput.message);
    } else if (
      type === "function_call" ||
      type === "tool_use" ||
      (type === "function" && isJsonObject(output.function))
    ) {
      this.readItems([output]);
    } else if (Array.isArray(content) && (type === "message" || content.some(isToolUseBlock))) {
      this.readItems(content);
    } else if (["tool_calls", "function_call", "content"].some((key) => Object.hasOwn(output, key))) {
      this.readChatMessage(output);
    } else if (wrapped !== undefined) {
      this.readChatMessage(wrapped);
    } else {
      this.fail(
        "Not a model output this parser knows (text, Chat Completions, Responses, Anthropic, Gemini, Bedrock, Ollama or Cohere)",
      );
    }
    const limit = tokenLimitReached(output);
    if (limit !== undefined) this.withholdCutOffCall(limit);
  }

  /**
   * A response that stopped at its token limit stopped in its last call when that call's arguments, as written, end
   * before their object does: the call is not made, as a block cut off in text is not.
   */
  private withholdCutOffCall(limit: string): void {
    const index = this.calls.length - 1;
    const last = this.calls[index];
    // Arguments read as written have no `rawArguments`: they are whole.
    if (last?.rawArguments === undefined || !endsBeforeItsValue(last.rawArguments)) return;
    this.calls.pop();
    const others = this.errors.filter((error) => error.callIndex !== index);
    this.errors.splice(0, this.errors.length, ...others);
    this.errors.push({
      code: "UNTERMINATED_CALL",
      message: `The response stopped at its token limit (${limit}) in the arguments of call ${last.id}; a call that did not close is not run: ${shortenText(last.rawArguments)}`,
      name: last.name,
      callId: last.id,
    });
  }

  /** Model text; or, when it is the JSON of a provider response (as a CLI reads from a file), that response. */
  private readString(output: string): void {
    const native = PROVIDER_FORMATS.has(this.format);
    const trimmed = output.trimStart();
    if (native || (this.format === "auto" && (trimmed.startsWith("{") || trimmed.startsWith("[")))) {
      try {
        // `trimmed`: a file saved with a byte order mark (which `trimStart` drops) is still JSON.
        const value: unknown = JSON.parse(trimmed);
        if (native || looksLikeProviderOutput(value)) {
          this.read(value);
          return;
        }
      } catch {
        // Not JSON: model text that merely starts with a brace.
      }
    }
    if (native) this.fail(`format "${this.format}" needs a provider response as JSON`);
    else this.readText(output);
  }

  /** Responses API items, Anthropic content blocks and Gemini parts, in order. */
  private readItems(items: unknown[]): void {
    for (const item of items) {
      if (!isJsonObject(item)) continue;
      if (isGeminiPart(item)) {
        this.readGeminiPart(item);
      } else if (item.type === "function" && isJsonObject(item.function)) {
        // A Chat Completions message's `tool_calls`, given on their own.
        this.addChatToolCall(item);
      } else if (item.type === "function_call") {
        const { namespace, name } = item;
        this.addNative({
          id: item.call_id ?? item.id,
          // A call to a tool of a namespace names the namespace apart: its tool is known by both (see `namespacedName`).
          name:
            typeof namespace === "string" && namespace !== "" && typeof name === "string"
              ? namespacedName(namespace, name)
              : name,
          arguments: item.arguments,
          format: "responses",
        });
      } else if (item.type === "tool_use") {
        this.addNative({ id: item.id, name: item.name, arguments: item.input, format: "anthropic" });
      } else if (isJsonObject(item.toolUse)) {
        const { toolUseId, name, input } = item.toolUse;
        this.addNative({ id: toolUseId, name, arguments: input, format: "bedrock" });
      } else if (item.type === "message" && Array.isArray(item.content)) {
        this.readItems(item.content);
      } else if ((item.type === "text" || item.type === "output_text") && typeof item.text === "string") {
        this.readText(item.text);
      }
    }
  }

  /** A `functionCall` part, or a `text` part (a thought summary, `thought: true`, is not the answer's text). */
  private readGeminiPart(part: Record<string, unknown>): void {
    const { functionCall } = part;
    if (isJsonObject(functionCall)) {
      this.addNative({ id: functionCall.id, name: functionCall.name, arguments: functionCall.args, format: "gemini" });
    } else if (typeof part.text === "string" && part.thought !== true) {
      this.readText(part.text);
    }
  }

  private readChatMessage(message: Record<string, unknown>): void {
    const { content, tool_calls: toolCalls, function_call: functionCall } = message;
    if (typeof content === "string") this.readText(content);
    else if (Array.isArray(content)) this.readItems(content);
    if (Array.isArray(toolCalls)) {
      for (const toolCall of toolCalls) this.addChatToolCall(toolCall);
    }
    if (isJsonObject(functionCall)) {
      this.addNative({ id: undefined, name: functionCall.name, arguments: functionCall.arguments, format: "json" });
    }
  }

  /**
   * One of a Chat Completions message's `tool_calls`: `{id, type: "function", function: {name, arguments}}`, or the
   * flat `{id, name, arguments}` a model writes when it spells such a message out as its reply (Devstral; issue
   * #14697 of the C++ inference server).
   */
  private addChatToolCall(toolCall: unknown): void {
    const details = !isJsonObject(toolCall) ? {} : isJsonObject(toolCall.function) ? toolCall.function : toolCall;
    const id = isJsonObject(toolCall) ? toolCall.id : undefined;
    this.addNative({ id, name: details.name, arguments: details.arguments, format: "json" });
  }

  private addNative(native: JsonCall): void {
    if (this.format !== "auto" && this.format !== native.format) return;
    this.add(buildJsonCall(native, this.calls.length, this.catalog));
  }

  private add(built: BuiltCall): void {
    built.call.id = this.callIds.claim(built.call.id);
    this.calls.push(built.call);
    this.errors.push(...built.errors);
  }

  /** Model text goes through the same scanner as the stream, in one piece. */
  private readText(text: string): void {
    const scanner = new ToolCallScanner({
      formats: textFormatsFor(this.format),
      firstCallIndex: this.calls.length,
      deltas: false,
      callIds: this.callIds,
      repairBudget: this.repairBudget,
      startsInReasoning: closesUnopenedReasoning(text),
      ...(this.catalog === undefined ? {} : { catalog: this.catalog }),
    });
    let prose = "";
    const collect = (events: readonly ToolCallStreamEvent[]): void => {
      for (const event of events) {
        if (event.type === "text") prose += event.delta;
        else if (event.type === "tool-call") this.calls.push(event.call);
        // A call withdrawn was one the stream would have started: here none was.
        else if (event.type === "error" && event.error.withdrawn === undefined) this.errors.push(event.error);
      }
    };
    collect(scanner.push(text));
    collect(scanner.end());
    this.texts.push(prose);
  }

  private fail(message: string): void {
    this.errors.push({ code: "PARSE_ERROR", message });
  }
}
