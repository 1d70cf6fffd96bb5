/**
 * The next place of one character in a chunk, remembered: a scanner that stops at both `<` and `[` would otherwise
 * search to the chunk's end for the one that is not there at every stop at the other, which is quadratic in text full
 * of one of them (HTML without brackets, a run of `[`). A place found is reused until the scan passes it. Chunks are
 * told apart by a number the caller gives each, not by comparing them: two chunks with the same text (text read
 * again) would be compared character by character.
 *
 * @example
 * const lessThan = new NextOccurrence("<");
 * lessThan.in("a [b] <c>", 1, 0); // 6, searched; lessThan.in("a [b] <c>", 1, 3) gives 6 again without searching
 */
export class NextOccurrence {
  private chunkNumber = -1;
  /** Where the last search found the character, or -1: then it is nowhere after where that search began. */
  private found = -1;
  private searchedFrom = 0;

  constructor(private readonly character: string) {}

  /** The index of the character in `chunk` (numbered `chunkNumber`) at or after `from`, or -1. */
  in(chunk: string, chunkNumber: number, from: number): number {
    const known =
      chunkNumber === this.chunkNumber && from >= this.searchedFrom && (this.found === -1 || this.found >= from);
    if (!known) {
      this.chunkNumber = chunkNumber;
      this.searchedFrom = from;
      this.found = chunk.indexOf(this.character, from);
    }
    return this.found;
  }
}
