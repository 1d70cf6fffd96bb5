import type { TextToolCallFormat } from "../tool-call.js";
import { HeldTextRuns, stopsAt, type TextRun } from "./text-run.js";
import type { TokenSectionSyntax } from "./token-section.js";

/** The formats whose messages to a tool hold its arguments as JSON. */
export type JsonMessageFormat = Exclude<TextToolCallFormat, "xml" | "legacy-xml">;

/** What a header after a special token turned out to open. */
export type TokenHeaderEnd =
  /** No such header (it spans a line or grows too long), or one of a message that is no call: prose, header and all. */
  | { opens: "text" }
  /** A message to the tool `tool`: a call, whose JSON arguments run to `closer`. */
  | { opens: "call"; tool: string; closer: string; format: JsonMessageFormat }
  /** The message of the answer: text, its header not. */
  | { opens: "answer" }
  /** A marker that only frames the reply (the close of the answer, or of its message): no text; prose follows. */
  | { opens: "frame" }
  /** A section of calls in `syntax`, to `closer`. */
  | { opens: "section"; syntax: TokenSectionSyntax; closer: string }
  /** Reasoning, to `closer`. */
  | { opens: "reasoning"; closer: string };

/**
 * How a model writes the header of a message or channel with special tokens (`<|channel|>commentary
 * to=functions.f<|message|>`, `<|open|>tools<|sep|>`): everything the engine needs to read it, written in the family's
 * file under `formats/`.
 */
export interface TokenHeaderSyntax {
  /** The format its calls carry: its headers are read only when that format is. */
  readonly format: TextToolCallFormat;
  /** The tokens (their names, inside `<...>`) that start a header. */
  readonly openers: ReadonlySet<string>;
  /** Tokens (by name) that are dropped from the text: they only frame messages. */
  readonly dropped?: ReadonlySet<string>;
  /** The token that ends a header. */
  readonly end: string;
  /** How long a header may grow; longer, or spanning a line, it is prose. */
  readonly limit: number;
  /**
   * What a reply starts with when the server hands over its output from inside a header the prompt began, if it may:
   * the header is then read from there.
   */
  readonly replyStart?: string;
  /** What a whole header opens; `openedAtStart`: the output had said nothing before it. */
  opens(header: string, openedAtStart: boolean): TokenHeaderEnd;
}

/**
 * A header after a special token, read to the token that ends it (see {@link TokenHeaderSyntax}); then what it opens
 * is known ({@link ended}).
 */
export class TokenHeader {
  /** The header read so far, its opening token included. */
  text = "";
  /** What the header opens, once it is whole or is known to be no such header. */
  ended: TokenHeaderEnd | undefined;
  private syntax: TokenHeaderSyntax | undefined;
  private openedAtStart = false;
  /** The runs of the header's text (see {@link openRun}). */
  private readonly runs = new HeldTextRuns();

  /** Starts a header of `syntax` at its opening token; `openedAtStart`: the output has said nothing before it. */
  start(token: string, syntax: TokenHeaderSyntax, openedAtStart: boolean): void {
    this.text = token;
    this.syntax = syntax;
    this.openedAtStart = openedAtStart;
    this.ended = undefined;
  }

  /**
   * Takes `character` (one) when it only adds to the header, as {@link scan} would read it (no line break, no `>` that
   * may end it, within the header's length), and returns whether it did: the stream's fast path.
   */
  takeCharacter(character: string): boolean {
    const syntax = this.syntax;
    if (syntax === undefined || character === "\n" || character === ">" || this.text.length >= syntax.limit) {
      return false;
    }
    this.text += character;
    return true;
  }

  /**
   * The run of the header's text (see `TextRun`), to a line break, a `>` or one of `proseStops`: the characters that
   * mean something in prose. A run may take the header past its length; the next of those characters finds it prose
   * then ({@link scan}), and whatever the run took past it is prose as well, as it would have been read.
   */
  openRun(proseStops: string): TextRun | undefined {
    const syntax = this.syntax;
    if (syntax === undefined || this.text.length >= syntax.limit) return undefined;
    return this.runs.open(stopsAt(`\n>${proseStops}`));
  }

  /** The run ended: what it took is the header's. */
  closeRun(): void {
    this.text += this.runs.take();
  }

  /** Reads `chunk` from `start` and returns where it stopped: after the header's end, or at what makes it no header. */
  scan(chunk: string, start: number): number {
    const syntax = this.syntax;
    if (syntax === undefined) {
      this.ended = { opens: "text" };
      return start;
    }
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === "\n" || this.text.length >= syntax.limit) {
        this.ended = { opens: "text" };
        return index;
      }
      this.text += character;
      if (character !== ">" || !this.text.endsWith(syntax.end)) continue;
      this.ended = syntax.opens(this.text, this.openedAtStart);
      return index + 1;
    }
    return chunk.length;
  }
}
