import type { ValidateFunction } from "ajv";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { InvalidArgumentsError, kindOf, nestedTooDeepError } from "../errors/invalid-arguments-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { type ValidationIssue, validationIssueFromAjv } from "../errors/validation-issue.js";
import { findDeepNesting, MAX_VALUE_DEPTH } from "../openapi/find-deep-nesting.js";
import { shortPointer } from "../openapi/json-pointer.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { MAX_SCHEMA_NESTING } from "../schema/expansion-limits.js";
import { isLayeredSchema } from "../schema/is-layered-schema.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { runValidator, SCHEMA_LOOP_MESSAGE } from "../schema/run-validator.js";
import { buildRemainingSchema, type RemainingSchema } from "./build-remaining-schema.js";
import { type ConversionOutcome, convertToSchema } from "./convert-to-schema.js";
import { createSlotAjv } from "./create-slot-ajv.js";
import { makeNullable } from "./make-nullable.js";
import { normalizeOpenApiNullable } from "./normalize-openapi-nullable.js";

/** JSON levels a slot schema may nest: two per schema level (`properties`, the name), as deep as the expander allows. */
const SCHEMA_DEPTH = 2 * MAX_SCHEMA_NESTING;

/**
 * Seed 004's slot processor over one JSON Schema, compiled once with Ajv: what is still missing or invalid (the
 * remaining schema), conversion of loosely typed values, and a nullable copy for the model.
 *
 * @example
 * const processor = new SlotProcessor({ type: "object", properties: { city: { type: "string" } }, required: ["city"] });
 * processor.check({}); // { type: "object", properties: { "/city": { type: "string" } }, required: ["/city"] }
 */
export class SlotProcessor {
  /**
   * A private copy of the schema given, with OpenAPI's `nullable` made acceptable to Ajv: later changes to the caller's
   * object do not reach the compiled validator.
   */
  readonly schema: JsonSchema;
  readonly #validate: ValidateFunction;
  readonly #layered: boolean;

  constructor(schema: JsonSchema) {
    if (!isJsonObject(schema) && typeof schema !== "boolean") {
      throw new ActionRecallError(
        "INVALID_DOCUMENT",
        `The slot schema must be a JSON Schema object, not ${kindOf(schema)}`,
        {
          data: { pointer: "#" },
        },
      );
    }
    const deep = findDeepNesting(schema, SCHEMA_DEPTH);
    if (deep !== undefined) {
      throw new ActionRecallError(
        "SCHEMA_TOO_DEEP",
        `The slot schema nests deeper than ${SCHEMA_DEPTH} levels at ${shortPointer(deep)}`,
        {
          data: { pointer: `#${deep.slice(0, 2000)}` },
        },
      );
    }
    this.schema = structuredClone(schema);
    normalizeOpenApiNullable(this.schema);
    try {
      this.#validate = createSlotAjv(this.schema).compile(this.schema);
    } catch (cause) {
      const detail = cause instanceof Error ? cause.message : String(cause);
      throw new ActionRecallError("INVALID_DOCUMENT", `The slot schema does not compile: ${detail}`, {
        cause,
        data: { pointer: "#" },
      });
    }
    this.#layered = isLayeredSchema(this.schema);
  }

  /** The remaining schema: `{}` when `data` is valid, else one property per JSON pointer still missing or invalid. */
  check(data: unknown): RemainingSchema {
    return this.#isValid(data) ? {} : buildRemainingSchema(this.#validate.errors ?? [], this.schema);
  }

  /** Every problem with `data`, in Ajv's shape; in a layered tool schema each also says `query.limit`-style where. */
  validate(data: unknown): ValidationIssue[] {
    if (this.#isValid(data)) return [];
    return (this.#validate.errors ?? []).map((error) => validationIssueFromAjv(error, { layered: this.#layered }));
  }

  /** Throws an `INVALID_ARGUMENTS` error listing every problem (`query.limit must be <= 10000`) unless `data` is valid. */
  assertValid(data: unknown): void {
    const issues = this.validate(data);
    if (issues.length > 0) throw new InvalidArgumentsError(issues.map(describeIssue).join("; "), issues);
  }

  /** Converts `data` to the schema's types without touching it, reporting each change. */
  convert(data: unknown): ConversionOutcome {
    const deep = findDeepNesting(data);
    if (deep !== undefined) throw nestedTooDeepError("slot data", deep, MAX_VALUE_DEPTH);
    return convertToSchema(data, this.schema);
  }

  #isValid(data: unknown): boolean {
    return runValidator(
      this.#validate,
      data,
      "slot data",
      (cause) =>
        new ActionRecallError("INVALID_DOCUMENT", `The slot schema ${SCHEMA_LOOP_MESSAGE}`, {
          cause,
          data: { pointer: "#" },
        }),
    );
  }

  /** A copy of the schema whose basic types also accept `null` (seed 004's `add_null_to_basic_types`). */
  nullable(): JsonSchema {
    return makeNullable(this.schema);
  }
}

/** One line for a person: `query.limit must be <= 10000`, or the pointer when there is no location. */
export function describeIssue(issue: ValidationIssue): string {
  checkObjectArgument("describeIssue", "issue", issue);
  return `${issue.location ?? (issue.instancePath === "" ? "(root)" : issue.instancePath)} ${issue.message}`;
}
