import type { CliIo } from "./cli-io.js";

/** `action-recall convert`: not built yet (placeholder, replaced by its issue's work). */
export async function runConvertCommand(_argv: string[], io: CliIo): Promise<number> {
  io.stderr("action-recall convert: not available yet\n");
  return 1;
}
