import { ActionRecallError } from "../errors/action-recall-error.js";
import { BlockCallAnnouncer } from "./block-call-announcer.js";
import {
  buildCallBlock,
  CALL_BLOCKS,
  type CallBlockFormat,
  firstBlockCallName,
  isCallBody,
} from "./build-call-block.js";
import { buildHermesCalls, holdsWholeCallsPast, holdsWholeFunctionPast, valueTagsOf } from "./build-hermes-call.js";
import { buildJsonCall } from "./build-json-call.js";
import { MINIMAX_M3_CALLS, MINIMAX_M3_CLOSING, MINIMAX_M3_OPENING } from "./build-minimax-m3-calls.js";
import { MISTRAL_MARKER } from "./build-mistral-calls.js";
import { notOlmoCallsError } from "./build-olmo-calls.js";
import { buildTokenSectionCalls, type TokenSectionSyntax } from "./build-token-section-calls.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall } from "./build-xml-call.js";
import {
  type AnnouncedCall,
  type AnnouncedCallSink,
  type CallAnnouncer,
  confirmAnnouncedCalls,
} from "./call-announcer.js";
import { CallIds } from "./call-ids.js";
import type { CallableTool } from "./callable-tool.js";
import { ClosingLiteral } from "./closing-literal.js";
import { GemmaCallAnnouncer } from "./gemma-call-announcer.js";
import { HARMONY_CALL_END, HARMONY_MESSAGE, harmonyRecipient } from "./harmony-header.js";
import { JsonBlockCallAnnouncer } from "./json-block-call-announcer.js";
import { holdsWholeCallObjects } from "./json-call-objects.js";
import { type JsonRunHost, JsonRunReader } from "./json-run-reader.js";
import { JsonValueEnd } from "./json-value-end.js";
import {
  KIMI_XTML_SECTION,
  XTML_CHANNEL_LIMIT,
  XTML_SEPARATOR,
  xtmlChannel,
  xtmlChannelEnd,
} from "./kimi-xtml-section.js";
import { NextOccurrence } from "./next-occurrence.js";
import { ParameterValueScanner } from "./parameter-value-scanner.js";
import { isWholeJsonObject } from "./parse-json-arguments.js";
import { PythonicCallAnnouncer } from "./pythonic-call-announcer.js";
import { readLegacyTag } from "./read-legacy-tag.js";
import { FUNCTION_END, QWEN_FUNCTION_TAGS } from "./scan-function-tag-calls.js";
import { SectionCallAnnouncer } from "./section-call-announcer.js";
import { type TagOpener, TagOpeners } from "./tag-openers.js";
import { TextAccumulator } from "./text-accumulator.js";
import { CALL_WRAPPERS, JSON_ONLY_BLOCKS, OLMO_BLOCK, reasoningCloserOf } from "./text-call-openers.js";
import type { TEXT_TOOL_CALL_FORMATS, TextToolCallFormat } from "./tool-call.js";
import { generatedCallId } from "./tool-call.js";
import type { ToolCallError } from "./tool-call-error.js";
import type { ToolCallStreamEvent } from "./tool-call-stream-event.js";
import type { ToolCatalog } from "./tool-catalog.js";
import { isSelfClosing, parseXmlAttributes } from "./xml-attributes.js";
import { type XmlBlockHost, XmlBlockReader } from "./xml-block-reader.js";
import { isNameCharacter, isSpace, tagName } from "./xml-characters.js";

/** What a streaming parser does: take chunks, give events. */
export interface ToolCallEventSource {
  /** Reads the next chunk (split anywhere) and returns the events it completes. */
  push(chunk: string): readonly ToolCallStreamEvent[];
  /** Ends the input; a block left open becomes an `UNTERMINATED_CALL` error event. */
  end(): readonly ToolCallStreamEvent[];
}

/** Options of {@link ToolCallScanner}. */
export interface ToolCallScannerOptions {
  /** Known tools: type values by schema, recognise legacy tags, report unknown names. */
  catalog?: ToolCatalog;
  /** Which syntaxes count as calls; text in any other stays text. */
  formats: ReadonlySet<TextToolCallFormat>;
  /** The index the first call gets (generated ids are `call_<index>`). */
  firstCallIndex?: number;
  /** Whether to report `tool-call-delta` events (the one-shot parser does not need them). Default true. */
  deltas?: boolean;
  /** The ids the output's calls took so far, when it is read in more than one piece of text (see {@link CallIds}). */
  callIds?: CallIds;
  /**
   * Whether the output starts inside a reasoning block whose `<think>` the chat template wrote (DeepSeek-R1 distills,
   * QwQ): text up to `</think>` is reasoning; or the token that closes it, for other models. Default false.
   */
  startsInReasoning?: boolean | string | undefined;
  /**
   * Where each event goes as soon as it is complete. Without it, events are collected and returned by `push`/`end`;
   * with it, those return an empty array and no array is built per chunk.
   */
  sink?: (event: ToolCallStreamEvent) => void;
}

// States of the scanner. Each reads its part of a chunk and returns where it stopped.
const TEXT = 0; // prose
const TEXT_TAG = 1; // `<name ...` in prose, until we know whether it opens a call
const XML_BLOCK = 2; // a `<function_calls>` block: see XmlBlockReader
const RAW_BODY = 6; // the body of a Hermes block or a legacy tag, until its closing tag
const REASONING = 7; // a `<think>` block: text, never calls, until its closing tag
const AFTER_BARE_FUNCTION = 8; // whitespace after a bare `<function=...>` call, and perhaps its orphan `</tool_call>`
const TOKEN_HEADER = 9; // a Harmony message's header, or a Kimi K3 channel's: is it a call, or prose?
const MARKER = 10; // `[` in prose, until we know whether it is Mistral's `[TOOL_CALLS]`
const JSON_RUN = 11; // Mistral's calls, or JSON calls a reply starts with: see JsonRunReader
const BEFORE_JSON_BLOCK = 15; // whitespace after `<tool_calls>`, until its first character shows JSON or prose
const MINIMAX_M3_MARKER = 16; // `]` in prose, until we know whether it opens MiniMax M3's `]<]minimax[>[<tool_call>`

/** The tokens Magistral, Mistral's reasoning model, writes its reasoning between. */
const MISTRAL_REASONING = "[THINK]";
const MISTRAL_REASONING_END = "[/THINK]";

/** A Harmony message's header is never longer than this, nor spans lines. */
const HARMONY_HEADER_LIMIT = 300;

const FUNCTION_PREFIX = QWEN_FUNCTION_TAGS.functionOpener;

/** The closing tag Qwen3-Coder still writes after a call whose `<tool_call>` it left out. */
const ORPHAN_CLOSER = "</tool_call>";

