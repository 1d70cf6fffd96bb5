import { REPLY_START_MARKERS } from "../formats/index.js";
import { generatedCallId, type TextToolCallFormat } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import type { BuiltBlockCalls } from "./build-xml-call.js";
import type { AnnouncedCall } from "./call-announcer.js";
import { isCallMarker } from "./format-family.js";
import { JsonValueEnd } from "./json-value-end.js";
import { firstCallName, readReplyStartCalls, startsLikeReplyCalls } from "./read-reply-start-calls.js";
import { shortenText } from "./shorten-text.js";
import { TextAccumulator } from "./text-accumulator.js";
import { HeldTextRuns, NO_CALL, type RunStops, type TextRun, TextRuns } from "./text-run.js";
import type { ToolCatalog } from "./tool-catalog.js";
import { isSpace } from "./xml-characters.js";

/** What a {@link JsonRunReader} needs of the scanner it reads for. */
export interface JsonRunHost {
  readonly catalog: ToolCatalog | undefined;
  readonly deltas: boolean;
  /** Which syntaxes the calls a reply starts with are read in. */
  readonly replyStartFormats: { json: boolean; pythonic: boolean };
  /**
   * The index the next call gets. A method, not a getter: a host written as an object literal with a getter is built
   * in dictionary mode, and every property read of it is then slow (the raw body reader reads its host per chunk).
   */
  nextCallIndex(): number;
  /** Prose of the output. */
  appendText(text: string): void;
  /** Raw argument text of the call started last; {@link flushDelta} sends what was added. */
  addDelta(text: string): void;
  flushDelta(): void;
  /** The run is over: what follows is prose, or (`atStart`) may be calls again, as at a reply's start. */
  leave(atStart: boolean): void;
  /** Reads text held during the run again, as prose (after {@link leave}). */
  readAgain(text: string): void;
  /** Sends a call's start; returns the id it went out by. */
  startCall(writtenId: string, name: string): string;
  error(error: ToolCallError): void;
  /** The announced calls the calls read give as announced; the others are withdrawn. */
  confirmCalls(announced: readonly AnnouncedCall[], built: BuiltBlockCalls): AnnouncedCall[];
  /** Reports calls read whole: those `confirmed` were started already. */
  emitBlockCalls(built: BuiltBlockCalls, confirmed?: readonly AnnouncedCall[]): void;
}

/**
 * A model's marker in prose, starting with `[`, after which it writes its calls as JSON, perhaps after a head naming
 * the call (`[TOOL_CALLS]get_weather[ARGS]{...}`): everything the engine needs to know of it, written in the family's
 * file under `formats/`.
 */
export interface MarkedJsonCallsSyntax {
  /** The format its calls carry: the marker is read only when that format is. */
  readonly format: TextToolCallFormat;
  readonly marker: string;
  /** The tokens the model writes its reasoning between, at the output's start, if it has such (they start with `[`). */
  readonly reasoning?: { opener: string; closer: string };
  /** How long a head may grow: longer text after the marker is prose. */
  readonly headLimit: number;
  /** Whether text after the marker, before any `{`, can still become a head (or nothing yet). */
  canStartHead(head: string): boolean;
  /** The call a whole head names, when it names one; its id if written. */
  headCall(head: string): { name: string; id?: string } | undefined;
  /**
   * Where a stream's run may take the head on from `head` (see `TextRun`): a run whose every character leaves a head
   * that can still become whole (a name's characters, to what may end the name; the rest of a marker begun). Undefined
   * where the next character must be looked at.
   */
  headRun?(head: string): RunStops | undefined;
  /** The tool's name a head starts with, if any. */
  headName(head: string): string | undefined;
  /** The calls after one marker, from its head and the JSON after it. */
  build(head: string, json: string, firstCallIndex: number, catalog: ToolCatalog | undefined): BuiltBlockCalls;
}

/** Where a run is. */
type RunState =
  | "head" // after a marker (`[TOOL_CALLS]`): a tool's name and markers, until the JSON
  | "value" // a JSON object or array: a marker's calls, or what a reply starts with that may be calls
  | "before-call" // after a wrapper (`<|python_tag|>`), a fence or a JSON call: until the next call's `{`
  | "opening-fence"; // a reply starting with a code fence or `functools`, until whole: may JSON calls follow?

