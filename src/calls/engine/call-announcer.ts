import type { ToolCallError } from "../tool-call-error.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import type { TextAccumulator } from "./text-accumulator.js";
import { HeldTextRuns, NO_CALL, type RunStops, type TextRun, TextRuns } from "./text-run.js";

/** A call announced before its block closed. */
export interface AnnouncedCall {
  /** The id it was announced by: the one written (or generated), made unique among the output's calls. */
  id: string;
  name: string;
  /** The id as written or generated: the one the block's reader gives the call. */
  writtenId: string;
}

/** Where an announcer sends what it finds. */
export interface AnnouncedCallSink {
  /**
   * A call's opening was read: its `tool-call-start` goes out, after the text of the call announced before it. Returns
   * the id it went out by (see `CallIds`).
   */
  start(id: string, name: string): string;
  /** Text of the call announced last (only when deltas are asked for). */
  text(text: string): void;
}

/**
 * What announcing the calls of a block while it arrives takes, whatever the block's syntax, so that a stream shows a
 * call as the model writes it rather than when its block closes: the calls announced, the last one current, their
 * start and text sent to the sink, and their list handed over when the block closes. The block's calls are known only
 * then, read whole: {@link confirmAnnouncedCalls} tells which announced calls it gives.
 */
export abstract class CallAnnouncer {
  private announced: AnnouncedCall[] = [];
  private current: AnnouncedCall | undefined;
  /** The runs it opened (see {@link openRun}), made at the first. */
  private runs: TextRuns | undefined;
  /** The runs of a call's header it opened (see {@link openHeaderRunOf}). */
  private headerRuns: HeldTextRuns | undefined;

  constructor(
    protected readonly deltas: boolean,
    private readonly sink: AnnouncedCallSink,
  ) {}

  /** The calls announced in the block being read; they are forgotten. */
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
   * Whether `chunk`, text that no closing tag of the body half read holds nor begins, would only add to the text of the
   * call announced last: the stream's fast path, which then hands it to {@link readPlainText}. It may hold a `<` (of a
   * closing tag's start that turned out to be text, or in a body whose closer starts otherwise): an announcer for which
   * a `<` may begin something refuses it.
   */
  abstract takesPlainText(chunk: string): boolean;

  /**
   * The run of the current call's text the stream's fast path may read (see `TextRun`), where the announcer's state
   * lets one open; none by default. `body` is where the block's body is kept, `closerStart` the first character of
   * what closes it, which ends every run.
   */
  openRun(_body: TextAccumulator, _closerStart: string): TextRun | undefined {
    return undefined;
  }

  /** The run it opened ended, having kept `run.kept` characters: the announcer counts them in. */
  closeRun(_run: TextRun): void {}

  /** Reads text the fast path takes; returns the id of the call it adds to, or {@link NO_CALL}. */
  readPlainText(_chunk: string): string {
    return this.current?.id ?? NO_CALL;
  }

  /** How many calls were announced in the block being read. */
  protected get announcedCount(): number {
    return this.announced.length;
  }

  /** Sends a call's start (the text of the call before it goes out first, under its id) and makes it current. */
  protected announce(writtenId: string, name: string): void {
    this.current = { id: this.sink.start(writtenId, name), name, writtenId };
    this.announced.push(this.current);
  }

  /** Text of the current call, when deltas are asked for (an arrow: it is passed to `ClosingLiteral.scan`). */
  protected readonly addText = (text: string): void => {
    if (this.deltas) this.sink.text(text);
  };

  /**
   * The run of the current call's text that `shape` gives beside the body's `closerStart`, kept in `body` and in what
   * {@link keptText} names.
   */
  protected openRunOf(body: TextAccumulator, closerStart: string, shape: RunStops): TextRun {
    this.runs ??= new TextRuns(body, this.keptText);
    return this.runs.open(closerStart, shape, this.deltas ? (this.current?.id ?? NO_CALL) : NO_CALL);
  }

  /**
   * The run of a call's header still arriving (a name, an opening), no call's text yet, that `shape` gives beside the
   * body's `closerStart`: kept in `body` and apart, for {@link takeHeaderRunText}.
   */
  protected openHeaderRunOf(body: TextAccumulator, closerStart: string, shape: RunStops): TextRun {
    this.headerRuns ??= new HeldTextRuns(body);
    return this.headerRuns.open(shape, closerStart);
  }

  /** The text the last header run kept, to add to the header it read; it is forgotten here. */
  protected takeHeaderRunText(): string {
    return this.headerRuns?.take() ?? "";
  }

  /** Where the announcer keeps the current call's text apart from the body, if it does. */
  protected get keptText(): TextAccumulator | undefined {
    return undefined;
  }

  /** Forgets the block read; an announcer forgets its own reading state too. */
  protected forget(): void {
    this.announced = [];
    this.current = undefined;
  }
}

/** Which announced calls a block read whole gives as announced, and which it does not. */
export interface ConfirmedCalls {
  /** The first announced calls, which the block gives first and as announced. */
  confirmed: AnnouncedCall[];
  /** The announced calls after those, each with the error that withdraws it. */
  withdrawn: Array<{ call: AnnouncedCall; error: ToolCallError }>;
}

/**
 * Which of the calls announced while a block arrived the block, read whole, gives first and as announced, and an
 * error withdrawing each announced after those. JSON read whole can say otherwise than its opening did: an `id`
 * written after the arguments, a `name` written twice, text after an object that leaves no call readable.
 *
 * @example
 * const announced = { id: "call_0", name: "f", writtenId: "call_0" };
 * confirmAnnouncedCalls([announced], built).confirmed; // [announced] when built gives it
 */
export function confirmAnnouncedCalls(announced: readonly AnnouncedCall[], built: BuiltBlockCalls): ConfirmedCalls {
  const differs = announced.findIndex(({ writtenId, name }, index) => {
    const call = built.calls[index]?.call;
    return call?.id !== writtenId || call.name !== name;
  });
  if (differs === -1) return { confirmed: [...announced], withdrawn: [] };
  const rest =
    built.calls.length === 0
      ? "it holds no call"
      : built.calls.length > differs
        ? "the calls read from it follow"
        : "it holds no more calls";
  const withdrawn = announced.slice(differs).map((call) => {
    const announced = `The call announced as ${call.id} ("${call.name}")`;
    const message = `${announced} is not what the block holds once read whole; ${rest}`;
    return {
      call,
      error: { code: "PARSE_ERROR", message, name: call.name, withdrawn: call.id } satisfies ToolCallError,
    };
  });
  return { confirmed: announced.slice(0, differs), withdrawn };
}
