import type { FormatFamily } from "../engine/format-family.js";
import type { ReplyStartMarker } from "../engine/json-run-reader.js";

// JSON calls written in text (format `json-text`): the tags and words models write before them. The calls themselves
// are read by the engine (`JsonRunReader`), as call objects.

/**
 * What models write before the JSON calls a reply starts with, by tag name, with what may close it: Llama 3's
 * `<|python_tag|>` (the `<|eom_id|>` its message ends with when a server leaves special tokens in), Phi-4-mini's `<|tool_call|>` (`<|/tool_call|>`, which Granite 3.0 does not write),
 * Llama 4's `<|python_start|>`, GigaChat 3.1's `<|function_call|>` (the `</s>` its generation may end with), and the
 * tags Qwen2.5-Coder wraps its calls in when it leaves out `<tool_call>` (`<tools>`, the one it is prompted with: vLLM
 * #32926; the others: kronk #944).
 */
const CALL_WRAPPERS: ReadonlyMap<string, string> = new Map([
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
const REPLY_START_MARKERS: readonly ReplyStartMarker[] = [
  // Phi-4-mini, prompted as vLLM's and sglang's templates do, and Firefunction v2: `functools[...]`, after prose too
  // (llama.cpp's `firefunction_v2` parser finds it anywhere).
  { marker: "functools", closer: "", inProse: "functools[" },
  // GigaChat 3: `function call<|role_sep|>\n{...}`, or `function call{...}`, and the `</s>` its generation may end with.
  { marker: "function call<|role_sep|>", closer: "</s>", bareMarker: "function call" },
];

/**
 * GigaChat 3's token between the messages of one reply (`Sure.<|message_sep|>\n\nfunction call<|role_sep|>\n{...}`):
 * the next message is a reply's start, where its calls may be. The token is dropped from the text, as GigaChat's
 * template writes it between messages and never in one.
 */
export const MESSAGE_SEPARATOR = "|message_sep|";

/** The `json-text` family: the wrappers and words before JSON calls. */
export const JSON_TEXT: FormatFamily = { callWrappers: CALL_WRAPPERS, replyStartMarkers: REPLY_START_MARKERS };
