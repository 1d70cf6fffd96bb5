import { HARMONY_MESSAGE, harmonyRecipient, isHarmonyAnswer } from "../formats/harmony.js";
import { XTML_CHANNEL_LIMIT, XTML_SEPARATOR, xtmlChannel, xtmlChannelEnd } from "../formats/kimi-k3.js";

/** A Harmony message's header is never longer than this, nor spans lines. */
const HARMONY_HEADER_LIMIT = 300;

/** What a header after a special token turned out to open. */
export type TokenHeaderEnd =
  /** No such header (it spans a line or grows too long), or one of a message that is no call: prose, header and all. */
  | { opens: "text" }
  /** A Harmony message to a tool (`to=functions.get_weather`): a call, whose body runs to `<|call|>`. */
  | { opens: "harmony-call"; tool: string }
  /** A Harmony message of the `final` channel: the answer, which is text, its header not. */
  | { opens: "answer" }
  /** Kimi K3's `tools` channel: a section of calls, to `closer`. */
  | { opens: "kimi-tools"; closer: string }
  /** Kimi K3's `think` channel opening the output: reasoning, to `closer`. */
  | { opens: "reasoning"; closer: string };

/**
 * A header after a special token, read to the token that ends it: a Harmony message's, to its `<|message|>`, or a
 * Kimi K3 channel's name, to its `<|sep|>`; then what it opens is known ({@link ended}).
 */
export class TokenHeader {
  /** The header read so far, its opening token included. */
  text = "";
  /** What the header opens, once it is whole or is known to be no such header. */
  ended: TokenHeaderEnd | undefined;
  private kind: "harmony" | "xtml" = "harmony";
  private openedAtStart = false;

  /** Starts a header at its opening token; `openedAtStart`: the output has said nothing before it. */
  start(token: string, kind: "harmony" | "xtml", openedAtStart: boolean): void {
    this.text = token;
    this.kind = kind;
    this.openedAtStart = openedAtStart;
    this.ended = undefined;
  }

  /** Reads `chunk` from `start` and returns where it stopped: after the header's end, or at what makes it no header. */
  scan(chunk: string, start: number): number {
    const isHarmony = this.kind === "harmony";
    const end = isHarmony ? HARMONY_MESSAGE : XTML_SEPARATOR;
    const limit = isHarmony ? HARMONY_HEADER_LIMIT : XTML_CHANNEL_LIMIT;
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === "\n" || this.text.length >= limit) {
        this.ended = { opens: "text" };
        return index;
      }
      this.text += character;
      if (character !== ">" || !this.text.endsWith(end)) continue;
      this.ended = isHarmony ? this.harmonyMessage() : this.xtmlChannel();
      return index + 1;
    }
    return chunk.length;
  }

  /**
   * A message to a tool is a call; the answer is text without its header; any other message (reasoning) is text,
   * header and all, as a `<think>` block is.
   */
  private harmonyMessage(): TokenHeaderEnd {
    const tool = harmonyRecipient(this.text);
    if (tool !== undefined) return { opens: "harmony-call", tool };
    return isHarmonyAnswer(this.text) ? { opens: "answer" } : { opens: "text" };
  }

  /** The `tools` channel is calls, the `think` channel opening the output reasoning, any other (`response`) text. */
  private xtmlChannel(): TokenHeaderEnd {
    const channel = xtmlChannel(this.text);
    if (channel === "tools") return { opens: "kimi-tools", closer: xtmlChannelEnd(channel) };
    if (channel === "think" && this.openedAtStart) return { opens: "reasoning", closer: xtmlChannelEnd(channel) };
    return { opens: "text" };
  }
}
