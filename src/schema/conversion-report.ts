import type { Dialect } from "./tool-definition.js";

/** A place where schema detail was cut, and why. */
export interface PrunedSchema {
  /**
   * JSON pointer into the produced tool schema (`#/properties/body/properties/parent`); it ends in `/description` where
   * only that description was shortened to fit the token budget.
   */
  pointer: string;
  /** The `$ref` that was not followed further, when a ref caused it. */
  ref?: string;
  /** `cycle`: the ref was already on its own path; `depth`: the ref-hop limit; `budget`: the token budget. */
  reason: "cycle" | "depth" | "budget";
}

/** What a dialect changed because the provider does not accept it as written. */
export interface DialectChange {
  dialect: Dialect;
  /** The JSON Schema keyword concerned (`oneOf`, `additionalProperties`, `description`, ...). */
  keyword: string;
  /** JSON pointer into the tool's parameters. */
  pointer: string;
  /** `lowered`: rewritten to an accepted equivalent; `described`: moved into the description; `dropped`: removed. */
  action: "lowered" | "described" | "dropped" | "truncated" | "renamed";
  detail?: string;
}

/**
 * A problem found in the source schema and what was done about it: a disagreement between `allOf` branches (two
 * different types, two different consts, ...), or a keyword validators refuse, repaired (see `repairKeywords`).
 */
export interface SchemaConflict {
  pointer: string;
  keyword: string;
  message: string;
}

/** What a conversion did, returned with every converted tool. */
export interface ConversionReport {
  pruned: PrunedSchema[];
  changes: DialectChange[];
  conflicts: SchemaConflict[];
  /** Size of the dialect's tool as compact JSON: characters, and tokens with the o200k encoding. */
  size: { characters: number; tokens: number };
  /** Fixed values given flat by a name the tool does not have: not sent, and listed here instead of dropped silently. */
  unplacedFixed?: string[];
}
