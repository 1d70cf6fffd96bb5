/**
 * A global pattern matching any of `literals` as written: one pass of `exec` finds each in the order it comes, where
 * a search for each literal would scan the text once more for every literal it does not hold.
 *
 * @example
 * anyOfLiterals(["<a>", "</a>"]).exec("x</a>")?.[0]; // "</a>"
 */
export function anyOfLiterals(literals: readonly string[]): RegExp {
  return new RegExp(literals.map(escapedForPattern).join("|"), "g");
}

/** `literal` as a regular expression matches it: its special characters escaped. */
export function escapedForPattern(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
