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

/** What kind of JSON value `value` is, for a message: `null`, `an array`, `a string`. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/**
 * The error for arguments that are not a JSON object at all (`null`, a string, an array), with the one issue Ajv would
 * report for them. `subject` names them in the message: `"arguments"`, `"fixed parameters"`, `"tool_args"`.
 *
 * @example
 * throw notAnObjectError("arguments", "ls -la"); // The arguments must be an object, not a string
 */
export function notAnObjectError(subject: string, value: unknown): InvalidArgumentsError {
  return new InvalidArgumentsError(`The ${subject} must be an object, not ${kindOf(value)}`, [
    { instancePath: "", schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" },
  ]);
}

/**
 * The error for arguments nested deeper than `limit` levels, at `pointer` (see `findDeepNesting`): refused before any
 * recursive walk of them could overflow the stack.
 */
export function nestedTooDeepError(subject: string, pointer: string, limit: number): InvalidArgumentsError {
  const shown = pointer.length > 120 ? `${pointer.slice(0, 117)}...` : pointer;
  const message = `must not nest deeper than ${limit} levels`;
  return new InvalidArgumentsError(`The ${subject} nest deeper than ${limit} levels at ${shown}`, [
    { instancePath: pointer.slice(0, 2000), schemaPath: "", keyword: "nesting", params: { limit }, message },
  ]);
}
