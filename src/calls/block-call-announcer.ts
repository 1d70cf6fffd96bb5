import type { BuiltBlockCalls } from "./build-xml-call.js";
import { ClosingLiteral } from "./closing-literal.js";
import { JsonValueEnd } from "./json-value-end.js";
import { FUNCTION_END } from "./scan-function-tag-calls.js";
import { type CallOpening, readCallOpening } from "./tool-call-body-opening.js";
import type { ToolCallError } from "./tool-call-error.js";

/** A call announced before its block closed. */
export interface AnnouncedCall {
  id: string;
  name: string;
}

/** Where a {@link BlockCallAnnouncer} sends what it finds. */
export interface AnnouncedCallSink {
  /** A call's opening was read: its `tool-call-start` goes out, after the text of the call announced before it. */
  start(id: string, name: string): void;
  /** Text of the call announced last (only when deltas are asked for). */
  text(text: string): void;
}

/** A closing bracket, which may end a JSON value. */
const CLOSES_BRACKET = /[}\]]/;

/**
 * Announces the calls of a `<tool_call>` body (also `<tool_calls>` and `<TOOLCALL>`) while it arrives, so that a
 * stream shows a call as the model writes it rather than when its block closes. The first call is announced once the
 * body's opening names it (see {@link readCallOpening}); its text streams to its `</function>`, the end of its JSON
 * object, or (GLM's) the block's end. After a JSON object, the next call (after a comma in an array, or on its own line) is announced and
 * streamed alike. The block's calls are known only when it closes, read whole: {@link confirmAnnouncedCalls} then
 * tells which announced calls it gives.
 */
export class BlockCallAnnouncer {
  /** Whether a body is being followed: false once its opening shows no call to announce. */
  private following = false;
  /** The call announced last, and whether its text is still arriving. */
  private current: { id: string; name: string; syntax: CallOpening["syntax"]; streaming: boolean } | undefined;
  private announced: AnnouncedCall[] = [];
  /** The body's text after the last announced JSON object, while the next call's opening may be in it. */
  private followingText: string | undefined;
  private functionEnd = new ClosingLiteral(FUNCTION_END);
  private readonly objectEnd = new JsonValueEnd();

  constructor(
    private readonly deltas: boolean,
    private readonly sink: AnnouncedCallSink,
  ) {}

  /** Starts following a body that has just opened. */
  open(): void {
    this.forget();
    this.following = true;
  }

  /** The calls announced in the body being read; they are forgotten. */
  close(): AnnouncedCall[] {
    const announced = this.announced;
    this.forget();
    return announced;
  }

  /** The id of the call announced last, whose text any pending delta is. */
  get currentId(): string | undefined {
    return this.current?.id;
  }

  /**
   * Reads body text as it arrives; `body` gives the whole body so far, where the first call's opening is looked for.
   * Calls are numbered from `nextCallIndex`.
   */
  follow(text: string, body: () => string, nextCallIndex: number): void {
    if (!this.following) return;
    if (this.current !== undefined) {
      if (this.current.streaming) this.stream(text, nextCallIndex);
      else if (this.followingText !== undefined) this.lookForFollowingCall(text, nextCallIndex);
      return;
    }
    const whole = body();
    const opening = readCallOpening(whole, nextCallIndex);
    if (opening === "pending") return;
    if (opening === "none") {
      this.following = false;
      return;
    }
    this.announce(opening);
    this.stream(whole.slice(opening.textStart), nextCallIndex);
  }

  /**
   * Whether `chunk`, text without `<` that no closing tag half read holds, would only add to the text of the call
   * announced last (the stream's fast path): it cannot hold its `</function>` nor a bracket that could end its object.
   */
  takesPlainText(chunk: string): boolean {
    return (
      this.current?.streaming === true &&
      this.functionEnd.held === "" &&
      (chunk.length === 1 ? chunk !== "}" && chunk !== "]" : !CLOSES_BRACKET.test(chunk))
    );
  }

