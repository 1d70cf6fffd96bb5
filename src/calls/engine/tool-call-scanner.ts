import { ActionRecallError } from "../../errors/action-recall-error.js";
import {
  bareFunctionName,
  CALL_BLOCK_MARKERS,
  CALL_BLOCK_TAGS,
  CALL_WRAPPERS,
  CALLS_INSIDE_XML_BLOCKS,
  MARKED_JSON_CALLS,
  REPLY_START_CALL_BLOCKS,
  REPLY_START_MARKERS,
  reasoningCloserOf,
  TOKEN_HEADERS,
  TOKEN_SECTIONS,
} from "../formats/index.js";
import type { TEXT_TOOL_CALL_FORMATS, TextToolCallFormat } from "../tool-call.js";
import type { ToolCallStreamEvent } from "../tool-call-stream-event.js";
import type { CallBlockSyntax } from "./call-block-syntax.js";
import { CallIds } from "./call-ids.js";
import { CallReporter } from "./call-reporter.js";
import { ClosingLiteral } from "./closing-literal.js";
import { EventOutbox, NO_EVENTS } from "./event-outbox.js";
import { holdsCharacter } from "./holds-character.js";
import {
  type JsonRunHost,
  JsonRunReader,
  type MarkedJsonCallsSyntax,
  type ReplyStartMarker,
} from "./json-run-reader.js";
import { NextOccurrence } from "./next-occurrence.js";
import { ParameterValueScanner } from "./parameter-value-scanner.js";
import { ProseMarker } from "./prose-marker.js";
import { ProseMarkerFinder } from "./prose-marker-finder.js";
import { ProseTag } from "./prose-tag.js";
import { type RawBodyHost, RawBodyReader } from "./raw-body-reader.js";
import { enterRepairBudget, leaveRepairBudget, RepairBudget } from "./repair-budget.js";
import { TagOpeners } from "./tag-openers.js";
import { NO_CALL, TextRun } from "./text-run.js";
import { TokenHeader, type TokenHeaderEnd, type TokenHeaderSyntax } from "./token-header.js";
import type { TokenSectionSyntax } from "./token-section.js";
import type { ToolCatalog } from "./tool-catalog.js";
import { type XmlBlockHost, XmlBlockReader } from "./xml-block-reader.js";
import { tagName } from "./xml-characters.js";

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
  /** What is left to repair of the output's JSON, when it is read in more than one piece (see `repairJson`). */
  repairBudget?: RepairBudget;
  /**
   * Whether the output starts inside a reasoning block whose `<think>` the chat template wrote (reasoning models whose
   * template opens it): text up to `</think>` is reasoning; or the token that closes it, for other models. Default false.
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
const RAW_BODY = 3; // the body of a block, a section, a legacy tag or a message to a tool: see RawBodyReader
const REASONING = 4; // a `<think>` block: text, never calls, until its closing tag
const TOKEN_HEADER = 5; // a message's or channel's header of special tokens: is it a call, or prose?
const MARKER = 6; // `[` or `]` in prose, until we know whether it opens calls (or reasoning): see ProseMarker
const JSON_RUN = 7; // a marker's JSON calls, or JSON calls a reply starts with: see JsonRunReader

/** What a `]` in prose may open. */
const THINK_END = "</think>";
/**
 * The longest chunk a run is asked to take whole: a token stream's. A longer chunk goes the way every other does, which
 * searches it natively rather than a character at a time.
 */
const RUN_PIECE = 64;
/** The first characters of the words models write before the calls a reply starts with. */
const REPLY_START_INITIALS: ReadonlySet<string> = new Set(REPLY_START_MARKERS.map(({ marker }) => marker.charAt(0)));

/**
 * A tolerant, incremental scanner for tool calls written in text, in every syntax of {@link TEXT_TOOL_CALL_FORMATS}
 * (what opens each is in `formats/`, listed in its table). Chunks may split anywhere; every
 * character is looked at a bounded number of times (text held and found to be prose is read once more), so scanning
 * is linear. Both the one-shot parser and the stream use it.
 *
 * The scanner reads prose, and the tags, markers and headers in it that may open calls ({@link TagOpeners}); what
 * they open is read by a reader of its own, through the scanner's events and state: `<function_calls>` blocks by the
 * {@link XmlBlockReader}, bodies closed by a tag or token by the {@link RawBodyReader}, and a marker's JSON calls and the
 * JSON calls a reply starts with by the {@link JsonRunReader}. A tag in prose is read by a {@link ProseTag}, a marker
 * by a {@link ProseMarker}; the calls are numbered and reported by a {@link CallReporter}, and every event leaves
 * through an {@link EventOutbox}, which gathers prose and argument text.
 *
 * Hand-written on purpose: no XML library accepts what models write (a literal `</parameter>` inside a code value,
 * bare `<` and `&`, unclosed blocks), and none can report calls while the text is still arriving.
 */
