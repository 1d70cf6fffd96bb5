/**
 * Tencent Hunyuan's released models write their tags with a vocabulary suffix, at the token ids its previews wrote
 * bare: Hy3's `<tool_call:opensource>`, `<arg_key:opensource>` and `<think:opensource>`, Hy4's `<tool_calls:6124c78e>`.
 * They are read as the bare tags are.
 */
const SUFFIXED_TAG = /^(\/?(?:think|tool_calls|tool_call|tool_sep|arg_key|arg_value)):([A-Za-z0-9]+)$/;

/**
 * A Hunyuan tag name's bare name (a closing tag's with its `/`) and its suffix; undefined for any other name.
 *
 * @example
 * splitHunyuanSuffix("tool_call:opensource"); // {name: "tool_call", suffix: "opensource"}
 */
export function splitHunyuanSuffix(name: string): { name: string; suffix: string } | undefined {
  const match = SUFFIXED_TAG.exec(name);
  return match === null ? undefined : { name: match[1] ?? "", suffix: match[2] ?? "" };
}

/**
 * The first closing tag of Hunyuan's reasoning in `text` (`</think:opensource>`), if any.
 *
 * @example
 * findHunyuanReasoningEnd("Thinking.</think:opensource>Answer."); // "</think:opensource>"
 */
export function findHunyuanReasoningEnd(text: string): string | undefined {
  return REASONING_END.exec(text)?.[0];
}

const REASONING_END = /<\/think:[A-Za-z0-9]+>/;

/**
 * The body of a `<tool_call:suffix>` with its tags written bare (`<tool_sep>`, `<arg_key>`, `</arg_value>`), as the
 * body of a `<tool_call>` is read.
 *
 * @example
 * withBareHunyuanTags("f<arg_key:opensource>x</arg_key:opensource>", "opensource"); // "f<arg_key>x</arg_key>"
 */
export function withBareHunyuanTags(body: string, suffix: string): string {
  return body.replace(new RegExp(`<(/?(?:tool_sep|arg_key|arg_value)):${suffix}>`, "g"), "<$1>");
}

/**
 * A bare tag as a Hunyuan block with `suffix` writes it.
 *
 * @example
 * withHunyuanSuffix("</arg_value>", "opensource"); // "</arg_value:opensource>"
 */
export function withHunyuanSuffix(tag: string, suffix: string): string {
  return tag.endsWith(">") ? `${tag.slice(0, -1)}:${suffix}>` : tag;
}
