/**
 * Whether `chunk` holds `character` (one UTF-16 unit). A stream's single character, the most common chunk, is
 * compared rather than searched: a search is a call into the runtime, and this is on each such character's path.
 */
export function holdsCharacter(chunk: string, character: string): boolean {
  return chunk.length === 1 ? chunk === character : chunk.includes(character);
}
