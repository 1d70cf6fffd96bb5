import { setOwnProperty } from "../../openapi/own-properties.js";

/** One call of a pythonic list: the function's name, its keyword arguments as values, and its source text. */
export interface PythonicCall {
  name: string;
  arguments: Record<string, unknown>;
  text: string;
}

/**
 * An entry of a call list that opens a call (`get_weather(`) but is none as written (`get_weather(city=Paris)`): the
 * tool it names, and its text up to the `)` after which the next call, or the list's end, follows.
 */
export interface UnreadablePythonicEntry {
  name: string;
  text: string;
  unreadable: true;
}

/** An entry of a pythonic call list: a call, or one that could not be read (its siblings are kept). */
export type PythonicEntry = PythonicCall | UnreadablePythonicEntry;

/** Literals nested deeper than this are not read (the reader recurses). */
const MAX_NESTING = 100;

/**
 * The calls of a pythonic call list, as models write them (vLLM's `pythonic` parsers):
 * `[get_weather(city="Paris", days=3), get_time()]`. Arguments are keywords, and values Python literals: strings
 * (either quote, with escapes, across lines), numbers, `True`, `False`, `None`, lists, tuples, dicts and sets (read as
 * arrays); also JSON's `true`, `false` and `null`, which models write because their tools are described in JSON.
 * Models nest quotes of a string's own kind in it unescaped (shell commands: `cmd='sed -n '360,450p' f'`,
 * `cmd='python3 -c "f(s='a')"'`), and vLLM's parsers of pythonic calls recover them, so a quote of the string's kind is
 * its text unless what may follow the value there follows it: in a call's arguments, `,` and the next keyword (or `)`),
 * or the call's `)` and what may follow a call; in a list, tuple, dict or set, a `,` or its closer (`:` after a key).
 * Once a quote of its kind was its text, such a quote inside brackets opened in a pair of the other kind's is text too
 * (code quoted in it: `python3 -c "f(s='a', t=1)"`), unless the string would then not end at all. Anything else (a
 * positional argument, a variable, an expression) makes that entry unreadable, its siblings kept; a list with no call
 * read is no call list: undefined, as `ast.literal_eval` would refuse it. Each character is read a bounded number of
 * times.
 *
 * Hand-written: no maintained npm package reads Python literals, and a JavaScript parser would accept other things.
 *
 * @example
 * readPythonicCalls('[add(a=1, b=[2, 3])]'); // [{ name: "add", arguments: { a: 1, b: [2, 3] }, text: "add(a=1, b=[2, 3])" }]
 */
export function readPythonicCalls(text: string, readBefore?: ReadPythonicCalls): PythonicEntry[] | undefined {
  return readWhole(new PythonReader(text, readBefore), (reader) => reader.callList());
}

/**
 * Calls already read from the same text (a block's body, as it arrived), by where they start in it, and where the
 * text read now starts in that: a reader takes them instead of reading them again.
 */
export interface ReadPythonicCalls {
  calls: ReadonlyMap<number, PythonicCall>;
  offset: number;
}

/**
 * The calls of a block of pythonic calls written one per line, as vLLM reads such blocks: pythonic calls one per line
 * (`get_weather(city="Paris")` then `get_time()`), or separated by commas, or a list in brackets, with values as
 * {@link readPythonicCalls} reads them.
 *
 * @example
 * readPythonicCallLines('get_weather(city="Paris", hot=true)\nget_time()'); // two calls
 */
export function readPythonicCallLines(text: string, readBefore?: ReadPythonicCalls): PythonicEntry[] | undefined {
  return readWhole(new PythonReader(text, readBefore), (reader) => {
    reader.skipSpace();
    return reader.startsWith("[") ? reader.callList() : reader.callLines();
  });
}

/**
 * The pythonic call written at the start of `text` (up to its closing parenthesis), when it is whole there as
 * {@link readPythonicCalls} reads it; undefined when it is not (yet). The text after the call is not known yet, so a
 * string that nests quotes and ends only where the text does is not ended before it: the whole text decides.
 *
 * @example
 * readPythonicCall('get_weather(city="a)b"), get_time()')?.text; // 'get_weather(city="a)b")'
 */
export function readPythonicCall(text: string): PythonicCall | undefined {
  const reader = new PythonReader(text, undefined, false);
  try {
    return reader.call();
  } catch (error) {
    if (error instanceof NotPython) return undefined;
    throw error;
  }
}

/**
 * The call a header of a pythonic call list opens (`[get_weather(`, `, get_time(`, or a name on a line of its own):
 * its name, and where it starts; `pending` while more text could still make the header one, `none` when no text can.
 *
 * @example
 * readPythonicCallHeader("[get_weather(ci"); // { name: "get_weather", textStart: 1 }
 */