/** JSON a reply starts with whose first key is not known after this many characters is not a call. */
const JSON_CALL_START_LIMIT = 256;
/** The line of an opening code fence (```` ```json ````), complete or not yet. */
const OPENING_FENCE_LINE = /^(?:`{1,3}|```[\w-]*[ \t]*\r?\n?)$/;

/**
 * Words a model writes before the JSON calls a reply starts with (`functools[...]`): its calls, tools known or not.
 */
export interface ReplyStartMarker {
  readonly marker: string;
  /** What closes the calls after it; "" when nothing does. */
  readonly closer: string;
  /** The start of {@link marker} the model also writes alone right before a `{`, if it does. */
  readonly bareMarker?: string;
  /**
   * The marker as it opens calls anywhere in prose, if it does (`functools[`): the model's own words, so one followed by
   * no call is reported.
   */
  readonly inProse?: string;
}

/** What models write between the JSON calls a reply starts with, besides whitespace (`{...};{...}`, `{...},{...}`). */
const CALL_SEPARATORS: ReadonlySet<string> = new Set([";", ","]);

/**
 * Reads a run of JSON calls, from where the scanner found one may start to where it ends: after a marker such as
 * `[TOOL_CALLS]` (its head, then its JSON; see {@link MarkedJsonCallsSyntax}), and the JSON (or pythonic) calls a reply starts with, bare, after a code fence, after
 * a model's words (`functools`; see `REPLY_START_MARKERS`), or after a wrapper tag (`<|python_tag|>`, `<tools>`), one after another.
 * What turns out to be no call is handed back as prose, to be read again.
 */
export class JsonRunReader {
  private state: RunState = "value";
  private readonly valueEnd = new JsonValueEnd();
  private readonly value = new TextAccumulator();
  /** The runs of the value's text (see {@link openRun}), and of a head's tool name. */
  private readonly runs = new TextRuns(this.value);
  private readonly headRuns = new HeldTextRuns();
  private source: "reply-start" | "marker" = "reply-start";
  /** The marker's syntax, in a run it opened. */
  private marked: MarkedJsonCallsSyntax | undefined;
  /** For JSON a reply starts with: whether its first key is one a call has (undefined until that key is whole). */
  private startsLikeCall: boolean | undefined;
  /** Text held before such JSON (a wrapper, a fence, the `;` between calls): dropped when the JSON is calls. */
  private prefix = "";
  /** What ends the JSON calls being read, when they stand in a fence or between a model's tokens; "" when nothing. */
  private closer = "";
  /** The wrapper that opened them (`<function_call>`), which may open each later call too; "" when none. */
  private opener = "";
  /** What was read after the last call of that closer or wrapper, while it may still be one. */
  private tagHeld = "";
  /** Whether a JSON call was read since the wrapper or fence: later ones must each be an object. */
  private hasCall = false;
  /**
   * Whether a model's own marker opened the run (`<|python_tag|>`, `functools`, `function call<|role_sep|>`): its JSON
   * is calls even when no tools are known.
   */
  private markedByModel = false;
  /** What stands between a marker and its JSON: a tool's name and markers, or nothing. */
  private head = "";
  /** The call a marker's head names, announced when its JSON arguments start. */
  private headCall: AnnouncedCall | undefined;

  constructor(private readonly host: JsonRunHost) {}

  /** The id of the call a marker's head named whose arguments are streaming, if one is. */
  get currentCallId(): string | undefined {
    return this.headCall?.id;
  }

  /**
   * The run of the value's text where it is (see `TextRun`), when the value is known to be calls: inside a string,
   * or between strings. Its characters are text of the call a marker's head named, if one did. After a marker, the
   * run its head may take (see `MarkedJsonCallsSyntax.headRun`).
   */
  openRun(): TextRun | undefined {
    if (this.state === "head") {
      const stops = this.marked?.headRun?.(this.head);
      return stops === undefined ? undefined : this.headRuns.open(stops);
    }
    if (this.state !== "value" || this.startsLikeCall !== true) return undefined;
    const stops = this.valueEnd.runStops();
    if (stops === undefined) return undefined;
    return this.runs.open("", stops, this.host.deltas ? (this.headCall?.id ?? NO_CALL) : NO_CALL);
  }

