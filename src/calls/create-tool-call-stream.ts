import { checkObjectArgument, invalidOptionError } from "../errors/invalid-option-error.js";
import { type ToolCallEventSource, ToolCallScanner } from "./engine/tool-call-scanner.js";
import { createToolCatalog } from "./engine/tool-catalog.js";
import { textFormatsFor } from "./parse-tool-calls.js";
import { callableToolsFromDialect, type ToolInAnyDialect } from "./providers/callable-tool-from-dialect.js";
import { FORMAT_CHOICES, isFormatOption, type ToolCallFormat } from "./tool-call.js";
import type { ToolCallStreamEvent } from "./tool-call-stream-event.js";

/** Options of {@link createToolCallStream}. */
export interface ToolCallStreamOptions {
  /**
   * Known tools, each a `CallableTool` or written in any dialect `convert` prints: values typed by schema, legacy tags
   * recognised, unknown names reported. An entry that is no tool throws `INVALID_TOOL_DEFINITION` naming its index.
   */
  tools?: readonly ToolInAnyDialect[];
  /** Which syntax to read (one of `TOOL_CALL_FORMATS`); `auto` (the default) reads them all. */
  format?: "auto" | ToolCallFormat;
  /**
   * Receives each event as soon as it is complete, in order; `push` and `end` then return an empty array (and
   * `toTransformStream` enqueues nothing). The allocation-light way to consume a stream of tiny chunks: no array is
   * built per chunk.
   */
  onEvent?: (event: ToolCallStreamEvent) => void;
  /**
   * Whether the text starts inside a reasoning block the chat template opened (reasoning models whose template
   * writes the `<think>` leave only the closing `</think>`): `true` for `</think>`, or the token that closes the block (`<|close|>think<|sep|>`,
   * `<|inner_suffix|>`, `[/THINK]`). {@link parseToolCalls} sees that in the whole text; a stream cannot look ahead, so
   * say it.
   */
  startsInReasoning?: boolean | string;
}

/** An incremental tool-call parser over model text arriving in chunks. */
export interface ToolCallStream extends ToolCallEventSource {
  /** The same parser as a `TransformStream` from text chunks to events (for `ReadableStream.pipeThrough`). */
  toTransformStream(): TransformStream<string, ToolCallStreamEvent>;
}

/** The scanner itself is the stream (no wrapper call per chunk), plus the web-streams adapter. */
class ScannerStream extends ToolCallScanner implements ToolCallStream {
  toTransformStream(): TransformStream<string, ToolCallStreamEvent> {
    return new TransformStream<string, ToolCallStreamEvent>({
      transform: (chunk, controller) => {
        for (const event of this.push(chunk)) controller.enqueue(event);
      },
      flush: (controller) => {
        for (const event of this.end()) controller.enqueue(event);
      },
    });
  }
}

/**
 * Creates a streaming parser: text deltas, `tool-call-start`, growing `tool-call-delta`s and each complete `tool-call`
 * as soon as it closes. Linear in the input, whatever the chunking, and event for event the same calls, errors and
 * text as {@link parseToolCalls} on the whole text (given `startsInReasoning` when the text closes a `</think>` it
 * did not open). A reasoning block (`<think>...</think>` opening the output) is text: calls written in it are not
 * made.
 *
 * @example
 * const stream = createToolCallStream({ tools });
 * for await (const chunk of modelText) for (const event of stream.push(chunk)) handle(event);
 * for (const event of stream.end()) handle(event);
 *
 * @example
 * const stream = createToolCallStream({ tools, onEvent: handle });
 * for await (const chunk of modelText) stream.push(chunk);
 * stream.end();
 */
export function createToolCallStream(options: ToolCallStreamOptions = {}): ToolCallStream {
  checkObjectArgument("createToolCallStream", "options", options, true);
  if (options.format !== undefined && !isFormatOption(options.format)) {
    throw invalidOptionError("createToolCallStream", "format", options.format, FORMAT_CHOICES);
  }
  return new ScannerStream({
    formats: textFormatsFor(options.format ?? "auto"),
    ...(options.tools === undefined ? {} : { catalog: createToolCatalog(callableToolsFromDialect(options.tools)) }),
    ...(options.onEvent === undefined ? {} : { sink: options.onEvent }),
    ...(options.startsInReasoning === undefined ? {} : { startsInReasoning: options.startsInReasoning }),
  });
}
