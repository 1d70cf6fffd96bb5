import type { TextToolCallFormat } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import type { AnnouncedCallSink, CallAnnouncer } from "./call-announcer.js";
import type { ToolCatalog } from "./tool-catalog.js";

/** What announces the calls of a block while it arrives: see `CallAnnouncer`. */
export interface CallBlockAnnouncer<Read = unknown> extends CallAnnouncer {
  /** Starts following a block that has just opened. */
  open(): void;
  /** Reads block text as it arrives; calls are numbered from `nextCallIndex`. */
  follow(text: string, nextCallIndex: number): void;
  /** Calls read whole while the block arrived, by where they start in its body: the block's reader takes them. */
  readonly readCalls?: ReadonlyMap<number, Read>;
}

/**
 * A model's own block of calls, read whole to its closing tag or token, in a syntax of its own
 * (`call:f{...}`, `[f(x=1)]`, call objects): everything the engine needs to know of it, written in the
 * family's file under `formats/` and listed in the table (`formats/index.ts`). The engine finds the block's opening
 * tag in prose, reads its body to the closing one, announces its calls while it arrives and builds them at its close,
 * all through this.
 */
export interface CallBlockSyntax<Read = unknown> {
  /** The format its calls carry: the block is read only when that format is. */
  readonly format: TextToolCallFormat;
  /** The tags (their names, inside `<...>`) that open the block, each with what closes it; none if a marker opens it. */
  readonly tags: ReadonlyMap<string, string>;
  /**
   * The marker that ends each of its calls, when one does: the calls closed before an output that ends inside the
   * block are kept, and only the one left open is reported.
   */
  readonly callEnd?: string;
  /**
   * A marker, not a tag, that opens the block in prose (it does not start with `<`), and what closes it; a closing
   * marker that is the opening one closes the block and opens the next. `otherOpenings`: the same marker as the family's
   * templates also write it (on lines of their own, say).
   */
  readonly marker?: { opening: string; closing: string; otherOpenings?: readonly string[] };
  /**
   * The name of an XML block's tag (`function_calls`) that holds this syntax's calls instead of invokes when its body
   * does not start with `<`: the block is read as this syntax's from there.
   */
  readonly insideXmlBlock?: string;
  /**
   * Whether a closing token inside one of its values is that value's text: its values are JSON strings (`json`), or
   * strings between these tokens; undefined when a closing token always closes.
   */
  readonly valueStrings?: "json" | readonly string[];
  /**
   * Whether the block's body, written again right after it and closed again by its closing token, its opening left out
   * (`<open>[f(x=1)]<close>[f(x=1)]<close>`), is dropped: the model echoed the calls it just made. Any other text
   * before such a token stays text. Default false.
   */
  readonly dropsEchoedBody?: boolean;
  /**
   * Whether an unclosed body that is whole JSON holds the block's calls (its closing token is often left out);
   * default false: an unclosed body is `UNTERMINATED_CALL`.
   */
  readonly closesWithWholeJson?: boolean;
  /**
   * The calls of a block opened by `opener`, from its body (calls in `readBefore`, read while it arrived, are not read
   * again); undefined when the body is not calls of this syntax, and the block is then read as something else.
   */
  build(
    opener: string,
    body: string,
    firstCallIndex: number,
    catalog: ToolCatalog | undefined,
    readBefore?: ReadonlyMap<number, Read>,
  ): BuiltBlockCalls | undefined;
  /** The tool the first call of an unfinished block names, if it names one. */
  firstCallName(body: string): string | undefined;
  /**
   * What a body that holds no calls of this syntax is read as: the invokes of the XML block named `xmlBlock`, when
   * `xml` is read, else `error` is reported (a syntax whose own format is `xml` needs none). Without it, such a body is
   * text (a code interpreter's code).
   */
  readonly otherwise?: { xmlBlock: string; error?(body: string): ToolCallError };
  /** Whether the body of a block the output ended in was meant as calls; default true. */
  isCallBody?(body: string): boolean;
  /**
   * Whether the body of calls a block the output ended in holds them whole without its closing marker (its syntax
   * has none for its last call, or models leave it out); default: `closesWithWholeJson`'s rule.
   */
  endsWhole?(body: string): boolean;
  /** The text of a block opened by `opener` whose body holds no calls; default: the block as written. */
  textOf?(opener: string, body: string): string;
  /**
   * What opens the block at a reply's start, when the tools (named `toolNames`) are known, because the chat template
   * wrote its marker in the prompt: each literal is the start of the block's body. None by default.
   */
  replyStart?(toolNames: readonly string[]): readonly string[];
  /** Announces the block's calls while it arrives; without it, they come when the block closes. */
  announcer?(deltas: boolean, sink: AnnouncedCallSink): CallBlockAnnouncer<Read>;
}

/**
 * Whether a block's body, read on past a closing token written inside a string at `from` (see `ClosersInValues`),
 * holds its calls whole, each read without an error, and no other block of its kind opens after `from`: the token was
 * then the string's text. Otherwise it closed the block, and its string was left open.
 */
export function holdsWholeBlockCallsPast(syntax: CallBlockSyntax, opener: string, body: string, from: number): boolean {
  // A block closed by its own opening marker holds that marker at `from`: another opens only after it.
  const after = syntax.marker?.closing === opener ? from + opener.length : from;
  if (body.includes(opener, after)) return false;
  const built = syntax.build(opener, body, 0, undefined);
  return (
    built !== undefined &&
    built.calls.length > 0 &&
    built.errors.length === 0 &&
    built.calls.every((call) => call.errors.length === 0)
  );
}
