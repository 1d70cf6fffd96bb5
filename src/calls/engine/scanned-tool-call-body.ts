import type { ToolCallError } from "../tool-call-error.js";
import type { ScannedXmlCall } from "./build-xml-call.js";

/** A call read from a `<tool_call>` body written with tags, before typing, with the text it was read from. */
export interface ScannedTagCall extends ScannedXmlCall {
  text: string;
  /**
   * The arguments as JSON text, when the call holds a JSON object instead of tags (a function tag
   * holding its arguments as JSON: `<function=name>{"city": "Paris"}</function>`); `parameters` is then empty.
   */
  jsonArguments?: string;
}

/** The calls of a `<tool_call>` body written with tags, and the problems that belong to none of them. */
export interface ScannedToolCallBody {
  calls: ScannedTagCall[];
  errors: ToolCallError[];
}

/** Records a problem with a call read from a body (a tag not closed, text outside the tags) among its errors. */
export function reportCallError(call: ScannedTagCall, message: string, parameter?: string): void {
  const error: ToolCallError = { code: "PARSE_ERROR", message, callIndex: call.callIndex, name: call.name };
  if (parameter !== undefined) error.parameter = parameter;
  call.errors.push(error);
}
