import { trimTrailingLineBreak } from "../coerce-argument.js";
import { reportCallError, type ScannedTagCall } from "../engine/scanned-tool-call-body.js";
import { shortenText } from "../engine/shorten-text.js";
import { TaggedBodyReader } from "../engine/tagged-body-reader.js";
import { generatedCallId } from "../tool-call.js";

const ARG_KEY = "<arg_key>";
/** What Hunyuan v3 writes between the name and the arguments. */
const TOOL_SEPARATOR = "<tool_sep>";
const ARG_KEY_END = "</arg_key>";
/** The tags GLM writes each value between. */
export const ARG_VALUE = "<arg_value>";
export const ARG_VALUE_END = "</arg_value>";
/** What may follow a value's closing tag, and what cuts a value left unclosed. */
const AFTER_VALUE = [ARG_KEY];

/**
 * A `<tool_call>` body in GLM's syntax (GLM-4.5 and later, Ling 3, Hunyuan): a tool name alone, then `<arg_key>` /
 * `<arg_value>` pairs, or nothing for a call without arguments; Hunyuan v3 writes `<tool_sep>` after the name. A name
 * has no space, quote or bracket, so JSON never matches.
 */
const GLM_BODY = /^\s*[^\s<>{}[\]"',]+\s*(?:<tool_sep>\s*)?(?:<arg_key>|$)/;

/** Whether a `<tool_call>` body is written in GLM's syntax. */
export function isGlmBody(body: string): boolean {
  return GLM_BODY.test(body);
}

/**
 * Reads a `<tool_call>` body in GLM's syntax (as vLLM's `glm45` and `hy_v3` parsers read it): `name` (and Hunyuan v3's
 * `<tool_sep>`), then `<arg_key>key</arg_key><arg_value>value</arg_value>` for each argument. Values are raw text, as the chat template
 * writes them. A missing closing tag or `<arg_value>`, and text outside the tags, are reported; the call is kept.
 */
export function scanGlmCall(body: string, callIndex: number): ScannedTagCall {
  const reader = new TaggedBodyReader(body);
  const nameStart = reader.skipSpace(0);
  const beforeArguments = reader.firstOf([ARG_KEY], nameStart);
  const separator = body.indexOf(TOOL_SEPARATOR, nameStart);
  const nameEnd = separator !== -1 && separator < beforeArguments ? separator : beforeArguments;
  const name = body.slice(nameStart, nameEnd).trim();
  const call: ScannedTagCall = {
    id: generatedCallId(callIndex),
    callIndex,
    name,
    format: "hermes",
    parameters: [],
    errors: [],
    text: body,
  };
  let index = reader.skipSpace(nameEnd === separator ? separator + TOOL_SEPARATOR.length : nameEnd);
  while (index < body.length) {
    if (!reader.startsWith(ARG_KEY, index)) {
      const end = reader.firstOf([ARG_KEY], index);
      reportCallError(
        call,
        `Text outside any tag inside <tool_call>${name}: ${shortenText(body.slice(index, end).trim())}`,
      );
      index = end;
      continue;
    }
    const keyStart = index + ARG_KEY.length;
    const keyEnd = reader.indexOf(ARG_KEY_END, keyStart);
    if (keyEnd === -1) {
      reportCallError(call, `<arg_key> was not closed: ${shortenText(body.slice(keyStart).trim())}`);
      break;
    }
    const key = body.slice(keyStart, keyEnd).trim();
    index = reader.skipSpace(keyEnd + ARG_KEY_END.length);
    if (!reader.startsWith(ARG_VALUE, index)) {
      reportCallError(call, `<arg_key>${key}</arg_key> has no <arg_value>`, key);
      continue;
    }
    const valueStart = index + ARG_VALUE.length;
    const value = reader.valueEnd(valueStart, ARG_VALUE_END, AFTER_VALUE, ARG_KEY);
    if (!value.closed) reportCallError(call, `The value of "${key}" was not closed by </arg_value>`, key);
    const raw = body.slice(valueStart, value.end);
    // A value cut at the next tag ends with the line break the template writes after a value, not with its own.
    call.parameters.push([key, value.closed ? raw : trimTrailingLineBreak(raw)]);
    index = reader.skipSpace(value.next);
  }
  return call;
}