export function readPythonicCallHeader(header: string): { name: string; textStart: number } | "pending" | "none" {
  const opened = CALL_HEADER.exec(header);
  if (opened !== null) return { name: opened[2] ?? "", textStart: opened[1]?.length ?? 0 };
  return CALL_HEADER_START.test(header) ? "pending" : "none";
}

/** What may come before a call in a list: a `[` opening it, or the `,` after the call before; then the call's name. */
const CALL_HEADER = /^(\s*[[,]?\s*)([A-Za-z_][\w.-]*)\s*\(/;
const CALL_HEADER_START = /^\s*[[,]?\s*(?:[A-Za-z_][\w.-]*\s*)?$/;

/** What `read` reads from the whole text; undefined when the text is anything else. */
function readWhole(reader: PythonReader, read: (reader: PythonReader) => PythonicEntry[]): PythonicEntry[] | undefined {
  try {
    const entries = read(reader);
    reader.skipSpace();
    return reader.atEnd() && entries.some((entry) => !("unreadable" in entry)) ? entries : undefined;
  } catch (error) {
    if (error instanceof NotPython) return undefined;
    throw error;
  }
}

/** Thrown inside the reader at the first thing that is not a call list; caught at its entry. */
class NotPython extends Error {}

const IDENTIFIER = /[A-Za-z_][\w.-]*/y;
/** The name an entry opens a call with. */
const ENTRY_NAME = /([A-Za-z_][\w.-]*)\s*\(/y;
/** The `)` an unreadable entry ends at: the list's end, or the next call (after a comma or a line break), follows. */
const ENTRY_END = /\)(?=\s*(?:\]?\s*$|[,\n]\s*[A-Za-z_][\w.-]*\s*\())/g;
const SPACE = /\s*/y;
/** What a string's text is taken up to: a quote of either kind, or a backslash; and a bracket, where one counts. */
const STRING_SPECIAL = /["'\\]/g;
const STRING_SPECIAL_OR_BRACKET = /["'\\()[\]{}]/g;
const OPENING_BRACKETS = "([{";
/**
 * What may follow a value where it stands (after spaces), tried at a quote of a string's own kind: a call's argument is
 * followed by `,` and the next keyword (or the call's `)`), or by the call's `)` and what may follow a call (`,`, the
 * list's `]`, a line break, the end of the text).
 */
const AFTER_ARGUMENT = /\s*(?:,\s*(?:[A-Za-z_][\w.-]*\s*=(?!=)|\))|\)(?:\s*(?:[,\]]|$)|[^\S\n]*\n))/y;
/** The closers of a list, a tuple, and a dict or a set. */
type Closer = "]" | ")" | "}";
/** After an item of a list, a tuple or a set, or a dict's value: a `,` or the closer. */
const AFTER_ITEM: Readonly<Record<Closer, RegExp>> = { "]": /\s*[,\]]/y, ")": /\s*[,)]/y, "}": /\s*[,}]/y };
/** After a dict's key, and after the first item in braces (a dict's key or a set's item). */
const AFTER_KEY = /\s*:/y;
const AFTER_FIRST_IN_BRACES = /\s*[,:}]/y;
const NUMBER = /-?(?:\d[\d_]*)?(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/y;
const WORDS = [
  ["True", true],
  ["False", false],
  ["None", null],
  ["true", true],
  ["false", false],
  ["null", null],
] as const;
const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "0": "\0",
};

class PythonReader {
  private index = 0;
  private depth = 0;
  /** Whether the other kind's quotes in a string are read as pairs: not once one was left open to the text's end. */
  private otherQuotesPair = true;

  /**
   * `textIsWhole`: whether the text read is all there is (not the start of a call still arriving), so that a string
   * nesting quotes may end at a quote it read past, once the text ended without another end (see {@link string}).
   */
  constructor(
    private readonly text: string,
    private readonly readBefore?: ReadPythonicCalls,
    private readonly textIsWhole = true,
  ) {}

  startsWith(literal: string): boolean {
    return this.text.startsWith(literal, this.index);
  }

  atEnd(): boolean {
    return this.index === this.text.length;
  }

  skipSpace(): void {
    SPACE.lastIndex = this.index;
    SPACE.test(this.text);
    this.index = SPACE.lastIndex;
  }

  callList(): PythonicEntry[] {
    this.expect("[");
    const calls: PythonicEntry[] = [];
    this.skipSpace();
    while (!this.take("]")) {
      calls.push(this.entry());
      this.skipSpace();
      if (!this.take(",")) {
        this.expect("]");
        break;
      }
      this.skipSpace();
    }
    if (calls.length === 0) throw new NotPython();
    return calls;
  }

