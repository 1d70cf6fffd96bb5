import { performance } from "node:perf_hooks";

/** Milliseconds one run of `work` takes. */
export function timeOnce(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** The median of `rounds` timings of `work`, in milliseconds. */
export function medianOf(rounds: number, work: () => unknown): number {
  return percentile(
    Array.from({ length: rounds }, () => timeOnce(work)),
    50,
  );
}

/** Milliseconds each of `rounds` runs of an asynchronous `work` takes, one run after another. */
export async function timesOfAsync(rounds: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Milliseconds of each run of each of `works`, timed in alternation: each round runs every work once, after `warmUps`
 * untimed rounds. A ratio of two works is then read from the same minutes of a shared, noisy machine, with the JIT
 * equally warm and the heap in the same state for both (garbage one work leaves is collected during the next, whichever
 * it is).
 */
export function alternatingTimes<Name extends string>(
  rounds: number,
  warmUps: number,
  works: Record<Name, () => unknown>,
): Record<Name, number[]> {
  const entries = Object.entries(works) as Array<[Name, () => unknown]>;
  const times = Object.fromEntries(entries.map(([name]) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < warmUps + rounds; round += 1) {
    for (const [name, work] of entries) {
      const elapsed = timeOnce(work);
      if (round >= warmUps) times[name].push(elapsed);
    }
  }
  return times;
}

/** The median timing of each of `works`, timed in alternation (see {@link alternatingTimes}). */
export function alternatingMedians<Name extends string>(
  rounds: number,
  warmUps: number,
  works: Record<Name, () => unknown>,
): Record<Name, number> {
  const times = alternatingTimes(rounds, warmUps, works);
  return Object.fromEntries(
    (Object.entries(times) as Array<[Name, number[]]>).map(([name, runs]) => [name, percentile(runs, 50)]),
  ) as Record<Name, number>;
}

/**
 * The median, over the rounds, of `times` of one work over `baseline`'s in the same round: a slow minute of the machine
 * slows both sides of a ratio, where a ratio of medians may take each from another minute.
 */
export function medianRatio(times: readonly number[], baseline: readonly number[]): number {
  return percentile(
    times.map((time, round) => time / (baseline[round] ?? Number.NaN)),
    50,
  );
}

/**
 * Milliseconds of each run of each asynchronous work, the works run in alternation (one run of each per round, after
 * `warmUps` untimed rounds): their percentiles then compare the same minutes of the machine.
 */
export async function alternatingTimesOfAsync<Name extends string>(
  rounds: number,
  warmUps: number,
  works: Record<Name, () => Promise<unknown>>,
): Promise<Record<Name, number[]>> {
  const entries = Object.entries(works) as Array<[Name, () => Promise<unknown>]>;
  const times = Object.fromEntries(entries.map(([name]) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < warmUps + rounds; round += 1) {
    for (const [name, work] of entries) {
      const start = performance.now();
      await work();
      if (round >= warmUps) times[name].push(performance.now() - start);
    }
  }
  return times;
}

/** Nearest-rank percentile (`rank` from 0 to 100). */
export function percentile(values: readonly number[], rank: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? Number.NaN;
}
