import { anyOfLiterals } from "../engine/literal-pattern.js";
import { findHunyuanReasoningEnd, splitHunyuanSuffix } from "./hunyuan.js";

// The reasoning blocks models open their output with: a call written inside is one they considered, not one they made.

/**
 * Tags reasoning models open their output with, by name, with the tag that closes them (Gemma 4's is
 * `<|channel>thought ...<channel|>`, Apertus' `<|inner_prefix|>`); a call written inside is one they considered, not
 * one they made.
 */
export const REASONING_TAGS: ReadonlyMap<string, string> = new Map([
  ["think", "</think>"],
  ["thinking", "</thinking>"],
  ["|channel", "<channel|>"],
  ["seed:think", "</seed:think>"],
  ["|START_THINKING|", "<|END_THINKING|>"],
  ["|inner_prefix|", "<|inner_suffix|>"],
  ["ifm|think", "</ifm|think>"],
  ["ifm|think_fast", "</ifm|think_fast>"],
  ["ifm|think_faster", "</ifm|think_faster>"],
]);

/**
 * The tokens that close a reasoning block a chat template may open in the prompt, with the one that would open it in
 * the output: `</think>` (DeepSeek-R1 distills, QwQ, Qwen3), Kimi K3's, Apertus', Magistral's, Cohere's, Seed's and
 * K2 Horizon's (one for each reasoning effort: `<ifm|think>`, `<ifm|think_fast>`, `<ifm|think_faster>`).
 */
const REASONING_ENDS: readonly { opener: string; closer: string }[] = [
  { opener: "<think>", closer: "</think>" },
  { opener: "<|open|>think<|sep|>", closer: "<|close|>think<|sep|>" },
  { opener: "<|inner_prefix|>", closer: "<|inner_suffix|>" },
  { opener: "[THINK]", closer: "[/THINK]" },
  { opener: "<|START_THINKING|>", closer: "<|END_THINKING|>" },
  { opener: "<seed:think>", closer: "</seed:think>" },
  { opener: "<ifm|think>", closer: "</ifm|think>" },
  { opener: "<ifm|think_fast>", closer: "</ifm|think_fast>" },
  { opener: "<ifm|think_faster>", closer: "</ifm|think_faster>" },
];

/** Any of those tokens. */
const ANY_REASONING_END = anyOfLiterals(REASONING_ENDS.map(({ closer }) => closer));

/**
 * The token that closes a reasoning block model text did not open, if it closes one: a `</think>` with no `<think>`
 * written before it, as when the chat template wrote the `<think>` in the prompt (or another model's tokens alike). A
 * scanner given the whole text is then told `startsInReasoning`; a stream cannot look ahead for it. A closer whose
 * opener the text wrote before it closes that block, wherever it stands: a stream reads such text the same way.
 *
 * @example
 * closesUnopenedReasoning("Let me check.</think>The answer."); // "</think>"
 * closesUnopenedReasoning("Hi.<think>Hmm.</think>The answer."); // undefined
 */
export function closesUnopenedReasoning(text: string): string | undefined {
  // One search for all the tokens: six `includes` took 2.3 ms on a megabyte of tool calls, this takes 0.5.
  const firstAt = new Map<string, number>();
  for (const match of text.matchAll(ANY_REASONING_END)) {
    if (!firstAt.has(match[0])) firstAt.set(match[0], match.index);
    if (firstAt.size === REASONING_ENDS.length) break;
  }
  const unopened = REASONING_ENDS.find(({ opener, closer }) => {
    const at = firstAt.get(closer);
    return at !== undefined && !opensBefore(text, opener, at);
  });
  if (unopened !== undefined) return unopened.closer;
  // Hunyuan's, with its vocabulary suffix: `</think:opensource>`.
  const suffixed = findHunyuanReasoningEnd(text);
  if (suffixed === undefined) return undefined;
  return opensBefore(text, `<${suffixed.slice(2)}`, text.indexOf(suffixed)) ? undefined : suffixed;
}

/** Whether `text` writes `opener` before `end` (looking no further). */
function opensBefore(text: string, opener: string, end: number): boolean {
  return end > 0 && text.lastIndexOf(opener, end - 1) !== -1;
}

/** The tag that closes the reasoning the tag named `name` opens (see {@link REASONING_TAGS}, and Hunyuan's). */
export function reasoningCloserOf(name: string): string | undefined {
  return REASONING_TAGS.get(name) ?? (splitHunyuanSuffix(name)?.name === "think" ? `</${name}>` : undefined);
}