/**
 * What a chunk that completes nothing returns: one shared array, so that such a chunk allocates none. Typed readonly
 * rather than frozen: a frozen array has another element kind, which makes every consumer loop polymorphic and slow.
 */
const NO_EVENTS: readonly ToolCallStreamEvent[] = [];

/**
 * A tolerant, incremental scanner for tool calls written in text, in every syntax of {@link TEXT_TOOL_CALL_FORMATS}
 * (what opens each is in `text-call-openers.ts` and `build-call-block.ts`). Chunks may split anywhere; every
 * character is looked at a bounded number of times (text held and found to be prose is read once more), so scanning
 * is linear. Both the one-shot parser and the stream use it.
 *
 * Hand-written on purpose: no XML library accepts what models write (a literal `</parameter>` inside a code value,
 * bare `<` and `&`, unclosed blocks), and none can report calls while the text is still arriving.
 */
export class ToolCallScanner implements ToolCallEventSource {
  private readonly catalog: ToolCatalog | undefined;
  private readonly formats: ReadonlySet<TextToolCallFormat>;
  private readonly deltas: boolean;
  /** Every call's id is claimed here, so that no two calls of the output share one. */
  private readonly callIds: CallIds;
  /**
   * Events collected for the next `push`/`end` return value when no sink was given. Starts as a one-element literal
   * (most chunks complete one event): an empty array grown by `push` would reserve room for many.
   */
  private events: ToolCallStreamEvent[] | undefined;
  /** The one way every event leaves the scanner (but {@link deliverAlone}): the caller's sink, or `events`. */
  private readonly deliver: (event: ToolCallStreamEvent) => void;
  private readonly sink: ((event: ToolCallStreamEvent) => void) | undefined;
  private state = TEXT;
  private nextCallIndex: number;
  /** Text not yet reported; coalesced into one event. */
  private text = "";
  /** A tag being read (in prose, a block or an invoke). */
  private tag = "";
  private tagNameDone = false;
  private quote = "";
  /** In prose: the tool whose legacy tag is being read, or the block kind. */
  private opener: TagOpener;
  /** Raw body of a Hermes block or legacy tag, and what closes it. */
  private readonly body = new TextAccumulator();
  private bodyCloser = new ClosingLiteral("</tool_call>");
  /**
   * Where the body of a `<tool_call>` was when its closing tag came inside a value (a file's content that mentions the
   * tag): the tag was read on as the value's text. Undefined when no tag came so.
   */
  private closerInValue: number | undefined;
  /**
   * How a body's values are told when the announcer does not follow them: in a body written with tags, by the tags
   * around each value; in JSON, by its strings. Whether the body read so far ends inside a value is known at each
   * closing tag, from the text since the one before ({@link textAfterCloser}).
   */
  private valueTags: readonly [opener: string, closer: string] | undefined;
  private bodyStrings: JsonValueEnd | undefined;
  private insideValue = false;
  private readonly textAfterCloser = new TextAccumulator();
  /** Whether text after such a tag is being read again: its closing tags then close, so it is read again only once. */
  private readingAfterCut = false;
  private legacy: { id: string; callIndex: number; tool: CallableTool; openingTag: string } | undefined;
  /**
   * The function tag of a call written without its `<tool_call>` (Qwen3-Coder's `<function=name>`, MiniCPM5's
   * `<function name="...">`), while its body is read.
   */
  private bareFunctionTag: string | undefined;
  /** The tag that opened the model's own call block whose body is being read (see `CALL_BLOCKS`), and its syntax. */
  private callBlock: { opener: string; format: CallBlockFormat } | undefined;
  /** The section of special tokens whose body is being read, and the marker that opened it. */
  private section: { syntax: TokenSectionSyntax; marker: string } | undefined;
  /**
   * The header being read after a special token: a Harmony message's, to its `<|message|>`, or the name of a Kimi K3
   * channel, to its `<|sep|>`. A Harmony message's header stays while its body is read.
   */
  private tokenHeader = "";
  private tokenHeaderKind: "harmony" | "xtml" = "harmony";
  private tokenHeaderAtStart = false;
  /** The call a Harmony message to a tool makes, announced once its header is read. */
  private harmonyCall: { id: string; name: string } | undefined;
  /** What was read after such a call: whitespace, then as much of {@link ORPHAN_CLOSER} as matched. */
  private afterBareFunction = "";
  /** The opening tag of a block read only when it holds JSON, with the whitespace after it, until that is known. */
  private jsonBlockOpener = "";
  /** Announces the calls of a `<tool_call>` body while it arrives; at its close only the calls are left to report. */
  private readonly announcer: BlockCallAnnouncer;
  /** Announces the calls of a section of special tokens alike. */
  private readonly sectionAnnouncer: SectionCallAnnouncer;
  /** Announces the calls of Gemma's call blocks, and of the blocks holding pythonic calls (LFM2's, OLMo's). */
  private readonly gemmaAnnouncer: GemmaCallAnnouncer;
  private readonly pythonicAnnouncer: PythonicCallAnnouncer;
  /** Reads Mistral's calls and the JSON calls a reply starts with, in the `JSON_RUN` state. */
  private readonly jsonRun: JsonRunReader;
  /** What the tags met in prose open. */
  private readonly openers: TagOpeners;
  /** Reads `<function_calls>` blocks, in the `XML_BLOCK` state. */
  private readonly xmlBlock: XmlBlockReader;
  /** The XML block reader's parameter values: text without `<` is added here directly (the stream's fast path). */
  private readonly value = new ParameterValueScanner((text) => {
    if (this.deltas) this.pendingDelta += text;
  });
  private readonly jsonBlockAnnouncer: JsonBlockCallAnnouncer;
  private pendingDelta = "";
  /** Until prose other than whitespace is seen, a reasoning tag may open: reasoning comes first. */
  private atStart = true;
  private reasoningCloser = new ClosingLiteral("</think>");
  /**
   * Whether what a reply starts with may be calls, as JSON or a pythonic list, and which: only when the tools are
   * known, since nothing marks such calls.
   */
  private readonly readsReplyStartCalls: boolean;
  private readonly replyStartFormats: { json: boolean; pythonic: boolean };
  private readonly readsMistral: boolean;
  /** Whether a `]` in prose may open MiniMax M3's calls (format `xml`). */
  private readonly readsMinimaxM3: boolean;
  /**
   * Where the JSON object or array being read (into `body`) ends, and whose calls it may hold: Mistral's, or the calls
   * a reply starts with (JSON, or a pythonic list, which brackets and quotes alike).
   */
  private chunksConsumed = 0;
  /** Where prose's next `<` and `[` are: each chunk is searched once per place found. */
  private readonly nextLessThan = new NextOccurrence("<");
  private readonly nextBracket = new NextOccurrence("[");
  private readonly nextClosingBracket = new NextOccurrence("]");

