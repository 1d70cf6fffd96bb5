/** What ends a Harmony message's header, and what ends a message that calls a tool. */
export const HARMONY_MESSAGE = "<|message|>";
export const HARMONY_CALL_END = "<|call|>";

/** A tool call's recipient in a header: `to=functions.get_weather`, or `to= functions.get_weather` as fine-tunes space it. */
const RECIPIENT = /\bto\s*=\s*functions\s*\.\s*([^\s<]+)/;

/**
 * What a reply read from mid-header starts with when its header names a tool: servers hand over gpt-oss's output after
 * the prompt's `<|start|>assistant`, and the model writes the recipient there (` to=functions.get_weather<|channel|>
 * commentary json<|message|>{...}`), as openai-harmony's parser and vLLM's gpt-oss parser read it.
 */
export const HARMONY_RECIPIENT_START = "to=functions.";

/** The token gpt-oss stops on after its answer (`<|channel|>final<|message|>Four.<|return|>`), by tag name. */
export const HARMONY_RETURN = "|return|";

/** The `final` channel of a header: its message is the answer to the user. */
const ANSWER_CHANNEL = /<\|channel\|>\s*final\b/;

/**
 * The tool a Harmony message header (gpt-oss: `<|channel|>commentary to=functions.get_weather <|constrain|>json`, or
 * `<|start|>assistant to=functions.get_weather<|channel|>commentary json`) sends its message to; undefined for a
 * message to the user or the model's own reasoning (`<|channel|>analysis`, `<|channel|>final`).
 */
export function harmonyRecipient(header: string): string | undefined {
  return RECIPIENT.exec(header)?.[1];
}

/** Whether a Harmony message header opens the answer (`<|channel|>final`): its header and stop token are no text. */
export function isHarmonyAnswer(header: string): boolean {
  return ANSWER_CHANNEL.test(header);
}
