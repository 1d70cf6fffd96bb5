import type { ValidateFunction } from "ajv";

/**
 * Runs a compiled Ajv validator, turning a stack overflow into the error `onLoop` makes. A schema whose `$ref`s lead
 * back to themselves without descending into the value (`A: {allOf: [{$ref: B}]}`, `B: {anyOf: [{$ref: A}]}`)
 * compiles, but validating against it never ends: without this the caller would get a bare `RangeError`.
 */
export function runValidator(validate: ValidateFunction, data: unknown, onLoop: (cause: RangeError) => Error): boolean {
  try {
    return validate(data) as boolean;
  } catch (cause) {
    if (cause instanceof RangeError) throw onLoop(cause);
    throw cause;
  }
}

/** What a looping schema's error says, after who owns the schema. */
export const SCHEMA_LOOP_MESSAGE =
  "loops: its $refs lead back to themselves without descending into the value, so validation never ends";
