import { BracketedCallAnnouncer, BracketedValueLexer, type CallHeader } from "./bracketed-call-announcer.js";
import { type PythonicCall, readPythonicCall, readPythonicCallHeader } from "./read-pythonic-calls.js";

/**
 * Announces the calls of a block holding pythonic calls while it arrives (`[f(x=1), g()]`, or calls one per
 * line): a call starts once `name(` is read, and its text streams to its closing parenthesis, read as
 * {@link readPythonicCalls} reads it (see {@link BracketedCallAnnouncer}).
 */
export class PythonicCallAnnouncer extends BracketedCallAnnouncer<PythonicCall> {
  /** Python's strings, in either quote with backslash escapes, and brackets outside them: a call ends at its `)`. */
  protected readonly lexer = new BracketedValueLexer(true);
  protected readCallHeader(header: string): CallHeader | "pending" | "none" {
    const read = readPythonicCallHeader(header);
    return typeof read === "string" ? read : { ...read, closer: ")" };
  }

  protected override readCall(text: string): { read: PythonicCall; length: number } | undefined {
    const read = readPythonicCall(text);
    return read === undefined ? undefined : { read, length: read.text.length };
  }
}
