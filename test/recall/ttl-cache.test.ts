import { describe, expect, test } from "vitest";
import { TtlCache } from "../../src/recall/ttl-cache.js";

describe("TtlCache", () => {
  test("100 concurrent gets of one key share one load", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000 });
    let loads = 0;
    let release: (value: string) => void = () => undefined;
    const gate = new Promise<string>((resolve) => {
      release = resolve;
    });
    const gets = Array.from({ length: 100 }, () =>
      cache.get("box/tool", () => {
        loads += 1;
        return gate;
      }),
    );
    release("detail");
    expect(await Promise.all(gets)).toEqual(Array.from({ length: 100 }, () => "detail"));
    expect(loads).toBe(1);
    expect(cache.stats).toEqual({ hits: 0, misses: 1, coalesced: 99 });
  });

  test.each([
    { name: "within the TTL the value is served", given: { advanceMs: 999 }, want: { loads: 1 } },
    { name: "past the TTL it is loaded again", given: { advanceMs: 1_000 }, want: { loads: 2 } },
  ])("$name", async ({ given, want }) => {
    let now = 0;
    const cache = new TtlCache<number>({ ttlMs: 1_000, now: () => now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    await cache.get("key", load);
    now += given.advanceMs;
    await cache.get("key", load);
    expect(loads).toBe(want.loads);
  });

  test("a failed load is not cached: the next get loads again", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000 });
    await expect(cache.get("key", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("key", async () => "up")).toBe("up");
  });

  test("the oldest entry is evicted past maxEntries", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return "value";
    };
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    await cache.get("a", load);
    expect(loads).toBe(4);
  });

  test.each([
    { name: "a refusal is answered again within failureTtlMs", given: { error: "refused", advanceMs: 499 }, want: 1 },
    { name: "and loaded again past it", given: { error: "refused", advanceMs: 500 }, want: 2 },
    { name: "another failure is never remembered", given: { error: "timeout", advanceMs: 0 }, want: 2 },
  ])("$name", async ({ given, want }) => {
    let now = 0;
    const cache = new TtlCache<number>({
      ttlMs: 60_000,
      failureTtlMs: 500,
      isCachedFailure: (error) => error instanceof Error && error.message === "refused",
      now: () => now,
    });
    let loads = 0;
    const load = async (): Promise<number> => {
      loads += 1;
      throw new Error(given.error);
    };
    await expect(cache.get("key", load)).rejects.toThrow(given.error);
    now += given.advanceMs;
    await expect(cache.get("key", load)).rejects.toThrow(given.error);
    expect(loads).toBe(want);
  });
});
