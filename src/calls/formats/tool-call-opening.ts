import { jsonString } from "../engine/json-string.js";
import { generatedCallId } from "../tool-call.js";
import { QWEN_FUNCTION_TAGS } from "./qwen3-coder.js";

/** The first call of a `<tool_call>` body, known from the body's opening before the block closes. */
export interface CallOpening {
  /** The id the block's reader gives the call: the one written before its name, else the generated one. */
  id: string;
  name: string;
  /**
   * Qwen3-Coder's `<function=name>`, whose text ends at `</function>`; a JSON call, which ends with its object; or
   * GLM's `name<arg_key>`, whose text is the block's.
   */
  syntax: "function-tag" | "json" | "glm";
  /** Where the call's text starts in the body (after the whitespace it opens with). */
  textStart: number;
}

/** How far into a body its first call's opening is looked for: a body read whole and in pieces must agree. */
export const CALL_OPENING_LIMIT = 300;

const FUNCTION_PREFIX = QWEN_FUNCTION_TAGS.functionOpener;
/** Qwen3-Coder's `<function=name>`, whole. */
const FUNCTION_OPENING = /^\s*<function=([^>\n<]*)>/;
/**
 * GLM's tool name before its first `<arg_key>`, and Hunyuan v3's `<tool_sep>` after it (a name has no space, quote or
 * bracket; see `isGlmBody`).
 */
const GLM_NAME = /^\s*([^\s<>{}[\]"',]+)\s*(?:<tool_sep>\s*)?/;
const GLM_ARGUMENT = "<arg_key>";
const GLM_SEPARATOR = "<tool_sep>";
/**
 * A JSON call object up to its arguments, as Hermes' and Qwen's templates have models write it: `{"name": "f",
 * "arguments": ` (or Llama's `"parameters"`), perhaps after an `"id"`. Other orders and wrappers are read whole.
 */
const JSON_CALL_OBJECT_OPENING =
  /\{\s*(?:"id"\s*:\s*("(?:[^"\\\n]|\\.)*")\s*,\s*)?"name"\s*:\s*("(?:[^"\\\n]|\\.)*")\s*,\s*"(?:arguments|parameters)"\s*:/
    .source;
/** The first call object of a body, perhaps the first of an array (Hunyuan's and Jamba's `<tool_calls>[...]`). */
const JSON_CALL_OPENING = new RegExp(`^\\s*(?:\\[\\s*)?${JSON_CALL_OBJECT_OPENING}`);
/** A call object after another, in an array (after a comma) or one per line. */
const FOLLOWING_JSON_CALL_OPENING = new RegExp(`^\\s*(?:,\\s*)?${JSON_CALL_OBJECT_OPENING}`);

/**
 * The call a `<tool_call>` body opens with, once its opening is whole: Qwen3-Coder's `<function=name>`, GLM's
 * `name<arg_key>`, or a JSON call whose name (and id, if written first) comes before its arguments. `"pending"` while the body may still open so;
 * `"none"` once it cannot (the block is then read whole when it closes). The name is read as the block's reader
 * reads it, so that the call the block gives matches the one announced from its opening. With `following`, `body` is
 * the text after a JSON call object, and the opening looked for is the next object's, after a comma or on its own.
 *
 * @example
 * readCallOpening('\n{"name": "get_weather", "arguments": {"ci', 0); // {id: "call_0", name: "get_weather", ...}
 */
export function readCallOpening(body: string, callIndex: number, following = false): CallOpening | "pending" | "none" {
  const opening = following
    ? FOLLOWING_JSON_CALL_OPENING.exec(body)
    : (FUNCTION_OPENING.exec(body) ?? JSON_CALL_OPENING.exec(body));
  if (opening === null && !following) {
    const glm = readGlmOpening(body, callIndex);
    if (glm !== "none") return glm;
  }
  if (opening === null) {
    return body.length > CALL_OPENING_LIMIT || !mayOpenWithCall(body, following) ? "none" : "pending";
  }
  if (opening[0].length > CALL_OPENING_LIMIT) return "none";
  const textStart = body.search(/\S/);
  if (body.startsWith("<", textStart)) {
    const name = opening[1]?.trim() ?? "";
    return name === "" ? "none" : { id: generatedCallId(callIndex), name, syntax: "function-tag", textStart };
  }
  const name = jsonString(opening[2]);
  const writtenId = opening[1] === undefined ? "" : jsonString(opening[1]);
  if (name === undefined || name === "" || writtenId === undefined) return "none";
  // The call's text is its object, also when it opens an array.
  const objectStart = body.indexOf("{", textStart);
  return {
    id: writtenId === "" ? generatedCallId(callIndex) : writtenId,
    name,
    syntax: "json",
    textStart: objectStart,
  };
}

/** GLM's opening: its name, once the `<arg_key>` after it is whole. */
function readGlmOpening(body: string, callIndex: number): CallOpening | "pending" | "none" {
  const name = GLM_NAME.exec(body);
  if (name === null) return "none";
  const rest = body.slice(name[0].length);
  if (!rest.startsWith(GLM_ARGUMENT)) {
    const mayFollow = GLM_ARGUMENT.startsWith(rest) || GLM_SEPARATOR.startsWith(rest);
    return mayFollow && body.length <= CALL_OPENING_LIMIT ? "pending" : "none";
  }
  if (name[0].length > CALL_OPENING_LIMIT) return "none";
  return { id: generatedCallId(callIndex), name: name[1] ?? "", syntax: "glm", textStart: body.search(/\S/) };
}

/** Whether a body that holds no whole opening yet may still open with one (a following call: after a comma). */
function mayOpenWithCall(body: string, following: boolean): boolean {
  const start = body.trimStart();
  const object = start.startsWith(following ? "," : "[") ? start.slice(1).trimStart() : start;
  if (object === "" && start !== "") return true;
  if (following) return object === "" || mayOpenWithJsonCall(object);
  if (object.startsWith("{")) return mayOpenWithJsonCall(object);
  if (start.length <= FUNCTION_PREFIX.length) return FUNCTION_PREFIX.startsWith(start);
  return start.startsWith(FUNCTION_PREFIX) && !/[<\n]/.test(start.slice(FUNCTION_PREFIX.length));
}

/** Whether text starting with `{` may still open a call object that can be announced. */
function mayOpenWithJsonCall(object: string): boolean {
  if (!object.startsWith("{")) return false;
  const key = object.slice(1).trimStart();
  return FIRST_KEYS.some((first) => (key.length < first.length ? first.startsWith(key) : key.startsWith(first)));
}

/** How a JSON call that can be announced opens its object. */
const FIRST_KEYS = ['"name"', '"id"'];
