import type { ToolCall } from "../calls/tool-call.js";
import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { NameHints } from "../errors/name-hints.js";
import { type ExecuteToolCallOptions, executeInBatch } from "./execute-tool-call.js";
import type { ToolRegistry } from "./tool-registry.js";
import type { ToolResult } from "./tool-result.js";

/** Options of {@link executeToolCalls}. */
export interface ExecuteToolCallsOptions extends ExecuteToolCallOptions {
  /** How many calls run at once. Default 8. */
  concurrency?: number;
}

const DEFAULT_CONCURRENCY = 8;

/**
 * Runs every call, at most `concurrency` at a time, and returns the results in call order (not finishing order). Each
 * call gets its own timeout; the signal cancels them all. Never throws. Calls to unknown tools get a "did you mean"
 * hint for the first 64 different names (each is held against every registered name; thousands of them against a
 * large registry took seconds), the later ones none.
 *
 * @example
 * const results = await executeToolCalls(registry, parsed.calls, { concurrency: 4, timeoutMs: 10_000 });
 */
export async function executeToolCalls(
  registry: ToolRegistry,
  calls: readonly ToolCall[],
  options: ExecuteToolCallsOptions = {},
): Promise<ToolResult[]> {
  if (!Array.isArray(calls)) throw invalidArgumentError("executeToolCalls", "calls", calls, "an array of tool calls");
  checkObjectArgument("executeToolCalls", "options", options, true);
  const { concurrency = DEFAULT_CONCURRENCY, ...callOptions } = options;
  const results = new Array<ToolResult>(calls.length);
  const hints = new NameHints();
  let next = 0;
  // Each worker takes the next unstarted call until none is left; JavaScript's single thread makes `next++` safe.
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const index = next;
      next += 1;
      const call = calls[index] as ToolCall;
      results[index] = await executeInBatch(registry, call, callOptions, hints);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(concurrency) || 1, calls.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