export class ToolCallScanner implements ToolCallEventSource {
  private readonly catalog: ToolCatalog | undefined;
  private readonly formats: ReadonlySet<TextToolCallFormat>;
  private readonly deltas: boolean;
  private readonly repairBudget: RepairBudget;
  /** Where events leave: prose and argument text gathered, delivered to the sink or kept for `push`/`end`. */
  private readonly outbox: EventOutbox;
  private state = TEXT;
  /** Numbers the output's calls, keeps their ids unique, and reports them. */
  private readonly calls: CallReporter;
  /** A tag met in prose, in the `TEXT_TAG` state. */
  private readonly proseTag: ProseTag;
  /** A marker (`[`, `]`) in prose that may open calls, in the `MARKER` state. */
  private readonly marker = new ProseMarker();
  /** The header being read after a special token (see `TokenHeaderSyntax`), in the `TOKEN_HEADER` state. */
  private readonly tokenHeader = new TokenHeader();
  /** Reads a marker's JSON calls and the JSON calls a reply starts with, in the `JSON_RUN` state. */
  private readonly jsonRun: JsonRunReader;
  /** What the tags met in prose open. */
  private readonly openers: TagOpeners;
  /** Reads the bodies of blocks, sections, legacy tags and messages to a tool, in the `RAW_BODY` state. */
  private readonly rawBody: RawBodyReader;
  /** Reads `<function_calls>` blocks, in the `XML_BLOCK` state. */
  private readonly xmlBlock: XmlBlockReader;
  /** The XML block reader's parameter values: text without `<` is added here directly (the stream's fast path). */
  private readonly value = new ParameterValueScanner((text) => {
    if (this.deltas) this.outbox.delta += text;
  });
  /** Until prose other than whitespace is seen, a reasoning tag may open: reasoning comes first. */
  private atStart = true;
  private reasoningCloser = new ClosingLiteral(THINK_END);
  /**
   * Whether what a reply starts with may be calls, as JSON or a pythonic list, and which: only when the tools are
   * known, since nothing marks such calls.
   */
  private readonly readsReplyStartCalls: boolean;
  /** Whether what a reply starts with may be calls or a header begun in the prompt (see `scanText`). */
  private readonly readsReplyStartHeader: boolean;
  private readonly replyStartFormats: { json: boolean; pythonic: boolean };
  /**
   * Whitespace a reply starts with, held while it may be the space of a header the prompt began
   * (`<|start|>assistant to=functions.f`): dropped with the header, text otherwise.
   */
  private leadingSpace = "";
  /** The header read whose reply may start inside it (see `TokenHeaderSyntax.replyStart`), if one is. */
  private readonly replyStartHeader: (TokenHeaderSyntax & { replyStart: string }) | undefined;
  /** The marker read that JSON calls follow (see `MarkedJsonCallsSyntax`), if one is: a `[` in prose may open it. */
  private readonly markedJson: MarkedJsonCallsSyntax | undefined;
  /** What a `[` in prose may open, and at the output's start (the marker, and its model's reasoning). */
  private readonly bracketMarkers: readonly string[];
  private readonly bracketMarkersAtStart: readonly string[];
  /** The sections read that may end a `<think>` never closed (see `endsOpenReasoning`); none: only `</think>` does. */
  private readonly reasoningEndingSections: readonly TokenSectionSyntax[];
  /** What ends such reasoning: its closing tag, or the markers opening those sections (see `scanReasoningToCalls`). */
  private readonly reasoningEnds: readonly string[];
  /**
   * The markers in prose that open calls of the formats read (call blocks' markers, a model's words before its JSON
   * calls written anywhere: `functools[`), found whole in a chunk, and their first characters, which prose holds.
   */
  private readonly proseMarkers: ProseMarkerFinder;
  /** The characters that may start what {@link mayOpenWithoutTag} looks for: a character of prose is compared with them. */
  private readonly proseMarkerFirsts: string;
  /** The run of prose (see `TextRun`): a tag, or a marker that opens calls, ends it; at these characters. */
  private readonly proseRun: TextRun;
  private readonly proseStops: string;
  /** Whether the marker being read started as one of {@link proseMarkers}: text after its first character is read again. */
  private readingProseMarker = false;
  /** The words before JSON calls that open them anywhere in prose, by how they stand there (`functools[`). */
  private readonly proseCallWords: ReadonlyMap<string, ReplyStartMarker>;
  /**
   * What a reply may start with that opens a call block whose marker the chat template wrote in the prompt, each with
   * that block's syntax: read only when the tools are known.
   */
  private readonly replyStartBlocks: ReadonlyMap<string, CallBlockSyntax>;
  /** How many chunks were consumed, text read again counting as one: each is searched once per place found. */
  private chunksConsumed = 0;
  /** The run of a call's text the fast path reads, if the reader of the state opened one (see `TextRun`). */
  private run: TextRun | undefined;
  /**
   * The run a closer's first character (or in prose, a marker's) stopped, held on while the next character tells what
   * it is (see {@link holdOnRun}).
   */
  private heldRun: TextRun | undefined;
  /** The first character of a marker that stopped the run of prose, held (see {@link holdOnRun}); "" when none is. */
  private heldMarkerStart = "";
  /** Where prose's next `<` and `[` are: each chunk is searched once per place found. */
  private readonly nextLessThan = new NextOccurrence("<");
  private readonly nextBracket = new NextOccurrence("[");

