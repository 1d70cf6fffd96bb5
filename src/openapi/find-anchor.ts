import { ActionRecallError } from "../errors/action-recall-error.js";
import { DOCUMENT_URI, type IndexedAnchor, schemaIndexOf } from "./schema-index.js";

/**
 * The schema a plain-name fragment (`#pet`) names: the one whose `$anchor` (or `$dynamicAnchor`) is `pet`, as JSON
 * Schema 2019-09 and later and OAS 3.1 allow. Anchors are scoped by `$id`: the one the document itself declares
 * (outside any schema with an `$id`) is meant; when it declares none, the one anchor of that name anywhere. A name no
 * schema declares, or one declared twice in that scope, is an error.
 *
 * @example
 * findAnchor({ components: { schemas: { Pet: { $anchor: "pet" } } } }, "#pet"); // { $anchor: "pet" }
 */
export function findAnchor(document: unknown, ref: string): unknown {
  return findIndexedAnchor(document, ref, DOCUMENT_URI).schema;
}

/**
 * The anchor `ref` (`#name`) names in the resource `resource`; for the document's own resource, as
 * {@link findAnchor} says. Throws `REF_NOT_FOUND` when there is none or more than one.
 */
export function findIndexedAnchor(document: unknown, ref: string, resource: string): IndexedAnchor {
  const name = decodeFragment(ref);
  const named = schemaIndexOf(document).anchors.get(name) ?? [];
  const scoped = named.filter((anchor) => anchor.resource === resource);
  const declared = scoped.length === 0 && resource === DOCUMENT_URI ? named : scoped;
  const [anchor] = declared;
  if (anchor !== undefined && declared.length === 1) return anchor;
  const problem = declared.length === 0 ? "no schema declares it" : `${declared.length} schemas declare it`;
  throw new ActionRecallError("REF_NOT_FOUND", `Nothing at "${ref}": it names the $anchor "${name}", but ${problem}`, {
    data: { pointer: ref },
  });
}

function decodeFragment(ref: string): string {
  try {
    return decodeURIComponent(ref.slice(1));
  } catch (cause) {
    throw new ActionRecallError("REF_NOT_FOUND", `"${ref}" has a malformed percent-encoding`, {
      cause,
      data: { pointer: ref },
    });
  }
}
