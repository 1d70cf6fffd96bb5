import type { CliIo } from "./cli-io.js";

/** `action-recall parse`: not built yet (placeholder, replaced by its issue's work). */
export async function runParseCommand(_argv: string[], io: CliIo): Promise<number> {
  io.stderr("action-recall parse: not available yet\n");
  return 1;
}
