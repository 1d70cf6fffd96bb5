import { CallAnnouncer } from "./call-announcer.js";
import { generatedCallId } from "./tool-call.js";

/** How far after a call's end (or the block's start) the next call's header is looked for. */
const HEADER_LIMIT = 300;
/** How many times a call's end is looked for before its text is streamed to the block's end. */
const END_CHECKS = 8;

/** The call a header opens: the tool it names, where its text starts in the header, and what closes its arguments. */
export interface CallHeader {
  name: string;
  textStart: number;
  closer: string;
}

/** Reads a call's text as it arrives, for the places where its arguments may end. */
export interface ArgumentsLexer {
  /** Starts reading a call whose arguments `closer` closes. */
  start(closer: string): void;
  /**
   * Reads `text` (the next piece of the call's text) from `from`: returns the index just after the next closer where
   * the brackets outside strings balance, or -1 once all of `text` is read (its end may be held until the next piece
   * tells what it is).
   */
  next(text: string, from: number): number;
  /** Whether `chunk`, text without `<`, cannot hold such a closer nor complete anything held. */
  takesPlain(chunk: string): boolean;
}

/**
 * Announces the calls of a block written in a syntax of calls with bracketed arguments (Gemma's `call:f{...}`, a
 * pythonic `f(...)`) while it arrives: a call starts once its header names it, and its text streams to its end. At
 * each closer where the brackets outside strings balance, the call's text up to it is read as the block's reader
 * reads it, and the call ends there when it is whole. That depends only on the text up to the closer, so a stream
 * split anywhere gives each call the same text. A call whose end is not found in {@link END_CHECKS} tries streams to
 * the block's end; text after a call that is no header ends the announcing, and the calls after it come whole at the
 * close. The calls read so are kept, for the block's reader to take rather than read them again.
 */
export abstract class BracketedCallAnnouncer<Read> extends CallAnnouncer {
  private reading: "header" | "arguments" | "nothing" = "nothing";
  /** Characters of the block's body read so far; the text since the last call's end, while a header is read. */
  private bodyLength = 0;
  private header = "";
  /** Where the current call's text starts in the body, and how often its end was looked for. */
  private callStart = 0;
  private checks = 0;
  private readByStart = new Map<number, Read>();

  protected abstract readonly lexer: ArgumentsLexer;

  /** The call `header` opens; `pending` while more text could still make it one, `none` when no text can. */
  protected abstract readCallHeader(header: string): CallHeader | "pending" | "none";

  /** The call whose text starts `text`, when it is whole there, and its text's length; undefined when not (yet). */
  protected abstract readCall(text: string): { read: Read; length: number } | undefined;

  /** The calls of the block read whole while it arrived, by where their text starts in its body. */
  get readCalls(): ReadonlyMap<number, Read> {
    return this.readByStart;
  }

  /** Starts following a block that has just opened. */
  open(): void {
    this.forget();
    this.reading = "header";
  }

  /**
   * Reads block text as it arrives, after the scanner appended it to the body that `body` gives; calls are numbered
   * from `nextCallIndex`.
   */
  follow(text: string, body: () => string, nextCallIndex: number): void {
    const textStart = this.bodyLength;
    this.bodyLength += text.length;
    if (this.reading === "header") {
      this.readHeader(`${this.header}${text}`, textStart - this.header.length, body, nextCallIndex);
    } else if (this.reading === "arguments") {
      this.readArguments(text, textStart, body, nextCallIndex);
    }
  }

  takesPlainText(chunk: string): boolean {
    return this.reading === "arguments" && (this.checks === END_CHECKS || this.lexer.takesPlain(chunk));
  }

  override readPlainText(chunk: string): string {
    this.bodyLength += chunk.length;
    if (this.checks < END_CHECKS) this.lexer.next(chunk, 0);
    return super.readPlainText(chunk);
  }

  private readHeader(header: string, headerStart: number, body: () => string, nextCallIndex: number): void {
    const read = this.readCallHeader(header);
    if (read === "none" || (read === "pending" && header.length > HEADER_LIMIT)) {
      this.reading = "nothing";
      return;
    }
    if (read === "pending") {
      this.header = header;
      return;
    }
    this.announce(generatedCallId(nextCallIndex + this.announcedCount), read.name);
    this.reading = "arguments";
    this.header = "";
    this.callStart = headerStart + read.textStart;
    this.checks = 0;
    this.lexer.start(read.closer);
    this.readArguments(header.slice(read.textStart), this.callStart, body, nextCallIndex);
  }

  private readArguments(text: string, textStart: number, body: () => string, nextCallIndex: number): void {
    const end = this.findEnd(text, textStart, body);
    if (end === undefined) {
      this.addText(text);
      return;
    }
    // The call stays current until the next one starts: its last text goes out under its id.
    this.addText(text.slice(0, end - textStart));
    if (this.reading === "nothing") return;
    this.reading = "header";
    this.readHeader(text.slice(end - textStart), end, body, nextCallIndex);
  }

  /** Where in the body the current call ends, if it ends in `text` (which starts at `textStart`). */
  private findEnd(text: string, textStart: number, body: () => string): number | undefined {
    let index = 0;
    while (this.checks < END_CHECKS) {
      index = this.lexer.next(text, index);
      if (index === -1) return undefined;
      this.checks += 1;
      const closerEnd = textStart + index;
      const call = this.readCall(body().slice(this.callStart, closerEnd));
      if (call === undefined) continue;
      this.readByStart.set(this.callStart, call.read);
      // A call that ended at an earlier closer, one that looked as if in a string: its text went out past its end,
      // whatever the pieces, and the calls after it come whole at the close.
      if (this.callStart + call.length < closerEnd) this.reading = "nothing";
      return closerEnd;
    }
    return undefined;
  }

  protected override forget(): void {
    super.forget();
    this.reading = "nothing";
    this.bodyLength = 0;
    this.header = "";
    // A new map: the block's reader may still hold the last one.
    this.readByStart = new Map();
  }
}