  /** The run ended: the value's reader counts in what it took; a head, the characters. */
  closeRun(run: TextRun): void {
    if (this.state === "head") this.head += this.headRuns.take();
    else this.valueEnd.closeRun(run);
  }

  /**
   * Adds `chunk` to the JSON value being read when it can only add to it: the value is known to be calls, and the chunk
   * holds no bracket that could end it. Returns whether it took the chunk; the stream's fast path then sends it as the
   * text of {@link currentCallId}, if a call's arguments are streaming.
   */
  takePlainText(chunk: string): boolean {
    if (this.state !== "value" || this.startsLikeCall !== true || this.valueEnd.mayEndWith(chunk)) return false;
    this.valueEnd.scan(chunk, 0);
    this.value.append(chunk);
    return true;
  }

  /** Starts after the marker of `syntax`. */
  startMarked(syntax: MarkedJsonCallsSyntax): void {
    this.marked = syntax;
    this.head = "";
    this.state = "head";
  }

  /** Starts a reply's JSON at `opening` (`{` or `[`, not yet read, or already read when `read`). */
  startReplyValue(opening = ""): void {
    this.startRun();
    this.startValue("reply-start");
    this.valueEnd.scan(opening, 0);
    this.value.append(opening);
  }

  /** Starts a reply's opening code fence, `functools` or `function call`. */
  startOpeningFence(): void {
    this.startRun();
    this.state = "opening-fence";
  }

  /**
   * Starts after a wrapper tag (`<|python_tag|>`) or marker, which is text if no call follows (and reported when a
   * model's own marker, `markedByModel`), and what closes its calls.
   */
  startAfterWrapper(wrapper: string, closer: string, markedByModel = isCallMarker(wrapper.slice(1))): void {
    this.startRun();
    this.prefix = wrapper;
    this.closer = closer;
    this.opener = wrapper;
    this.markedByModel = markedByModel;
    this.state = "before-call";
  }

  /** Reads `chunk` from `start` in the run's state and returns where it stopped. */
  scan(chunk: string, start: number): number {
    switch (this.state) {
      case "head":
        return this.scanHead(chunk, start);
      case "value":
        return this.scanValue(chunk, start);
      case "before-call":
        return this.scanBeforeCall(chunk, start);
      case "opening-fence":
        return this.scanOpeningFence(chunk, start);
    }
  }

  /**
   * The output ended in the run: a marker's call, or JSON calls that name a known tool, did not close and are not run;
   * what was held for calls that did not come is prose. Returns whether that prose was read again (the scanner's state
   * must then be ended in turn).
   */
  end(): boolean {
    if (this.state === "before-call" || this.state === "opening-fence") {
      this.releasePrefix();
      return true;
    }
    const json = this.state === "value" ? this.value.toString() : "";
    if (this.state === "value" && this.source === "reply-start") {
      const name = firstCallName(json);
      if (this.startsLikeCall !== true || name === undefined || this.host.catalog?.byName.has(name) !== true) {
        this.releaseValue();
        return true;
      }
      this.host.error({
        code: "UNTERMINATED_CALL",
        message: `The output ended inside a call of "${name}" the reply starts with; a call that did not close is not run`,
        name,
      });
      return false;
    }
    const name = this.marked?.headName(this.head);
    const error: ToolCallError = {
      code: "UNTERMINATED_CALL",
      message: `The output ended inside ${this.marked?.marker ?? ""}${shortenText(`${this.head}${json}`)}; a call that did not close is not run`,
    };
    if (name !== undefined) error.name = name;
    if (this.headCall !== undefined) error.callId = this.headCall.id;
    this.host.error(error);
    this.headCall = undefined;
    return false;
  }

