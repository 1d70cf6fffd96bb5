import type { CallableTool } from "../callable-tool.js";
import {
  buildToolCallBlockCalls,
  holdsWholeCallsPast,
  holdsWholeFunctionPast,
  TOOL_CALL_BLOCK_TAGS,
} from "../formats/index.js";
import { isWholeJsonObject, parseJsonAsWritten } from "../parse-json-arguments.js";
import type { TextToolCallFormat } from "../tool-call.js";
import { generatedCallId } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import { BodyCallAnnouncers } from "./body-call-announcers.js";
import { buildJsonCall } from "./build-json-call.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall } from "./build-xml-call.js";
import type { AnnouncedCall, AnnouncedCallSink } from "./call-announcer.js";
import { CallBeforeCloser } from "./call-before-closer.js";
import { type CallBlockSyntax, holdsWholeBlockCallsPast } from "./call-block-syntax.js";
import { ClosersInValues } from "./closers-in-values.js";
import { ClosingLiteral } from "./closing-literal.js";
import { EchoedBody } from "./echoed-body.js";
import { FUNCTION_END } from "./function-tag-calls.js";
import { holdsCharacter } from "./holds-character.js";
import { holdsWholeCallObjects } from "./json-call-objects.js";
import { calledToolName, type OpenBody, openingOf, TOOL_CALL_BODY } from "./open-body.js";
import { readLegacyTag } from "./read-legacy-tag.js";
import { TextAccumulator } from "./text-accumulator.js";
import { AT_CLOSER_ONLY, NO_CALL, type TextRun, TextRuns } from "./text-run.js";
import type { JsonMessageFormat } from "./token-header.js";
import { buildTokenSectionCalls, type TokenSectionSyntax } from "./token-section.js";
import { declaredParametersOf, type ToolCatalog } from "./tool-catalog.js";
import { isSelfClosing } from "./xml-attributes.js";
import { isSpace, tagName } from "./xml-characters.js";

/** What a {@link RawBodyReader} needs of the scanner it reads for. */
export interface RawBodyHost {
  readonly catalog: ToolCatalog | undefined;
  readonly formats: ReadonlySet<TextToolCallFormat>;
  readonly deltas: boolean;
  /**
   * The index the next call gets. A method, not a getter: a host written as an object literal with a getter is built
   * in dictionary mode, and every property read of it is then slow (the raw body reader reads its host per chunk).
   */
  nextCallIndex(): number;
  /** Takes the index of the next call. */
  takeCallIndex(): number;
  /** Prose of the output. */
  appendText(text: string): void;
  /** Raw argument text of the call started last; {@link flushDelta} sends what was added. */
  addDelta(text: string): void;
  flushDelta(): void;
  /** Sends a call's start; returns the id it went out by. */
  startCall(writtenId: string, name: string): string;
  emitCall(built: BuiltCall): void;
  error(error: ToolCallError): void;
  /** The announced calls the calls read give as announced; the others are withdrawn. */
  confirmCalls(announced: readonly AnnouncedCall[], built: BuiltBlockCalls): AnnouncedCall[];
  /** Reports calls read whole: those `confirmed` were started already. */
  emitBlockCalls(built: BuiltBlockCalls, confirmed?: readonly AnnouncedCall[]): void;
  /** The scanner reads with this reader (again, after {@link leave}: what follows a bare function call). */
  enter(): void;
  /** The body is over: what follows is prose. */
  leave(): void;
  /** Reads text again, in whatever state the scanner is in. */
  readAgain(text: string): void;
  /** Prose again, at a tag whose start (`<...`) was held: it is read on as a tag in prose. */
  continueTag(held: string): void;
  /** The closing tag named `name` (`/tool_calls`), of a wrapper dropped from the text, is dropped when prose meets it. */
  dropClosingTag(name: string): void;
  /** Reads `body` as the invokes of an XML block named `blockName`. */
  readAsXmlBlock(blockName: string, body: string): void;
}

