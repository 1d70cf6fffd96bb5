/**
 * The ids of one model output's calls, kept unique: the first call with an id keeps it, and a later call with the same
 * id gets it with `_2` added (`_3`, ... when that is taken too). Models repeat ids (`functions.f:0`, a `tool_call_id`), and so do some providers' parallel calls; results are matched to calls by id, and providers
 * refuse a conversation in which two calls share one (HTTP 400), so a duplicate would fail the agent's next turn.
 *
 * @example
 * const ids = new CallIds();
 * [ids.claim("c1"), ids.claim("c1"), ids.claim("c2")]; // ["c1", "c1_2", "c2"]
 */
export class CallIds {
  readonly #taken = new Set<string>();
  /** The next suffix to try for an id met again: a model repeating one id thousands of times stays linear. */
  readonly #nextSuffix = new Map<string, number>();

  /** The id a call written with `id` gets, which no earlier call of the output has; it is taken from then on. */
  claim(id: string): string {
    let claimed = id;
    if (this.#taken.has(id)) {
      let suffix = this.#nextSuffix.get(id) ?? 2;
      while (this.#taken.has(`${id}_${suffix}`)) suffix += 1;
      claimed = `${id}_${suffix}`;
      this.#nextSuffix.set(id, suffix + 1);
    }
    this.#taken.add(claimed);
    return claimed;
  }

  /** Frees the id of a call that was withdrawn: the call its block holds instead may take it. */
  release(id: string): void {
    this.#taken.delete(id);
  }
}
