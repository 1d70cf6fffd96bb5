import type { FunctionTagSyntax } from "../engine/function-tag-calls.js";
import type { TokenSectionSyntax } from "../engine/token-section.js";
import { MINICPM_FUNCTION_TAGS } from "./minicpm.js";

/**
 * Step 3's tags, inside its `<｜tool_call_begin｜>` tokens, as vLLM's and sglang's `step3` parsers read them:
 * `<steptml:invoke name="get_weather">`, then `<steptml:parameter name="city">Paris</steptml:parameter>` for each
 * argument, then `</steptml:invoke>`. Values are read as XML text, as the same tags are in Step-DeepResearch's
 * `<steptml:toolcall>` block.
 */
export const STEP3_FUNCTION_TAGS: FunctionTagSyntax = {
  ...MINICPM_FUNCTION_TAGS,
  functionOpener: "<steptml:invoke ",
  parameterOpener: "<steptml:parameter ",
  parameterCloser: "</steptml:parameter>",
  functionCloser: "</steptml:invoke>",
  bodyOpener: "<｜tool_call_begin｜>",
  bodyCloser: "<｜tool_call_end｜>",
  functionPattern: "<steptml:invoke name=...>",
  functionTag: (name) => `<steptml:invoke name="${name}">`,
};

/**
 * Step 3: `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">
 * <steptml:parameter name="city">Paris</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
 * as vLLM's and sglang's `step3` parsers read it (full-width bars, as DeepSeek's tokens have, but no `▁`).
 */
export const STEP3_SECTION: TokenSectionSyntax = {
  format: "step3",
  sections: new Map([["<｜tool_calls_begin｜>", "<｜tool_calls_end｜>"]]),
  callBegin: "<｜tool_call_begin｜>",
  callEnd: "<｜tool_call_end｜>",
  separator: "<｜tool_sep｜>",
  tags: STEP3_FUNCTION_TAGS,
  readCall(text) {
    const marker = text.indexOf(this.separator);
    const invoke = STEP3_INVOKE_NAME.exec(text);
    // An invoke without the `function<｜tool_sep｜>` header before it (as vLLM's tests write it, and its streaming
    // parser reads it) is the call whole: its tags name it and hold its arguments.
    if (marker === -1 || (invoke !== null && invoke.index < marker)) {
      return invoke === null ? { name: "" } : { name: invoke[1] ?? "", arguments: text };
    }
    // Anything but `function` before the separator is left in the tags, where it is reported as text outside them.
    const after = text.slice(marker + this.separator.length);
    const tags = text.slice(0, marker).trim() === "function" ? after : text;
    return { name: STEP3_INVOKE_NAME.exec(tags)?.[1] ?? "", arguments: tags };
  },
  readOpening(text) {
    const { name } = this.readCall(text);
    return name === "" ? undefined : { name };
  },
};

/** The name of the first `<steptml:invoke>`, for messages about a call its tags cannot give. */
const STEP3_INVOKE_NAME = /<steptml:invoke\s+name\s*=\s*["']([^"']*)["']/;