  constructor(options: ToolCallScannerOptions) {
    this.catalog = options.catalog;
    this.formats = options.formats;
    this.nextCallIndex = options.firstCallIndex ?? 0;
    this.deltas = options.deltas ?? true;
    this.callIds = options.callIds ?? new CallIds();
    this.sink = options.sink;
    this.deliver = options.sink ?? this.collect;
    this.replyStartFormats = { json: options.formats.has("json-text"), pythonic: options.formats.has("pythonic") };
    this.readsReplyStartCalls =
      (this.replyStartFormats.json || this.replyStartFormats.pythonic) && options.catalog !== undefined;
    this.openers = new TagOpeners(options.formats, options.catalog, this.readsReplyStartCalls);
    this.readsMistral = options.formats.has("mistral");
    this.readsMinimaxM3 = options.formats.has("xml");
    const announced: AnnouncedCallSink = {
      start: (writtenId, name) => {
        const id = this.callIds.claim(writtenId);
        this.emit({ type: "tool-call-start", id, name });
        return id;
      },
      text: (text) => {
        this.pendingDelta += text;
      },
    };
    this.announcer = new BlockCallAnnouncer(this.deltas, announced);
    this.sectionAnnouncer = new SectionCallAnnouncer(this.deltas, announced);
    this.gemmaAnnouncer = new GemmaCallAnnouncer(this.deltas, announced);
    this.pythonicAnnouncer = new PythonicCallAnnouncer(this.deltas, announced);
    this.jsonBlockAnnouncer = new JsonBlockCallAnnouncer(this.deltas, announced);
    this.jsonRun = new JsonRunReader(this.jsonRunHost(announced));
    this.xmlBlock = new XmlBlockReader(this.xmlBlockHost(announced), this.value);
    if (options.startsInReasoning !== undefined && options.startsInReasoning !== false) {
      this.state = REASONING;
      this.atStart = false;
      const closer = options.startsInReasoning === true ? "</think>" : options.startsInReasoning;
      this.reasoningCloser = new ClosingLiteral(closer);
    }
  }

  /**
   * Scans the next chunk and returns the events it completes (none when a sink takes them). A chunk of prose or of a
   * parameter value holding no `<` (most chunks of a stream) takes a fast path: it cannot change the state, and after
   * the previous chunk nothing is pending, so its one event is delivered directly.
   */
  push(chunk: string): readonly ToolCallStreamEvent[] {
    if (chunk === "") return NO_EVENTS;
    // Bytes (a Uint8Array from a fetch body) are a caller's mistake to name, not a TypeError deep inside.
    if (typeof chunk !== "string") {
      throw new ActionRecallError("INVALID_ARGUMENTS", `push takes text: decode the ${typeof chunk} first`, {
        data: { parameter: "chunk" },
      });
    }
    // A one-character chunk (a stream at its finest) is compared, not searched.
    const plain = chunk.length === 1 ? chunk !== "<" : !chunk.includes("<");
    if (plain) {
      if (this.state === TEXT && !this.mayOpenWithoutTag(chunk)) {
        if (this.atStart && !isBlank(chunk)) this.atStart = false;
        return this.deliverAlone({ type: "text", delta: chunk });
      }
      const invoke = this.state === XML_BLOCK ? this.xmlBlock.valueInvoke : undefined;
      if (invoke !== undefined && this.value.readsPlainText) {
        this.value.text.append(chunk);
        if (!this.deltas) return NO_EVENTS;
        const { parameter } = this.xmlBlock;
        return this.deliverAlone({ type: "tool-call-delta", id: invoke.id, argumentsDelta: chunk, parameter });
      }
      // A call of a `<tool_call>` or of a section streaming its text, and no closing tag half read.
      const announcer =
        this.state === RAW_BODY && this.bodyCloser.held === "" ? this.announcerTaking(chunk) : undefined;
      if (announcer !== undefined) {
        this.body.append(chunk);
        if (this.closerInValue !== undefined) this.textAfterCloser.append(chunk);
        const id = announcer.readPlainText(chunk);
        if (!this.deltas) return NO_EVENTS;
        return this.deliverAlone({ type: "tool-call-delta", id, argumentsDelta: chunk });
      }
    }
    this.consume(chunk);
    return this.takeEvents();
  }

  /** The announcer whose streaming call plain text would only add to, if one's would. */
  private announcerTaking(chunk: string): CallAnnouncer | undefined {
    if (this.announcer.takesPlainText(chunk)) return this.announcer;
    const blockAnnouncer = this.callBlockAnnouncer();
    if (blockAnnouncer?.takesPlainText(chunk) === true) return blockAnnouncer;
    return this.sectionAnnouncer.takesPlainText(chunk) ? this.sectionAnnouncer : undefined;
  }

  /** Whether prose without `<` may still open calls: Mistral's `[TOOL_CALLS]`, or JSON a reply starts with. */
  private mayOpenWithoutTag(chunk: string): boolean {
    return (
      (this.readsMistral && chunk.includes("[")) ||
      (this.readsMinimaxM3 && chunk.includes("]")) ||
      (this.atStart && this.readsReplyStartCalls && !isBlank(chunk))
    );
  }

  /**
   * Delivers the one event of a fast-path chunk. Nothing is pending then (every `push` ends with all its events
   * taken), so the event skips the collecting and is handed over or returned on its own: this is the per-character
   * path of a stream.
   */
  private deliverAlone(event: ToolCallStreamEvent): readonly ToolCallStreamEvent[] {
    if (this.sink === undefined) return [event];
    this.sink(event);
    return NO_EVENTS;
  }

  /** Ends the input: held text is released, and a block left open becomes an `UNTERMINATED_CALL` error. */
  end(): readonly ToolCallStreamEvent[] {
    switch (this.state) {
      case TEXT_TAG:
        this.text += this.tag;
        break;
      case XML_BLOCK:
        this.xmlBlock.end();
        break;
      case TEXT:
        break;
      case REASONING:
        // A model cut off mid-thought: what it wrote is text, and it made no call.
        this.text += this.reasoningCloser.held;
        break;
      case AFTER_BARE_FUNCTION:
        this.text += this.afterBareFunction;
        break;
      case TOKEN_HEADER:
        this.text += this.tokenHeader;
        break;
      case MARKER:
      case MINIMAX_M3_MARKER:
        this.text += this.tag;
        break;
      case BEFORE_JSON_BLOCK:
        this.text += this.jsonBlockOpener;
        break;
      case JSON_RUN:
        // What was held may be read again, and leave another state to end.
        if (this.jsonRun.end()) return this.end();
        break;
      default:
        if (this.closerInValue !== undefined && !this.endsWhole()) {
          this.cutAtCloserInValue("");
          return this.end();
        }
        this.endInBlock();
    }
    this.state = TEXT;
    return this.takeEvents();
  }

