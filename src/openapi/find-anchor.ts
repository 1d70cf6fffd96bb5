import { ActionRecallError } from "../errors/action-recall-error.js";

/** The `$anchor`s of each document looked in, by name, with every schema that declares it. */
const anchorsByDocument = new WeakMap<object, Map<string, unknown[]>>();

/**
 * The schema a plain-name fragment (`#pet`) names: the one whose `$anchor` (or `$dynamicAnchor`) is `pet`, as JSON
 * Schema 2019-09 and later and OAS 3.1 allow. The document is indexed once, at its first such `$ref`; a name no
 * schema declares, or one declared twice (anchors are scoped by `$id`, which this package does not follow), is an
 * error.
 *
 * @example
 * findAnchor({ components: { schemas: { Pet: { $anchor: "pet" } } } }, "#pet"); // { $anchor: "pet" }
 */
export function findAnchor(document: unknown, ref: string): unknown {
  const name = decodeFragment(ref);
  const declared = anchorsOf(document).get(name) ?? [];
  if (declared.length === 1) return declared[0];
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

/** Every anchor of `document`, found by one walk over its own properties (a stack: documents may nest deep). */
function anchorsOf(document: unknown): Map<string, unknown[]> {
  if (typeof document !== "object" || document === null) return new Map();
  let anchors = anchorsByDocument.get(document);
  if (anchors !== undefined) return anchors;
  anchors = new Map();
  const seen = new Set<object>();
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      // One by one: spreading an array of 100,000 enum values into `push` overflows the call stack.
      for (const item of value) pending.push(item);
      continue;
    }
    for (const key of Object.keys(value)) {
      const member: unknown = (value as Record<string, unknown>)[key];
      if ((key === "$anchor" || key === "$dynamicAnchor") && typeof member === "string") {
        // Each object is walked once, so a schema is listed once per anchor name.
        const schemas: unknown[] = anchors.get(member) ?? [];
        schemas.push(value);
        anchors.set(member, schemas);
      }
      pending.push(member);
    }
  }
  anchorsByDocument.set(document, anchors);
  return anchors;
}
