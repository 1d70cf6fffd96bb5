/** Options of {@link TtlCache}. */
export interface TtlCacheOptions {
  /** How long a loaded value is served, in milliseconds. 0 turns caching off (loads are still coalesced). */
  ttlMs: number;
  /** Most entries kept; the oldest is evicted first. Default 1,000. */
  maxEntries?: number;
  /** The clock, for tests. Default `Date.now`. */
  now?: () => number;
  /**
   * How long a failed load that {@link TtlCacheOptions.isCachedFailure} accepts is answered again, in milliseconds.
   * Default 0: no failure is cached. A refusal (an upstream's 401, 403 or 404) is worth a short memory, so a caller
   * retrying in a loop does not become a load on the upstream; other failures are tried again at once.
   */
  failureTtlMs?: number;
  /** Which failures are cached for `failureTtlMs`. Default: none. */
  isCachedFailure?: (error: unknown) => boolean;
}

/** Cache counters, for metrics. */
export interface TtlCacheStats {
  hits: number;
  misses: number;
  /** Calls that joined a load already in flight instead of starting one. */
  coalesced: number;
}

type Entry<Value> = { value: Value; expiresAt: number } | { failure: unknown; expiresAt: number };

/**
 * A TTL cache that coalesces loads: concurrent `get`s of one key share one load, and a failed load is not cached
 * (the next `get` tries again) unless it is a failure the options say to remember briefly. A small hand-written map: the installed libraries offer no promise-coalescing cache.
 *
 * @example
 * const details = new TtlCache<ToolDetail>({ ttlMs: 60_000 });
 * const detail = await details.get(`${boxId}/${toolId}`, () => fetchDetail(boxId, toolId));
 */
export class TtlCache<Value> {
  readonly stats: TtlCacheStats = { hits: 0, misses: 0, coalesced: 0 };
  private readonly entries = new Map<string, Entry<Value>>();
  private readonly inFlight = new Map<string, Promise<Value>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly failureTtlMs: number;
  private readonly isCachedFailure: (error: unknown) => boolean;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.now = options.now ?? Date.now;
    this.failureTtlMs = options.failureTtlMs ?? 0;
    this.isCachedFailure = options.isCachedFailure ?? (() => false);
  }

  /** The cached value of `key`, or the result of `load` (shared with every concurrent caller of the same key). */
  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.expiresAt > this.now()) {
      this.stats.hits += 1;
      return "failure" in entry ? Promise.reject(entry.failure) : Promise.resolve(entry.value);
    }
    const pending = this.inFlight.get(key);
    if (pending !== undefined) {
      this.stats.coalesced += 1;
      return pending;
    }
    this.stats.misses += 1;
    const loading = load()
      .then(
        (value) => {
          this.store(key, { value, expiresAt: this.now() + this.ttlMs }, this.ttlMs);
          return value;
        },
        (error: unknown) => {
          if (this.isCachedFailure(error)) {
            this.store(key, { failure: error, expiresAt: this.now() + this.failureTtlMs }, this.failureTtlMs);
          }
          throw error;
        },
      )
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
  }

  private store(key: string, entry: Entry<Value>, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }
}
