import { ActionRecallError } from "./action-recall-error.js";
import { shortJson } from "./short-json.js";

/**
 * The error for an option of a public function given a value it does not take: typed callers cannot pass one, but a
 * JavaScript caller or a config file can, and a wrong option (or argument, below) must not turn into a `TypeError`
 * or a silent default.
 *
 * @example
 * throw invalidOptionError("convertOperations", "dialect", "openia", "one of openai, openai-strict, ...");
 */
export function invalidOptionError(
  caller: string,
  option: string,
  given: unknown,
  expected: string,
): ActionRecallError {
  return invalidValueError(`${caller}: option ${option}`, option, given, expected);
}

/**
 * Throws `INVALID_ARGUMENTS` naming `caller`'s `parameter` when `value` is not an object (nor, when `optional`,
 * undefined): a JavaScript caller's `null`, string or array there would otherwise fail as a `TypeError` deep inside.
 *
 * @example
 * checkObjectArgument("listOperations", "document", document);
 */
export function checkObjectArgument(caller: string, parameter: string, value: unknown, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return;
  throw invalidArgumentError(caller, parameter, value, optional ? "an object, or left out" : "an object");
}

/** Throws `INVALID_ARGUMENTS` naming `caller`'s `parameter` when `value` is not an array of objects. */
export function checkObjectsArgument(caller: string, parameter: string, value: unknown): void {
  const isObject = (item: unknown) => typeof item === "object" && item !== null && !Array.isArray(item);
  if (Array.isArray(value) && value.every(isObject)) return;
  throw invalidArgumentError(caller, parameter, value, "an array of objects");
}

/** Throws `INVALID_ARGUMENTS` naming `caller`'s `parameter` when `value` is not a string. */
export function checkStringArgument(caller: string, parameter: string, value: unknown): void {
  if (typeof value !== "string") throw invalidArgumentError(caller, parameter, value, "a string");
}

/** The error for an argument of a public function given a value it does not take. */
export function invalidArgumentError(
  caller: string,
  parameter: string,
  given: unknown,
  expected: string,
): ActionRecallError {
  return invalidValueError(`${caller}: ${parameter}`, parameter, given, expected);
}

/** `INVALID_ARGUMENTS`: what was `given` where `expected`, `data.parameter` naming it. */
function invalidValueError(where: string, parameter: string, given: unknown, expected: string): ActionRecallError {
  return new ActionRecallError("INVALID_ARGUMENTS", `${where} must be ${expected}, not ${shortJson(given)}`, {
    data: { parameter },
  });
}
