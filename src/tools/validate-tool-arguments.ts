import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsPlugin from "ajv-formats";
import type { CallableTool } from "../calls/callable-tool.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { type ValidationIssue, validationIssueFromAjv } from "../errors/validation-issue.js";
import { isLayeredSchema } from "../schema/is-layered-schema.js";
import { runValidator, SCHEMA_LOOP_MESSAGE } from "../schema/run-validator.js";

/**
 * Tool schemas come from OpenAPI documents and providers, full of keywords Ajv does not know (`example`, `x-*`) and
 * formats like `int64`: `strict: false` accepts them instead of refusing the tool. `addUsedSchema: false` keeps two
 * tools sharing an `$id` from colliding in the shared instance.
 */
const AJV_OPTIONS = { allErrors: true, strict: false, addUsedSchema: false, logger: false } as const;
/** The shared instances, made at the first validation: making them (meta-schemas compiled) at import cost every import. */
let instances: { draft07: Ajv; draft2020: Ajv2020 } | undefined;

function ajvInstances(): { draft07: Ajv; draft2020: Ajv2020 } {
  if (instances === undefined) {
    instances = { draft07: new Ajv(AJV_OPTIONS), draft2020: new Ajv2020(AJV_OPTIONS) };
    // ajv-formats is CommonJS: under NodeNext its default import is the module, whose `default` is the plugin.
    formatsPlugin.default(instances.draft07);
    formatsPlugin.default(instances.draft2020);
  }
  return instances;
}

const validators = new WeakMap<CallableTool, ValidateFunction>();

/**
 * Validates arguments against a tool's `parameters` and returns every issue (empty when valid). The validator is
 * compiled on first use and cached per tool object. For a layered schema each issue also says where the value lives
 * (`query.limit`). Throws `INVALID_TOOL_DEFINITION` when the tool's own schema does not compile, or loops.
 */
export function validateToolArguments(tool: CallableTool, args: Record<string, unknown>): ValidationIssue[] {
  checkObjectArgument("validateToolArguments", "tool", tool);
  checkObjectArgument("validateToolArguments", "tool.parameters", tool.parameters);
  const validate = validatorOf(tool);
  const loops = (cause: RangeError) =>
    new ActionRecallError(
      "INVALID_TOOL_DEFINITION",
      `Tool "${tool.name}": its parameters schema ${SCHEMA_LOOP_MESSAGE}`,
      {
        cause,
        data: { pointer: "/parameters", tool: tool.name },
      },
    );
  if (runValidator(validate, args, "arguments", loops)) return [];
  const layered = isLayeredSchema(tool.parameters);
  return (validate.errors ?? []).map((error) => validationIssueFromAjv(error, { layered }));
}

function validatorOf(tool: CallableTool): ValidateFunction {
  const cached = validators.get(tool);
  if (cached !== undefined) return cached;
  const { draft07, draft2020 } = ajvInstances();
  const ajv = String(tool.parameters.$schema ?? "").includes("2020-12") ? draft2020 : draft07;
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(tool.parameters);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ActionRecallError(
      "INVALID_TOOL_DEFINITION",
      `Tool "${tool.name}": its parameters schema does not compile: ${reason}`,
      {
        cause,
        data: { pointer: "/parameters", tool: tool.name },
      },
    );
  }
  validators.set(tool, validate);
  return validate;
}
