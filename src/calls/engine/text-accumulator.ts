/** Code units held before they are turned into a string (also the most `String.fromCharCode` is given at once). */
const BLOCK = 8192;
/** Pieces up to this long are kept as code units too: `< ` or `</p`, a closing tag's start that turned out to be text. */
const SHORT_PIECE = 8;

/**
 * Text that grows by appends, such as a parameter value streamed one character at a time.
 *
 * Hand-written because `+=` of single characters makes the value a chain of a thousand V8 cons strings per kilobyte,
 * which the garbage collector copies while it grows and every later read must flatten. Single characters are kept as
 * UTF-16 code units instead (each unit as it is, so a surrogate pair split across two chunks, or a lone surrogate,
 * comes out unchanged) and turned into a string a block at a time. Longer pieces, as a one-shot parse or a token
 * stream appends them, are few enough to append as they are.
 *
 * The units are a plain array of small integers, not a `Uint16Array`: `String.fromCharCode.apply` reads such an array
 * about twice as fast as a typed array (in V8), and that read is most of the cost of a value streamed character by
 * character. The array grows as needed (a short parse never holds a whole block) and is overwritten, never shrunk, so
 * each value after the first writes into room already there.
 *
 * @example
 * const value = new TextAccumulator();
 * for (const character of "hello") value.append(character);
 * value.toString(); // "hello"
 */
export class TextAccumulator {
  /** Code units not yet in `text`: the first `unitCount` of them (the rest is room left by an earlier block). */
  private readonly units: number[] = [];
  private unitCount = 0;
  /** Everything appended before the units in the buffer. */
  private text = "";

  append(piece: string): void {
    if (piece.length !== 1) {
      this.appendPiece(piece);
      return;
    }
    if (this.unitCount === BLOCK) this.flushUnits();
    const count = this.unitCount;
    if (count < this.units.length) this.units[count] = piece.charCodeAt(0);
    else this.units.push(piece.charCodeAt(0));
    this.unitCount = count + 1;
  }

  /** The whole text appended since the last reset. */
  toString(): string {
    this.flushUnits();
    return this.text;
  }

  reset(): void {
    this.text = "";
    this.unitCount = 0;
  }

  /** A piece of other than one character: short ones join the units, longer ones the text. */
  private appendPiece(piece: string): void {
    const length = piece.length;
    if (length > SHORT_PIECE) {
      this.flushUnits();
      this.text += piece;
      return;
    }
    if (this.unitCount + length > BLOCK) this.flushUnits();
    const units = this.units;
    let count = this.unitCount;
    for (let index = 0; index < length; index += 1) {
      if (count < units.length) units[count] = piece.charCodeAt(index);
      else units.push(piece.charCodeAt(index));
      count += 1;
    }
    this.unitCount = count;
  }

  private flushUnits(): void {
    const count = this.unitCount;
    if (count === 0) return;
    const units = this.units;
    // One unit (a `<` that began no tag, in a one-shot parse) needs no copy of the array.
    this.text +=
      count === 1
        ? String.fromCharCode(units[0] ?? 0)
        : String.fromCharCode.apply(null, count === units.length ? units : units.slice(0, count));
    this.unitCount = 0;
  }
}
