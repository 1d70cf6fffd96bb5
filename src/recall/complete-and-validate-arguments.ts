import { completeToolArgs } from "../args/index.js";
import { InvalidArgumentsError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { restorePropertyNames } from "../schema/dialects/anthropic-property-names.js";
import { describeIssue, SlotProcessor } from "../slots/index.js";
import { assertDeclaredParameters } from "./assert-declared-parameters.js";

/** Slot processors by schema text: recalled tools arrive as JSON, so identical schemas share one compiled validator. */
const processors = new Map<string, SlotProcessor>();
const MAX_PROCESSORS = 500;

function processorFor(schema: Record<string, unknown>): SlotProcessor {
  const key = JSON.stringify(schema);
  const cached = processors.get(key);
  if (cached !== undefined) return cached;
  const processor = new SlotProcessor(schema);
  if (processors.size >= MAX_PROCESSORS) processors.clear();
  processors.set(key, processor);
  return processor;
}

/**
 * Completes a tool's arguments with the declaration's defaults (seed 002) and validates them with the slot processor
 * (seed 004). Returns the completed copy; invalid arguments throw INVALID_ARGUMENTS with every issue and
 * `data.remainingSchema`, the schema of what is still missing or invalid, for an agent to slot-fill from. With
 * `declaredParametersOnly` (a tool the proxy calls), a header, path, query or cookie member the layered schema does
 * not declare is UNKNOWN_PARAMETER (see {@link assertDeclaredParameters}).
 */
export function completeAndValidateArguments(
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
  options: { tool: string; declaredParametersOnly?: boolean },
): Record<string, unknown> {
  checkObjectArgument("completeAndValidateArguments", "schema", schema);
  checkObjectArgument("completeAndValidateArguments", "args", args);
  checkObjectArgument("completeAndValidateArguments", "options", options);
  const { toolArgs } = completeToolArgs({
    // A model that was given the tool's Anthropic form writes the property names Anthropic accepts.
    toolArgs: restorePropertyNames(args, schema),
    declaration: { name: options.tool, description: "", parameters: schema },
    systemParams: [],
  });
  const processor = processorFor(schema);
  const issues = processor.validate(toolArgs);
  if (issues.length === 0) {
    if (options.declaredParametersOnly === true) assertDeclaredParameters(schema, toolArgs, options.tool);
    return toolArgs;
  }
  const error = new InvalidArgumentsError(
    `Arguments of "${options.tool}" are invalid: ${issues.map(describeIssue).join("; ")}`,
    issues,
    { operation: options.tool },
  );
  error.data.remainingSchema = processor.check(toolArgs);
  throw error;
}
