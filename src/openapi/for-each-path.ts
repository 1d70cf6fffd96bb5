import { ActionRecallError } from "../errors/action-recall-error.js";
import type { JsonObject, JsonValue } from "../schema/json-schema.js";
import { appendJsonPointer } from "./json-pointer.js";
import { isJsonObject } from "./own-properties.js";

/**
 * Where a document keeps its path items: `paths`, then Azure's `x-ms-paths`, AutoRest's extension for operations that
 * one path and method cannot tell apart (`/pets?color={color}` beside `/pets`), which Azure's specs use.
 */
export const PATHS_KEYS = ["paths", "x-ms-paths"] as const;

/**
 * Visits every path key of a document with its value (a path item, as written) and pointer: those of `paths`, then
 * those of `x-ms-paths`. Extensions among the paths (`x-codegen-contextRoot: "/api"`) are not paths. A `paths` or
 * `x-ms-paths` that is not an object throws `INVALID_DOCUMENT`: its operations cannot be listed.
 */
export function forEachPath(
  document: JsonObject,
  visit: (path: string, value: JsonValue | undefined, pointer: string) => void,
): void {
  for (const key of PATHS_KEYS) {
    const paths = document[key];
    if (paths === undefined) continue;
    if (!isJsonObject(paths)) {
      throw new ActionRecallError("INVALID_DOCUMENT", `#/${key} must be an object`, { data: { pointer: `#/${key}` } });
    }
    for (const path of Object.keys(paths)) {
      if (!path.startsWith("x-")) visit(path, paths[path], appendJsonPointer(`#/${key}`, path));
    }
  }
}