/** Where the reader is. */
type BodyState =
  | "body" // the body of a block, a legacy tag or a message to a tool, until its closing tag
  | "after-bare-function" // whitespace after a bare `<function=...>` call, and perhaps its orphan `</tool_call>`
  | "after-block" // after a `<tool_call>` block: perhaps a call object its closing tag closes again (`CallBeforeCloser`)
  | "after-call-block" // after a call block that drops its body echoed: perhaps that echo (`EchoedBody`)
  | "before-json-block"; // whitespace after `<tool_calls>`, until its first character shows JSON or prose

/** The start of the blocks a bare `<tool_calls>` may wrap (`<tool_call>`, or a suffixed `<tool_call:...>`). */
const WRAPPED_BLOCK = "<tool_call";

/** The closing tag a model may still write after a bare function call whose `<tool_call>` it left out. */
const ORPHAN_CLOSER = "</tool_call>";

/**
 * Reads the raw body of what the scanner found opening in prose, to its closing tag or token, and reports its calls:
 * a `<tool_call>` block or its kin (JSON, or tags: see its family's file), a bare `<function=...>` call, a
 * section of special tokens, a model's own call block (see `CallBlockSyntax`), a message to a tool after its header, or a registered legacy tag. The calls of a block are announced as
 * their openings arrive (see the announcers), and reported whole when it closes; a closing tag written inside a value
 * of a `<tool_call>`'s call is the value's text.
 */
export class RawBodyReader {
  private state: BodyState = "body";
  /** Raw body of a block, a legacy tag or a message to a tool, and what closes it. */
  private readonly body = new TextAccumulator();
  private bodyCloser = new ClosingLiteral("</tool_call>");
  /** The closing literal's first character: a chunk holding it goes through the closer (`<` in most bodies). */
  private closerStart = "<";
  /** The closing tags a `<tool_call>`'s body or a bare function's read inside its values, read on as their text. */
  private readonly closersInValues = new ClosersInValues();
  /** Whether text after such a tag is being read again: its closing tags then close, so it is read again only once. */
  private readingAfterCut = false;
  /** What the body being read belongs to. */
  private open: OpenBody = TOOL_CALL_BODY;
  /** What was read after a bare function call: whitespace, then as much of {@link ORPHAN_CLOSER} as matched. */
  private afterBareFunction = "";
  /** After a `<tool_call>` block: a call object written without its opening tag, closed by the block's closing tag. */
  private readonly callBeforeCloser = new CallBeforeCloser();
  /** After a call block whose syntax drops its body echoed: that body, written again and closed again. */
  private readonly echoedBody = new EchoedBody();
  /** The opening tag of a block read only when it holds JSON, with the whitespace after it, until that is known. */
  private jsonBlockOpener = "";
  /** After that tag and its whitespace, as much of a `<tool_call` as was read: such a tag makes it a wrapper. */
  private wrappedBlockStart = "";
  /** Announce the calls of the body while it arrives; at its close only the calls are left to report. */
  private readonly announcers: BodyCallAnnouncers;
  /** The runs of a legacy tag's or a message's call, whose text is its body's (see {@link openRun}). */
  private readonly wholeBodyRuns = new TextRuns(this.body);
  /** The text the last {@link takePlainText} that took its chunk added to its call (see there). */
  taken = "";

  /** `announced`: where every announcer sends the calls it announces, and their text. */
  constructor(
    private readonly host: RawBodyHost,
    announced: AnnouncedCallSink,
  ) {
    this.announcers = new BodyCallAnnouncers(host.deltas, announced);
  }

  // Opening ---------------------------------------------------------------------------------------------------------

  /** A `<tool_call>` or its kin; one read only when it holds JSON (`<tool_calls>`) waits for its first character. */
  openToolCall(tag: string): void {
    this.open = TOOL_CALL_BODY;
    if (TOOL_CALL_BLOCK_TAGS.jsonOnlyBlocks.has(tagName(tag))) {
      this.jsonBlockOpener = tag;
      this.state = "before-json-block";
      return;
    }
    this.openBody(`</${tagName(tag)}>`);
    this.announcers.open(this.open);
  }

  /** A model's own call block in `syntax`, opened by `opener` (a tag, or a marker) and closed by `closer`. */
  openCallBlock(syntax: CallBlockSyntax, opener: string, closer: string): void {
    this.open = { kind: "call-block", opener, syntax };
    this.openBody(closer);
    this.announcers.open(this.open);
  }

