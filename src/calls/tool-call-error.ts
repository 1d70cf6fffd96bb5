import type { ErrorCode } from "../errors/error-codes.js";

/**
 * A problem found while reading tool calls from model output. The parser never throws on bad model output and never
 * drops what it cannot read: it reports it here, next to the calls it could read.
 */
export interface ToolCallError {
  /** `PARSE_ERROR`, `UNTERMINATED_CALL`, `UNKNOWN_TOOL`, `UNKNOWN_PARAMETER` or `INVALID_ARGUMENTS`. */
  code: ErrorCode;
  message: string;
  /** Index in `calls` of the call the error is about, when that call was kept. */
  callIndex?: number;
  /** The tool name the model wrote. */
  name?: string;
  /** The parameter name the model wrote. */
  parameter?: string;
  /** The closest known tool or parameter name, when the model's looks like a misspelling of it. */
  suggestion?: string;
  /**
   * The id of a call a stream started (`tool-call-start`) that its block, read whole, does not give as started: this
   * error withdraws it. The one-shot parser, which reports no starts, reports no such error.
   */
  withdrawn?: string;
  /**
   * The id of a call that was not kept because the output ended inside it (`UNTERMINATED_CALL`), when it had one: a
   * stream started it by that id (`tool-call-start`), and this error ends it.
   */
  callId?: string;
}
