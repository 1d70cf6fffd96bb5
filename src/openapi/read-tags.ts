/**
 * An operation's tags: the names among them, or `undefined` when `tags` is not a list. A list of names only is
 * returned as it is, shared with the document like its schemas (and, like them, never mutated): most operations have
 * one tag, and a copy would be a list of thousands more in a large conversion.
 */
export function readTags(tags: unknown): string[] | undefined {
  if (!Array.isArray(tags)) return undefined;
  const list: unknown[] = tags;
  return list.every(isString) ? (list as string[]) : list.filter(isString);
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}
