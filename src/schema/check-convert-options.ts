import { checkObjectArgument, invalidOptionError } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { ConvertOptions } from "./converted-tool.js";
import { DIALECTS } from "./tool-definition.js";

/**
 * Throws `INVALID_ARGUMENTS`, naming the option, when `options` holds a value the conversion does not take: an unknown
 * dialect (which failed every operation with an internal error), a depth or budget that is no count (which pruned or
 * failed every tool), fixed values or operations of the wrong shape.
 */
export function checkConvertOptions(options: ConvertOptions, caller: string): void {
  checkObjectArgument(caller, "options", options, true);
  const { dialect, maxDepth, maxTokens, fixed, operations } = options;
  if (dialect !== undefined && !(DIALECTS as readonly string[]).includes(dialect)) {
    throw invalidOptionError(caller, "dialect", dialect, `one of ${DIALECTS.join(", ")}`);
  }
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && maxDepth >= 0)) {
    throw invalidOptionError(caller, "maxDepth", maxDepth, "a whole number of $ref hops, 0 or more");
  }
  if (maxTokens !== undefined && !((Number.isInteger(maxTokens) || maxTokens === Infinity) && maxTokens >= 1)) {
    throw invalidOptionError(caller, "maxTokens", maxTokens, "a whole number of tokens, 1 or more");
  }
  if (fixed !== undefined && !isJsonObject(fixed)) {
    throw invalidOptionError(caller, "fixed", fixed, "an object of values by name or by location");
  }
  if (operations !== undefined && !(Array.isArray(operations) && operations.every((id) => typeof id === "string"))) {
    throw invalidOptionError(caller, "operations", operations, 'a list of operationIds or "METHOD /path"');
  }
}