  /** Calls one after another, each on its own line or after a comma. */
  callLines(): PythonicEntry[] {
    const calls = [this.entry()];
    for (;;) {
      const end = this.index;
      this.skipSpace();
      if (this.atEnd()) return calls;
      if (!this.take(",") && !this.text.slice(end, this.index).includes("\n")) throw new NotPython();
      this.skipSpace();
      calls.push(this.entry());
    }
  }

  /** A call of a list, or, when it opens one that is no call as written, the entry to the `)` the next call follows. */
  private entry(): PythonicEntry {
    const start = this.index;
    try {
      return this.call();
    } catch (error) {
      if (!(error instanceof NotPython)) throw error;
      ENTRY_NAME.lastIndex = start;
      const name = ENTRY_NAME.exec(this.text)?.[1];
      ENTRY_END.lastIndex = start;
      const end = ENTRY_END.exec(this.text);
      if (name === undefined || end === null) throw error;
      this.index = end.index + 1;
      this.depth = 0;
      return { name, text: this.text.slice(start, this.index), unreadable: true };
    }
  }

  call(): PythonicCall {
    const start = this.index;
    const known = this.readBefore?.calls.get(start + this.readBefore.offset);
    if (known !== undefined) {
      this.index += known.text.length;
      return known;
    }
    const name = this.identifier();
    this.skipSpace();
    this.expect("(");
    const args: Record<string, unknown> = {};
    this.skipSpace();
    while (!this.take(")")) {
      const keyword = this.identifier();
      this.skipSpace();
      this.expect("=");
      setOwnProperty(args, keyword, this.literal(AFTER_ARGUMENT));
      this.skipSpace();
      if (!this.take(",")) {
        this.expect(")");
        break;
      }
      this.skipSpace();
    }
    return { name, arguments: args, text: this.text.slice(start, this.index) };
  }

