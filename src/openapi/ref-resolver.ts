import { resolveJsonPointer } from "./json-pointer.js";

/** Looks up local `$ref`s of one document (see {@link createRefResolver}). */
export type RefResolver = (ref: string) => unknown;

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
  return (ref) => {
    if (found.has(ref)) return found.get(ref);
    const target = resolveJsonPointer(document, ref);
    found.set(ref, target);
    return target;
  };
}
