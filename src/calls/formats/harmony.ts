import type { TokenHeaderSyntax } from "../engine/token-header.js";

/** What ends a Harmony message's header, and what ends a message that calls a tool. */
const HARMONY_MESSAGE = "<|message|>";
const HARMONY_CALL_END = "<|call|>";

/** A tool call's recipient in a header: `to=functions.get_weather`, or `to= functions.get_weather` as fine-tunes space it. */
const RECIPIENT = /\bto\s*=\s*functions\s*\.\s*([^\s<]+)/;

/**
 * What a reply read from mid-header starts with when its header names a tool: servers hand over gpt-oss's output after
 * the prompt's `<|start|>assistant`, and the model writes the recipient there (` to=functions.get_weather<|channel|>
 * commentary json<|message|>{...}`), as openai-harmony's parser and vLLM's gpt-oss parser read it.
 */
const HARMONY_RECIPIENT_START = "to=functions.";

/** The token gpt-oss stops on after its answer (`<|channel|>final<|message|>Four.<|return|>`), by tag name. */
const HARMONY_RETURN = "|return|";

/** The `final` channel of a header: its message is the answer to the user. */
const ANSWER_CHANNEL = /<\|channel\|>\s*final\b/;

/**
 * The tool a Harmony message header (gpt-oss: `<|channel|>commentary to=functions.get_weather <|constrain|>json`, or
 * `<|start|>assistant to=functions.get_weather<|channel|>commentary json`) sends its message to; undefined for a
 * message to the user or the model's own reasoning (`<|channel|>analysis`, `<|channel|>final`).
 */
function harmonyRecipient(header: string): string | undefined {
  return RECIPIENT.exec(header)?.[1];
}

/** Whether a Harmony message header opens the answer (`<|channel|>final`): its header and stop token are no text. */
function isHarmonyAnswer(header: string): boolean {
  return ANSWER_CHANNEL.test(header);
}

/**
 * gpt-oss's Harmony messages: a header from `<|start|>` or `<|channel|>` to `<|message|>`. A message to a tool is a
 * call, whose JSON arguments run to `<|call|>`; the `final` channel's message is the answer, without its header; any
 * other message (reasoning) is text, header and all, as a `<think>` block is. A header is never longer than 300
 * characters, nor spans lines.
 */
export const HARMONY_HEADER: TokenHeaderSyntax = {
  format: "harmony",
  openers: new Set(["|start|", "|channel|"]),
  dropped: new Set([HARMONY_RETURN]),
  end: HARMONY_MESSAGE,
  limit: 300,
  replyStart: HARMONY_RECIPIENT_START,
  opens(header) {
    const tool = harmonyRecipient(header);
    if (tool !== undefined) return { opens: "call", tool, closer: HARMONY_CALL_END, format: "harmony" };
    return isHarmonyAnswer(header) ? { opens: "answer" } : { opens: "text" };
  },
};
