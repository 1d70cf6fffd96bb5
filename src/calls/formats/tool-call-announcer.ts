import { CallAnnouncer } from "../engine/call-announcer.js";
import { ClosingLiteral } from "../engine/closing-literal.js";
import { FUNCTION_END } from "../engine/function-tag-calls.js";
import { holdsClosingBracket, JsonValueEnd } from "../engine/json-value-end.js";
import { CALL_OPENING_LIMIT, type CallOpening, readCallOpening } from "./tool-call-opening.js";

/** The characters a call's opening ends with (see {@link readCallOpening}). */
const OPENING_ENDS = /[:>]/;

/**
 * Announces the calls of a `<tool_call>` body (also `<tool_calls>` and `<TOOLCALL>`) while it arrives. The first call
 * is announced once the body's opening names it (see {@link readCallOpening}); its text streams to its `</function>`,
 * the end of its JSON object, or (GLM's) the block's end. After a JSON object, the next call (after a comma in an
 * array, or on its own line) is announced and streamed alike.
 */
export class BlockCallAnnouncer extends CallAnnouncer {
  /** Whether a body is being followed: false once its opening shows no call to announce. */
  private following = false;
  /** The syntax of the call announced last, and whether its text is still arriving. */
  private syntax: CallOpening["syntax"] | undefined;
  private streaming = false;
  /** The body's text after the last announced JSON object, while the next call's opening may be in it. */
  private followingText: string | undefined;
  private functionEnd = new ClosingLiteral(FUNCTION_END);
  private readonly objectEnd = new JsonValueEnd();
  /** How much of the body was read while its first call's opening was pending. */
  private pendingLength = 0;

  /** Starts following a body that has just opened. */
  open(): void {
    this.forget();
    this.following = true;
    this.pendingLength = 0;
  }

  /**
   * Starts following a bare `<function=name>` call (written without its `<tool_call>`), whose opening `tag` was read:
   * the call is announced now, its text starting with the tag. A tag that opens no call (`<function name="f">`)
   * announces none; the body is then read whole at its close.
   */
  openBareFunction(tag: string, nextCallIndex: number): void {
    this.forget();
    const opening = readCallOpening(tag, nextCallIndex);
    this.following = typeof opening === "object";
    if (typeof opening !== "object") return;
    this.announceOpening(opening);
    this.stream(tag.slice(opening.textStart), nextCallIndex);
  }

  /**
   * Reads body text as it arrives; `body` gives the whole body so far, where the first call's opening is looked for.
   * Calls are numbered from `nextCallIndex`.
   */
  follow(text: string, body: () => string, nextCallIndex: number): void {
    if (!this.following) return;
    if (this.syntax !== undefined) {
      if (this.streaming) this.stream(text, nextCallIndex);
      else if (this.followingText !== undefined) this.streamFollowingCall(text, nextCallIndex);
      return;
    }
    // Every opening ends at a `:` (JSON's `"arguments":`) or a `>` (a tag): text holding neither completes none, and is
    // looked at with the rest once one arrives, or once the body is past the length an opening is looked for in. A
    // stream of one character a chunk would otherwise read the body's start again at each.
    this.pendingLength += text.length;
    if (!OPENING_ENDS.test(text) && this.pendingLength <= CALL_OPENING_LIMIT) return;
    const whole = body();
    const opening = readCallOpening(whole, nextCallIndex);
    if (opening === "pending") return;
    if (opening === "none") {
      this.following = false;
      return;
    }
    this.announceOpening(opening);
    this.stream(whole.slice(opening.textStart), nextCallIndex);
  }

  /** Whether a JSON call of the body was announced: its strings, and so {@link endsInsideString}, are followed. */
  get followsJson(): boolean {
    return this.syntax === "json";
  }

  /** Whether the body so far ends inside a string of the JSON call being streamed: a closing tag there is its text. */
  get endsInsideString(): boolean {
    return this.streaming && this.syntax === "json" && this.objectEnd.inString;
  }

