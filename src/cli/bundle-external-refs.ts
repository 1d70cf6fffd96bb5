import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, type FileInfo, type Plugin } from "@apidevtools/json-schema-ref-parser";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { copyJson, parseDocumentText } from "../openapi/load-document.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { JsonObject, JsonValue } from "../schema/json-schema.js";

/**
 * Reads `file` and pulls every external `$ref` it makes (other files, transitively) into the document as local refs,
 * with json-schema-ref-parser's `bundle`. Only files inside `baseDirectory` may be read (a symlink counts where it
 * points) and nothing is fetched over the network: a ref to a URL or a path outside the directory is
 * EXTERNAL_REF_REFUSED. Every file is parsed as `loadDocument` parses text, with its nesting bounded, and so is the
 * bundle: bad text is INVALID_DOCUMENT naming the file, too deep SCHEMA_TOO_DEEP. The engine itself never reads
 * external refs; this is the one door, opened only by `convert --external-refs <dir>`.
 */
export async function bundleExternalRefs(file: string, baseDirectory: string): Promise<JsonObject> {
  const root = realPath(resolve(baseDirectory));
  const isInsideRoot = (info: FileInfo): boolean => {
    const path = filePath(info);
    if (!isAbsolute(path)) return false;
    const fromRoot = relative(root, realPath(path));
    return fromRoot !== "" && !fromRoot.startsWith("..") && !isAbsolute(fromRoot);
  };
  // ref-parser's own parsers would read YAML with js-yaml, which expands aliases without bound (a YAML alias bomb
  // filled a 4 GB heap), and its walks recurse (10,000 levels overflowed the stack): ours read every file instead.
  // ref-parser keeps only the message of a parser's error, so the error itself is kept here.
  let unreadable: ActionRecallError | undefined;
  const document: Plugin = {
    order: 1,
    canParse: true,
    parse: (info: FileInfo) => {
      try {
        const text = typeof info.data === "string" ? info.data : info.data.toString("utf8");
        return copyJson(parseDocumentText(text));
      } catch (error) {
        if (error instanceof ActionRecallError) unreadable = naming(filePath(info), error);
        throw error;
      }
    },
  };
  let bundled: unknown;
  try {
    bundled = await bundle(resolve(file), {
      parse: { json: false, yaml: false, text: false, binary: false, document },
      resolve: { external: true, http: false, file: { canRead: isInsideRoot } },
    });
  } catch (cause) {
    if (unreadable !== undefined) throw unreadable;
    // Each file is bounded, but a chain of 10,000 $refs still overflows ref-parser's recursive crawl.
    if (cause instanceof RangeError)
      throw new ActionRecallError(
        "SCHEMA_TOO_DEEP",
        `External $refs of ${file} could not be bundled: its $refs lead too deep (a long chain of $refs, or nesting) for json-schema-ref-parser`,
        { cause },
      );
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ActionRecallError(
      "EXTERNAL_REF_REFUSED",
      `External $refs of ${file} could not be bundled from ${root} (only files inside it are read, never URLs): ${message}`,
      { cause, data: { pointer: file } },
    );
  }
  let copy: JsonValue;
  try {
    // Bundling nests other files' values in this one: the whole is bounded again.
    copy = copyJson(bundled);
  } catch (error) {
    throw error instanceof ActionRecallError ? naming(file, error) : error;
  }
  // Returned as text, a string would be read again as a document.
  if (!isJsonObject(copy))
    throw new ActionRecallError("INVALID_DOCUMENT", `${file}: a document must be an object`, {
      data: { pointer: "#" },
    });
  return copy;
}

/** The error with the file it is about named first in its message. */
function naming(path: string, error: ActionRecallError): ActionRecallError {
  return new ActionRecallError(error.code, `${path}: ${error.message}`, { cause: error, data: error.data });
}

function filePath(info: FileInfo): string {
  return info.url.startsWith("file:") ? fileURLToPath(info.url) : info.url;
}

/**
 * The path with its symlinks resolved; a path that cannot be resolved (a missing file) as it is, so reading it fails.
 */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
