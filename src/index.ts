// The public API, written by hand: every name here is a promise to users. A test pins this list.

export type { ErrorData, SafeResult, ValidationIssue } from "./errors/index.js";
export {
  ActionRecallError,
  ErrorCode,
  InvalidArgumentsError,
  isActionRecallError,
  UpstreamError,
} from "./errors/index.js";
