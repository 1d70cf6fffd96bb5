/**
 * A marker met in prose (`[TOOL_CALLS]` or `[THINK]` after a `[`, a call block's
 * marker after a `]`), read while it may still be one of the literals it could open.
 */
export class ProseMarker {
  /** The marker read so far, its first character included. */
  text = "";
  /** The literal read whole; `""` once the marker is none of them; undefined while it may still be one. */
  ended: string | undefined;
  private literals: readonly string[] = [];

  /** Starts a marker at its first character; `literals` are those it may open (none is the start of another). */
  start(first: string, literals: readonly string[]): void {
    this.text = first;
    this.literals = literals;
    this.ended = undefined;
  }

  /** Reads `chunk` from `start` and returns where it stopped: after the literal, or at what makes the marker none. */
  scan(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const read = this.text + chunk.charAt(index);
      let literal: string | undefined;
      for (const candidate of this.literals) if (candidate.startsWith(read)) literal = candidate;
      if (literal === undefined) {
        this.ended = "";
        return index;
      }
      this.text = read;
      if (read === literal) {
        this.ended = literal;
        return index + 1;
      }
    }
    return chunk.length;
  }
}