  private takeEvents(): readonly ToolCallStreamEvent[] {
    this.flushDelta();
    this.flushText();
    const events = this.events;
    if (events === undefined) return NO_EVENTS;
    this.events = undefined;
    return events;
  }

  private readonly collect = (event: ToolCallStreamEvent): void => {
    if (this.events === undefined) this.events = [event];
    else this.events.push(event);
  };

  private consume(chunk: string): void {
    // Text read again is consumed within the consuming of a chunk: each gets its own number.
    const chunkNumber = ++this.chunksConsumed;
    let index = 0;
    while (index < chunk.length) {
      switch (this.state) {
        case TEXT:
          index = this.scanText(chunk, index, chunkNumber);
          break;
        case TEXT_TAG:
          index = this.scanTextTag(chunk, index);
          break;
        case XML_BLOCK:
          index = this.xmlBlock.scan(chunk, index);
          break;
        case REASONING:
          index = this.reasoningCloser.scan(chunk, index, this.appendReasoning);
          if (this.reasoningCloser.found) {
            this.text += this.reasoningCloser.literal;
            this.state = TEXT;
            // The answer starts after the reasoning: it may be JSON calls, as a reply may.
            this.atStart = true;
          }
          break;
        case AFTER_BARE_FUNCTION:
          index = this.scanAfterBareFunction(chunk, index);
          break;
        case TOKEN_HEADER:
          index = this.scanTokenHeader(chunk, index);
          break;
        case MARKER:
          index = this.scanMarker(chunk, index);
          break;
        case MINIMAX_M3_MARKER:
          index = this.scanMinimaxM3Marker(chunk, index);
          break;
        case JSON_RUN:
          index = this.jsonRun.scan(chunk, index);
          break;
        case BEFORE_JSON_BLOCK:
          index = this.scanBeforeJsonBlock(chunk, index);
          break;
        default:
          index = this.bodyCloser.scan(chunk, index, this.appendBody);
          if (this.bodyCloser.found) this.readClosingTag();
      }
    }
  }

  // Prose -------------------------------------------------------------------------------------------------------

  private scanText(chunk: string, index: number, chunkNumber: number): number {
    if (this.atStart && this.readsReplyStartCalls) {
      const first = index + chunk.slice(index).search(/\S/);
      const character = first < index ? "" : chunk.charAt(first);
      // A `[` may be Mistral's marker: it is read as one first, and as JSON when it is not.
      if (character === "{" || (character === "[" && !this.readsMistral) || character === "`" || character === "f") {
        this.text += chunk.slice(index, first);
        this.enterJsonRun();
        if (character === "{" || character === "[") this.jsonRun.startReplyValue();
        else this.jsonRun.startOpeningFence();
        return first;
      }
    }
    const lessThan = this.formats.size === 0 ? -1 : this.nextLessThan.in(chunk, chunkNumber, index);
    const bracket = this.readsMistral ? this.nextBracket.in(chunk, chunkNumber, index) : -1;
    const closingBracket = this.readsMinimaxM3 ? this.nextClosingBracket.in(chunk, chunkNumber, index) : -1;
    const opening = [lessThan, bracket, closingBracket].reduce(
      (first, at) => (at !== -1 && (first === -1 || at < first) ? at : first),
      -1,
    );
    const end = opening === -1 ? chunk.length : opening;
    if (this.atStart && !isBlank(chunk.slice(index, end))) this.atStart = false;
    if (opening === -1) {
      this.text += index === 0 ? chunk : chunk.slice(index);
      return chunk.length;
    }
    if (opening > index) this.text += chunk.slice(index, opening);
    if (opening === bracket) {
      this.tag = "[";
      this.state = MARKER;
    } else if (opening === closingBracket) {
      this.tag = "]";
      this.state = MINIMAX_M3_MARKER;
    } else {
      this.startTag(TEXT_TAG);
    }
    return opening + 1;
  }

  private startTag(state: number): void {
    this.tag = "<";
    this.tagNameDone = false;
    this.quote = "";
    this.state = state;
  }

