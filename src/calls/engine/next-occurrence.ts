/**
 * The next place of a character (or of a marker, written whole) in a chunk, remembered: a scanner that stops at both
 * `<` and `[` would otherwise search to the chunk's end for the one that is not there at every stop at the other, which
 * is quadratic in text full of one of them (HTML without brackets, a run of `[`). A place found is reused until the
 * scan passes it. Chunks are told apart by a number the caller gives each, not by comparing them: two chunks with the
 * same text (text read again) would be compared character by character. Text read again inside a chunk is a chunk of
 * its own, read in the middle of the other: the places of the last few chunks are kept, so the outer chunk's are still
 * known after it (a `]<` read again at every step of a long text searched the rest of the text each time).
 *
 * @example
 * const lessThan = new NextOccurrence("<");
 * lessThan.in("a [b] <c>", 1, 0); // 6, searched; lessThan.in("a [b] <c>", 1, 3) gives 6 again without searching
 */
export class NextOccurrence {
  /** The chunks searched last, the latest first: each one's number, where it was searched from and what was found. */
  private readonly searches: Search[] = [];

  constructor(private readonly text: string) {}

  /** The index of the text in `chunk` (numbered `chunkNumber`) at or after `from`, or -1. */
  in(chunk: string, chunkNumber: number, from: number): number {
    // A short chunk (a stream's character, text held and read again) is searched for less than remembering costs.
    if (chunk.length <= SHORT_CHUNK) return chunk.indexOf(this.text, from);
    const latest = this.searches[0];
    const search = latest?.chunkNumber === chunkNumber ? latest : this.bringForward(chunkNumber);
    if (!knows(search, from)) {
      search.searchedFrom = from;
      search.found = chunk.indexOf(this.text, from);
    }
    return search.found;
  }

  /**
   * The search of chunk `chunkNumber`, moved first; when that chunk's is not kept, a search knowing nothing (the
   * oldest kept, reused: a stream pushes a chunk per character).
   */
  private bringForward(chunkNumber: number): Search {
    const searches = this.searches;
    for (let index = 1; index < searches.length; index += 1) {
      const search = searches[index];
      if (search?.chunkNumber === chunkNumber) {
        searches.copyWithin(1, 0, index);
        searches[0] = search;
        return search;
      }
    }
    // Nothing is known of this chunk yet: a search from nowhere covers no place.
    const search = searches.length === KEPT_CHUNKS ? (searches.pop() as Search) : ({} as Search);
    search.chunkNumber = chunkNumber;
    search.searchedFrom = Number.POSITIVE_INFINITY;
    search.found = -1;
    searches.unshift(search);
    return search;
  }
}

interface Search {
  chunkNumber: number;
  /** Where the search began. */
  searchedFrom: number;
  /** Where it found the text, or -1: then it is nowhere after where the search began. */
  found: number;
}

/** Chunks up to this long are searched at every stop: at most this many times, so never for long. */
const SHORT_CHUNK = 32;

/** How many chunks' places are kept: the chunk being read, and text read again inside it, itself maybe inside more. */
const KEPT_CHUNKS = 4;

/** Whether `search` tells the text's next place at or after `from`. */
function knows(search: Search, from: number): boolean {
  return from >= search.searchedFrom && (search.found === -1 || search.found >= from);
}