  constructor(options: ToolCallScannerOptions) {
    this.catalog = options.catalog;
    this.formats = options.formats;
    this.deltas = options.deltas ?? true;
    this.repairBudget = options.repairBudget ?? new RepairBudget();
    this.outbox = new EventOutbox(options.sink, (argumentsDelta) => this.deltaOf(argumentsDelta));
    this.calls = new CallReporter(
      this.outbox,
      options.callIds ?? new CallIds(),
      this.deltas,
      options.firstCallIndex ?? 0,
    );
    this.replyStartFormats = { json: options.formats.has("json-text"), pythonic: options.formats.has("pythonic") };
    this.readsReplyStartCalls =
      (this.replyStartFormats.json || this.replyStartFormats.pythonic) && options.catalog !== undefined;
    // A model's words before its calls (`REPLY_START_MARKERS`) mark calls at a reply's start, tools known or not.
    this.replyStartHeader = TOKEN_HEADERS.find(
      (syntax): syntax is TokenHeaderSyntax & { replyStart: string } =>
        syntax.replyStart !== undefined && options.formats.has(syntax.format),
    );
    this.readsReplyStartHeader =
      this.readsReplyStartCalls || this.replyStartHeader !== undefined || this.replyStartFormats.json;
    this.openers = new TagOpeners(options.formats, options.catalog, this.readsReplyStartCalls);
    this.proseTag = new ProseTag(this.openers);
    this.markedJson = MARKED_JSON_CALLS.find((syntax) => options.formats.has(syntax.format));
    this.bracketMarkers = this.markedJson === undefined ? [] : [this.markedJson.marker];
    const reasoning = this.markedJson?.reasoning;
    this.bracketMarkersAtStart =
      reasoning === undefined ? this.bracketMarkers : [...this.bracketMarkers, reasoning.opener];
    this.reasoningEndingSections = TOKEN_SECTIONS.filter(
      (syntax) => syntax.endsOpenReasoning === true && options.formats.has(syntax.format),
    );
    this.reasoningEnds = [THINK_END, ...this.reasoningEndingSections.flatMap((syntax) => [...syntax.sections.keys()])];
    this.proseCallWords = new Map(
      this.replyStartFormats.json
        ? REPLY_START_MARKERS.flatMap((words) => (words.inProse === undefined ? [] : [[words.inProse, words] as const]))
        : [],
    );
    this.proseMarkers = new ProseMarkerFinder([
      ...[...CALL_BLOCK_MARKERS].flatMap(([marker, syntax]) => (options.formats.has(syntax.format) ? [marker] : [])),
      ...this.proseCallWords.keys(),
    ]);
    this.proseMarkerFirsts = `${this.markedJson === undefined ? "" : "["}${this.proseMarkers.groups.map(({ first }) => first).join("")}`;
    this.proseStops = `<${this.proseMarkerFirsts}`;
    this.proseRun = new TextRun(this.proseStops, undefined, undefined);
    const toolNames = [...(options.catalog?.byName.keys() ?? [])];
    this.replyStartBlocks = new Map(
      this.readsReplyStartCalls
        ? REPLY_START_CALL_BLOCKS.filter((syntax) => options.formats.has(syntax.format)).flatMap((syntax) =>
            (syntax.replyStart?.(toolNames) ?? []).map((literal) => [literal, syntax] as const),
          )
        : [],
    );
    const host = this.readerHost();
    this.rawBody = new RawBodyReader(host, this.calls);
    this.jsonRun = new JsonRunReader(host);
    this.xmlBlock = new XmlBlockReader(host, this.value);
    if (options.startsInReasoning !== undefined && options.startsInReasoning !== false) {
      this.state = REASONING;
      this.atStart = false;
      const closer = options.startsInReasoning === true ? THINK_END : options.startsInReasoning;
      this.reasoningCloser = new ClosingLiteral(closer);
    }
  }

  /**
   * Scans the next chunk and returns the events it completes (none when a sink takes them). A character of a call's
   * text that a run takes (see `TextRun`), and a chunk of prose or of a call's text that cannot change the state,
   * take fast paths: after the previous chunk nothing is pending, so their one event is delivered directly.
   */
  push(chunk: string): readonly ToolCallStreamEvent[] {
    // The finest chunk of a stream, and its most common: one character of a call's text that changes nothing else.
    // The rest is scanned apart, so that this path stays small enough for the JIT to inline into the caller's loop.
    const run = this.run;
    if (run !== undefined && typeof chunk === "string") {
      if (chunk.length === 1) {
        // Written out, not shared with a token's chunk below: this is the stream's per-character path, and the shared
        // form measured 2.5 ns a character slower (18.9 against 21.5 ns in a call's text).
        // Read before anything is kept: the JIT then checks the run's shape once, not again after each store (7 of
        // the path's 180 or so machine instructions a character, counted under callgrind).
        const { directSink, text, id, parameter } = run;
        const code = chunk.charCodeAt(0);
        if (run.takesAnywhere(code) || run.takesStop(code)) {
          // The most common of all: a call's text, sent straight to the consumer (see `directSinkOf`).
          if (directSink !== undefined && text !== undefined) {
            text.appendCode(code);
            directSink(
              parameter === undefined
                ? { type: "tool-call-delta", id, argumentsDelta: chunk }
                : { type: "tool-call-delta", id, argumentsDelta: chunk, parameter },
            );
            return NO_EVENTS;
          }
          if (run.text === undefined) return this.outbox.deliverAlone({ type: "text", delta: chunk });
          run.text.appendCode(code);
          run.alsoText?.appendCode(code);
          return run.id === NO_CALL ? NO_EVENTS : this.deliverCallText(run, chunk);
        }
      } else if (chunk.length > 1 && chunk.length <= RUN_PIECE && run.takesAll(chunk)) {
        return this.deliverRunPiece(run, chunk);
      }
    }
    return this.pushOutsideRun(chunk);
  }

  /** A chunk of a few characters (a token's) the run took whole. */
  private deliverRunPiece(run: TextRun, chunk: string): readonly ToolCallStreamEvent[] {
    if (run.text === undefined) return this.outbox.deliverAlone({ type: "text", delta: chunk });
    run.text.append(chunk);
    run.alsoText?.append(chunk);
    return run.id === NO_CALL ? NO_EVENTS : this.deliverCallText(run, chunk);
  }

  /** The event of a call's text a run took. */
  private deliverCallText(run: TextRun, chunk: string): readonly ToolCallStreamEvent[] {
    const { id, parameter } = run;
    return this.outbox.deliverAlone(
      parameter === undefined
        ? { type: "tool-call-delta", id, argumentsDelta: chunk }
        : { type: "tool-call-delta", id, argumentsDelta: chunk, parameter },
    );
  }

