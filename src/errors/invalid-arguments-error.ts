import { ActionRecallError, type ErrorData } from "./action-recall-error.js";
import type { ValidationIssue } from "./validation-issue.js";

/** Data of {@link InvalidArgumentsError}: every validation issue found, not just the first. */
export interface InvalidArgumentsData extends ErrorData {
  issues: ValidationIssue[];
}

/** Arguments that do not satisfy a tool's schema; `data.issues` lists each problem with its pointer and location. */
export class InvalidArgumentsError extends ActionRecallError<InvalidArgumentsData> {
  override readonly name = "InvalidArgumentsError";

  constructor(message: string, issues: ValidationIssue[], options: { cause?: unknown; operation?: string } = {}) {
    const data: InvalidArgumentsData = { issues };
    if (options.operation !== undefined) data.operation = options.operation;
    super("INVALID_ARGUMENTS", message, { cause: options.cause, data });
  }
}
