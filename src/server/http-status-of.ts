import type { ErrorCode } from "../errors/index.js";

/**
 * The HTTP status of each error code: the only place domain errors meet HTTP. A code not listed is a 500; a test
 * pins the table.
 */
export const HTTP_STATUS_BY_CODE: Readonly<Partial<Record<ErrorCode, number>>> = {
  INVALID_REQUEST: 400,
  PARSE_ERROR: 400,
  UNTERMINATED_CALL: 400,
  INVALID_DOCUMENT: 400,
  UNSUPPORTED_SPEC: 422,
  REF_NOT_FOUND: 422,
  EXTERNAL_REF_REFUSED: 422,
  SCHEMA_TOO_DEEP: 422,
  SCHEMA_CONFLICT: 422,
  BUDGET_EXCEEDED: 422,
  DIALECT_LIMIT_EXCEEDED: 422,
  INVALID_ARGUMENTS: 422,
  AMBIGUOUS_ARGUMENT: 422,
  UNKNOWN_PARAMETER: 422,
  INVALID_HEADER_VALUE: 422,
  UNSUPPORTED_MEDIA_TYPE: 422,
  FIXED_PARAMETER: 422,
  UNKNOWN_TOOL: 422,
  INVALID_TOOL_DEFINITION: 422,
  UNSUPPORTED_ACTION_SOURCE: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  OPERATION_NOT_FOUND: 404,
  HOST_NOT_ALLOWED: 403,
  UPSTREAM_TIMEOUT: 504,
  TOOL_TIMEOUT: 504,
  LLM_TIMEOUT: 504,
  UPSTREAM_ERROR: 502,
  UPSTREAM_MALFORMED: 502,
  RESPONSE_TOO_LARGE: 502,
  TOOL_FAILED: 502,
  LLM_ERROR: 502,
  ABORTED: 503,
  OVERLOADED: 503,
  CONFIG_INVALID: 500,
};

/** The HTTP status an error code answers with (500 for a code the table does not know). */
export function httpStatusOf(code: string): number {
  return typeof code === "string" && Object.hasOwn(HTTP_STATUS_BY_CODE, code)
    ? (HTTP_STATUS_BY_CODE[code as ErrorCode] ?? 500)
    : 500;
}