  /** A chunk the run, if one is open, does not take: it ends the run, and the reader may open another after it. */
  private pushOutsideRun(chunk: string): readonly ToolCallStreamEvent[] {
    const held = this.heldRun;
    let read = chunk;
    if (held !== undefined) {
      // Bytes are refused before what is held is let go: it stays held, and the stream reads on.
      if (typeof chunk !== "string") throw notTextError(chunk);
      this.heldRun = undefined;
      const text = this.textReleasedOnRun(held, chunk);
      if (text !== undefined) {
        // The run goes on, unless the character is held in turn: it may start a marker too (the second `f` of "off").
        if (this.heldMarkerStart === "") this.run = held;
        else this.heldRun = held;
        return this.deliverRunPiece(held, text);
      }
      this.closeRun(held);
      // A marker's start held in prose is read with the character that may go on with it.
      read = this.takeHeldMarkerStart() + chunk;
    } else if (this.run !== undefined) {
      if (this.holdOnRun(this.run, chunk)) return NO_EVENTS;
      this.closeRun(this.run);
    }
    const events = this.pushChunk(read);
    const run = this.openRun();
    if (run !== undefined) run.directSink = this.directSinkOf(run);
    this.run = run;
    return events;
  }

  /**
   * Whether `chunk` is held, with `run` kept to go on: a closer's first character that ended the run only as that (a
   * `<` in a value, a `>` in code before a `>>>`), which the body's reader holds; or in prose, a marker's first
   * character (the `f` of `functools[`). The next character most often rules the closer or marker out, and both are the
   * run's text then (see {@link textReleasedOnRun}). A `>` in each line of code, read off the run, cost about 200 ns
   * with the character after it; an `f` in prose, 450 ns.
   */
  private holdOnRun(run: TextRun, chunk: string): boolean {
    if (!isOneCharacter(chunk) || !this.holds(run, chunk)) return false;
    this.run = undefined;
    this.heldRun = run;
    return true;
  }

  /** Whether the reader holds `chunk`, the character that stopped `run` (see {@link holdOnRun}). */
  private holds(run: TextRun, chunk: string): boolean {
    if (this.state === RAW_BODY) return run.mayHold(chunk.charCodeAt(0)) && this.rawBody.holdsCloserCharacter(chunk);
    if (this.state !== TEXT || run !== this.proseRun || !this.proseMarkers.holds(chunk)) return false;
    this.heldMarkerStart = chunk;
    return true;
  }

  /**
   * The text let go when `chunk` (one character) rules out the held closer or marker: the held character and `chunk`,
   * when `chunk` is no stop of `held`, both then the run's text; in prose, the held character alone when `chunk` may
   * start a marker in turn, held in its place. Undefined, changing nothing, otherwise.
   */
  private textReleasedOnRun(held: TextRun, chunk: string): string | undefined {
    if (!isOneCharacter(chunk)) return undefined;
    const code = chunk.charCodeAt(0);
    if (this.state !== TEXT) return held.takesAnywhere(code) ? this.rawBody.releaseCloserStart(chunk) : undefined;
    if (this.proseMarkers.goesOn(this.heldMarkerStart, chunk)) return undefined;
    if (held.takesAnywhere(code)) return this.takeHeldMarkerStart() + chunk;
    if (!this.proseMarkers.holds(chunk)) return undefined;
    const released = this.heldMarkerStart;
    this.heldMarkerStart = chunk;
    return released;
  }

  /** The marker's start held in prose (see {@link holdOnRun}), no longer held; "" when none is. */
  private takeHeldMarkerStart(): string {
    const held = this.heldMarkerStart;
    this.heldMarkerStart = "";
    return held;
  }

  /**
   * Where the characters of `run` may go straight, with no other check on the per-character path: the consumer's sink,
   * when they are a call's text kept in one place. That path, beside the general one, measured 17.4 against 20.6 ns a
   * character in a call's string (1-character chunks, Node 22).
   */
  private directSinkOf(run: TextRun): ((event: ToolCallStreamEvent) => void) | undefined {
    return run.text !== undefined && run.alsoText === undefined && run.id !== NO_CALL ? this.outbox.sink : undefined;
  }

  /** The reader that opened the run counts in what it took. */
  private closeRun(run: TextRun): void {
    this.run = undefined;
    if (this.state === RAW_BODY) this.rawBody.closeRun(run);
    else if (this.state === JSON_RUN) this.jsonRun.closeRun(run);
    else if (this.state === XML_BLOCK) this.xmlBlock.closeRun();
    else if (this.state === TEXT_TAG) this.proseTag.closeRun();
    else if (this.state === MARKER) this.marker.closeRun();
    else if (this.state === TOKEN_HEADER) this.tokenHeader.closeRun();
  }

  /** The run the reader of the scanner's state opens where it is, if it opens one. */
  private openRun(): TextRun | undefined {
    switch (this.state) {
      case TEXT:
        // At the reply's start, prose may still be a header the prompt began, or JSON calls.
        return this.atStart ? undefined : this.proseRun.open(NO_CALL);
      case TEXT_TAG:
        return this.proseTag.openRun();
      case MARKER:
        return this.marker.openRun();
      case TOKEN_HEADER:
        // Past its length, a header is prose: what means something in prose ends its run (see `TokenHeader.openRun`).
        return this.tokenHeader.openRun(this.proseStops);
      case RAW_BODY:
        return this.rawBody.openRun();
      case JSON_RUN:
        return this.jsonRun.openRun();
      case XML_BLOCK:
        return this.xmlBlock.openRun();
      default:
        return undefined;
    }
  }

