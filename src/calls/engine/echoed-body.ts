import { isSpace } from "./xml-characters.js";

/** What {@link EchoedBody.scan} found: nothing yet, the echo whole, or prose. */
export type EchoedBodyFound =
  | { kind: "pending" }
  | { kind: "echo"; end: number }
  | { kind: "prose"; held: string; end: number };

const PENDING: EchoedBodyFound = { kind: "pending" };

/**
 * Reads what follows a call block once it closed, for its body written again and closed again by its closing token,
 * with no opening of its own (`<open>[f(x=1)]<close>[f(x=1)]<close>`), as a model may echo the calls it just made.
 * Whitespace, then the body as written (without the whitespace around it), are held; with the closing token after
 * them, the echo is whole. Anything else is prose, held text and all, from the first character that differs: only the
 * very calls just made, capped by the token, are an echo.
 */
export class EchoedBody {
  /** The body and its closing token, as an echo writes them. */
  private echo = "";
  /** Everything read since the block closed (or since the last echo), while it may still be an echo. */
  private held = "";
  /** How much of {@link echo} was read. */
  private matched = 0;

  /** Starts after a block whose `body` was closed by `closer`. */
  start(body: string, closer: string): void {
    this.echo = `${body.trim()}${closer}`;
    this.held = "";
    this.matched = 0;
  }

  /** The text held, when the output ends: it is prose. */
  takeHeld(): string {
    const held = this.held;
    this.held = "";
    this.matched = 0;
    return held;
  }

  /**
   * Reads `chunk` from `start`: an echo ends after its closing token (another may follow it); prose ends before the
   * character that showed it.
   */
  scan(chunk: string, start: number): EchoedBodyFound {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === this.echo.charAt(this.matched)) this.matched += 1;
      else if (this.matched > 0 || !isSpace(character)) return { kind: "prose", held: this.takeHeld(), end: index };
      this.held += character;
      if (this.matched === this.echo.length) {
        this.takeHeld();
        return { kind: "echo", end: index + 1 };
      }
    }
    return PENDING;
  }
}
