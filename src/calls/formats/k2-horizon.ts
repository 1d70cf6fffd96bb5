import { findDeepNesting } from "../../openapi/find-deep-nesting.js";
import { jsonCallObjects } from "../engine/json-call-objects.js";
import { tooDeepArguments } from "../engine/limit-argument-nesting.js";
import { shortenText } from "../engine/shorten-text.js";
import type { SectionCall, TokenSectionSyntax } from "../engine/token-section.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";
import { type ArgumentTags, readArgumentTags } from "./glm.js";

/** What opens and closes each call: special tokens of K2 Horizon's vocabulary, as are all its tags. */
const CALL_BEGIN = "<ifm|tool_call>";
const CALL_END = "</ifm|tool_call>";

/**
 * The tags of a call's arguments, as its chat template writes them with `tool_call_format` `xml` (the default) and
 * `xml_typed`: GLM's, with the type of each value between its key and its value in `xml_typed`.
 */
const ARGUMENT_TAGS: ArgumentTags = {
  call: CALL_BEGIN,
  key: "<ifm|arg_key>",
  keyEnd: "</ifm|arg_key>",
  value: "<ifm|arg_value>",
  valueEnd: "</ifm|arg_value>",
  type: { open: "<ifm|arg_type>", close: "</ifm|arg_type>" },
};

/**
 * The types an `<ifm|arg_type>` may name whose values are JSON: read as JSON where the tool's schema does not type
 * the parameter, as vLLM's `k2_horizon` parser reads them (the schema wins where it types it). A `string`, `any` or
 * other type leaves the value raw text.
 */
const JSON_TYPES: ReadonlySet<string> = new Set(["integer", "number", "boolean", "array", "object", "null"]);

/** A call written as JSON (`tool_call_format` `json`) starts with its object (or, as sglang also reads, a list). */
const JSON_BODY = /^\s*[[{]/;
/** The name a JSON call starts with, as the template writes it: `{"name": "f", ...`. */
const JSON_CALL_NAME = /^\s*\{\s*"name"\s*:\s*"([^"\\]*)"/;
/** The name a call written with tags starts with, whole once a tag follows it. */
const TAGGED_CALL_NAME = /^\s*([^\s<]+)\s*</;

/**
 * K2 Horizon (IFM's K2-Horizon models, 0.9B to 375B-A23B): `<ifm|tool_calls><ifm|tool_call>get_weather
 * <ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Paris</ifm|arg_value></ifm|tool_call></ifm|tool_calls>`, or each call
 * `<ifm|tool_call>{"name": "get_weather", "arguments": {...}}</ifm|tool_call>`, as vLLM's `k2_horizon` and sglang's
 * `k2_v3` parsers read them. Values written as tags are raw text typed by the schema, as GLM's are; a call standing
 * alone, without `<ifm|tool_calls>`, is read too, as sglang reads it.
 */
export const K2_HORIZON_SECTION: TokenSectionSyntax = {
  format: "k2-horizon",
  sections: new Map([
    ["<ifm|tool_calls>", "</ifm|tool_calls>"],
    [CALL_BEGIN, CALL_END],
  ]),
  callBegin: CALL_BEGIN,
  callEnd: CALL_END,
  // What follows a name written with tags; never missing: a name alone is a call without arguments.
  separator: ARGUMENT_TAGS.key,
  readCall(text) {
    return JSON_BODY.test(text) ? readJsonCall(text) : readTaggedCall(text);
  },
  readOpening(text) {
    const name = (JSON_BODY.test(text) ? JSON_CALL_NAME : TAGGED_CALL_NAME).exec(text)?.[1];
    return name === undefined ? undefined : { name };
  },
};

/** A call written with tags: its name, then each argument's raw value, marked JSON where its type says so. */
function readTaggedCall(text: string): SectionCall {
  const read = readArgumentTags(text, ARGUMENT_TAGS);
  return {
    name: read.name,
    parameters: read.arguments.map(({ key, raw, type }) =>
      type !== undefined && JSON_TYPES.has(baseType(type)) ? [key, raw, "json"] : [key, raw],
    ),
    errors: read.problems.map(({ message }) => message),
  };
}

/** A type's name without what it is of, in lower case: `array[string]` is `array`. */
function baseType(type: string): string {
  return (type.split("[", 1)[0] ?? "").trim().toLowerCase();
}

/**
 * A call written as JSON: its name, and its arguments' JSON (a string of it read as written). A list's first call is
 * read, and the others reported: each `<ifm|tool_call>` holds one call. JSON that is no call is reported.
 */
function readJsonCall(text: string): SectionCall {
  const [call, ...others] = jsonCallObjects(parseJsonAsWritten(text.trim())) ?? [];
  if (call === undefined) {
    return {
      // The name its opening gives, as a stream announced the call by.
      name: JSON_CALL_NAME.exec(text)?.[1] ?? "",
      arguments: "{}",
      errors: [`${CALL_BEGIN} holds no JSON call object: ${shortenText(text.trim())}`],
    };
  }
  const errors =
    others.length === 0 ? [] : [`A list of ${others.length + 1} calls in one ${CALL_BEGIN}: only its first is read`];
  const args = call.arguments ?? {};
  if (typeof args === "string") return { name: call.name, arguments: args, errors };
  // Written again as JSON for the call's reader: a value nested too deep to write is not read (see `findDeepNesting`).
  const deep = findDeepNesting(args);
  if (deep !== undefined) {
    return { name: call.name, arguments: "{}", errors: [...errors, `Tool "${call.name}": ${tooDeepArguments(deep)}`] };
  }
  return { name: call.name, arguments: JSON.stringify(args), errors };
}
