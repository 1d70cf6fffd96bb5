import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, type FileInfo } from "@apidevtools/json-schema-ref-parser";
import { ActionRecallError } from "../errors/action-recall-error.js";

/**
 * Reads `file` and pulls every external `$ref` it makes (other files, transitively) into the document as local refs,
 * with json-schema-ref-parser's `bundle`. Only files inside `baseDirectory` may be read (a symlink counts where it
 * points) and nothing is fetched over the network: a ref to a URL or a path outside the directory is
 * EXTERNAL_REF_REFUSED. The engine itself never reads
 * external refs; this is the one door, opened only by `convert --external-refs <dir>`.
 */
export async function bundleExternalRefs(file: string, baseDirectory: string): Promise<object> {
  const root = realPath(resolve(baseDirectory));
  const isInsideRoot = (info: FileInfo): boolean => {
    const path = info.url.startsWith("file:") ? fileURLToPath(info.url) : info.url;
    if (!isAbsolute(path)) return false;
    const fromRoot = relative(root, realPath(path));
    return fromRoot !== "" && !fromRoot.startsWith("..") && !isAbsolute(fromRoot);
  };
  try {
    return (await bundle(resolve(file), {
      resolve: { external: true, http: false, file: { canRead: isInsideRoot } },
    })) as object;
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ActionRecallError(
      "EXTERNAL_REF_REFUSED",
      `External $refs of ${file} could not be bundled from ${root} (only files inside it are read, never URLs): ${message}`,
      { cause, data: { pointer: file } },
    );
  }
}

/** The path with its symlinks resolved; a path that cannot be resolved (a missing file) as it is, so reading it fails. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