  /** Reads text the fast path takes (see {@link takesPlainText}); returns the id of the call it adds to. */
  readPlainText(chunk: string): string {
    if (this.current?.syntax === "json") this.objectEnd.scan(chunk, 0);
    return this.current?.id ?? "";
  }

  /** After a JSON call's object: the next call is announced once its opening is read, else read whole at the close. */
  private lookForFollowingCall(text: string, nextCallIndex: number): void {
    const following = `${this.followingText ?? ""}${text}`;
    const opening = readCallOpening(following, nextCallIndex + this.announced.length, true);
    if (opening === "pending") {
      this.followingText = following;
      return;
    }
    this.followingText = undefined;
    if (opening === "none") return;
    this.announce(opening);
    this.stream(following.slice(opening.textStart), nextCallIndex);
  }

  private announce({ id, name, syntax }: CallOpening): void {
    // Before `current` changes: the text of the call announced before goes out under its id.
    this.sink.start(id, name);
    // Without deltas (the one-shot parser) a Qwen3-Coder or GLM call has no text to stream; a JSON call's end is
    // still looked for, as the next call may follow it.
    this.current = { id, name, syntax, streaming: this.deltas || syntax === "json" };
    this.announced.push({ id, name });
    this.functionEnd = new ClosingLiteral(FUNCTION_END);
    this.objectEnd.reset();
  }

  /**
   * Adds text of the call announced last, up to and with its `</function>` or its object's closing brace; the text
   * after that brace may open the next call.
   */
  private stream(text: string, nextCallIndex: number): void {
    const current = this.current;
    if (current === undefined) return;
    // GLM's call is the whole body: its text ends with the block.
    if (current.syntax === "glm") {
      this.addText(text);
      return;
    }
    if (current.syntax === "function-tag") {
      this.functionEnd.scan(text, 0, this.addText);
      if (!this.functionEnd.found) return;
      this.addText(FUNCTION_END);
      current.streaming = false;
      return;
    }
    const end = this.objectEnd.scan(text, 0);
    if (!this.objectEnd.found) {
      this.addText(text);
      return;
    }
    this.addText(text.slice(0, end));
    current.streaming = false;
    this.followingText = "";
    this.lookForFollowingCall(text.slice(end), nextCallIndex);
  }

  private readonly addText = (text: string): void => {
    if (this.deltas) this.sink.text(text);
  };

  private forget(): void {
    this.following = false;
    this.current = undefined;
    this.announced = [];
    this.followingText = undefined;
  }
}

/**
 * How many of the calls announced while a block arrived the block, read whole, gives first and as announced, and an
 * error withdrawing each announced after those. JSON read whole can say otherwise than its opening did: an `id`
 * written after the arguments, a `name` written twice, text after an object that leaves no call readable.
 *
 * @example
 * confirmAnnouncedCalls([{ id: "call_0", name: "f" }], built); // {confirmed: 1, withdrawals: []} when built gives it
 */
export function confirmAnnouncedCalls(
  announced: readonly AnnouncedCall[],
  built: BuiltBlockCalls,
): { confirmed: number; withdrawals: ToolCallError[] } {
  const differs = announced.findIndex(({ id, name }, index) => {
    const call = built.calls[index]?.call;
    return call?.id !== id || call.name !== name;
  });
  if (differs === -1) return { confirmed: announced.length, withdrawals: [] };
  const rest =
    built.calls.length === 0
      ? "it holds no call"
      : built.calls.length > differs
        ? "the calls read from it follow"
        : "it holds no more calls";
  const withdrawals = announced.slice(differs).map(({ id, name }): ToolCallError => {
    const message = `The call announced as ${id} ("${name}") is not what the block holds once read whole; ${rest}`;
    return { code: "PARSE_ERROR", message, name };
  });
  return { confirmed: differs, withdrawals };
}
