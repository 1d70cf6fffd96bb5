/** Code units held before they are turned into a string (also the most `String.fromCharCode` is given at once). */
const BLOCK = 8192;
/** Pieces up to this long are kept as code units too: `< ` or `</p`, a closing tag's start that turned out to be text. */
const SHORT_PIECE = 8;
/** Fewer held ASCII units than this are turned into a string directly: a decoder call costs more than it saves. */
const FEW_UNITS = 32;
/** Turns held ASCII bytes into a string: every byte under 128 is its own character in UTF-8. */
const ASCII = new TextDecoder();

/**
 * Text that grows by appends, such as a parameter value streamed one character at a time.
 *
 * Hand-written because `+=` of single characters makes the value a chain of a thousand V8 cons strings per kilobyte,
 * which the garbage collector copies while it grows and every later read must flatten. Single characters are kept as
 * code units instead and turned into a string a block at a time. Longer pieces, as a one-shot parse or a token stream
 * appends them, are few enough to append as they are.
 *
 * A block of ASCII (most of what models write: code, JSON, English) is held as bytes and decoded at once, which costs
 * about half of what turning an array of units into a string does, and an append is one store. The first unit of a
 * block past ASCII moves the block to a plain array of UTF-16 units (each unit as it is, so a surrogate pair split
 * across two chunks, or a lone surrogate, comes out unchanged), which `String.fromCharCode.apply` reads about twice as
 * fast as a typed array (in V8). Both grow as needed and are overwritten, never shrunk, so each value after the first
 * writes into room already there.
 *
 * @example
 * const value = new TextAccumulator();
 * for (const character of "hello") value.append(character);
 * value.toString(); // "hello"
 */
export class TextAccumulator {
  /** The block's units while all of them are ASCII: the first `unitCount`. */
  private bytes = new Uint8Array(64);
  /** The block's units once one is not ASCII (`wide`): the first `unitCount` (the rest is room left by an earlier block). */
  private readonly units: number[] = [];
  /** How many units the block may hold as bytes: none once it is wide. */
  private byteRoom = this.bytes.length;
  private unitCount = 0;
  /** Everything appended before the units of the block. */
  private text = "";

  append(piece: string): void {
    if (piece.length === 1) this.appendCode(piece.charCodeAt(0));
    else this.appendPiece(piece);
  }

  /** Appends one UTF-16 code unit: a stream's character, already read as a code. */
  appendCode(code: number): void {
    const count = this.unitCount;
    if (code < 128 && count < this.byteRoom) {
      this.bytes[count] = code;
      this.unitCount = count + 1;
    } else {
      this.appendUnit(code);
    }
  }

  /** How many UTF-16 units were appended since the last reset. */
  get length(): number {
    return this.text.length + this.unitCount;
  }

  /** The whole text appended since the last reset. */
  toString(): string {
    this.flushUnits();
    return this.text;
  }

  reset(): void {
    this.text = "";
    this.unitCount = 0;
    this.byteRoom = this.bytes.length;
  }

  /** A piece of other than one character: short ones join the units, longer ones the text. */
  private appendPiece(piece: string): void {
    const length = piece.length;
    if (length > SHORT_PIECE) {
      this.flushUnits();
      this.text += piece;
      return;
    }
    for (let index = 0; index < length; index += 1) this.appendUnit(piece.charCodeAt(index));
  }

  /** One unit, where the block is full, the byte room is, or the unit or the block is not ASCII. */
  private appendUnit(code: number): void {
    if (this.unitCount === BLOCK) this.flushUnits();
    const count = this.unitCount;
    if (!this.wide && code >= 128) this.widen();
    if (this.wide) {
      const units = this.units;
      if (count < units.length) units[count] = code;
      else units.push(code);
    } else {
      if (count === this.bytes.length) this.growBytes();
      this.bytes[count] = code;
    }
    this.unitCount = count + 1;
  }

  /** Whether the block holds a unit past ASCII: its units are then in the array. */
  private get wide(): boolean {
    return this.byteRoom === 0;
  }

  /** Room for twice as many bytes, up to a block. */
  private growBytes(): void {
    const bytes = new Uint8Array(Math.min(BLOCK, this.bytes.length * 2));
    bytes.set(this.bytes);
    this.bytes = bytes;
    this.byteRoom = bytes.length;
  }

  /** Moves the block's bytes to the units: a unit past ASCII has come. */
  private widen(): void {
    const { bytes, units } = this;
    for (let index = 0; index < this.unitCount; index += 1) {
      if (index < units.length) units[index] = bytes[index] ?? 0;
      else units.push(bytes[index] ?? 0);
    }
    this.byteRoom = 0;
  }

  private flushUnits(): void {
    const count = this.unitCount;
    if (count === 0) return;
    this.text += this.wide ? this.wideBlock(count) : this.asciiBlock(count);
    this.unitCount = 0;
    this.byteRoom = this.bytes.length;
  }

  private asciiBlock(count: number): string {
    const { bytes } = this;
    if (count >= FEW_UNITS) return ASCII.decode(bytes.subarray(0, count));
    let text = "";
    for (let index = 0; index < count; index += 1) text += String.fromCharCode(bytes[index] ?? 0);
    return text;
  }

  private wideBlock(count: number): string {
    const { units } = this;
    // One unit (a character past ASCII in a one-shot parse) needs no copy of the array.
    return count === 1
      ? String.fromCharCode(units[0] ?? 0)
      : String.fromCharCode.apply(null, count === units.length ? units : units.slice(0, count));
  }
}
