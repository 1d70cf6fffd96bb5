import { trimTrailingLineBreak } from "../coerce-argument.js";
import { reportCallError, type ScannedTagCall } from "../engine/scanned-tool-call-body.js";
import { shortenText } from "../engine/shorten-text.js";
import { TaggedBodyReader } from "../engine/tagged-body-reader.js";
import { generatedCallId } from "../tool-call.js";

/** The tags GLM writes each value between. */
export const ARG_VALUE = "<arg_value>";
export const ARG_VALUE_END = "</arg_value>";

/**
 * The tags of a body in GLM's syntax, as one family writes them: the call's tag (for messages), each argument's key
 * and value tags, and what may stand between them.
 */
export interface ArgumentTags {
  /** The tag the body stands in, for messages: `<tool_call>`. */
  readonly call: string;
  readonly key: string;
  readonly keyEnd: string;
  readonly value: string;
  readonly valueEnd: string;
  /** What may stand between the name and the arguments (Hunyuan v3's `<tool_sep>`). */
  readonly nameSeparator?: string;
  /** The tags a value's type may stand between, after its key and before its value. */
  readonly type?: { readonly open: string; readonly close: string };
}

/** GLM's tags (GLM-4.5 and later, Ling 3, Hunyuan) in a `<tool_call>`. */
const GLM_TAGS: ArgumentTags = {
  call: "<tool_call>",
  key: "<arg_key>",
  keyEnd: "</arg_key>",
  value: ARG_VALUE,
  valueEnd: ARG_VALUE_END,
  nameSeparator: "<tool_sep>",
};

/** A body read in GLM's syntax: the tool's name, each argument's key and raw value (and type, if written), and what is wrong. */
export interface TaggedArguments {
  name: string;
  arguments: Array<{ key: string; raw: string; type?: string }>;
  problems: Array<{ message: string; parameter?: string }>;
}

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
  const read = readArgumentTags(body, GLM_TAGS);
  const call: ScannedTagCall = {
    id: generatedCallId(callIndex),
    callIndex,
    name: read.name,
    format: "hermes",
    parameters: read.arguments.map(({ key, raw }) => [key, raw]),
    errors: [],
    text: body,
  };
  for (const { message, parameter } of read.problems) reportCallError(call, message, parameter);
  return call;
}

/**
 * Reads a body in GLM's syntax written with `tags`: the name, then a key and a value between their tags for each
 * argument (a type between its tags after the key, where `tags` has one). A missing closing tag or value, and text
 * outside the tags, are problems; what can be read is kept.
 */
export function readArgumentTags(body: string, tags: ArgumentTags): TaggedArguments {
  const reader = new TaggedBodyReader(body);
  const nameStart = reader.skipSpace(0);
  const beforeArguments = reader.firstOf([tags.key], nameStart);
  const separator = tags.nameSeparator === undefined ? -1 : body.indexOf(tags.nameSeparator, nameStart);
  const separated = separator !== -1 && separator < beforeArguments;
  const name = body.slice(nameStart, separated ? separator : beforeArguments).trim();
  const read: TaggedArguments = { name, arguments: [], problems: [] };
  const report = (message: string, parameter?: string) =>
    read.problems.push(parameter === undefined ? { message } : { message, parameter });
  let index = reader.skipSpace(separated ? separator + (tags.nameSeparator?.length ?? 0) : beforeArguments);
  while (index < body.length) {
    if (!reader.startsWith(tags.key, index)) {
      const end = reader.firstOf([tags.key], index);
      report(`Text outside any tag inside ${tags.call}${name}: ${shortenText(body.slice(index, end).trim())}`);
      index = end;
      continue;
    }
    const keyStart = index + tags.key.length;
    const keyEnd = reader.indexOf(tags.keyEnd, keyStart);
    if (keyEnd === -1) {
      report(`${tags.key} was not closed: ${shortenText(body.slice(keyStart).trim())}`);
      break;
    }
    const key = body.slice(keyStart, keyEnd).trim();
    index = reader.skipSpace(keyEnd + tags.keyEnd.length);
    let type: string | undefined;
    if (tags.type !== undefined && reader.startsWith(tags.type.open, index)) {
      const typeStart = index + tags.type.open.length;
      const typeEnd = reader.indexOf(tags.type.close, typeStart);
      if (typeEnd === -1) {
        report(`The type of "${key}" was not closed by ${tags.type.close}`, key);
        break;
      }
      type = body.slice(typeStart, typeEnd).trim();
      index = reader.skipSpace(typeEnd + tags.type.close.length);
    }
    if (!reader.startsWith(tags.value, index)) {
      report(`${tags.key}${key}${tags.keyEnd} has no ${tags.value}`, key);
      continue;
    }
    const valueStart = index + tags.value.length;
    const value = reader.valueEnd(valueStart, tags.valueEnd, [tags.key], tags.key);
    if (!value.closed) report(`The value of "${key}" was not closed by ${tags.valueEnd}`, key);
    const raw = body.slice(valueStart, value.end);
    // A value cut at the next tag ends with the line break the template writes after a value, not with its own.
    const written = value.closed ? raw : trimTrailingLineBreak(raw);
    read.arguments.push(type === undefined ? { key, raw: written } : { key, raw: written, type });
    index = reader.skipSpace(value.next);
  }
  return read;
}
