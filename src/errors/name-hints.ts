/**
 * How many different misspelt names one batch of model output gets a hint for. Each is held against every known
 * name: a model output of 8,000 calls to tools that do not exist, against 2,000 tools, took 40 s to parse and 8 s to
 * run before there was a limit.
 */
const HINTED_NAMES = 64;

/**
 * The "did you mean" hints of one batch of model output (a parse, or the calls run together): each different name is
 * looked up once, and only the first {@link HINTED_NAMES} different names are; later ones get no hint.
 *
 * @example
 * const hints = new NameHints();
 * hints.hint("file_pth", () => closestName("file_pth", ["file_path"])); // "file_path", looked up once per batch
 */
export class NameHints {
  readonly #found = new Map<string, string | undefined>();

  /** The hint for `key` (a name, with what it is a name of when that matters), found by `lookUp` once. */
  hint(key: string, lookUp: () => string | undefined): string | undefined {
    if (this.#found.has(key) || this.#found.size >= HINTED_NAMES) return this.#found.get(key);
    const hint = lookUp();
    this.#found.set(key, hint);
    return hint;
  }
}