  /** Reads `<name attributes>` in prose. Only the tags {@link TagOpeners} knows open a call; any other is text. */
  private scanTextTag(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (!this.tagNameDone) {
        // A closing tag's `/`: only Hunyuan's `</tool_calls:opensource>` is anything but prose.
        if (isNameCharacter(character) || (character === "/" && this.tag === "<")) {
          this.tag += character;
          continue;
        }
        this.opener = this.openers.named(this.tag.slice(1), this.atStart);
        if (this.opener === "function") this.opener = this.openers.afterFunction(character, this.atStart);
        if (this.opener === undefined) return this.abandonTextTag(index);
        this.tagNameDone = true;
      }
      if (this.opener === "function") {
        // `<function=name>`: the tool's name runs to the `>`; a tag broken by `<` or a line break is prose.
        if (character === "<" || character === "\n") return this.abandonTextTag(index);
        this.tag += character;
        if (character !== ">") continue;
        this.openCall();
        return index + 1;
      }
      if (this.quote !== "") {
        this.tag += character;
        if (character === this.quote) this.quote = "";
      } else if (character === ">") {
        this.tag += character;
        this.openCall();
        return index + 1;
      } else if (
        character === "<" ||
        (typeof this.opener === "string" && this.opener !== "xml-function" && !isSpace(character))
      ) {
        // `function_calls` and `tool_call` take no attributes: anything else means this was prose.
        return this.abandonTextTag(index);
      } else {
        if (character === '"' || character === "'") this.quote = character;
        this.tag += character;
      }
    }
    return chunk.length;
  }

  private abandonTextTag(index: number): number {
    this.text += this.tag;
    this.atStart = false;
    this.state = TEXT;
    return index;
  }

  /** What a tag named `name` in prose opens, given the formats read and the tools known; undefined: it is text. */
  private openCall(): void {
    const opener = this.opener;
    // A Kimi K3 channel opening the output may be its reasoning: known at its name.
    const openedAtStart = this.atStart;
    this.atStart = false;
    if (opener === "reasoning") {
      this.text += this.tag;
      this.state = REASONING;
      this.reasoningCloser = new ClosingLiteral(reasoningCloserOf(tagName(this.tag)) ?? "");
      return;
    }
    if (opener === "dropped") {
      this.state = TEXT;
      return;
    }
    if (opener === "message-separator") {
      // A message starts: it may be calls, as a reply may.
      this.text += this.tag;
      this.state = TEXT;
      this.atStart = true;
      return;
    }
    if (opener === "function_calls") {
      const blockName = tagName(this.tag);
      const mayHoldPythonic = blockName === OLMO_BLOCK && this.formats.has("olmo");
      if (mayHoldPythonic && !this.formats.has("xml")) {
        this.openOlmoBlock();
        return;
      }
      this.state = XML_BLOCK;
      this.xmlBlock.open(blockName, mayHoldPythonic);
      return;
    }
    if (opener === "tool_call") {
      if (JSON_ONLY_BLOCKS.has(tagName(this.tag))) {
        this.jsonBlockOpener = this.tag;
        this.state = BEFORE_JSON_BLOCK;
      } else {
        this.openRawBody(`</${tagName(this.tag)}>`);
        this.announcer.open();
      }
      return;
    }
    if (opener === "harmony" || opener === "xtml") {
      this.tokenHeader = this.tag;
      this.tokenHeaderKind = opener;
      this.tokenHeaderAtStart = openedAtStart;
      this.state = TOKEN_HEADER;
      return;
    }
    if (opener === "call-block") {
      const block = CALL_BLOCKS.get(tagName(this.tag));
      if (block === undefined) return;
      this.callBlock = { opener: this.tag, format: block.format };
      this.openRawBody(block.closer);
      if (block.format === "gemma") this.gemmaAnnouncer.open();
      else if (block.format === "lfm") this.pythonicAnnouncer.open();
      else if (block.format !== "olmo") this.jsonBlockAnnouncer.open(block.format);
      return;
    }
    if (opener === "call-wrapper") {
      this.enterJsonRun();
      this.jsonRun.startAfterWrapper(this.tag, CALL_WRAPPERS.get(tagName(this.tag)) ?? "");
      return;
    }
    if (opener === "section") {
      const marker = this.tag.replace(/\s/g, "");
      const syntax = this.openers.sectionOpenedBy(marker);
      if (syntax === undefined) return;
      this.section = { syntax, marker };
      this.sectionAnnouncer.open(syntax);
      this.openRawBody(syntax.sections.get(marker) ?? "");
      return;
    }
    if (opener === "function" || opener === "xml-function") {
      if (this.catalog?.byName.has(bareFunctionName(this.tag)) !== true) {
        this.text += this.tag;
        this.state = TEXT;
        return;
      }
      this.bareFunctionTag = this.tag;
      this.openRawBody(FUNCTION_END);
      return;
    }
    if (opener === undefined) return;
    const callIndex = this.nextCallIndex++;
    const id = this.callIds.claim(generatedCallId(callIndex));
    this.legacy = { id, callIndex, tool: opener, openingTag: this.tag };
    this.emit({ type: "tool-call-start", id: this.legacy.id, name: opener.name });
    if (isSelfClosing(this.tag)) {
      this.body.reset();
      this.closeRawBody();
      return;
    }
    this.openRawBody(`</${opener.xml?.tag ?? ""}>`);
  }

  // Hermes blocks and legacy tags ---------------------------------------------------------------------------------

  /** After `<tool_calls>`: a `[` or `{` opens the block; anything else makes the tag prose, and is read as prose. */
  private scanBeforeJsonBlock(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (isSpace(character)) {
        this.jsonBlockOpener += character;
        continue;
      }
      if (character === "[" || character === "{") {
        this.openRawBody(`</${tagName(this.jsonBlockOpener)}>`);
        // Its calls, in an array or one object per line, may be announced as a `<tool_call>`'s are.
        this.announcer.open();
      } else {
        this.text += this.jsonBlockOpener;
        this.state = TEXT;
      }
      this.jsonBlockOpener = "";
      return index;
    }
    return chunk.length;
  }

  /**
   * The output ended inside a block. InternLM's code interpreter is text; a block whose JSON is whole is complete
   * without its closing token (see {@link endsWhole}); any other is an `UNTERMINATED_CALL`.
   */
  private endInBlock(): void {
    const body = this.body.toString();
    if (this.state === RAW_BODY && this.callBlock !== undefined && !isCallBody(this.callBlock.format, body)) {
      this.text += `${this.callBlock.opener}${body}`;
      this.callBlock = undefined;
    } else if (this.state === RAW_BODY && this.endsWhole()) {
      this.closeRawBody();
    } else {
      this.reportUnterminated();
    }
  }

  /**
   * Whether the block being read is whole though the output ended before its closing token: Harmony's `<|call|>`,
   * which servers often drop (it is the token the model stops on), or the `</tool_call>` that Granite 3.1, LongCat and
   * MiniMax-M1 may leave out (vLLM reads those blocks to the end). Whole means JSON as written, of call objects.
   */
  private endsWhole(): boolean {
    const body = this.body.toString();
    if (this.harmonyCall !== undefined) return isWholeJsonObject(body);
    return this.readsToolCallBlock() && holdsWholeCallObjects(body);
  }

  private openRawBody(closer: string): void {
    this.state = RAW_BODY;
    this.body.reset();
    this.bodyCloser = new ClosingLiteral(closer);
    this.closerInValue = undefined;
    this.textAfterCloser.reset();
  }

  /**
   * A raw body's closing tag. Inside a value of a `<tool_call>`'s call, the tag is the value's text, and the body reads
   * on: the block closes at the first tag after which its calls are whole. When none comes (a quote or a value never
   * closed), the block is cut at the first tag after all, as it was before, and what followed is read again as prose.
   */
  private readClosingTag(): void {
    if (!this.readingAfterCut && this.closesInsideValue()) {
      this.closerInValue ??= this.body.toString().length;
      this.appendBody(this.bodyCloser.literal);
      return;
    }
    const from = this.closerInValue;
    if (from !== undefined && !this.holdsWholeCallsPast(from)) {
      this.cutAtCloserInValue(this.bodyCloser.literal);
    } else {
      this.closeRawBody();
    }
  }

  /** Whether the body, read on past a closing tag written inside a value at `from`, holds its calls whole. */
  private holdsWholeCallsPast(from: number): boolean {
    const body = this.body.toString();
    if (this.bareFunctionTag === undefined) return holdsWholeCallsPast(body, from, this.blockTag());
    return holdsWholeFunctionPast(this.bareFunctionTag, body, from);
  }

  /**
   * Whether the closing tag just read is inside a value of a `<tool_call>`'s call or a bare `<function=...>`'s: a
   * string of its JSON (which the announcer follows), or a value between tags, found by the last value tag before it.
   * The whole body is looked at only at the block's first closing tag; after one inside a value, only the text since.
   */
  private closesInsideValue(): boolean {
    if (this.announcer.followsJson) return this.announcer.endsInsideString;
    if (this.closerInValue === undefined) {
      if (!this.readsToolCallBlock() && this.bareFunctionTag === undefined) return false;
      const body = this.body.toString();
      // Llama 3.1's `<function=name>` holds a JSON object, bare or inside a `<tool_call>`: its strings are followed,
      // not Qwen3-Coder's value tags.
      const isJson = /^\s*(?:<function=[^>\n<]*>\s*)?[[{]/.test(body);
      this.valueTags = isJson ? undefined : valueTagsOf(`${this.bareFunctionTag ?? ""}${body}`, this.blockTag());
      this.bodyStrings = isJson ? new JsonValueEnd() : undefined;
      this.insideValue = this.endsInsideValue(body, false);
    } else {
      const text = this.textAfterCloser.toString();
      this.textAfterCloser.reset();
      this.insideValue = this.endsInsideValue(text, this.insideValue);
    }
    return this.insideValue;
  }

  /** Whether the body ends inside a value, after its next `text`; `before`: whether it did before that text. */
  private endsInsideValue(text: string, before: boolean): boolean {
    if (this.valueTags !== undefined) return endsInsideTaggedValue(text, this.valueTags) ?? before;
    if (this.bodyStrings === undefined) return false;
    for (let index = 0; index < text.length; ) index = this.bodyStrings.scan(text, index);
    return this.bodyStrings.inString;
  }

  /** Whether the raw body is a `<tool_call>`'s, or a `<tool_calls>`'s: not a legacy tag's, a section's, ... */
  private readsToolCallBlock(): boolean {
    return (
      this.legacy === undefined &&
      this.section === undefined &&
      this.callBlock === undefined &&
      this.bareFunctionTag === undefined &&
      this.harmonyCall === undefined
    );
  }

  /** The tag that opened the raw body: the closing tag's name, `<tool_call>` for `</tool_call>`. */
  private blockTag(): string {
    return `<${this.bodyCloser.literal.slice(2)}`;
  }

  /**
   * Closes the block at the closing tag that came inside a value, after all: its JSON then ends inside a string, or its
   * value is not closed, which is reported; the text after the tag, up to `closingTag` just read, is read again.
   */
  private cutAtCloserInValue(closingTag: string): void {
    const body = this.body.toString();
    const cut = this.closerInValue ?? body.length;
    this.body.reset();
    this.body.append(body.slice(0, cut));
    const after = `${body.slice(cut + this.bodyCloser.literal.length)}${closingTag}`;
    this.closeRawBody();
    this.readingAfterCut = true;
    this.consume(after);
    this.readingAfterCut = false;
  }

  private closeRawBody(): void {
    this.state = TEXT;
    this.closerInValue = undefined;
    this.flushDelta();
    const legacy = this.legacy;
    const bareFunctionTag = this.bareFunctionTag;
    const section = this.section;
    const harmonyCall = this.harmonyCall;
    const callBlock = this.callBlock;
    // At most one announcer announced calls, the body's; what the announcers read is taken before they forget it.
    const readBefore =
      callBlock === undefined
        ? undefined
        : { gemma: this.gemmaAnnouncer.readCalls, pythonic: this.pythonicAnnouncer.readCalls };
    const announcedCalls = this.closeAnnouncers();
    const body = this.body.toString();
    this.callBlock = undefined;
    this.legacy = undefined;
    this.bareFunctionTag = undefined;
    this.section = undefined;
    this.harmonyCall = undefined;
    if (harmonyCall !== undefined) {
      // Its start and text went out as the message arrived.
      const given = { id: harmonyCall.id, name: harmonyCall.name, arguments: body, format: "harmony" } as const;
      this.emitCall(buildJsonCall(given, this.nextCallIndex++, this.catalog));
      return;
    }
    if (callBlock !== undefined) {
      const { format, opener } = callBlock;
      const built = buildCallBlock(format, opener, body, this.nextCallIndex, this.catalog, readBefore);
      // MiniMax M3's, Gemma's, LFM2's and OLMo's blocks announce their calls; one holding none of its syntax withdraws
      // them.
      const confirmed = this.confirmCalls(announcedCalls, built ?? { calls: [], errors: [] });
      if (built === undefined) this.readBlockAgain(callBlock.opener, body);
      else this.emitBlockCalls(built, confirmed);
      return;
    }
    if (legacy === undefined) {
      const built =
        section !== undefined
          ? buildTokenSectionCalls(section.syntax, body, this.nextCallIndex, this.catalog)
          : bareFunctionTag === undefined
            ? buildHermesCalls(body, this.nextCallIndex, this.catalog, this.blockTag())
            : buildHermesCalls(`${bareFunctionTag}${body}${FUNCTION_END}`, this.nextCallIndex, this.catalog);
      this.emitBlockCalls(built, this.confirmCalls(announcedCalls, built));
      if (bareFunctionTag !== undefined) this.state = AFTER_BARE_FUNCTION;
      return;
    }
    this.emitCall(buildXmlCall(readLegacyTag({ ...legacy, content: body }), this.catalog));
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
        this.state = TEXT;
        return index + 1;
      }
    }
    return chunk.length;
  }

  /**
   * A header after a special token, to the token that ends it: a Harmony message's, to its `<|message|>`, or a Kimi K3
   * channel's name, to its `<|sep|>`. A header that spans a line or grows too long is text: it is no such header.
   */
  private scanTokenHeader(chunk: string, start: number): number {
    const isHarmony = this.tokenHeaderKind === "harmony";
    const end = isHarmony ? HARMONY_MESSAGE : XTML_SEPARATOR;
    const limit = isHarmony ? HARMONY_HEADER_LIMIT : XTML_CHANNEL_LIMIT;
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === "\n" || this.tokenHeader.length >= limit) {
        this.text += this.tokenHeader;
        this.state = TEXT;
        return index;
      }
      this.tokenHeader += character;
      if (character !== ">" || !this.tokenHeader.endsWith(end)) continue;
      if (isHarmony) this.openHarmonyMessage();
      else this.openXtmlChannel();
      return index + 1;
    }
    return chunk.length;
  }

  /**
   * A message to a tool (`to=functions.get_weather`) is a call, whose body runs to `<|call|>`; any other message
   * (reasoning, the answer) is text, header and all.
   */
  private openHarmonyMessage(): void {
    const tool = harmonyRecipient(this.tokenHeader);
    if (tool === undefined) {
      this.text += this.tokenHeader;
      this.state = TEXT;
      return;
    }
    // The message is the call's arguments: it starts now, and its text streams.
    this.harmonyCall = { id: this.callIds.claim(generatedCallId(this.nextCallIndex)), name: tool };
    this.emit({ type: "tool-call-start", ...this.harmonyCall });
    this.openRawBody(HARMONY_CALL_END);
  }

  /**
   * Kimi K3's `tools` channel is a section of calls; its `think` channel opening the output is reasoning; any other
   * channel (the `response`) is text, its markers with it.
   */
  private openXtmlChannel(): void {
    const channel = xtmlChannel(this.tokenHeader);
    if (channel === "tools") {
      this.section = { syntax: KIMI_XTML_SECTION, marker: this.tokenHeader };
      this.sectionAnnouncer.open(KIMI_XTML_SECTION);
      this.openRawBody(xtmlChannelEnd(channel));
      return;
    }
    this.text += this.tokenHeader;
    this.state = TEXT;
    if (channel === "think" && this.tokenHeaderAtStart) {
      this.state = REASONING;
      this.reasoningCloser = new ClosingLiteral(xtmlChannelEnd(channel));
    }
  }

  /** Prose again at `index`: the whitespace held is text, and a `<` held is read as the start of a tag. */
  private leaveAfterBareFunction(lessThan: number, index: number): number {
    const held = this.afterBareFunction;
    this.afterBareFunction = "";
    if (lessThan === -1) {
      this.text += held;
      this.state = TEXT;
      return index;
    }
    this.text += held.slice(0, lessThan);
    this.startTag(TEXT_TAG);
    this.tag = held.slice(lessThan);
    return index;
  }

  /** Text of a reasoning block: text like prose, read for no call (an arrow: passed to {@link ClosingLiteral.scan}). */
  private readonly appendReasoning = (text: string): void => {
    this.text += text;
  };

  /**
   * Text of a raw body: a block, a section, a legacy tag or a Harmony message to a tool (an arrow: it is passed to
   * {@link ClosingLiteral.scan}). A legacy tag's and a Harmony message's text is their call's; a block's and a
   * section's calls are announced as their openings are read.
   */
  private readonly appendBody = (text: string): void => {
    this.body.append(text);
    if (this.closerInValue !== undefined) this.textAfterCloser.append(text);
    if (this.deltas && (this.legacy !== undefined || this.harmonyCall !== undefined)) this.pendingDelta += text;
    else if (this.section !== undefined || this.callBlock?.format === "minimax-m3") {
      this.sectionAnnouncer.follow(text, this.nextCallIndex);
    } else if (this.callBlock !== undefined) {
      this.callBlockAnnouncer()?.follow(text, this.nextCallIndex);
    } else this.announcer.follow(text, this.wholeBody, this.nextCallIndex);
  };

  private readonly wholeBody = (): string => this.body.toString();

  /** The calls announced in the block being read (at most one announcer announced any); each announcer forgets. */
  private closeAnnouncers(): AnnouncedCall[] {
    return [
      ...this.announcer.close(),
      ...this.sectionAnnouncer.close(),
      ...this.gemmaAnnouncer.close(),
      ...this.pythonicAnnouncer.close(),
      ...this.jsonBlockAnnouncer.close(),
    ];
  }

  /** The announcer of the model's own call block being read, when its syntax is announced. */
  private callBlockAnnouncer(): GemmaCallAnnouncer | PythonicCallAnnouncer | JsonBlockCallAnnouncer | undefined {
    switch (this.callBlock?.format) {
      case "gemma":
        return this.gemmaAnnouncer;
      case "lfm":
      case "olmo":
        return this.pythonicAnnouncer;
      case "cohere":
      case "internlm":
      case "apertus":
        return this.jsonBlockAnnouncer;
      default:
        return undefined;
    }
  }

  /**
   * The announced calls the block, read whole, gives as announced; each announced after those is withdrawn by an
   * error, and its id is free again.
   */
  private confirmCalls(announced: readonly AnnouncedCall[], built: BuiltBlockCalls): AnnouncedCall[] {
    const { confirmed, withdrawn } = confirmAnnouncedCalls(announced, built);
    for (const { call, error } of withdrawn) {
      this.callIds.release(call.id);
      this.error(error);
    }
    return confirmed;
  }

  /**
   * The calls of a block read whole, each reported as it would have streamed: start, its text, the call. The
   * `confirmed` calls had their start and text while the block arrived, under the ids they keep: only the call is left.
   */
  private emitBlockCalls(built: BuiltBlockCalls, confirmed: readonly AnnouncedCall[] = []): void {
    for (const error of built.errors) this.emit({ type: "error", error });
    for (const [index, blockCall] of built.calls.entries()) {
      this.nextCallIndex += 1;
      const { call } = blockCall;
      const announced = confirmed[index];
      if (announced !== undefined) {
        call.id = announced.id;
      } else {
        call.id = this.callIds.claim(call.id);
        this.emit({ type: "tool-call-start", id: call.id, name: call.name });
        if (this.deltas) this.emit({ type: "tool-call-delta", id: call.id, argumentsDelta: blockCall.text });
      }
      this.emitCall(blockCall);
    }
  }

  // Mistral's calls and JSON calls --------------------------------------------------------------------------------

  /**
   * Reads `[TOOL_CALLS]` after a `[` in prose, or Magistral's `[THINK]` opening the output; any other `[` is text (or,
   * starting a reply, JSON that may be calls).
   */
  private scanMarker(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const read = this.tag + chunk.charAt(index);
      const mayOpenReasoning = this.atStart && MISTRAL_REASONING.startsWith(read);
      if (!MISTRAL_MARKER.startsWith(read) && !mayOpenReasoning) return this.abandonMarker(index);
      this.tag = read;
      if (this.tag === MISTRAL_REASONING) {
        this.text += this.tag;
        this.atStart = false;
        this.state = REASONING;
        this.reasoningCloser = new ClosingLiteral(MISTRAL_REASONING_END);
        return index + 1;
      }
      if (this.tag === MISTRAL_MARKER) {
        this.enterJsonRun();
        this.jsonRun.startMistral();
        return index + 1;
      }
    }
    return chunk.length;
  }

  private abandonMarker(index: number): number {
    if (this.atStart && this.readsReplyStartCalls) {
      // Not `[TOOL_CALLS]`: a JSON array or a pythonic call list (`[Translate(...)]`) may start so.
      this.enterJsonRun();
      this.jsonRun.startReplyValue(this.tag);
      return index;
    }
    this.text += this.tag;
    this.atStart = false;
    this.state = TEXT;
    return index;
  }

  /**
   * Reads MiniMax M3's `]<]minimax[>[<tool_call>` after a `]` in prose; any other `]` is text, and what was held after
   * it is read again (it may open a tag).
   */
  private scanMinimaxM3Marker(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const read = this.tag + chunk.charAt(index);
      if (!MINIMAX_M3_OPENING.startsWith(read)) {
        const held = this.tag.slice(1);
        this.text += "]";
        this.tag = "";
        this.state = TEXT;
        this.consume(held);
        return index;
      }
      this.tag = read;
      if (read === MINIMAX_M3_OPENING) {
        this.atStart = false;
        this.callBlock = { opener: read, format: "minimax-m3" };
        this.openRawBody(MINIMAX_M3_CLOSING);
        // Its invokes are announced as a section's calls are.
        this.sectionAnnouncer.open(MINIMAX_M3_CALLS);
        return index + 1;
      }
    }
    return chunk.length;
  }

  /** Mistral's calls, or JSON calls a reply starts with, may follow: the {@link JsonRunReader} reads on. */
  private enterJsonRun(): void {
    this.atStart = false;
    this.state = JSON_RUN;
  }

  /** What the XML block reader reads through: this scanner's deltas, calls and state. */
  private xmlBlockHost(announced: AnnouncedCallSink): XmlBlockHost {
    return {
      catalog: this.catalog,
      takeCallIndex: () => this.nextCallIndex++,
      startCall: announced.start,
      addDelta: (text) => {
        this.pendingDelta += text;
      },
      flushDelta: () => this.flushDelta(),
      emitCall: (built) => this.emitCall(built),
      error: (error) => this.error(error),
      leave: () => {
        this.state = TEXT;
      },
      openOlmoBlock: () => this.openOlmoBlock(),
    };
  }

  /** What the JSON run reader reads through: this scanner's prose, deltas, calls and state. */
  private jsonRunHost(announced: AnnouncedCallSink): JsonRunHost {
    const scanner = this;
    return {
      catalog: this.catalog,
      deltas: this.deltas,
      replyStartFormats: this.replyStartFormats,
      get nextCallIndex() {
        return scanner.nextCallIndex;
      },
      appendText: (text) => {
        this.text += text;
      },
      addDelta: (text) => {
        this.pendingDelta += text;
      },
      flushDelta: () => this.flushDelta(),
      leave: (atStart) => {
        this.state = TEXT;
        if (atStart) this.atStart = true;
      },
      readAgain: (text) => this.consume(text),
      startCall: announced.start,
      error: (error) => this.error(error),
      confirmCalls: (calls, built) => this.confirmCalls(calls, built),
      emitBlockCalls: (built, confirmed) => this.emitBlockCalls(built, confirmed),
    };
  }

  // Blocks and invokes --------------------------------------------------------------------------------------------

  private openOlmoBlock(): void {
    this.callBlock = { opener: `<${OLMO_BLOCK}>`, format: "olmo" };
    this.openRawBody(`</${OLMO_BLOCK}>`);
    this.pythonicAnnouncer.open(true);
  }

  /**
   * A block whose body holds no calls of its syntax. A `<function_calls>` that is no OLMo calls (`oops<invoke ...>`)
   * is read again as invokes from its start, when the xml format is read, else reported; any other block (InternLM's
   * code interpreter) is text.
   */
  private readBlockAgain(opener: string, body: string): void {
    const closer = this.bodyCloser.literal;
    if (opener !== `<${OLMO_BLOCK}>`) {
      this.text += `${opener}${body}${closer}`;
    } else if (this.formats.has("xml")) {
      this.state = XML_BLOCK;
      this.xmlBlock.open(OLMO_BLOCK, false);
      this.consume(`${body}${closer}`);
    } else {
      this.error(notOlmoCallsError(body));
    }
  }

  // Events --------------------------------------------------------------------------------------------------------

  private reportUnterminated(): void {
    const where =
      this.legacy !== undefined
        ? `<${this.legacy.tool.xml?.tag ?? ""}> (${this.legacy.id})`
        : (this.bareFunctionTag ??
          this.callBlock?.opener ??
          this.section?.marker ??
          (this.harmonyCall === undefined ? undefined : this.tokenHeader) ??
          `<${this.bodyCloser.literal.slice(2)}`);
    const name =
      this.legacy?.tool.name ??
      (this.bareFunctionTag === undefined ? undefined : bareFunctionName(this.bareFunctionTag)) ??
      this.harmonyCall?.name ??
      (this.callBlock === undefined ? undefined : firstBlockCallName(this.callBlock.format, this.body.toString()));
    // Each call announced in the block ends with an error naming it, as each started, after its last text.
    this.flushDelta();
    const announced = this.closeAnnouncers();
    const names = announced.length === 0 ? [name] : announced.map((call) => call.name);
    for (const unclosed of names) {
      const error: ToolCallError = {
        code: "UNTERMINATED_CALL",
        message: `The output ended inside ${where}; a call that did not close is not run`,
      };
      if (unclosed !== undefined) error.name = unclosed;
      this.error(error);
    }
    this.legacy = undefined;
    this.bareFunctionTag = undefined;
    this.callBlock = undefined;
    this.section = undefined;
    this.harmonyCall = undefined;
  }

  private emitCall(built: BuiltCall): void {
    this.emit({ type: "tool-call", call: built.call });
    for (const error of built.errors) this.emit({ type: "error", error });
  }

  private error(error: ToolCallError): void {
    this.emit({ type: "error", error });
  }

  private emit(event: ToolCallStreamEvent): void {
    if (event.type !== "tool-call-delta") this.flushDelta();
    this.flushText();
    this.deliver(event);
  }

  private flushText(): void {
    if (this.text === "") return;
    this.deliver({ type: "text", delta: this.text });
    this.text = "";
  }

  /** Raw argument text seen since the last delta, for the call (and parameter) it belongs to. */
  private flushDelta(): void {
    if (this.pendingDelta === "") return;
    const argumentsDelta = this.pendingDelta;
    this.pendingDelta = "";
    const invoke = this.xmlBlock.openInvoke;
    if (invoke !== undefined) {
      this.deliver({ type: "tool-call-delta", id: invoke.id, argumentsDelta, parameter: this.xmlBlock.parameter });
    } else {
      const id =
        this.legacy?.id ??
        this.harmonyCall?.id ??
        this.jsonRun.currentCallId ??
        this.announcer.currentId ??
        this.sectionAnnouncer.currentId ??
        this.callBlockAnnouncer()?.currentId;
      if (id !== undefined) this.deliver({ type: "tool-call-delta", id, argumentsDelta });
    }
  }
}

/** The tool named by a `<function=name>` or a `<function name="...">` tag. */
function bareFunctionName(tag: string): string {
  if (!tag.startsWith(FUNCTION_PREFIX)) return parseXmlAttributes(tag).get("name") ?? "";
  return tag.slice(FUNCTION_PREFIX.length, -1).trim();
}

/**
 * Whether `text` ends inside a value between `tags`: its last value tag opens one; undefined when it holds neither tag.
 */
function endsInsideTaggedValue(text: string, [opener, closer]: readonly [string, string]): boolean | undefined {
  const opened = text.lastIndexOf(opener);
  const closed = text.lastIndexOf(closer);
  return opened === closed ? undefined : opened > closed;
}

function isBlank(text: string): boolean {
  return text.trim() === "";
}
