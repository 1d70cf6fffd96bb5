import type { CallsReadBefore } from "../formats/call-blocks.js";
import { GemmaCallAnnouncer } from "../formats/gemma-announcer.js";
import { MINIMAX_M3_CALLS } from "../formats/minimax-m3.js";
import { BlockCallAnnouncer } from "./block-call-announcer.js";
import type { AnnouncedCall, AnnouncedCallSink, CallAnnouncer } from "./call-announcer.js";
import { JsonBlockCallAnnouncer } from "./json-block-call-announcer.js";
import type { OpenBody } from "./open-body.js";
import { PythonicCallAnnouncer } from "./pythonic-call-announcer.js";
import { SectionCallAnnouncer } from "./section-call-announcer.js";

/**
 * The announcers of the calls of a raw body while it arrives, one per syntax, and which of them follows the body
 * being read (its {@link OpenBody}). At most one announces calls in a body; at its close they all forget.
 */
export class BodyCallAnnouncers {
  /**
   * A `<tool_call>` body's (and its kin's). Its JSON strings are followed: a closing tag inside one is the string's text.
   */
  readonly toolCall: BlockCallAnnouncer;
  /** A section of special tokens', and MiniMax M3's invokes. */
  private readonly section: SectionCallAnnouncer;
  /** Gemma's call blocks', the blocks holding pythonic calls (LFM2's, OLMo's), and the JSON blocks'. */
  private readonly gemma: GemmaCallAnnouncer;
  private readonly pythonic: PythonicCallAnnouncer;
  private readonly jsonBlock: JsonBlockCallAnnouncer;

  /** `announced`: where every announcer sends the calls it announces, and their text (with `deltas` only). */
  constructor(deltas: boolean, announced: AnnouncedCallSink) {
    this.toolCall = new BlockCallAnnouncer(deltas, announced);
    this.section = new SectionCallAnnouncer(deltas, announced);
    this.gemma = new GemmaCallAnnouncer(deltas, announced);
    this.pythonic = new PythonicCallAnnouncer(deltas, announced);
    this.jsonBlock = new JsonBlockCallAnnouncer(deltas, announced);
  }

  /** Starts announcing the calls of a body that has just opened; a legacy tag's or Harmony message's call started. */
  open(open: OpenBody): void {
    if (open.kind === "tool-call") this.toolCall.open();
    else if (open.kind === "section") this.section.open(open.syntax);
    else if (open.kind !== "call-block") return;
    else if (open.format === "minimax-m3") this.section.open(MINIMAX_M3_CALLS);
    else if (open.format === "gemma") this.gemma.open();
    else if (open.format === "lfm" || open.format === "olmo") this.pythonic.open();
    else this.jsonBlock.open(open.format);
  }

  /**
   * Reads body text as it arrives, numbering calls from `nextCallIndex`; `wholeBody` gives the body so far, where a
   * `<tool_call>`'s first call's opening is looked for.
   */
  follow(open: OpenBody, text: string, wholeBody: () => string, nextCallIndex: number): void {
    if (open.kind === "section" || (open.kind === "call-block" && open.format === "minimax-m3")) {
      this.section.follow(text, nextCallIndex);
    } else if (open.kind === "call-block") {
      this.callBlock(open)?.follow(text, nextCallIndex);
    } else {
      this.toolCall.follow(text, wholeBody, nextCallIndex);
    }
  }

  /** The id of the call announced last in the body, whose text is arriving. */
  currentId(open: OpenBody): string | undefined {
    return this.toolCall.currentId ?? this.section.currentId ?? this.callBlock(open)?.currentId;
  }

  /** The announcer whose streaming call plain text would only add to, if one's would. */
  taking(open: OpenBody, chunk: string): CallAnnouncer | undefined {
    if (this.toolCall.takesPlainText(chunk)) return this.toolCall;
    const blockAnnouncer = this.callBlock(open);
    if (blockAnnouncer?.takesPlainText(chunk) === true) return blockAnnouncer;
    return this.section.takesPlainText(chunk) ? this.section : undefined;
  }

  /** The calls Gemma's and the pythonic announcer read whole: the block's reader need not read them again. */
  readBefore(): CallsReadBefore {
    return { gemma: this.gemma.readCalls, pythonic: this.pythonic.readCalls };
  }

  /** The calls announced in the body (at most one announcer announced any); each announcer forgets. */
  close(): AnnouncedCall[] {
    return [
      ...this.toolCall.close(),
      ...this.section.close(),
      ...this.gemma.close(),
      ...this.pythonic.close(),
      ...this.jsonBlock.close(),
    ];
  }

  /** The announcer of a model's own call block, when its syntax is announced (MiniMax M3's is the section's). */
  private callBlock(open: OpenBody): GemmaCallAnnouncer | PythonicCallAnnouncer | JsonBlockCallAnnouncer | undefined {
    if (open.kind !== "call-block") return undefined;
    switch (open.format) {
      case "gemma":
        return this.gemma;
      case "lfm":
      case "olmo":
        return this.pythonic;
      case "cohere":
      case "internlm":
      case "apertus":
        return this.jsonBlock;
      default:
        return undefined;
    }
  }
}
