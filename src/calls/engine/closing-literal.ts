/**
 * Finds the end of a region that closes with a fixed literal (`]]>`, `</tool_call>`, `</create-file>`) in text that
 * arrives in chunks. A partial match carries over to the next chunk, and on a mismatch the match falls back as in
 * Knuth-Morris-Pratt, so each character is looked at a bounded number of times.
 */
export class ClosingLiteral {
  /** Whether the last {@link scan} reached the end of the literal. */
  found = false;
  private matched = 0;
  private readonly failure: number[];

  constructor(readonly literal: string) {
    this.failure = failureTable(literal);
  }

  /** The start of the literal matched so far: text, if the input ends before the rest of it. */
  get held(): string {
    return this.literal.slice(0, this.matched);
  }

  /** Whether a start of the literal is held (as {@link held} is not "", without building it). */
  get holding(): boolean {
    return this.matched !== 0;
  }

  /**
   * Takes `character` (one) when it only adds to the match without completing it: it is then held, as {@link scan}
   * would hold it, and nothing else happens. Returns whether it did.
   */
  holds(character: string): boolean {
    const matched = this.matched;
    if (character !== this.literal.charAt(matched) || matched + 1 === this.literal.length) return false;
    this.matched = matched + 1;
    return true;
  }

  /**
   * The text `character` (one) makes of the start held, when it rules the literal out there: the start held, then the
   * character, all text, as {@link scan} would pass them on; undefined when nothing is held, or the character goes on
   * with the literal or with a shorter start of it. It changes nothing: {@link release} does, once the text is taken.
   */
  textReleasedBy(character: string): string | undefined {
    const { literal } = this;
    let matched = this.matched;
    if (matched === 0) return undefined;
    while (matched > 0 && character !== literal.charAt(matched)) matched = this.failure[matched - 1] ?? 0;
    if (matched !== 0 || character === literal.charAt(0)) return undefined;
    return literal.slice(0, this.matched) + character;
  }

  /**
   * Whether `text` read now would be text and nothing else: it neither completes the literal nor leaves a start of it
   * held. It changes nothing. (A `<` that began no closing tag is passed on so, with what ruled it out.)
   */
  passesOver(text: string): boolean {
    const { literal } = this;
    let matched = this.matched;
    for (let index = 0; index < text.length; index += 1) {
      const character = text.charAt(index);
      while (matched > 0 && character !== literal.charAt(matched)) matched = this.failure[matched - 1] ?? 0;
      if (character === literal.charAt(matched)) matched += 1;
      if (matched === literal.length) return false;
    }
    return matched === 0;
  }

  /** Drops the start held, once {@link textReleasedBy} gave it as text. */
  release(): void {
    this.matched = 0;
  }

  /**
   * Reads `chunk` from `start`, passing the text before the literal to `append`; returns where it stopped: just after
   * the literal when `found`, else the end of the chunk.
   */
  scan(chunk: string, start: number, append: (text: string) => void): number {
    const { literal } = this;
    this.found = false;
    let matched = this.matched;
    let index = start;
    while (index < chunk.length) {
      if (matched === 0) {
        const next = chunk.indexOf(literal.charAt(0), index);
        if (next === -1) {
          append(index === 0 ? chunk : chunk.slice(index));
          break;
        }
        if (next > index) append(chunk.slice(index, next));
        index = next;
      }
      const character = chunk.charAt(index);
      index += 1;
      // On a mismatch, the matched characters that can no longer begin the literal are text. They equal the start of
      // the literal, so they are taken from it (they may have come in an earlier chunk).
      while (matched > 0 && character !== literal.charAt(matched)) {
        const fallback = this.failure[matched - 1] ?? 0;
        append(literal.slice(0, matched - fallback));
        matched = fallback;
      }
      if (character !== literal.charAt(matched)) {
        append(character);
        continue;
      }
      matched += 1;
      if (matched === literal.length) {
        this.matched = 0;
        this.found = true;
        return index;
      }
    }
    this.matched = matched;
    return chunk.length;
  }
}

/** For each prefix of `literal`, the length of its longest proper prefix that is also its suffix (KMP). */
function failureTable(literal: string): number[] {
  const table = [0];
  let length = 0;
  for (let index = 1; index < literal.length; index += 1) {
    while (length > 0 && literal.charAt(index) !== literal.charAt(length)) length = table[length - 1] ?? 0;
    if (literal.charAt(index) === literal.charAt(length)) length += 1;
    table.push(length);
  }
  return table;
}
