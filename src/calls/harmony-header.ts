/** What ends a Harmony message's header, and what ends a message that calls a tool. */
export const HARMONY_MESSAGE = "<|message|>";
export const HARMONY_CALL_END = "<|call|>";

/** A tool call's recipient in a header: `to=functions.get_weather`, or `to= functions.get_weather` as fine-tunes space it. */
const RECIPIENT = /\bto\s*=\s*functions\s*\.\s*([^\s<]+)/;

/**
 * The tool a Harmony message header (gpt-oss: `<|channel|>commentary to=functions.get_weather <|constrain|>json`, or
 * `<|start|>assistant to=functions.get_weather<|channel|>commentary json`) sends its message to; undefined for a
 * message to the user or the model's own reasoning (`<|channel|>analysis`, `<|channel|>final`).
 */
export function harmonyRecipient(header: string): string | undefined {
  return RECIPIENT.exec(header)?.[1];
}
