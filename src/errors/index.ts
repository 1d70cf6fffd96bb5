export {
  ActionRecallError,
  type ActionRecallErrorOptions,
  type ErrorData,
  isActionRecallError,
} from "./action-recall-error.js";
export { ErrorCode } from "./error-codes.js";
export { type InvalidArgumentsData, InvalidArgumentsError } from "./invalid-arguments-error.js";
export type { SafeResult } from "./safe-result.js";
export { UpstreamError, type UpstreamErrorCode, type UpstreamErrorData } from "./upstream-error.js";
export type { ValidationIssue } from "./validation-issue.js";
