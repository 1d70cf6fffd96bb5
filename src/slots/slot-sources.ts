/**
 * Where a field's value came from: the caller's `data`, a `constant` (one-value `enum` or `const`), a `default`, an
 * earlier step's output (`context:<pointer into history>`), or the model (`llm:phase1`, `llm:phase2`).
 */
export type SlotSource = "data" | "constant" | "default" | `context:${string}` | "llm:phase1" | "llm:phase2";

/** Sources keyed by the JSON pointer of each field (`/city`, `/query/limit`). */
export type SlotSources = Record<string, SlotSource>;

/** One earlier step: its name and what it returned. */
export interface SlotHistoryStep {
  name: string;
  description?: string;
  output: unknown;
}
