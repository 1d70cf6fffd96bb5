import { isSpace } from "./xml-characters.js";

/** Where a value written between tags ends, and where reading goes on. */
export interface TaggedValueEnd {
  /** The index just after the value's text. */
  end: number;
  /** Where reading goes on: after the closing tag, or at the tag that cut a value left unclosed. */
  next: number;
  /** Whether the value had its closing tag. */
  closed: boolean;
}

/** A remembered search: nothing was found between `from` and `at` (-1: to the end). */
interface Search {
  from: number;
  at: number;
}

/**
 * Reads a tool-call body that arrived whole (the text of a `<tool_call>` block) from front to back. Written by hand:
 * these bodies are tags with raw text between them, which no XML parser reads (`<function=name>` is not XML, and a
 * value may hold `<` or a literal closing tag). Searches are remembered, and reading only moves forward, so a body is
 * read in linear time even when every value leaves out its closing tag.
 */
export class TaggedBodyReader {
  readonly #searches = new Map<string, Search>();
  readonly #valueEnds = new Map<string, Search>();

  constructor(readonly body: string) {}

  /** The first index at or after `index` that is not whitespace. */
  skipSpace(index: number): number {
    let at = index;
    while (at < this.body.length && isSpace(this.body.charAt(at))) at += 1;
    return at;
  }

  startsWith(literal: string, index: number): boolean {
    return this.body.startsWith(literal, index);
  }

  /** `body.indexOf(literal, from)`, remembered. */
  indexOf(literal: string, from: number): number {
    return remembered(this.#searches, literal, from, () => this.body.indexOf(literal, from));
  }

  /** Where the first of `literals` at or after `from` is; the end of the body when there is none. */
  firstOf(literals: readonly string[], from: number): number {
    let first = this.body.length;
    for (const literal of literals) {
      const at = this.indexOf(literal, from);
      if (at !== -1 && at < first) first = at;
    }
    return first;
  }

  /**
   * Where the value starting at `start` ends. As in `<function_calls>`, a `closer` ends it only when what follows
   * (after whitespace) is one of `followers` or the end of the body, so a literal `</parameter>` inside code stays in
   * the value. Without such a close, the value was left unclosed: it is cut at the first follower. An `opener` (the
   * next value's tag, as vLLM reads `<parameter=`) written before that close cuts it there too.
   */
  valueEnd(start: number, closer: string, followers: readonly string[], opener?: string): TaggedValueEnd {
    const key = `${closer} ${followers.join(" ")}`;
    const close = remembered(this.#valueEnds, key, start, () => this.#endingClose(start, closer, followers));
    const reopened = opener === undefined ? -1 : this.indexOf(opener, start);
    const cutByOpener = close !== -1 && reopened !== -1 && reopened < close;
    if (close !== -1 && !cutByOpener) return { end: close, next: close + closer.length, closed: true };
    const cut = cutByOpener ? reopened : this.firstOf(followers, start);
    return { end: cut, next: cut, closed: false };
  }

  #endingClose(start: number, closer: string, followers: readonly string[]): number {
    for (let close = this.indexOf(closer, start); close !== -1; close = this.indexOf(closer, close + 1)) {
      const after = this.skipSpace(close + closer.length);
      if (after === this.body.length || followers.some((follower) => this.startsWith(follower, after))) return close;
    }
    return -1;
  }
}

/** The result of `search` from `from`, or a remembered one that still holds there. */
function remembered(searches: Map<string, Search>, key: string, from: number, search: () => number): number {
  const known = searches.get(key);
  if (known !== undefined && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
  const at = search();
  searches.set(key, { from, at });
  return at;
}
