import { NextOccurrence } from "./next-occurrence.js";

/** The markers in prose that start with one character (none is the start of another: see `ProseMarker`). */
export interface ProseMarkerGroup {
  readonly first: string;
  readonly literals: readonly string[];
}

/** The characters that open other things in prose, read where they stand, never held as a marker's start. */
const READ_WHERE_THEY_STAND = "<[";

/**
 * Where a marker that opens calls may stand in prose (`functools[`, `Action: ```json`, `>>>`): written whole in a chunk,
 * or begun by the chunk's last characters. Its first character alone is most often prose (the `f` of "file", an `A`
 * starting a sentence): read as a marker begun, each cost about 130 ns in a one-shot parse and 450 ns streamed one
 * character a chunk, which made English prose ten times slower to parse than text without them.
 */
export class ProseMarkerFinder {
  readonly groups: readonly ProseMarkerGroup[];
  /** The group of the marker {@link find} found last. */
  found: ProseMarkerGroup | undefined;
  /**
   * The first characters a stream's run of prose holds on to, until the next character tells whether a marker goes on
   * (see {@link goesOn}): all but those that open other things as well.
   */
  readonly held: string;
  /** Each marker, with where it next stands whole in a chunk. */
  private readonly wholes: ReadonlyArray<{ group: ProseMarkerGroup; literal: string; next: NextOccurrence }>;
  /** The characters that may come second in a marker, by its first. */
  private readonly seconds: ReadonlyMap<string, string>;

  constructor(markers: readonly string[]) {
    const firsts = new Set(markers.map((marker) => marker.charAt(0)));
    this.groups = [...firsts].map((first) => ({
      first,
      literals: markers.filter((marker) => marker.startsWith(first)),
    }));
    this.wholes = this.groups.flatMap((group) =>
      group.literals.map((literal) => ({ group, literal, next: new NextOccurrence(literal) })),
    );
    this.held = [...firsts].filter((first) => !READ_WHERE_THEY_STAND.includes(first)).join("");
    this.seconds = new Map(
      this.groups.map(({ first, literals }) => [first, literals.map((literal) => literal.charAt(1)).join("")]),
    );
  }

  /**
   * The first place in `chunk` (numbered `chunkNumber`, see `NextOccurrence`) at or after `from`, and before `before`
   * (-1: anywhere), where a marker stands whole, or where the chunk's last characters begin one; -1 where none does.
   * {@link found} tells whose.
   */
  find(chunk: string, chunkNumber: number, from: number, before: number): number {
    let at = before;
    this.found = undefined;
    for (const { group, literal, next } of this.wholes) {
      const whole = next.in(chunk, chunkNumber, from);
      // The chunk's end is looked at only where it may come first: most chunks have a tag or a bracket before it.
      const endsBefore = at === -1 || chunk.length - literal.length < at;
      const place = whole === -1 && endsBefore ? beginningAtEnd(chunk, from, literal) : whole;
      if (place !== -1 && (at === -1 || place < at)) {
        at = place;
        this.found = group;
      }
    }
    return this.found === undefined ? -1 : at;
  }

  /** Whether a stream's run of prose holds `character` (one): it is one of {@link held}. */
  holds(character: string): boolean {
    return this.held.includes(character);
  }

  /** Whether a marker starting with `first` (one of {@link held}) may go on with `next`, one character. */
  goesOn(first: string, next: string): boolean {
    return this.seconds.get(first)?.includes(next) === true;
  }
}

/** The first place at or after `from` where the rest of `chunk` begins `literal` (and is shorter), or -1. */
function beginningAtEnd(chunk: string, from: number, literal: string): number {
  const first = literal.charCodeAt(0);
  for (let at = Math.max(from, chunk.length - literal.length + 1); at < chunk.length; at += 1) {
    if (chunk.charCodeAt(at) === first && literal.startsWith(chunk.slice(at))) return at;
  }
  return -1;
}
