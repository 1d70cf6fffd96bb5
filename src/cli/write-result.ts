import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ActionRecallError } from "../errors/action-recall-error.js";
import type { CliIo } from "./cli-io.js";

/**
 * Writes a command's result to standard output, or with `-o/--output` to `file`: first to a temporary file beside it,
 * then renamed over it, so that a reader never sees half a result and a failed run leaves an older file as it was. A
 * file that cannot be written is INVALID_ARGUMENTS naming `--output` and the file.
 */
export async function writeResult(text: string, file: string | undefined, io: CliIo): Promise<void> {
  if (file === undefined) {
    io.stdout(text);
    return;
  }
  // Beside the target, so the rename stays on one file system (a rename across two is not atomic, or fails).
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: "utf8", flag: "wx" });
    await rename(temporary, file);
  } catch (cause) {
    await rm(temporary, { force: true });
    // Node names the temporary file in its message (`ENOENT: ..., open '/dir/.x.json.1.tmp'`): the target is named instead.
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/, \w+ '[^']*'$/, "");
    throw new ActionRecallError("INVALID_ARGUMENTS", `--output: cannot write ${file}: ${reason}`, {
      cause,
      data: { parameter: "--output" },
    });
  }
}
