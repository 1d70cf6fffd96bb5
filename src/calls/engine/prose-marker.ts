import { HeldTextRuns, literalRun, type TextRun } from "./text-run.js";

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
  /** The runs of the marker's text (see {@link openRun}). */
  private readonly runs = new HeldTextRuns();

  /** Starts a marker at its first character; `literals` are those it may open (none is the start of another). */
  start(first: string, literals: readonly string[]): void {
    this.text = first;
    this.literals = literals;
    this.ended = undefined;
  }

  /**
   * Takes `character` (one) when it goes on with one of the literals without completing it, as {@link scan} would read
   * it, and returns whether it did: the stream's fast path.
   */
  takeCharacter(character: string): boolean {
    const read = this.text + character;
    if (!this.literals.some((literal) => literal.length > read.length && literal.startsWith(read))) return false;
    this.text = read;
    return true;
  }

  /**
   * The run of what every literal the marker may still be writes next (see `TextRun`), up to the last character of the
   * shortest, which {@link scan} reads: no call's text, the marker is held. None for fewer than two characters.
   */
  openRun(): TextRun | undefined {
    let next: string | undefined;
    for (const literal of this.literals) {
      if (!literal.startsWith(this.text)) continue;
      const rest = literal.slice(this.text.length, -1);
      next = next === undefined ? rest : commonStart(next, rest);
    }
    return next === undefined || next.length < 2 ? undefined : this.runs.open(literalRun(next));
  }

  /** The run ended: what it took is the marker's. */
  closeRun(): void {
    this.text += this.runs.take();
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

/** The longest start `a` and `b` share. */
function commonStart(a: string, b: string): string {
  let length = 0;
  while (length < a.length && length < b.length && a.charCodeAt(length) === b.charCodeAt(length)) length += 1;
  return a.slice(0, length);
}