  /** A section of special tokens in `syntax`, opened by `marker` and closed by `closer`. */
  openSection(syntax: TokenSectionSyntax, marker: string, closer: string): void {
    this.open = { kind: "section", syntax, marker };
    this.announcers.open(this.open);
    this.openBody(closer);
    // A call standing alone, without its section: its begin marker is its first text.
    if (marker === syntax.callBegin)
      this.announcers.follow(this.open, marker, this.wholeBody, this.host.nextCallIndex());
  }

  /** A call written without its `<tool_call>`: `<function=name>` or `<function name="...">`. */
  openBareFunction(tag: string): void {
    this.open = { kind: "bare-function", tag };
    this.openBody(FUNCTION_END);
    this.announcers.openBareFunction(tag, this.host.nextCallIndex());
  }

  /**
   * A message to the tool `name`, in `format`, closed by `closer`: its header is read, and the call starts now; its
   * text streams.
   */
  openMessageCall(name: string, header: string, closer: string, format: JsonMessageFormat): void {
    const id = this.host.startCall(generatedCallId(this.host.nextCallIndex()), name);
    this.open = { kind: "message", id, name, header, format };
    this.openBody(closer);
  }

  /** A registered legacy tag of `tool`: its call starts at the opening tag, and its body is the call's text. */
  openLegacyTag(tool: CallableTool, tag: string): void {
    const callIndex = this.host.takeCallIndex();
    const id = this.host.startCall(generatedCallId(callIndex), tool.name);
    this.open = { kind: "legacy", id, callIndex, tool, openingTag: tag };
    this.openBody(`</${tool.xml?.tag ?? ""}>`);
    if (isSelfClosing(tag)) this.closeBody();
  }

  private openBody(closer: string): void {
    this.state = "body";
    this.body.reset();
    this.bodyCloser = new ClosingLiteral(closer);
    this.closerStart = closer === "" ? "<" : closer.charAt(0);
    this.closersInValues.reset();
  }

  // Reading ---------------------------------------------------------------------------------------------------------

  /** The id of the call whose text is arriving, if one's is. */
  get currentCallId(): string | undefined {
    const open = this.open;
    if (open.kind === "legacy" || open.kind === "message") return open.id;
    return this.announcers.currentId();
  }

  /**
   * The run of a call's text the stream's fast path may read where the reader is (see `TextRun`): in a body with
   * nothing of its closer held, and no closing tag read inside a value (text after one is kept apart), a legacy tag's or
   * a message's body to its closer's first character, or the run the announcer following the body opens.
   */
  openRun(): TextRun | undefined {
    if (this.state !== "body" || this.bodyCloser.holding || this.closersInValues.at !== undefined) return undefined;
    const open = this.open;
    if (open.kind === "legacy" || open.kind === "message") {
      return this.wholeBodyRuns.open(this.closerStart, AT_CLOSER_ONLY, this.host.deltas ? open.id : NO_CALL);
    }
    return this.announcers.openRun(open, this.body, this.closerStart);
  }

  /** The run it opened ended: the announcer that opened it counts in what it took. */
  closeRun(run: TextRun): void {
    this.announcers.closeRun(run);
  }

  /**
   * Adds `chunk` to a call of a legacy tag, a message to a tool, a `<tool_call>`, a section or a call block streaming its
   * text, when it can only add to it, and returns the call's id; undefined, adding nothing, otherwise. The text added
   * ({@link taken}) is the chunk, or, when a start of the closing tag was held and the chunk (one character) rules it
   * out, that start and the chunk: a `<` in code was held only until the character after it showed it closes nothing.
   * The chunk may hold `<`, not the closer's first character: the announcer taking it tells whether a `<` means
   * something to it.
   */
  takePlainText(chunk: string): string | undefined {
    if (this.state !== "body" || holdsCharacter(chunk, this.closerStart)) return undefined;
    const closer = this.bodyCloser;
    const text = !closer.holding ? chunk : chunk.length === 1 ? closer.textReleasedBy(chunk) : undefined;
    if (text === undefined) return undefined;
    const open = this.open;
    if (open.kind === "legacy" || open.kind === "message") {
      // Its body is its call's text, to a closing tag or token: text that closes nothing only adds to it.
      this.addTaken(chunk, text);
      return open.id;
    }
    const announcer = this.announcers.taking(text);
    if (announcer === undefined) return undefined;
    this.addTaken(chunk, text);
    return announcer.readPlainText(text);
  }

