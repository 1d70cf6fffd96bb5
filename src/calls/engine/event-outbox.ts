import type { ToolCallError } from "../tool-call-error.js";
import type { ToolCallStreamEvent } from "../tool-call-stream-event.js";
import type { BuiltCall } from "./build-xml-call.js";

/**
 * What a chunk that completes nothing returns: one shared array, so that such a chunk allocates none. Typed readonly
 * rather than frozen: a frozen array has another element kind, which makes every consumer loop polymorphic and slow.
 */
export const NO_EVENTS: readonly ToolCallStreamEvent[] = [];

/**
 * Where a scanner's events leave it: prose gathers into one `text` event, and argument text into one
 * `tool-call-delta`, until another event comes or the chunk is read; each event goes to the caller's sink as soon as
 * it is complete, or is kept for `push`/`end` to return.
 */
export class EventOutbox {
  /** Prose not yet delivered. */
  text = "";
  /** Argument text not yet delivered, for the call {@link deltaOf} names. */
  delta = "";
  /**
   * Events kept for the next {@link take} when there is no sink. Starts as a one-element literal (most chunks complete
   * one event): an empty array grown by `push` would reserve room for many.
   */
  private events: ToolCallStreamEvent[] | undefined;
  /** The one way every event leaves (but {@link deliverAlone}): the caller's sink, or `events`. */
  private readonly deliver: (event: ToolCallStreamEvent) => void;

  /**
   * `deltaOf` makes the delta event of argument text for the call being read, or none when no call is (the text is
   * then dropped: it belongs to no call).
   */
  constructor(
    readonly sink: ((event: ToolCallStreamEvent) => void) | undefined,
    private readonly deltaOf: (argumentsDelta: string) => ToolCallStreamEvent | undefined,
  ) {
    this.deliver = sink ?? this.keep;
  }

  /** Delivers `event` after the prose and, unless it is a delta itself, the argument text before it. */
  emit(event: ToolCallStreamEvent): void {
    if (event.type !== "tool-call-delta") this.flushDelta();
    this.flushText();
    this.deliver(event);
  }

  /** A call, then the errors its reading met. */
  emitCall(built: BuiltCall): void {
    this.emit({ type: "tool-call", call: built.call });
    for (const error of built.errors) this.emit({ type: "error", error });
  }

  error(error: ToolCallError): void {
    this.emit({ type: "error", error });
  }

  /**
   * Delivers the one event of a fast-path chunk. Nothing is pending then (every `push` ends with all its events
   * taken), so the event skips the keeping and is handed over or returned on its own: this is the per-character
   * path of a stream.
   */
  deliverAlone(event: ToolCallStreamEvent): readonly ToolCallStreamEvent[] {
    if (this.sink === undefined) return [event];
    this.sink(event);
    return NO_EVENTS;
  }

  /** Delivers what is pending, and returns the events kept since the last call (none when a sink takes them). */
  take(): readonly ToolCallStreamEvent[] {
    this.flushDelta();
    this.flushText();
    const events = this.events;
    if (events === undefined) return NO_EVENTS;
    this.events = undefined;
    return events;
  }

  flushDelta(): void {
    if (this.delta === "") return;
    const event = this.deltaOf(this.delta);
    this.delta = "";
    if (event !== undefined) this.deliver(event);
  }

  private flushText(): void {
    if (this.text === "") return;
    this.deliver({ type: "text", delta: this.text });
    this.text = "";
  }

  private readonly keep = (event: ToolCallStreamEvent): void => {
    if (this.events === undefined) this.events = [event];
    else this.events.push(event);
  };
}
