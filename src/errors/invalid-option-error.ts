import { ActionRecallError } from "./action-recall-error.js";

/**
 * The error for an option of a public function given a value it does not take: typed callers cannot pass one, but a
 * JavaScript caller or a config file can, and a wrong option must not turn into a `TypeError` or a silent default.
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
  const shown = typeof given === "string" ? JSON.stringify(given) : (JSON.stringify(given) ?? String(given));
  return new ActionRecallError("INVALID_ARGUMENTS", `${caller}: option ${option} must be ${expected}, not ${shown}`, {
    data: { parameter: option },
  });
}
