import { BlockCallAnnouncer } from "../formats/index.js";
import type { AnnouncedCall, AnnouncedCallSink, CallAnnouncer } from "./call-announcer.js";
import type { CallBlockAnnouncer, CallBlockSyntax } from "./call-block-syntax.js";
import type { OpenBody } from "./open-body.js";
import { SectionCallAnnouncer } from "./section-call-announcer.js";
import type { TextAccumulator } from "./text-accumulator.js";
import type { TextRun } from "./text-run.js";

/**
 * The announcers of the calls of a raw body while it arrives, and which of them follows the body being read (its
 * {@link OpenBody}): a `<tool_call>`'s, a section's, or the one a call block's syntax gives. At most one announces calls
 * in a body; at its close it forgets.
 */
export class BodyCallAnnouncers {
  /**
   * A `<tool_call>` body's (and its kin's). Its JSON strings are followed: a closing tag inside one is the string's text.
   */
  readonly toolCall: BlockCallAnnouncer;
  /** A section of special tokens'. */
  private readonly section: SectionCallAnnouncer;
  /** Each call block syntax's announcer, made when a block of it first opens. */
  private readonly blockAnnouncers = new Map<CallBlockSyntax, CallBlockAnnouncer | undefined>();
  /** The announcer of the call block being read, if it is one and its syntax announces calls. */
  private block: CallBlockAnnouncer | undefined;
  /** The announcer that opened the run the scanner reads, if one did. */
  private runOpener: CallAnnouncer | undefined;

  /** `announced`: where every announcer sends the calls it announces, and their text (with `deltas` only). */
  constructor(
    private readonly deltas: boolean,
    private readonly announced: AnnouncedCallSink,
  ) {
    this.toolCall = new BlockCallAnnouncer(deltas, announced);
    this.section = new SectionCallAnnouncer(deltas, announced);
  }

  /** Starts announcing the calls of a body that has just opened; a legacy tag's or a message's call started. */
  open(open: OpenBody): void {
    this.block = undefined;
    if (open.kind === "tool-call") this.toolCall.open();
    else if (open.kind === "section") this.section.open(open.syntax);
    else if (open.kind === "call-block") {
      this.block = this.announcerOf(open.syntax);
      this.block?.open();
    }
  }

  /** Starts announcing the call of a bare `<function=...>`, opened by `tag`, numbered `nextCallIndex`. */
  openBareFunction(tag: string, nextCallIndex: number): void {
    this.block = undefined;
    this.toolCall.openBareFunction(tag, nextCallIndex);
  }

  /**
   * Reads body text as it arrives, numbering calls from `nextCallIndex`; `wholeBody` gives the body so far, where a
   * `<tool_call>`'s first call's opening is looked for.
   */
  follow(open: OpenBody, text: string, wholeBody: () => string, nextCallIndex: number): void {
    if (open.kind === "section") this.section.follow(text, nextCallIndex);
    else if (open.kind === "call-block") this.block?.follow(text, nextCallIndex);
    else this.toolCall.follow(text, wholeBody, nextCallIndex);
  }

  /** The id of the call announced last in the body, whose text is arriving. */
  currentId(): string | undefined {
    return this.toolCall.currentId ?? this.section.currentId ?? this.block?.currentId;
  }

  /**
   * The run of a call's text the announcer following the body opens where it is (see `CallAnnouncer.openRun`), and
   * which announcer opened it, to count in what it took.
   */
  openRun(open: OpenBody, body: TextAccumulator, closerStart: string): TextRun | undefined {
    this.runOpener = this.following(open);
    return this.runOpener?.openRun(body, closerStart);
  }

  closeRun(run: TextRun): void {
    this.runOpener?.closeRun(run);
    this.runOpener = undefined;
  }

  /** The announcer following a body of `open`, if one does. */
  private following(open: OpenBody): CallAnnouncer | undefined {
    if (open.kind === "section") return this.section;
    if (open.kind === "call-block") return this.block;
    return open.kind === "tool-call" || open.kind === "bare-function" ? this.toolCall : undefined;
  }

  /** The announcer whose streaming call plain text would only add to, if one's would. */
  taking(chunk: string): CallAnnouncer | undefined {
    if (this.toolCall.takesPlainText(chunk)) return this.toolCall;
    const block = this.block;
    if (block?.takesPlainText(chunk) === true) return block;
    return this.section.takesPlainText(chunk) ? this.section : undefined;
  }

  /** The calls the call block's announcer read whole: the block's reader need not read them again. */
  readBefore(): ReadonlyMap<number, unknown> | undefined {
    return this.block?.readCalls;
  }

  /** The calls announced in the body (at most one announcer announced any); each announcer forgets. */
  close(): AnnouncedCall[] {
    const block = this.block;
    this.block = undefined;
    return [...this.toolCall.close(), ...this.section.close(), ...(block?.close() ?? [])];
  }

  private announcerOf(syntax: CallBlockSyntax): CallBlockAnnouncer | undefined {
    if (!this.blockAnnouncers.has(syntax)) {
      this.blockAnnouncers.set(syntax, syntax.announcer?.(this.deltas, this.announced));
    }
    return this.blockAnnouncers.get(syntax);
  }
}
