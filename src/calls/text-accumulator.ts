/** Code units held before they are turned into a string (also the most `String.fromCharCode` is given at once). */
const BLOCK = 8192;

/**
 * Text that grows by appends, such as a parameter value streamed one character at a time.
 *
 * Hand-written because `+=` of single characters makes the value a chain of a thousand V8 cons strings per kilobyte,
 * which the garbage collector copies while it grows and every later read must flatten. Single characters are copied
 * into a typed buffer of UTF-16 code units instead (each unit kept as it is, so a surrogate pair split across two
 * chunks, or a lone surrogate, comes out unchanged) and turned into a string a block at a time. Longer pieces, as a
 * one-shot parse or a token stream appends them, are few enough to append as they are.
 *
 * @example
 * const value = new TextAccumulator();
 * for (const character of "hello") value.append(character);
 * value.toString(); // "hello"
 */
export class TextAccumulator {
  private readonly units = new Uint16Array(BLOCK);
  private unitCount = 0;
  /** Everything appended before the units in the buffer. */
  private text = "";

  append(piece: string): void {
    if (piece.length !== 1) {
      this.flushUnits();
      this.text += piece;
      return;
    }
    if (this.unitCount === BLOCK) this.flushUnits();
    this.units[this.unitCount] = piece.charCodeAt(0);
    this.unitCount += 1;
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

  private flushUnits(): void {
    if (this.unitCount === 0) return;
    // One unit (a `<` that began no tag, in a one-shot parse) needs no view of the buffer.
    this.text +=
      this.unitCount === 1
        ? String.fromCharCode(this.units[0] ?? 0)
        : String.fromCharCode.apply(null, this.units.subarray(0, this.unitCount) as unknown as number[]);
    this.unitCount = 0;
  }
}