  private startRun(): void {
    this.prefix = "";
    this.closer = "";
    this.opener = "";
    this.tagHeld = "";
    this.hasCall = false;
    this.markedByModel = false;
  }

  private startValue(source: "reply-start" | "marker"): void {
    this.source = source;
    this.startsLikeCall = source === "marker" ? true : undefined;
    this.value.reset();
    this.valueEnd.reset();
    this.state = "value";
  }

  /**
   * Takes `character` (one) when it only adds to a marker's head, as {@link scanHead} would read it (no bracket that
   * starts the JSON, and the head can still become one), and returns whether it did: the stream's fast path.
   */
  takeHeadCharacter(character: string): boolean {
    const marked = this.marked;
    if (this.state !== "head" || marked === undefined || character === "{" || character === "[") return false;
    const head = this.head + character;
    if (head.length > marked.headLimit || !marked.canStartHead(head)) return false;
    this.head = head;
    return true;
  }

  /**
   * After a marker: a tool's name and its markers up to the `{` of its arguments, or nothing before the `[` or `{` of
   * call objects. Text that cannot be either is prose, and the marker is reported.
   */
  private scanHead(chunk: string, start: number): number {
    const marked = this.marked;
    if (marked === undefined) return start;
    // A run may have taken a name past the length a head may have: it is text, as at the character that passed it.
    if (this.head.length > marked.headLimit) return this.readHeadAsText(marked, start);
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === "{" || (character === "[" && this.head.trim() === "")) {
        this.startValue("marker");
        this.startHeadCall(marked);
        return index;
      }
      this.head += character;
      if (!marked.canStartHead(this.head) || this.head.length > marked.headLimit) {
        return this.readHeadAsText(marked, index + 1);
      }
    }
    return chunk.length;
  }

  /** The head can be no call's: the marker is reported, and it and the head are text; returns where to read on. */
  private readHeadAsText(marked: MarkedJsonCallsSyntax, next: number): number {
    this.host.error({
      code: "PARSE_ERROR",
      message: `${marked.marker} is followed by neither call objects nor a tool's name; it is read as text`,
    });
    this.host.appendText(marked.marker);
    this.host.leave(false);
    this.host.readAgain(this.head);
    return next;
  }

  /** A head that names its tool (`get_weather[ARGS]`) starts the call: its JSON arguments then stream. */
  private startHeadCall(marked: MarkedJsonCallsSyntax): void {
    const named = marked.headCall(this.head);
    if (named === undefined) return;
    const writtenId = named.id ?? generatedCallId(this.host.nextCallIndex());
    this.headCall = { id: this.host.startCall(writtenId, named.name), name: named.name, writtenId };
  }

  /**
   * Reads a JSON object or array to its last bracket. JSON a reply starts with is held meanwhile, and is text as soon
   * as its first key shows it is no call.
   */
  private scanValue(chunk: string, start: number): number {
    const end = this.valueEnd.scan(chunk, start);
    const text = start === 0 && end === chunk.length ? chunk : chunk.slice(start, end);
    this.value.append(text);
    if (this.host.deltas && this.headCall !== undefined) this.host.addDelta(text);
    if (this.valueEnd.found) {
      this.closeValue();
    } else if (this.startsLikeCall === undefined) {
      const held = this.value.toString();
      this.startsLikeCall = startsLikeReplyCalls(held) ?? (held.length > JSON_CALL_START_LIMIT ? false : undefined);
      if (this.startsLikeCall === false) this.releaseValue();
    }
    return end;
  }

  private closeValue(): void {
    const json = this.value.toString();
    const host = this.host;
    const marked = this.marked;
    if (this.source === "marker" && marked !== undefined) {
      host.leave(false);
      const built = marked.build(this.head, json, host.nextCallIndex(), host.catalog);
      // JSON that holds no call is reported, and read as the prose it was.
      if (built.calls.length === 0) {
        host.appendText(marked.marker);
        host.readAgain(`${this.head}${json}`);
      }
      const announced = this.headCall === undefined ? [] : [this.headCall];
      // Its last text goes out under its id.
      host.flushDelta();
      this.headCall = undefined;
      host.emitBlockCalls(built, host.confirmCalls(announced, built));
      return;
    }
    // After a model's own marker the JSON is calls, tools known or not; elsewhere only calls of known tools are.
    const built = readReplyStartCalls(
      json,
      host.replyStartFormats,
      host.nextCallIndex(),
      host.catalog,
      this.markedByModel,
    );
    if (built === undefined) {
      this.releaseValue();
      return;
    }
    this.prefix = "";
    this.hasCall = true;
    host.emitBlockCalls(built);
    this.state = "before-call";
  }

  /** JSON a reply starts with that is no call: text, with what was held before it. */
  private releaseValue(): void {
    this.prefix += this.value.toString();
    this.value.reset();
    this.releasePrefix();
  }

  /**
   * What was held for JSON calls that did not come is prose: it is read again as prose, where a tag may open a call,
   * so that where the JSON turned out to be no call (at once, or at its end) changes nothing.
   */
  private releasePrefix(): void {
    const held = this.prefix;
    // The wrapper itself is text, not read again: a model's own marker would open the run again.
    const wrapper = held.startsWith(this.opener) ? this.opener : "";
    if (!this.hasCall && wrapper !== "" && this.markedByModel) {
      this.host.error({ code: "PARSE_ERROR", message: `${wrapper} is followed by no call; it is read as text` });
    }
    this.startRun();
    this.host.leave(false);
    this.host.appendText(wrapper);
    this.host.readAgain(held.slice(wrapper.length));
  }

  /**
   * A reply's opening code fence, or a model's words before its calls (see `REPLY_START_MARKERS`): JSON calls may
   * follow the fence's line, or the words; any other text is prose.
   */
  private scanOpeningFence(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      const bare =
        character === "{" ? REPLY_START_MARKERS.find((words) => words.bareMarker === this.prefix) : undefined;
      if (bare !== undefined) {
        this.closer = bare.closer;
        this.state = "before-call";
        return index;
      }
      this.prefix += character;
      const isFence = OPENING_FENCE_LINE.test(this.prefix);
      if (!isFence && !REPLY_START_MARKERS.some((words) => words.marker.startsWith(this.prefix))) {
        this.releasePrefix();
        return index + 1;
      }
      const marker = REPLY_START_MARKERS.find((words) => words.marker === this.prefix);
      if ((isFence && character === "\n") || marker !== undefined) {
        this.markedByModel = !isFence;
        this.closer = isFence ? "```" : (marker?.closer ?? "");
        this.state = "before-call";
        return index + 1;
      }
    }
    return chunk.length;
  }

  /**
   * After a wrapper (`<|python_tag|>`, a `<tools>` tag), an opening fence or a JSON call: whitespace
   * and the `;` or `,` some models put between calls are held until a `{` starts the next call (or a `[`, calls in an array,
   * before the first), and are dropped then; so is what closes the calls (a fence, `<|python_end|>`, `</tools>`).
   * Anything else is prose again, and what was held is text.
   */
  private scanBeforeCall(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      // Not inside a tag half read: `<function_ca{` is text.
      if (this.tagHeld === "" && (character === "{" || (character === "[" && !this.hasCall))) {
        this.startValue("reply-start");
        return index;
      }
      const held = this.tagHeld + character;
      if (this.hasCall && this.closer !== "" && this.closer.startsWith(held)) {
        this.prefix += character;
        this.tagHeld = held;
        if (held !== this.closer) continue;
        this.startRun();
        // More calls may follow, wrapped again (one `<tools>` per call, as one `<tool_call>` is written for each).
        this.host.leave(true);
        return index + 1;
      }
      // The wrapper again, with no closer between: a `<function_call>` before each call.
      if (this.hasCall && this.opener !== "" && this.opener.startsWith(held)) {
        this.prefix += character;
        this.tagHeld = held === this.opener ? "" : held;
        continue;
      }
      if (this.tagHeld !== "" || (!isSpace(character) && !CALL_SEPARATORS.has(character))) {
        this.releasePrefix();
        return index;
      }
      this.prefix += character;
    }
    return chunk.length;
  }
}
