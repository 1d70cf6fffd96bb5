import type { ValidateFunction } from "ajv";
import { nestedTooDeepError } from "../errors/invalid-arguments-error.js";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";

/**
 * Runs a compiled Ajv validator, turning a stack overflow into a clear error. A schema whose `$ref`s lead back to
 * themselves without descending into the value (`A: {allOf: [{$ref: B}]}`, `B: {anyOf: [{$ref: A}]}`) compiles, but
 * validating against it never ends: that is the error `onLoop` makes. A recursive schema (a tree) recurses with the
 * value too: data nested deeper than any real value (`subject`, such as "arguments") is an `INVALID_ARGUMENTS` error
 * naming where, not the schema's fault. Without this the caller would get a bare `RangeError`.
 */
export function runValidator(
  validate: ValidateFunction,
  data: unknown,
  subject: string,
  onLoop: (cause: RangeError) => Error,
): boolean {
  try {
    return validate(data) as boolean;
  } catch (cause) {
    if (!(cause instanceof RangeError)) throw cause;
    const deep = findDeepNesting(data);
    if (deep !== undefined) throw nestedTooDeepError(subject, deep, MAX_VALUE_DEPTH);
    throw onLoop(cause);
  }
}

/** What a looping schema's error says, after who owns the schema. */
export const SCHEMA_LOOP_MESSAGE =
  "loops: its $refs lead back to themselves without descending into the value, so validation never ends";
