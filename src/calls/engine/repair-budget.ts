/**
 * The longest JSON text handed to `jsonrepair`. Some of its repairs take time that grows faster than the text: a
 * comma missing between each of many values took 150 ms at 64 KB and 3.5 s at 128 KB, a trailing comma in each of
 * many objects 0.8 s at 400 KB. Model output is untrusted, and reading it must not block for seconds: longer JSON
 * that does not parse as written is reported as not JSON, not repaired. (`llm/`'s `MAX_REPAIRED_ANSWER_LENGTH` is the
 * same limit for the answers of the slot-filling model: DESIGN.md's layers keep either module from importing the other.)
 */
export const MAX_REPAIRED_LENGTH = 64 * 1024;

/** Characters of JSON repaired in all while one model output is read: four repairs of the longest. */
export const MAX_REPAIRED_PER_OUTPUT = 4 * MAX_REPAIRED_LENGTH;

/** What is left to repair of one model output: one per output read, shared by the pieces of a stream. */
export class RepairBudget {
  remaining = MAX_REPAIRED_PER_OUTPUT;
}

/** The budget of the output being read. Reading is synchronous, so one output is read at a time. */
let current: RepairBudget | undefined;

/**
 * Makes `budget` the one repairs count against, while (a piece of) its output is read; returns the budget to restore
 * with {@link leaveRepairBudget} once it is read.
 */
export function enterRepairBudget(budget: RepairBudget): RepairBudget | undefined {
  const outer = current;
  current = budget;
  return outer;
}

/** Restores the budget {@link enterRepairBudget} returned. */
export function leaveRepairBudget(outer: RepairBudget | undefined): void {
  current = outer;
}

/**
 * Claims the repair of `text` (JSON that does not parse as written) from the budget of the output being read. Returns
 * why it is refused, when `text` is longer than {@link MAX_REPAIRED_LENGTH} or the output had
 * {@link MAX_REPAIRED_PER_OUTPUT} characters repaired already; undefined when it may be repaired.
 *
 * @example
 * claimRepair('{"city": "Paris",}'); // undefined: repair it
 */
export function claimRepair(text: string): string | undefined {
  if (text.length > MAX_REPAIRED_LENGTH) {
    return `${text.length} characters of JSON that do not parse as written: JSON is repaired only up to ${MAX_REPAIRED_LENGTH} characters (repairing more can take seconds)`;
  }
  if (current === undefined) return undefined;
  if (text.length > current.remaining) {
    const repaired = MAX_REPAIRED_PER_OUTPUT - current.remaining;
    return `JSON that does not parse as written, after ${repaired} characters of this output's JSON were repaired: no more than ${MAX_REPAIRED_PER_OUTPUT} are (repairing more can take seconds)`;
  }
  current.remaining -= text.length;
  return undefined;
}
