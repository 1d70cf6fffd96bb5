import type { MarkedJsonCallsSyntax, ReplyStartMarker } from "../engine/json-run-reader.js";
import type { TokenHeaderSyntax } from "../engine/token-header.js";
import { HARMONY_HEADER } from "./harmony.js";
import { findHunyuanReasoningEnd, splitHunyuanSuffix } from "./hunyuan.js";
import { KIMI_XTML_HEADER } from "./kimi-k3.js";
import { MISTRAL_CALLS } from "./mistral.js";
import { DEEPSEEK_SECTION, KIMI_SECTION, STEP3_SECTION, type TokenSectionSyntax } from "./token-sections.js";

// The tags and tokens that open tool calls, or reasoning, in model text: what `ToolCallScanner` looks for in prose.

/**
 * What models write before the JSON calls a reply starts with, by tag name, with what may close it: Llama 3's
 * `<|python_tag|>` (the `<|eom_id|>` its message ends with when a server leaves special tokens in), Phi-4-mini's `<|tool_call|>` (`<|/tool_call|>`, which Granite 3.0 does not write),
 * Llama 4's `<|python_start|>`, GigaChat 3.1's `<|function_call|>` (the `</s>` its generation may end with), and the
 * tags Qwen2.5-Coder wraps its calls in when it leaves out `<tool_call>` (`<tools>`, the one it is prompted with: vLLM
 * #32926; the others: kronk #944).
 */
export const CALL_WRAPPERS: ReadonlyMap<string, string> = new Map([
  ["|python_tag|", "<|eom_id|>"],
  ["|function_call|", "</s>"],
  ["|tool_call|", "<|/tool_call|>"],
  ["|python_start|", "<|python_end|>"],
  ["tools", "</tools>"],
  ["function", "</function>"],
  ["function-call", "</function-call>"],
  ["function_call", "</function_call>"],
]);

/** Words a model writes before the JSON calls a reply starts with (see `ReplyStartMarker`). */
export const REPLY_START_MARKERS: readonly ReplyStartMarker[] = [
  // Phi-4-mini, prompted as vLLM's and sglang's templates do, and Firefunction v2: `functools[...]`, after prose too
  // (llama.cpp's `firefunction_v2` parser finds it anywhere).
  { marker: "functools", closer: "", inProse: "functools[" },
  // GigaChat 3: `function call<|role_sep|>\n{...}`, or `function call{...}`, and the `</s>` its generation may end with.
  { marker: "function call<|role_sep|>", closer: "</s>", bareMarker: "function call" },
];

/**
 * Whether the wrapper named `name` is a model's own special token (`<|python_tag|>`, `<|tool_call|>`,
 * `<|python_start|>`, `<|function_call|>`): it opens calls wherever it stands, and one followed by no call is reported.
 * The tags Qwen2.5-Coder wraps its calls in (`<tools>`) are words it may write in prose: they open calls only where a
 * reply starts.
 */
export function isCallMarker(name: string): boolean {
  return name.startsWith("|");
}

/**
 * GigaChat 3's token between the messages of one reply (`Sure.<|message_sep|>\n\nfunction call<|role_sep|>\n{...}`):
 * the next message is a reply's start, where its calls may be. The token is dropped from the text, as GigaChat's
 * template writes it between messages and never in one.
 */
export const MESSAGE_SEPARATOR = "|message_sep|";

/** Headers of messages or channels written with special tokens, read when their format is. */
export const TOKEN_HEADERS: readonly TokenHeaderSyntax[] = [HARMONY_HEADER, KIMI_XTML_HEADER];

/** Markers in prose that JSON calls follow, read when their format is. */
export const MARKED_JSON_CALLS: readonly MarkedJsonCallsSyntax[] = [MISTRAL_CALLS];

/** Tool-call sections written with special tokens, read when their format is. */
export const TOKEN_SECTIONS: readonly TokenSectionSyntax[] = [KIMI_SECTION, DEEPSEEK_SECTION, STEP3_SECTION];

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
]);

/**
 * The tokens that close a reasoning block a chat template may open in the prompt, with the one that would open it in
 * the output: `</think>` (DeepSeek-R1 distills, QwQ, Qwen3), Kimi K3's, Apertus', Magistral's, Cohere's and Seed's.
 */
const REASONING_ENDS: readonly { opener: string; closer: string }[] = [
  { opener: "<think>", closer: "</think>" },
  { opener: "<|open|>think<|sep|>", closer: "<|close|>think<|sep|>" },
  { opener: "<|inner_prefix|>", closer: "<|inner_suffix|>" },
  { opener: "[THINK]", closer: "[/THINK]" },
  { opener: "<|START_THINKING|>", closer: "<|END_THINKING|>" },
  { opener: "<seed:think>", closer: "</seed:think>" },
];

/** Any of those tokens. */
const ANY_REASONING_END = new RegExp(
  REASONING_ENDS.map(({ closer }) => closer.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
  "g",
);

/**
 * The token that closes a reasoning block model text did not open, if it closes one: a `</think>` with no `<think>`
 * opening the text, as when the chat template wrote the `<think>` in the prompt (or another model's tokens alike). A
 * scanner given the whole text is then told `startsInReasoning`; a stream cannot look ahead for it.
 *
 * @example
 * closesUnopenedReasoning("Let me check.</think>The answer."); // "</think>"
 */
export function closesUnopenedReasoning(text: string): string | undefined {
  const start = text.trimStart();
  // One search for all the tokens: six `includes` took 2.3 ms on a megabyte of tool calls, this takes 0.5.
  const written = new Set<string>();
  for (const [closer] of text.matchAll(ANY_REASONING_END)) {
    written.add(closer);
    if (written.size === REASONING_ENDS.length) break;
  }
  const closer = REASONING_ENDS.find(({ opener, closer }) => written.has(closer) && !start.startsWith(opener))?.closer;
  if (closer !== undefined) return closer;
  // Hunyuan's, with its vocabulary suffix: `</think:opensource>`.
  const suffixed = findHunyuanReasoningEnd(text);
  return suffixed === undefined || start.startsWith(`<${suffixed.slice(2)}`) ? undefined : suffixed;
}

/** The tag that closes the reasoning the tag named `name` opens (see {@link REASONING_TAGS}, and Hunyuan's). */
export function reasoningCloserOf(name: string): string | undefined {
  return REASONING_TAGS.get(name) ?? (splitHunyuanSuffix(name)?.name === "think" ? `</${name}>` : undefined);
}
