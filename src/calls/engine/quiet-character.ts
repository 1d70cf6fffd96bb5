/**
 * Whether `chunk` is one quiet character: an ASCII letter, a digit or a space. In no syntax does one open, close, quote
 * or bracket anything, nor start a marker (every marker the body readers look for in plain text starts with another
 * character), so a reader in the middle of a call's arguments takes it as text and changes no state but by ending an
 * escape (`\n`). The stream's fast path hands such characters straight to the reader that took the one before (see
 * `RawBodyReader.takePlainText`), skipping the checks every other character goes through.
 *
 * @example
 * isQuietCharacter("a"); // true
 * isQuietCharacter('"'); // false
 */
export function isQuietCharacter(chunk: string): boolean {
  return chunk.length === 1 && QUIET[chunk.charCodeAt(0)] === 1;
}

/** The quiet characters, by code. */
const QUIET = new Uint8Array(128);
for (const character of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ") {
  QUIET[character.charCodeAt(0)] = 1;
}
