import type { BuiltBlockCalls } from "./build-xml-call.js";
import { type AnnouncedCall, type AnnouncedCallSink, confirmAnnouncedCalls } from "./call-announcer.js";
import type { CallIds } from "./call-ids.js";
import type { EventOutbox } from "./event-outbox.js";

/**
 * Reports the calls of one model output through its {@link EventOutbox}: numbers them (a generated id is
 * `call_<index>`), keeps their ids unique ({@link CallIds}), and reports the calls of a block read whole as they
 * would have streamed. It is the sink the announcers send the calls they announce to.
 */
export class CallReporter implements AnnouncedCallSink {
  /** `deltas`: whether the text of a call read whole goes out as a `tool-call-delta`. */
  constructor(
    private readonly outbox: EventOutbox,
    private readonly callIds: CallIds,
    private readonly deltas: boolean,
    private nextCallIndex: number,
  ) {}

  /** The index the next call gets. */
  nextIndex(): number {
    return this.nextCallIndex;
  }

  /** Takes the index of the next call. */
  takeIndex(): number {
    const index = this.nextCallIndex;
    this.nextCallIndex += 1;
    return index;
  }

  /** A call starts: its `tool-call-start` goes out under an id no other call of the output has, which is returned. */
  start(writtenId: string, name: string): string {
    const id = this.callIds.claim(writtenId);
    this.outbox.emit({ type: "tool-call-start", id, name });
    return id;
  }

  /** Text of the call started last. */
  text(text: string): void {
    this.outbox.delta += text;
  }

  /**
   * The announced calls the block, read whole, gives as announced; each announced after those is withdrawn by an
   * error, and its id is free again.
   */
  confirm(announced: readonly AnnouncedCall[], built: BuiltBlockCalls): AnnouncedCall[] {
    const { confirmed, withdrawn } = confirmAnnouncedCalls(announced, built);
    for (const { call, error } of withdrawn) {
      this.callIds.release(call.id);
      this.outbox.error(error);
    }
    return confirmed;
  }

  /**
   * The calls of a block read whole, each reported as it would have streamed: start, its text, the call. The
   * `confirmed` calls had their start and text while the block arrived, under the ids they keep: only the call is left.
   */
  reportBlock(built: BuiltBlockCalls, confirmed: readonly AnnouncedCall[] = []): void {
    for (const error of built.errors) this.outbox.error(error);
    for (const [index, blockCall] of built.calls.entries()) {
      this.nextCallIndex += 1;
      const { call } = blockCall;
      const announced = confirmed[index];
      if (announced !== undefined) {
        call.id = announced.id;
      } else {
        call.id = this.callIds.claim(call.id);
        this.outbox.emit({ type: "tool-call-start", id: call.id, name: call.name });
        if (this.deltas) this.outbox.emit({ type: "tool-call-delta", id: call.id, argumentsDelta: blockCall.text });
      }
      this.outbox.emitCall(blockCall);
    }
  }
}