  /** A literal, whose strings end where `after` (what may follow the value there) follows them. */
  private literal(after: RegExp): unknown {
    this.skipSpace();
    const character = this.text.charAt(this.index);
    if (character === '"' || character === "'") return this.string(character, after);
    if (character === "[" || character === "(") return this.sequence(character === "[" ? "]" : ")");
    if (character === "{") return this.braces();
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.index) && !/\w/.test(this.text.charAt(this.index + word.length))) {
        this.index += word.length;
        return value;
      }
    }
    return this.number();
  }

  /**
   * A string, from its opening `quote`. A triple-quoted one runs to its triple quote. A single-quoted one ends at the
   * first quote of its kind that `after` follows, as Python reads it. When a quote of its kind before was its text,
   * the string nests such quotes (`'sed -n '1,9p' f'`), and one that stands in a pair of the other kind's quotes, inside
   * brackets opened there, is text too: code quoted in the string (`'python3 -c "f(s='a', t=1)"'`), whose brackets
   * close before its closing quote does. A pair whose brackets do not close was no code (`'it's "(a', b='c"'`): the
   * string ends at the first quote in it that would have ended it, and so it does when the text ends inside a pair
   * (in a text known whole). Those quotes then pair with none, and are no guide in the rest of the text (which is thus
   * read to its end for this at most once).
   */
  private string(quote: string, after: RegExp): string {
    const closer = this.text.startsWith(quote.repeat(3), this.index) ? quote.repeat(3) : quote;
    this.index += closer.length;
    let value = "";
    let nestsQuotes = false;
    /** The brackets opened in the pair of the other kind's quotes the reader is in, not closed yet; -1 outside one. */
    let openInOtherQuotes = -1;
    /** In that pair, the first quote that would end the string but for those brackets, and the value up to it. */
    let endInOtherQuotes: { index: number; value: string } | undefined;
    for (;;) {
      // Text up to the next quote or backslash (or bracket, inside the other kind's quotes) is taken whole.
      const special = openInOtherQuotes === -1 ? STRING_SPECIAL : STRING_SPECIAL_OR_BRACKET;
      special.lastIndex = this.index;
      const found = special.exec(this.text);
      if (found === null) {
        if (endInOtherQuotes === undefined || !this.textIsWhole) throw new NotPython();
        this.otherQuotesPair = false;
        return this.endAt(endInOtherQuotes);
      }
      value += this.text.slice(this.index, found.index);
      this.index = found.index;
      const character = found[0];
      if (character === "\\") {
        value += this.escape();
        continue;
      }
      if (character === quote && this.endsString(closer, after)) {
        if (closer.length > 1 || !nestsQuotes || openInOtherQuotes <= 0) {
          this.index += closer.length;
          return value;
        }
        endInOtherQuotes ??= { index: this.index, value };
      } else if (character === quote) {
        nestsQuotes = true;
      } else if (character === '"' || character === "'") {
        // The other kind's quote: it opens a pair, or closes the one open.
        if (openInOtherQuotes > 0 && endInOtherQuotes !== undefined) return this.endAt(endInOtherQuotes);
        openInOtherQuotes = openInOtherQuotes === -1 && this.otherQuotesPair ? 0 : -1;
        endInOtherQuotes = undefined;
      } else {
        openInOtherQuotes = Math.max(0, openInOtherQuotes + (OPENING_BRACKETS.includes(character) ? 1 : -1));
      }
      value += character;
      this.index += 1;
    }
  }

  /** Ends a string at a quote read past (at `end.index`): its value then, and the reader goes on after the quote. */
  private endAt(end: { index: number; value: string }): string {
    this.index = end.index + 1;
    return end.value;
  }

  /** Whether the string's `closer`, at the reader's place, ends it: `after` follows it (always, for a triple quote). */
  private endsString(closer: string, after: RegExp): boolean {
    if (!this.text.startsWith(closer, this.index)) return false;
    if (closer.length > 1) return true;
    after.lastIndex = this.index + 1;
    return after.test(this.text);
  }

  private escape(): string {
    const next = this.text.charAt(this.index + 1);
    const hex = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
    if (hex > 0) {
      const digits = this.text.slice(this.index + 2, this.index + 2 + hex);
      if (!/^[\da-fA-F]+$/.test(digits) || digits.length !== hex) throw new NotPython();
      this.index += 2 + hex;
      return String.fromCodePoint(Number.parseInt(digits, 16));
    }
    this.index += 2;
    if (next === "\n") return "";
    // Python keeps an unknown escape as written.
    return ESCAPES[next] ?? `\\${next}`;
  }

  private sequence(closer: "]" | ")"): unknown[] {
    this.enter();
    this.index += 1;
    this.skipSpace();
    const items = this.take(closer) ? [] : this.itemsAfter(this.literal(AFTER_ITEM[closer]), closer);
    this.depth -= 1;
    return items;
  }

  /** A dict, or a set (`{1, 2}`, read as an array): what follows its first item tells which. */
  private braces(): Record<string, unknown> | unknown[] {
    this.enter();
    this.index += 1;
    this.skipSpace();
    let read: Record<string, unknown> | unknown[] = {};
    if (!this.take("}")) {
      const first = this.literal(AFTER_FIRST_IN_BRACES);
      this.skipSpace();
      read = this.startsWith(":") ? this.entriesAfter(first) : this.itemsAfter(first, "}");
    }
    this.depth -= 1;
    return read;
  }

  /** The items of a sequence whose first item was just read, to its `closer`. */
  private itemsAfter(first: unknown, closer: Closer): unknown[] {
    const items = [first];
    for (;;) {
      this.skipSpace();
      if (!this.take(",")) {
        this.expect(closer);
        return items;
      }
      this.skipSpace();
      if (this.take(closer)) return items;
      items.push(this.literal(AFTER_ITEM[closer]));
    }
  }

  /** The entries of a dict whose first key was just read, to its `}`. */
  private entriesAfter(firstKey: unknown): Record<string, unknown> {
    const entries: Record<string, unknown> = {};
    let key = firstKey;
    for (;;) {
      if (typeof key !== "string" && typeof key !== "number") throw new NotPython();
      this.skipSpace();
      this.expect(":");
      setOwnProperty(entries, String(key), this.literal(AFTER_ITEM["}"]));
      this.skipSpace();
      if (!this.take(",")) {
        this.expect("}");
        return entries;
      }
      this.skipSpace();
      if (this.take("}")) return entries;
      key = this.literal(AFTER_KEY);
    }
  }

  private number(): number {
    NUMBER.lastIndex = this.index;
    const written = NUMBER.exec(this.text)?.[0] ?? "";
    const value = Number(written.replaceAll("_", ""));
    if (!/\d/.test(written) || !Number.isFinite(value)) throw new NotPython();
    this.index += written.length;
    return value;
  }

  private identifier(): string {
    IDENTIFIER.lastIndex = this.index;
    const name = IDENTIFIER.exec(this.text)?.[0];
    if (name === undefined) throw new NotPython();
    this.index += name.length;
    return name;
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw new NotPython();
  }

  private take(character: string): boolean {
    if (this.text.charAt(this.index) !== character) return false;
    this.index += 1;
    return true;
  }

  private expect(character: string): void {
    if (!this.take(character)) throw new NotPython();
  }
}
