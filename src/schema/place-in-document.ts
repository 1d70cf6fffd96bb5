import { ActionRecallError } from "../errors/action-recall-error.js";

/**
 * Errors already placed, or met past a place that no JSON pointer names (an anchor, an `$id` URI, an external file):
 * the expansions around them leave them as they are. Past such a place the output path no longer follows the
 * document, so an outer `$ref`'s place would name a wrong spot.
 */
const settled = new WeakSet<object>();

/**
 * An error thrown while expanding a schema, with the place in the document named too. The expander reports places in
 * its output (`#/properties/body/properties/owner`), where the tool has them; the author of a spec mends it at the
 * place in the document (`#/components/schemas/Repo/properties/owner`). Below the schema the output has at `at`, the
 * output's path follows the document's (keywords, property names and indices alike), so the error's output pointer
 * past `at`, appended to `source`, the schema's pointer in the document, is the place. The innermost schema with a
 * known place names it: the expansion of each `$ref` calls this with the ref's target, and the expansion's root last.
 * The error is returned as it is when it names no output place below `at`, when `source` is no JSON pointer, or when
 * an inner call settled it.
 *
 * @example
 * throw placeInDocument(error, "#/components/schemas/Repo", "#/properties/body");
 */
export function placeInDocument(error: unknown, source: string | undefined, at: string): unknown {
  if (!(error instanceof ActionRecallError) || error.constructor !== ActionRecallError || settled.has(error)) {
    return error;
  }
  const pointer = error.data.pointer;
  // A JavaScript caller's `documentPointer` may be anything: only a JSON pointer places the error.
  const isPointer = typeof source === "string" && (source === "#" || source.startsWith("#/"));
  if (!isPointer || typeof pointer !== "string" || !isAtOrBelow(pointer, at)) {
    settled.add(error);
    return error;
  }
  const documentPointer = source + pointer.slice(at.length);
  const placed = new ActionRecallError(error.code, `${error.message}; in the document: ${documentPointer}`, {
    cause: error,
    data: { ...error.data, documentPointer },
  });
  settled.add(placed);
  return placed;
}

function isAtOrBelow(pointer: string, at: string): boolean {
  return pointer === at || (pointer.startsWith(at) && pointer.charAt(at.length) === "/");
}

/**
 * Leaves an error without a place in the document, for the expansions around it too: where the expander rewrote a
 * schema (two references beside each other become `allOf` branches the document does not have), the output's path
 * below it no longer follows the document's, and a place would be wrong.
 */
export function leaveUnplaced(error: unknown): unknown {
  if (typeof error === "object" && error !== null) settled.add(error);
  return error;
}
