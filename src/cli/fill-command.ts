import type { CliIo } from "./cli-io.js";

/** `action-recall fill`: not built yet (placeholder, replaced by its issue's work). */
export async function runFillCommand(_argv: string[], io: CliIo): Promise<number> {
  io.stderr("action-recall fill: not available yet\n");
  return 1;
}
