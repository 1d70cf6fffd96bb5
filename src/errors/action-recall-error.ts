import type { ErrorCode } from "./error-codes.js";

/** Where an error happened: a JSON pointer into a document or schema, a parameter, an operation. */
export interface ErrorData {
  /** JSON pointer (RFC 6901) into the input the error is about. */
  pointer?: string;
  /** Parameter name, with its location when known (`query.limit`). */
  parameter?: string;
  /** Operation the error is about (`operationId` or `"METHOD /path"`). */
  operation?: string;
  [key: string]: unknown;
}

/** Options of {@link ActionRecallError}. */
export interface ActionRecallErrorOptions<Data extends ErrorData = ErrorData> {
  cause?: unknown;
  data?: Data;
}

/**
 * The one base class of every error this package raises: a stable `code`, a message that says what and where, the
 * `cause` when another error led to it, and typed `data` (pointer, parameter, operation).
 *
 * @example
 * throw new ActionRecallError("REF_NOT_FOUND", "No schema at #/components/schemas/Pet", { data: { pointer: "#/components/schemas/Pet" } });
 */
export class ActionRecallError<Data extends ErrorData = ErrorData> extends Error {
  override readonly name: string = "ActionRecallError";
  readonly code: ErrorCode;
  readonly data: Data;

  constructor(code: ErrorCode, message: string, options: ActionRecallErrorOptions<Data> = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = options.data ?? ({} as Data);
  }

  /** The plain shape sent over the wire: `{code, message, ...data}`. */
  toJSON(): { code: ErrorCode; message: string } & Data {
    return { ...this.data, code: this.code, message: this.message };
  }
}

/** True when `value` is an {@link ActionRecallError}, optionally with the given code. */
export function isActionRecallError(value: unknown, code?: ErrorCode): value is ActionRecallError {
  return value instanceof ActionRecallError && (code === undefined || value.code === code);
}