  /** Adds `text`, taken for `chunk`, to the body (the closer's start it holds is no longer held). */
  private addTaken(chunk: string, text: string): void {
    if (text !== chunk) this.bodyCloser.release();
    this.taken = text;
    this.body.append(text);
    this.closersInValues.follow(text);
  }

  /**
   * Takes `character` (one) when it only goes on with the body's closing tag or token without completing it (a `<`
   * in a value): it is held until what follows tells whether it closes the body or is text. Returns whether it did.
   */
  holdsCloserCharacter(character: string): boolean {
    return this.state === "body" && this.bodyCloser.holds(character);
  }

  /**
   * The text of the closer's start held and `character` (one), when it rules the closer out: the start is let go, and
   * the caller adds the text where a run of the body keeps it. Undefined, changing nothing, otherwise.
   */
  releaseCloserStart(character: string): string | undefined {
    const text = this.bodyCloser.textReleasedBy(character);
    if (text !== undefined) this.bodyCloser.release();
    return text;
  }

  /** Reads `chunk` from `start` where the reader is, and returns where it stopped. */
  scan(chunk: string, start: number): number {
    switch (this.state) {
      case "body": {
        const end = this.bodyCloser.scan(chunk, start, this.appendBody);
        if (this.bodyCloser.found) this.readClosingTag();
        return end;
      }
      case "after-bare-function":
        return this.scanAfterBareFunction(chunk, start);
      case "after-block":
        return this.scanAfterBlock(chunk, start);
      case "after-call-block":
        return this.scanAfterCallBlock(chunk, start);
      case "before-json-block":
        return this.scanBeforeJsonBlock(chunk, start);
    }
  }

  /**
   * The output ended where the reader is: what was held is text; a body cut at a closing tag written in a value is
   * read again after the cut (returns true: the scanner's state must then be ended in turn); any other body ends.
   */
  end(): boolean {
    if (this.state === "after-bare-function") {
      this.host.appendText(this.afterBareFunction);
      this.afterBareFunction = "";
      return false;
    }
    if (this.state === "after-block") {
      this.host.appendText(this.callBeforeCloser.takeHeld());
      return false;
    }
    if (this.state === "after-call-block") {
      this.host.appendText(this.echoedBody.takeHeld());
      return false;
    }
    if (this.state === "before-json-block") {
      this.host.appendText(`${this.jsonBlockOpener}${this.wrappedBlockStart}`);
      this.jsonBlockOpener = "";
      this.wrappedBlockStart = "";
      return false;
    }
    if (this.closersInValues.at !== undefined && !this.endsWhole()) {
      // What the closing literal held (`<`, which could have begun a closing tag) is text read again too.
      this.cutAtCloserInValue(this.bodyCloser.held);
      return true;
    }
    this.endInBody();
    return false;
  }

  /**
   * Text of a body (an arrow: it is passed to {@link ClosingLiteral.scan}). A legacy tag's and a message's
   * text is their call's; a block's and a section's calls are announced as their openings are read.
   */
  private readonly appendBody = (text: string): void => {
    this.body.append(text);
    this.closersInValues.follow(text);
    const host = this.host;
    const open = this.open;
    if (host.deltas && (open.kind === "legacy" || open.kind === "message")) host.addDelta(text);
    else this.announcers.follow(open, text, this.wholeBody, host.nextCallIndex());
  };

  private readonly wholeBody = (): string => this.body.toString();

