import { ActionRecallError } from "../errors/action-recall-error.js";
import { resolveJsonPointer } from "./json-pointer.js";
import { writtenRef } from "./swagger2-refs.js";

/**
 * Looks up a local `$ref` of one document (see {@link createRefResolver}). `at`, the pointer where the `$ref` stands,
 * is named in the error when the target does not exist.
 */
export type RefResolver = (ref: string, at?: string) => unknown;

/**
 * A {@link resolveJsonPointer} for one document that parses and walks each distinct `$ref` once: a large document
 * names the same few components thousands of times. What it finds is remembered for the resolver's life, so use one
 * per pass over a document that does not change during it; failures are not remembered (they throw every time).
 *
 * @example
 * const resolve = createRefResolver(document);
 * resolve("#/components/parameters/owner");
 */
export function createRefResolver(document: unknown): RefResolver {
  const found = new Map<string, unknown>();
  return (ref, at) => {
    if (found.has(ref)) return found.get(ref);
    const target = at === undefined ? resolveJsonPointer(document, ref) : resolveJsonPointerAt(document, ref, at);
    found.set(ref, target);
    return target;
  };
}

function resolveJsonPointerAt(document: unknown, ref: string, at: string): unknown {
  try {
    return resolveJsonPointer(document, ref);
  } catch (cause) {
    if (!(cause instanceof ActionRecallError)) throw cause;
    // A Swagger 2.0 author wrote `#/definitions/Pet`: the upgraded `#/components/schemas/Pet` is nowhere in their file.
    const written = writtenRef(document, ref);
    const message = written === ref ? cause.message : `Nothing at "${written}" in the Swagger 2.0 document`;
    throw new ActionRecallError(cause.code, `${message} (the $ref at ${at})`, {
      cause,
      data: { pointer: at, ref: written },
    });
  }
}
