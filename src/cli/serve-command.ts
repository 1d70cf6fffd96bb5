import type { CliIo } from "./cli-io.js";

/** `action-recall serve`: not built yet (placeholder, replaced by its issue's work). */
export async function runServeCommand(_argv: string[], io: CliIo): Promise<number> {
  io.stderr("action-recall serve: not available yet\n");
  return 1;
}
