import { ActionRecallError } from "../errors/index.js";

/** A cap on the tool executions in flight at once, shared by the HTTP execution route and `/mcp`. */
export interface ExecutionSlots {
  /**
   * Runs `execute` in a free slot, given back when it settles. With every slot taken it runs nothing and rejects
   * with `OVERLOADED` (`data.retryAfterSeconds`: 1), which the service answers 503 with `Retry-After`.
   */
  run<T>(execute: () => Promise<T>): Promise<T>;
}

/**
 * A slot counter for at most `max` executions at once; a call over it is refused at once, never queued.
 *
 * @example
 * const slots = createExecutionSlots(64);
 * const result = await slots.run(() => executeDynamicTool(tool, call, options));
 */
export function createExecutionSlots(max: number): ExecutionSlots {
  let inUse = 0;
  return {
    async run(execute) {
      if (inUse >= max) {
        throw new ActionRecallError("OVERLOADED", `${max} tool executions are already running; retry shortly`, {
          data: { retryAfterSeconds: 1 },
        });
      }
      inUse += 1;
      try {
        return await execute();
      } finally {
        inUse -= 1;
      }
    },
  };
}
