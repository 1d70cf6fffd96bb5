/**
 * The first `length` UTF-16 code units of `text`, one fewer when the last would be the first half of a surrogate pair:
 * a lone half is not Unicode, and JSON.stringify writes it as an escape that providers refuse or show as garbage.
 *
 * @example
 * sliceWholeCharacters("a🚀", 2); // "a"
 */
export function sliceWholeCharacters(text: string, length: number): string {
  const slice = text.slice(0, length);
  return HIGH_SURROGATE_AT_END.test(slice) ? slice.slice(0, -1) : slice;
}

const HIGH_SURROGATE_AT_END = /[\ud800-\udbff]$/;