  private pushChunk(chunk: string): readonly ToolCallStreamEvent[] {
    if (chunk === "") return NO_EVENTS;
    // Bytes (a Uint8Array from a fetch body) are a caller's mistake to name, not a TypeError deep inside.
    if (typeof chunk !== "string") throw notTextError(chunk);
    // The arguments of a marker's call, or calls a reply starts with, where no bracket can end them: `<` is text there.
    if (this.state === JSON_RUN && this.jsonRun.takePlainText(chunk)) {
      const id = this.jsonRun.currentCallId;
      if (!this.deltas || id === undefined) return NO_EVENTS;
      return this.outbox.deliverAlone({ type: "tool-call-delta", id, argumentsDelta: chunk });
    }
    return this.pushOther(chunk);
  }

  /**
   * Whether what the scanner is reading takes `character` as one more of its own text, and nothing else happens: a tag
   * or special token met in prose, a header after a special token (`<|channel|>commentary to=functions.f`), a marker
   * (`[TOOL_CALLS]`) going on with one it may be, or the head after it (`get_weather[ARGS]`). What ends or breaks any of
   * them is consumed.
   */
  private takesOpeningCharacter(character: string): boolean {
    switch (this.state) {
      case TEXT_TAG:
        return this.proseTag.takeCharacter(character);
      case TOKEN_HEADER:
        return this.tokenHeader.takeCharacter(character);
      case MARKER:
        return this.marker.takeCharacter(character);
      case JSON_RUN:
        return this.jsonRun.takeHeadCharacter(character);
      default:
        return false;
    }
  }

  /** Scans a chunk {@link push} does not take on its fast paths. */
  private pushOther(chunk: string): readonly ToolCallStreamEvent[] {
    if (this.state === RAW_BODY) {
      // A call of a legacy tag, a message to a tool, a `<tool_call>`, a section or a call block streaming its text, and
      // no closing tag begun (or one held, which the chunk rules out: it is text too).
      const id = this.rawBody.takePlainText(chunk);
      if (id !== undefined) {
        if (!this.deltas || id === NO_CALL) return NO_EVENTS;
        return this.outbox.deliverAlone({ type: "tool-call-delta", id, argumentsDelta: this.rawBody.taken });
      }
      // A `<` in a body (or more of its closing tag) is only held until the next character tells what it is.
      if (chunk.length === 1 && this.rawBody.holdsCloserCharacter(chunk)) return NO_EVENTS;
    } else if (!holdsCharacter(chunk, "<")) {
      if (this.state === TEXT && !this.mayOpenWithoutTag(chunk)) {
        if (this.atStart && !isBlank(chunk)) this.atStart = false;
        return this.outbox.deliverAlone({ type: "text", delta: chunk });
      }
      const invoke = this.state === XML_BLOCK ? this.xmlBlock.valueInvoke : undefined;
      if (invoke !== undefined && this.value.readsPlainText) {
        this.value.text.append(chunk);
        if (!this.deltas) return NO_EVENTS;
        const { parameter } = this.xmlBlock;
        return this.outbox.deliverAlone({ type: "tool-call-delta", id: invoke.id, argumentsDelta: chunk, parameter });
      }
      if (chunk.length === 1 && this.takesOpeningCharacter(chunk)) return NO_EVENTS;
    }
    // Blocks close in what is consumed, and their JSON is repaired within the output's budget.
    const outer = enterRepairBudget(this.repairBudget);
    try {
      this.consume(chunk);
    } finally {
      leaveRepairBudget(outer);
    }
    return this.outbox.take();
  }

  /** The whitespace held at the reply's start (see {@link leadingSpace}), no longer held. */
  private takeLeadingSpace(): string {
    const space = this.leadingSpace;
    this.leadingSpace = "";
    return space;
  }

  /** Whether prose without `<` may still open calls: a marker (`[TOOL_CALLS]`), or JSON a reply starts with. */
  private mayOpenWithoutTag(chunk: string): boolean {
    return (
      this.holdsMarkerFirst(chunk) ||
      (this.atStart && this.readsReplyStartHeader && (this.replyStartHeader !== undefined || !isBlank(chunk)))
    );
  }

  /** Whether `chunk` holds a character that may start a marker (see {@link proseMarkerFirsts}); one is compared. */
  private holdsMarkerFirst(chunk: string): boolean {
    if (chunk.length === 1) return this.proseMarkerFirsts.includes(chunk);
    for (const first of this.proseMarkerFirsts) if (chunk.includes(first)) return true;
    return false;
  }

  /** Ends the input: held text is released, and a block left open becomes an `UNTERMINATED_CALL` error. */
  end(): readonly ToolCallStreamEvent[] {
    if (this.heldRun !== undefined) {
      this.closeRun(this.heldRun);
      this.heldRun = undefined;
    }
    if (this.run !== undefined) this.closeRun(this.run);
    const outer = enterRepairBudget(this.repairBudget);
    try {
      const heldMarkerStart = this.takeHeldMarkerStart();
      if (heldMarkerStart !== "") this.consume(heldMarkerStart);
      this.endState();
    } finally {
      leaveRepairBudget(outer);
    }
    return this.outbox.take();
  }