  /**
   * Text that cannot hold the current call's `</function>` (a `<` may begin it) nor a bracket that could end its
   * object. A JSON call reads a `<` as nothing but text.
   */
  takesPlainText(chunk: string): boolean {
    if (!this.streaming || this.functionEnd.holding) return false;
    if (this.syntax === "json") return !this.objectEnd.mayEndWith(chunk);
    return !holdsClosingBracket(chunk) && !(this.syntax === "function-tag" && chunk.includes("<"));
  }

  override takesQuietText(): boolean {
    return this.streaming && !this.functionEnd.holding;
  }

  /**
   * Inside a JSON call's string every character but its quote is quiet (it only ends or starts an escape); in a call
   * written with tags, every one {@link takesPlainText} takes.
   */
  override readsAsQuiet(chunk: string): boolean {
    if (chunk.length !== 1) return false;
    if (this.syntax === "json") return this.objectEnd.takesInString(chunk);
    // Compared, not searched: this is the stream's per-character path.
    return !holdsClosingBracket(chunk) && !(this.syntax === "function-tag" && chunk === "<");
  }

  override readQuietText(chunk: string): string {
    if (this.syntax === "json") this.objectEnd.passQuiet(chunk);
    return super.readQuietText(chunk);
  }

  override readPlainText(chunk: string): string {
    if (this.syntax === "json") this.objectEnd.scan(chunk, 0);
    return super.readPlainText(chunk);
  }

  /** After a JSON call's object: the next call is announced once its opening is read, and its text streamed. */
  private streamFollowingCall(text: string, nextCallIndex: number): void {
    const callText = this.readFollowingCall(text, nextCallIndex);
    if (callText !== undefined) this.stream(callText, nextCallIndex);
  }

  /**
   * After a JSON call's object, reads `text`: once the next call's opening is read, announces it and returns the text
   * from the call's start; otherwise undefined (the calls after are then read whole at the close).
   */
  private readFollowingCall(text: string, nextCallIndex: number): string | undefined {
    const following = `${this.followingText ?? ""}${text}`;
    const opening = readCallOpening(following, nextCallIndex + this.announcedCount, true);
    if (opening === "pending") {
      this.followingText = following;
      return undefined;
    }
    this.followingText = undefined;
    if (opening === "none") return undefined;
    this.announceOpening(opening);
    return following.slice(opening.textStart);
  }

  private announceOpening({ id, name, syntax }: CallOpening): void {
    this.announce(id, name);
    this.syntax = syntax;
    // Without deltas (the one-shot parser) a Qwen3-Coder or GLM call has no text to stream; a JSON call's end is
    // still looked for, as the next call may follow it.
    this.streaming = this.deltas || syntax === "json";
    this.functionEnd = new ClosingLiteral(FUNCTION_END);
    this.objectEnd.reset();
  }

  /**
   * Adds text of the call announced last, up to and with its `</function>` or its object's closing brace; the text
   * after that brace may open the next call, and so on: a piece may hold many calls (a block read whole), read one
   * after another in a loop.
   */
  private stream(text: string, nextCallIndex: number): void {
    let callText: string | undefined = text;
    while (callText !== undefined) {
      // GLM's call is the whole body: its text ends with the block.
      if (this.syntax === "glm") {
        this.addText(callText);
        return;
      }
      if (this.syntax === "function-tag") {
        this.functionEnd.scan(callText, 0, this.addText);
        if (!this.functionEnd.found) return;
        this.addText(FUNCTION_END);
        this.streaming = false;
        return;
      }
      const end = this.objectEnd.scan(callText, 0);
      if (!this.objectEnd.found) {
        this.addText(callText);
        return;
      }
      this.addText(callText.slice(0, end));
      this.streaming = false;
      this.followingText = "";
      callText = this.readFollowingCall(callText.slice(end), nextCallIndex);
    }
  }

  protected override forget(): void {
    super.forget();
    this.following = false;
    this.syntax = undefined;
    this.streaming = false;
    this.followingText = undefined;
  }
}