  /**
   * After `<tool_calls>`: a `[` or `{` opens the block; a `<tool_call>` makes it the wrapper of such blocks, dropped with
   * its closing tag, its blocks read; anything else makes the tag prose, and is read as prose.
   */
  private scanBeforeJsonBlock(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      const wrapped = this.wrappedBlockStart;
      if (wrapped !== "" || character === "<") {
        if (WRAPPED_BLOCK.startsWith(wrapped + character)) {
          this.wrappedBlockStart += character;
          continue;
        }
        this.wrappedBlockStart = "";
        if (wrapped === WRAPPED_BLOCK && (character === ">" || character === ":")) {
          this.host.dropClosingTag(`/${tagName(this.jsonBlockOpener)}`);
        } else {
          this.host.appendText(this.jsonBlockOpener);
        }
        this.jsonBlockOpener = "";
        this.host.continueTag(wrapped);
        return index;
      }
      if (isSpace(character)) {
        this.jsonBlockOpener += character;
        continue;
      }
      if (character === "[" || character === "{") {
        this.openBody(`</${tagName(this.jsonBlockOpener)}>`);
        // Its calls, in an array or one object per line, may be announced as a `<tool_call>`'s are.
        this.announcers.open(this.open);
      } else {
        this.host.appendText(this.jsonBlockOpener);
        this.host.leave();
      }
      this.jsonBlockOpener = "";
      return index;
    }
    return chunk.length;
  }

  /**
   * After a bare `<function=...>` call: whitespace, then the `</tool_call>` the model closes it with though it never
   * opened it. That closer is dropped with the whitespace before it; anything else is prose again (a `<` may open the
   * next call).
   */
  private scanAfterBareFunction(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      const lessThan = this.afterBareFunction.indexOf("<");
      const matched = lessThan === -1 ? 0 : this.afterBareFunction.length - lessThan;
      const fits =
        matched === 0 ? isSpace(character) || character === "<" : ORPHAN_CLOSER.charAt(matched) === character;
      if (!fits) return this.leaveAfterBareFunction(lessThan, index);
      this.afterBareFunction += character;
      if (matched + 1 === ORPHAN_CLOSER.length) {
        this.afterBareFunction = "";
        this.host.leave();
        return index + 1;
      }
    }
    return chunk.length;
  }

  /** Prose again at `index`: the whitespace held is text, and a `<` held is read as the start of a tag. */
  private leaveAfterBareFunction(lessThan: number, index: number): number {
    const held = this.afterBareFunction;
    this.afterBareFunction = "";
    if (lessThan === -1) {
      this.host.appendText(held);
      this.host.leave();
      return index;
    }
    this.host.appendText(held.slice(0, lessThan));
    this.host.continueTag(held.slice(lessThan));
    return index;
  }

  /**
   * After a `<tool_call>` block: a call object closed by the block's closing tag again, its opening tag left out, is a
   * call, tools known or not (the model's closing tag marks it); what turns out to be no such call is prose, read again.
   */
  private scanAfterBlock(chunk: string, start: number): number {
    const found = this.callBeforeCloser.scan(chunk, start);
    if (found.kind === "pending") return chunk.length;
    if (found.kind === "prose") {
      this.state = "body";
      this.host.leave();
      this.host.readAgain(found.held);
      return found.end;
    }
    const host = this.host;
    host.emitBlockCalls(buildToolCallBlockCalls(found.json, host.nextCallIndex(), host.catalog, this.blockTag()));
    return found.end;
  }

  /**
   * After a call block whose syntax drops its body echoed (see `CallBlockSyntax.dropsEchoedBody`): the echo is dropped,
   * and another may follow; what turns out to be no echo is prose, read again.
   */
  private scanAfterCallBlock(chunk: string, start: number): number {
    const found = this.echoedBody.scan(chunk, start);
    if (found.kind === "pending") return chunk.length;
    if (found.kind === "echo") return found.end;
    this.state = "body";
    this.host.leave();
    this.host.readAgain(found.held);
    return found.end;
  }

  // Closing ---------------------------------------------------------------------------------------------------------

  /**
   * A body's closing tag. Inside a value of a `<tool_call>`'s call, the tag is the value's text, and the body reads
   * on: the block closes at the first tag after which its calls are whole. When none comes (a quote or a value never
   * closed), the block is cut at the first tag after all, as it was before, and what followed is read again as prose.
   */
  private readClosingTag(): void {
    if (!this.readingAfterCut && this.closesInsideValue()) {
      this.closersInValues.at ??= this.body.toString().length;
      this.appendBody(this.bodyCloser.literal);
      return;
    }
    const from = this.closersInValues.at;
    if (from !== undefined && !this.holdsWholeCallsPast(from)) {
      this.cutAtCloserInValue(this.bodyCloser.literal);
    } else if (this.closerOpensNext()) {
      // The marker that closed the block opens the next: it is read again, as prose.
      this.closeBody();
      this.host.readAgain(this.bodyCloser.literal);
    } else if (this.open.kind === "tool-call") {
      this.closeBody();
      this.state = "after-block";
      this.callBeforeCloser.start(this.bodyCloser.literal);
      this.host.enter();
    } else if (this.dropsEchoedBody()) {
      this.closeBody();
      this.state = "after-call-block";
      this.echoedBody.start(this.body.toString(), this.bodyCloser.literal);
      this.host.enter();
    } else {
      this.closeBody();
    }
  }

  /** Whether the block being read is a call block, with a body, whose syntax drops that body echoed after it. */
  private dropsEchoedBody(): boolean {
    const open = this.open;
    return open.kind === "call-block" && open.syntax.dropsEchoedBody === true && this.body.toString().trim() !== "";
  }

  /** Whether the marker closing the block being read opens the next block too (see `CallBlockSyntax.marker`). */
  private closerOpensNext(): boolean {
    const open = this.open;
    return open.kind === "call-block" && open.syntax.marker?.opening === this.bodyCloser.literal;
  }

  /** Whether the body, read on past a closing tag written inside a value at `from`, holds its calls whole. */
  private holdsWholeCallsPast(from: number): boolean {
    const body = this.body.toString();
    const open = this.open;
    if (open.kind === "call-block") return holdsWholeBlockCallsPast(open.syntax, open.opener, body, from);
    const declared = declaredParametersOf(this.host.catalog);
    if (open.kind !== "bare-function") return holdsWholeCallsPast(body, from, this.blockTag(), declared);
    return holdsWholeFunctionPast(open.tag, body, from, declared);
  }

  /**
   * Whether the closing tag just read is inside a value of a `<tool_call>`'s call, a bare `<function=...>`'s or a string
   * of a call block whose syntax tells its strings: a string of its JSON (which the announcer follows), or a value (see
   * {@link ClosersInValues}).
   */
  private closesInsideValue(): boolean {
    const { toolCall } = this.announcers;
    if (toolCall.followsJson) return toolCall.endsInsideString;
    const closers = this.closersInValues;
    const open = this.open;
    const blockSyntax = open.kind === "call-block" ? open.syntax : undefined;
    const bareFunctionTag = open.kind === "bare-function" ? open.tag : undefined;
    const mayHoldCloser =
      open.kind === "tool-call" || bareFunctionTag !== undefined || blockSyntax?.valueStrings !== undefined;
    if (closers.at === undefined && !mayHoldCloser) return false;
    return closers.endsInValue(this.wholeBody, bareFunctionTag, this.blockTag(), blockSyntax);
  }

  /** The tag that opened the body: the closing tag's name, `<tool_call>` for `</tool_call>`. */
  private blockTag(): string {
    return `<${this.bodyCloser.literal.slice(2)}`;
  }

  /**
   * Closes the block at the closing tag that came inside a value, after all: its JSON then ends inside a string, or its
   * value is not closed, which is reported; the text after the tag, up to `closingTag` just read, is read again.
   */
  private cutAtCloserInValue(closingTag: string): void {
    const body = this.body.toString();
    const cut = this.closersInValues.at ?? body.length;
    this.body.reset();
    this.body.append(body.slice(0, cut));
    const after = `${body.slice(cut + this.bodyCloser.literal.length)}${closingTag}`;
    this.closeBody();
    this.readingAfterCut = true;
    this.host.readAgain(after);
    this.readingAfterCut = false;
  }

  /**
   * Reads the body's calls and reports them. `cutOff`: the output ended after the body read, inside a call the stream may
   * have announced; such calls are returned, to be reported unterminated, instead of withdrawn.
   */
  private closeBody(cutOff = false): AnnouncedCall[] {
    const host = this.host;
    host.leave();
    this.closersInValues.reset();
    const open = this.open;
    // A bare function's call text ends with the `</function>` its body was closed by (or is read with, when cut off).
    if (open.kind === "bare-function") this.announcers.follow(open, FUNCTION_END, this.wholeBody, host.nextCallIndex());
    host.flushDelta();
    // At most one announcer announced calls, the body's; what the announcers read is taken before they forget it.
    const readBefore = open.kind === "call-block" ? this.announcers.readBefore() : undefined;
    const announcedCalls = this.announcers.close();
    const body = this.body.toString();
    this.open = TOOL_CALL_BODY;
    // Calls announced past those read are, when the output was cut, the one it ended inside.
    const keptOf = (announced: AnnouncedCall[], built: BuiltBlockCalls | undefined) =>
      cutOff && built !== undefined ? announced.slice(0, built.calls.length) : announced;
    const cutOffOf = (announced: AnnouncedCall[], built: BuiltBlockCalls) =>
      cutOff ? announced.slice(built.calls.length) : [];
    if (open.kind === "message") {
      // Its start and text went out as the message arrived.
      const given = { id: open.id, name: open.name, arguments: body, format: open.format };
      host.emitCall(buildJsonCall(given, host.takeCallIndex(), host.catalog));
    } else if (open.kind === "call-block") {
      const built = open.syntax.build(open.opener, body, host.nextCallIndex(), host.catalog, readBefore);
      // A block holding no calls of its syntax withdraws those it announced.
      const confirmed = host.confirmCalls(keptOf(announcedCalls, built), built ?? { calls: [], errors: [] });
      if (built === undefined) this.readBlockAgain(open.syntax, open.opener, body);
      else host.emitBlockCalls(built, confirmed);
      if (built !== undefined) return cutOffOf(announcedCalls, built);
    } else if (open.kind === "legacy") {
      const { id, callIndex, tool, openingTag } = open;
      host.emitCall(buildXmlCall(readLegacyTag({ id, callIndex, tool, openingTag, content: body }), host.catalog));
    } else {
      const built =
        open.kind === "section"
          ? buildTokenSectionCalls(
              open.syntax,
              sectionBody(open, body, this.bodyCloser.literal),
              host.nextCallIndex(),
              host.catalog,
            )
          : open.kind === "bare-function"
            ? buildToolCallBlockCalls(`${open.tag}${body}${FUNCTION_END}`, host.nextCallIndex(), host.catalog)
            : buildToolCallBlockCalls(body, host.nextCallIndex(), host.catalog, this.blockTag());
      host.emitBlockCalls(built, host.confirmCalls(keptOf(announcedCalls, built), built));
      if (open.kind === "bare-function") {
        this.state = "after-bare-function";
        host.enter();
      }
      return cutOffOf(announcedCalls, built);
    }
    return [];
  }

  /**
   * A block whose body holds no calls of its syntax. A block its syntax says may be invokes instead
   * (`oops<invoke ...>`) is read again as invokes from its start, when the xml format is read, else reported; any other
   * block (a code interpreter's) is text.
   */
  private readBlockAgain(syntax: CallBlockSyntax, opener: string, body: string): void {
    // A closer that opens the next block is read again, not text of this one.
    const closer = syntax.marker?.opening === this.bodyCloser.literal ? "" : this.bodyCloser.literal;
    const { otherwise } = syntax;
    if (syntax.textOf !== undefined) {
      this.host.appendText(`${syntax.textOf(opener, body)}${closer}`);
    } else if (otherwise !== undefined && this.host.formats.has("xml")) {
      this.host.readAsXmlBlock(otherwise.xmlBlock, `${body}${closer}`);
    } else if (otherwise?.error !== undefined) {
      this.host.error(otherwise.error(body));
    } else {
      this.host.appendText(`${opener}${body}${closer}`);
    }
  }

  /**
   * The output ended inside a body. A block its syntax says holds no calls (a code interpreter's) is text; a block whose JSON is whole is complete
   * without its closing token (see {@link endsWhole}); any other is an `UNTERMINATED_CALL`.
   */
  private endInBody(): void {
    const body = this.body.toString();
    const open = this.open;
    if (open.kind === "call-block" && open.syntax.isCallBody?.(body) === false) {
      this.host.appendText(open.syntax.textOf?.(open.opener, body) ?? `${open.opener}${body}`);
      this.open = TOOL_CALL_BODY;
    } else if (this.endsWhole()) {
      this.closeBody();
    } else if (!this.keepClosedCalls()) {
      this.reportUnterminated();
    }
  }

  /**
   * A section of special tokens, or a call block whose calls end at a marker, the output ended inside after some of its calls closed:
   * those are kept, as a `<function_calls>` block keeps its closed invokes, and the call left open is reported. Returns
   * whether any call had closed.
   */
  private keepClosedCalls(): boolean {
    const open = this.open;
    const callEnd =
      open.kind === "section" ? open.syntax.callEnd : open.kind === "call-block" ? open.syntax.callEnd : undefined;
    const body = this.body.toString();
    const cut = callEnd === undefined ? -1 : body.lastIndexOf(callEnd) + callEnd.length;
    if (callEnd === undefined || cut < callEnd.length) return false;
    const where = openingOf(open) ?? this.blockTag();
    const rest = body.slice(cut);
    this.body.reset();
    this.body.append(body.slice(0, cut));
    const announcedUnclosed = this.closeBody(true);
    const unclosed = announcedUnclosed.length > 0 ? announcedUnclosed : rest.trim() === "" ? [] : [{}];
    for (const call of unclosed) this.host.error(unterminatedError(where, call));
    return true;
  }

  /**
   * Whether the block being read is whole though the output ended before its closing token: a message's to a tool,
   * which servers often drop (it is the token the model stops on), or the `</tool_call>` that some models
   * may leave out (vLLM reads those blocks to the end), or a call block's token its syntax says is often left
   * out. Whole means JSON as written, of call objects (any JSON for such a block, whose reader names what it does not
   * hold).
   */
  private endsWhole(): boolean {
    const body = this.body.toString();
    const open = this.open;
    if (open.kind === "message") return isWholeJsonObject(body);
    if (open.kind === "call-block") {
      const { syntax } = open;
      if (syntax.endsWhole !== undefined) return syntax.endsWhole(body);
      return syntax.closesWithWholeJson === true && parseJsonAsWritten(body) !== undefined;
    }
    return open.kind === "tool-call" && holdsWholeCallObjects(body);
  }

  /** Each call announced in the body ends with an error naming it, as each started, after its last text. */
  private reportUnterminated(): void {
    const open = this.open;
    const where = openingOf(open) ?? this.blockTag();
    const startedId = open.kind === "legacy" || open.kind === "message" ? open.id : undefined;
    const name = calledToolName(open, this.body.toString());
    this.host.flushDelta();
    const announced = this.announcers.close();
    const unclosedCalls: Array<{ name?: string | undefined; id?: string | undefined }> =
      announced.length === 0 ? [{ name, id: startedId }] : announced;
    for (const unclosed of unclosedCalls) this.host.error(unterminatedError(where, unclosed));
    this.open = TOOL_CALL_BODY;
  }
}

/** The error for a call the output ended inside, opened by `where`, with its name and the id a stream started it by. */
function unterminatedError(
  where: string,
  unclosed: { name?: string | undefined; id?: string | undefined },
): ToolCallError {
  const error: ToolCallError = {
    code: "UNTERMINATED_CALL",
    message: `The output ended inside ${where}; a call that did not close is not run`,
  };
  if (unclosed.name !== undefined) error.name = unclosed.name;
  if (unclosed.id !== undefined) error.callId = unclosed.id;
  return error;
}

/** The text a section's calls are read from: its body, or a call standing alone with its markers around it. */
function sectionBody(open: { syntax: TokenSectionSyntax; marker: string }, body: string, closer: string): string {
  return open.marker === open.syntax.callBegin ? `${open.marker}${body}${closer}` : body;
}