  /** Ends what the scanner is reading, and what reading it again leaves, if anything. */
  private endState(): void {
    this.outbox.text += this.takeLeadingSpace();
    switch (this.state) {
      case TEXT_TAG:
        this.outbox.text += this.proseTag.text;
        break;
      case XML_BLOCK:
        this.xmlBlock.end();
        break;
      case TEXT:
        break;
      case REASONING:
        // A model cut off mid-thought: what it wrote is text, and it made no call.
        this.outbox.text += this.reasoningCloser.held;
        break;
      case TOKEN_HEADER:
        this.outbox.text += this.tokenHeader.text;
        break;
      case MARKER:
        this.outbox.text += this.marker.text;
        break;
      case JSON_RUN:
        // What was held may be read again, and leave another state to end.
        if (this.jsonRun.end()) {
          this.endState();
          return;
        }
        break;
      default:
        if (this.rawBody.end()) {
          this.endState();
          return;
        }
    }
    this.state = TEXT;
  }

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
          index = this.proseTag.scan(chunk, index, this.atStart);
          if (this.proseTag.ended === "opens") this.openCall();
          else if (this.proseTag.ended === "prose") this.abandonTextTag();
          break;
        case XML_BLOCK:
          index = this.xmlBlock.scan(chunk, index);
          break;
        case REASONING:
          if (this.reasoningEndingSections.length > 0 && this.reasoningCloser.literal === THINK_END) {
            index = this.scanReasoningToCalls(chunk, index);
            break;
          }
          index = this.reasoningCloser.scan(chunk, index, this.appendReasoning);
          if (this.reasoningCloser.found) {
            this.outbox.text += this.reasoningCloser.literal;
            this.state = TEXT;
            // The answer starts after the reasoning: it may be JSON calls, as a reply may.
            this.atStart = true;
          }
          break;
        case TOKEN_HEADER:
          index = this.tokenHeader.scan(chunk, index);
          if (this.tokenHeader.ended !== undefined) this.openFromHeader(this.tokenHeader.ended);
          break;
        case MARKER:
          index = this.marker.scan(chunk, index);
          if (this.marker.ended !== undefined) this.openFromMarker();
          break;
        case JSON_RUN:
          index = this.jsonRun.scan(chunk, index);
          break;
        default:
          index = this.rawBody.scan(chunk, index);
      }
    }
  }

  // Prose -------------------------------------------------------------------------------------------------------

  private scanText(chunk: string, index: number, chunkNumber: number): number {
    if (this.atStart && this.readsReplyStartHeader) {
      const first = index + chunk.slice(index).search(/\S/);
      const character = first < index ? "" : chunk.charAt(first);
      const header = this.replyStartHeader;
      if (character === "" && header !== undefined) {
        this.leadingSpace += chunk.slice(index);
        return chunk.length;
      }
      const isReplyStart =
        character === "{" ||
        (character === "[" && this.markedJson === undefined) ||
        character === "`" ||
        REPLY_START_INITIALS.has(character);
      // A `[` may open a marker: it is read as one first, and as JSON when it is not.
      if (
        isReplyStart &&
        (this.readsReplyStartCalls || (REPLY_START_INITIALS.has(character) && this.replyStartFormats.json))
      ) {
        this.outbox.text += this.takeLeadingSpace() + chunk.slice(index, first);
        this.enterJsonRun();
        if (character === "{" || character === "[") this.jsonRun.startReplyValue();
        else this.jsonRun.startOpeningFence();
        return first;
      }
      // A reply read from mid-header: what its header holds comes first; or a call block whose marker the prompt wrote.
      const literals = [
        ...(header !== undefined && character === header.replyStart.charAt(0) ? [header.replyStart] : []),
        ...(character === ""
          ? []
          : [...this.replyStartBlocks.keys()].filter((literal) => literal.startsWith(character))),
      ];
      if (literals.length > 0) {
        this.leadingSpace += chunk.slice(index, first);
        this.marker.start(character, literals);
        this.state = MARKER;
        return first + 1;
      }
    }
    if (this.leadingSpace !== "") this.outbox.text += this.takeLeadingSpace();
    const lessThan = this.formats.size === 0 ? -1 : this.nextLessThan.in(chunk, chunkNumber, index);
    const bracket = this.markedJson !== undefined ? this.nextBracket.in(chunk, chunkNumber, index) : -1;
    let opening = [lessThan, bracket].reduce(earliest, -1);
    const markerAt = this.proseMarkers.find(chunk, chunkNumber, index, opening);
    const proseMarker = markerAt === -1 ? undefined : this.proseMarkers.found;
    if (markerAt !== -1) opening = markerAt;
    const end = opening === -1 ? chunk.length : opening;
    if (this.atStart && !isBlank(chunk.slice(index, end))) this.atStart = false;
    if (opening === -1) {
      this.outbox.text += index === 0 ? chunk : chunk.slice(index);
      return chunk.length;
    }
    if (opening > index) this.outbox.text += chunk.slice(index, opening);
    if (proseMarker !== undefined) {
      this.marker.start(proseMarker.first, proseMarker.literals);
      this.readingProseMarker = true;
      this.state = MARKER;
    } else if (opening === bracket) {
      this.marker.start("[", this.atStart ? this.bracketMarkersAtStart : this.bracketMarkers);
      this.state = MARKER;
    } else {
      this.openTextTag();
    }
    return opening + 1;
  }

  /** A tag starts in prose at its `<`, or with `held`, the start of a tag a reader left to prose. */
  private openTextTag(held?: string): void {
    this.proseTag.start(held);
    this.state = TEXT_TAG;
  }

  private abandonTextTag(): void {
    this.outbox.text += this.proseTag.text;
    this.atStart = false;
    this.state = TEXT;
  }

  /** What a tag named `name` in prose opens, given the formats read and the tools known; undefined: it is text. */
  private openCall(): void {
    const { opener, text: tag } = this.proseTag;
    // A header opening the output may open its reasoning: known at its name.
    const openedAtStart = this.atStart;
    this.atStart = false;
    if (opener === "reasoning") {
      this.outbox.text += tag;
      this.state = REASONING;
      this.reasoningCloser = new ClosingLiteral(reasoningCloserOf(tagName(tag)) ?? "");
      return;
    }
    if (opener === "dropped") {
      if (tagName(tag) === this.openers.droppedClosingTag) this.openers.droppedClosingTag = undefined;
      this.state = TEXT;
      return;
    }
    if (opener === "message-separator") {
      // A message starts: it may be calls, as a reply may. The token only frames the messages: it is no text.
      this.state = TEXT;
      this.atStart = true;
      return;
    }
    if (opener === "function_calls") {
      const blockName = tagName(tag);
      const mayHoldOtherCalls = this.openers.readsCallsInside(blockName);
      if (mayHoldOtherCalls && !this.formats.has("xml")) {
        this.openCallsInside(blockName);
        return;
      }
      this.state = XML_BLOCK;
      this.xmlBlock.open(blockName, mayHoldOtherCalls);
      return;
    }
    if (opener === "tool_call") {
      this.state = RAW_BODY;
      this.rawBody.openToolCall(tag);
      return;
    }
    if (opener === "token-header") {
      const syntax = this.openers.headerOpenedBy(tagName(tag));
      if (syntax === undefined) return;
      this.tokenHeader.start(tag, syntax, openedAtStart);
      this.state = TOKEN_HEADER;
      return;
    }
    if (opener === "call-block") {
      const block = CALL_BLOCK_TAGS.get(tagName(tag));
      if (block === undefined) return;
      this.state = RAW_BODY;
      this.rawBody.openCallBlock(block.syntax, tag, block.closer);
      return;
    }
    if (opener === "call-wrapper") {
      this.enterJsonRun();
      this.jsonRun.startAfterWrapper(tag, CALL_WRAPPERS.get(tagName(tag)) ?? "");
      return;
    }
    if (opener === "section") {
      const marker = tag.replace(/\s/g, "");
      const syntax = this.openers.sectionOpenedBy(marker);
      if (syntax === undefined) return;
      this.state = RAW_BODY;
      this.rawBody.openSection(syntax, marker, syntax.sections.get(marker) ?? "");
      return;
    }
    if (opener === "function" || opener === "xml-function") {
      if (this.catalog?.byName.has(bareFunctionName(tag)) !== true) {
        this.outbox.text += tag;
        this.state = TEXT;
        return;
      }
      this.state = RAW_BODY;
      this.rawBody.openBareFunction(tag);
      return;
    }
    if (opener === undefined) return;
    this.state = RAW_BODY;
    this.rawBody.openLegacyTag(opener, tag);
  }

  /** Acts on what a header after a special token opened (see {@link TokenHeader}). */
  private openFromHeader(ended: TokenHeaderEnd): void {
    const header = this.tokenHeader.text;
    if (ended.opens === "call") {
      // The message is the call's arguments: it starts now, and its text streams.
      this.state = RAW_BODY;
      this.rawBody.openMessageCall(ended.tool, header, ended.closer, ended.format);
    } else if (ended.opens === "section") {
      this.state = RAW_BODY;
      this.rawBody.openSection(ended.syntax, header, ended.closer);
    } else {
      if (ended.opens === "text" || ended.opens === "reasoning") this.outbox.text += header;
      this.state = ended.opens === "reasoning" ? REASONING : TEXT;
      if (ended.opens === "reasoning") this.reasoningCloser = new ClosingLiteral(ended.closer);
    }
  }

  /**
   * Reasoning in `<think>` that a section's calls may end (see `endsOpenReasoning`): the model makes them without
   * closing its reasoning, and the reasoning ends at `</think>` or at a call section, or a call, standing alone. Each
   * `<` is read as a marker that may be one of those.
   */
  private scanReasoningToCalls(chunk: string, index: number): number {
    const lessThan = chunk.indexOf("<", index);
    const end = lessThan === -1 ? chunk.length : lessThan;
    this.appendReasoning(index === 0 && end === chunk.length ? chunk : chunk.slice(index, end));
    if (lessThan === -1) return chunk.length;
    this.marker.start("<", this.reasoningEnds);
    this.state = MARKER;
    return lessThan + 1;
  }

  /** Text of a reasoning block: text like prose, read for no call (an arrow: passed to {@link ClosingLiteral.scan}). */
  private readonly appendReasoning = (text: string): void => {
    this.outbox.text += text;
  };

  // A marker's calls and JSON calls --------------------------------------------------------------------------------

  /** Reads the XML block named `blockName` as the other syntax's calls it holds (see `CALLS_INSIDE_XML_BLOCKS`). */
  private openCallsInside(blockName: string): void {
    const syntax = CALLS_INSIDE_XML_BLOCKS.get(blockName);
    if (syntax === undefined) return;
    this.state = RAW_BODY;
    this.rawBody.openCallBlock(syntax, `<${blockName}>`, `</${blockName}>`);
  }

  /**
   * Acts on what a marker in prose opened: its JSON calls, its model's reasoning, a call block its marker opens, or a
   * header a reply starts inside (` to=functions.get_weather<|channel|>...`). Any other `[`
   * is text (or, starting a reply, JSON that may be calls); any other `]` is text, and what was held after it is read
   * again (it may open a tag).
   */
  private openFromMarker(): void {
    const { ended, text } = this.marker;
    const startedInProse = this.readingProseMarker;
    this.readingProseMarker = false;
    const markedBlock = ended === undefined ? undefined : CALL_BLOCK_MARKERS.get(ended);
    const endingSection =
      ended === undefined ? undefined : this.reasoningEndingSections.find((syntax) => syntax.sections.has(ended));
    const leadingSpace = this.takeLeadingSpace();
    const replyStartHeader = ended === undefined ? undefined : this.replyStartHeader;
    const startsHeader = replyStartHeader !== undefined && ended === replyStartHeader.replyStart;
    if (!startsHeader) this.outbox.text += leadingSpace;
    const marked = this.markedJson;
    const reasoning = marked?.reasoning;
    if (marked !== undefined && ended === marked.marker) {
      this.enterJsonRun();
      this.jsonRun.startMarked(marked);
    } else if (reasoning !== undefined && ended === reasoning.opener) {
      this.outbox.text += text;
      this.atStart = false;
      this.state = REASONING;
      this.reasoningCloser = new ClosingLiteral(reasoning.closer);
    } else if (ended === THINK_END) {
      this.outbox.text += text;
      this.state = TEXT;
      this.atStart = true;
    } else if (endingSection !== undefined) {
      this.state = RAW_BODY;
      this.rawBody.openSection(endingSection, text, endingSection.sections.get(ended ?? "") ?? "");
    } else if (ended !== undefined && this.replyStartBlocks.has(ended)) {
      // The block's marker is in the prompt: what the reply starts with is its body's start.
      const syntax = this.replyStartBlocks.get(ended) as CallBlockSyntax;
      this.atStart = false;
      this.state = RAW_BODY;
      this.rawBody.openCallBlock(syntax, "", syntax.marker?.closing ?? "");
      this.consume(ended);
    } else if (text.startsWith("<")) {
      // In reasoning a section may end, and none of what ends it.
      this.outbox.text += text;
      this.state = REASONING;
    } else if (startsHeader) {
      this.atStart = false;
      this.tokenHeader.start(text, replyStartHeader, true);
      this.state = TOKEN_HEADER;
    } else if (markedBlock?.marker !== undefined) {
      this.atStart = false;
      this.state = RAW_BODY;
      this.rawBody.openCallBlock(markedBlock, text, markedBlock.marker.closing);
    } else if (ended !== undefined && this.proseCallWords.has(ended)) {
      // The model's words are the wrapper: text, and reported, if no call follows; what follows them is read on.
      const words = this.proseCallWords.get(ended) as ReplyStartMarker;
      this.enterJsonRun();
      this.jsonRun.startAfterWrapper(words.marker, words.closer, true);
      this.consume(ended.slice(words.marker.length));
    } else if (startedInProse) {
      this.outbox.text += text.charAt(0);
      this.atStart = false;
      this.state = TEXT;
      this.consume(text.slice(1));
    } else if (this.atStart && this.readsReplyStartCalls && text.startsWith("[")) {
      // Not `[TOOL_CALLS]`: a JSON array or a pythonic call list (`[Translate(...)]`) may start so.
      this.enterJsonRun();
      this.jsonRun.startReplyValue(text);
    } else {
      this.outbox.text += text;
      this.atStart = false;
      this.state = TEXT;
    }
  }

  /** A marker's JSON calls, or JSON calls a reply starts with, may follow: the {@link JsonRunReader} reads on. */
  private enterJsonRun(): void {
    this.atStart = false;
    this.state = JSON_RUN;
  }

  /**
   * What the readers of blocks and runs read through: this scanner's prose, deltas, calls and state. One object for
   * all three, written without getters (a literal with a getter is built in dictionary mode, and slow to read).
   */
  private readerHost(): RawBodyHost & XmlBlockHost & JsonRunHost {
    const calls = this.calls;
    return {
      catalog: this.catalog,
      formats: this.formats,
      deltas: this.deltas,
      replyStartFormats: this.replyStartFormats,
      nextCallIndex: () => calls.nextIndex(),
      takeCallIndex: () => calls.takeIndex(),
      appendText: (text) => {
        this.outbox.text += text;
      },
      addDelta: (text) => {
        this.outbox.delta += text;
      },
      flushDelta: () => this.outbox.flushDelta(),
      startCall: (writtenId, name) => calls.start(writtenId, name),
      emitCall: (built) => this.outbox.emitCall(built),
      error: (error) => this.outbox.error(error),
      confirmCalls: (announced, built) => calls.confirm(announced, built),
      emitBlockCalls: (built, confirmed) => calls.reportBlock(built, confirmed),
      enter: () => {
        this.state = RAW_BODY;
      },
      leave: (atStart = false) => {
        this.state = TEXT;
        if (atStart) this.atStart = true;
      },
      readAgain: (text) => this.consume(text),
      continueTag: (held) => this.openTextTag(held),
      dropClosingTag: (name) => {
        this.openers.droppedClosingTag = name;
      },
      readAsXmlBlock: (blockName, body) => {
        this.state = XML_BLOCK;
        this.xmlBlock.open(blockName, false);
        this.consume(body);
      },
      openCallsInside: (blockName) => this.openCallsInside(blockName),
    };
  }

  /** The delta event of argument text, for the call (and parameter) being read; none when no call is. */
  private deltaOf(argumentsDelta: string): ToolCallStreamEvent | undefined {
    const invoke = this.xmlBlock.openInvoke;
    if (invoke !== undefined) {
      return { type: "tool-call-delta", id: invoke.id, argumentsDelta, parameter: this.xmlBlock.parameter };
    }
    const id = this.rawBody.currentCallId ?? this.jsonRun.currentCallId;
    return id === undefined ? undefined : { type: "tool-call-delta", id, argumentsDelta };
  }
}

/** The earlier of two places in a chunk, -1 being none (a reducer). */
function earliest(first: number, at: number): number {
  return at !== -1 && (first === -1 || at < first) ? at : first;
}

function isBlank(text: string): boolean {
  return text.trim() === "";
}

/** Whether `chunk` is one character of text: a caller's chunk may be no string at all (see {@link notTextError}). */
function isOneCharacter(chunk: string): boolean {
  return typeof chunk === "string" && chunk.length === 1;
}

/** The error for a chunk that is not text (a `Uint8Array` from a fetch body): a caller's mistake, named. */
function notTextError(chunk: unknown): ActionRecallError {
  return new ActionRecallError("INVALID_ARGUMENTS", `push takes text: decode the ${typeof chunk} first`, {
    data: { parameter: "chunk" },
  });
}
