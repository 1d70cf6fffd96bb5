import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import { buildJsonCall } from "../engine/build-json-call.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall } from "../engine/build-xml-call.js";
import { CallAnnouncer } from "../engine/call-announcer.js";
import { ClosingLiteral } from "../engine/closing-literal.js";
import {
  type DeclaredParameters,
  FUNCTION_END,
  type FunctionTagSyntax,
  scanFunctionTagCalls,
} from "../engine/function-tag-calls.js";
import { holdsWholeCallObjects } from "../engine/json-call-objects.js";
import { jsonString } from "../engine/json-string.js";
import { JsonValueEnd } from "../engine/json-value-end.js";
import { anyOfLiterals } from "../engine/literal-pattern.js";
import type { ScannedTagCall, ScannedToolCallBody } from "../engine/scanned-tool-call-body.js";
import type { TextAccumulator } from "../engine/text-accumulator.js";
import { AT_CLOSER_ONLY, NO_CALL, stopsAt, type TextRun } from "../engine/text-run.js";
import { declaredParametersOf, type ToolCatalog } from "../engine/tool-catalog.js";
import { parseXmlAttributes } from "../engine/xml-attributes.js";
import { generatedCallId, type TextToolCallFormat } from "../tool-call.js";
import { ARG_VALUE, ARG_VALUE_END, isGlmBody, scanGlmCall } from "./glm.js";
import { splitHunyuanSuffix, withBareHunyuanTags, withHunyuanSuffix } from "./hunyuan.js";
import { MINICPM_FUNCTION_TAGS } from "./minicpm.js";
import { QWEN_FUNCTION_TAGS } from "./qwen3-coder.js";

// The `<tool_call>` family (format `hermes`): the tags that open its blocks, how a block's body is read (JSON, or the
// tags of its kin: Qwen3-Coder's, GLM's, Hunyuan's, MiniCPM5's), the call a body opens with, and the announcer that
// streams its calls while they arrive.

/**
 * Blocks read as `<tool_call>` is: Doubao Seed's and Seed-OSS's (holding Qwen3-Coder's `<function=...>` calls),
 * LongCat's, the `<tool_calls>` of Hunyuan-A13B, Jamba and MiniMax-M1 (a JSON array, or one object per line), and
 * NVIDIA Nemotron's `<TOOLCALL>` (a JSON array: Llama-Nemotron, Nemotron Nano 2, as NVIDIA's `nemotron_json` parser
 * for vLLM reads it), and iQuest Coder's `<iquestcoder_tool_call>` (holding GLM's form).
 */
const TOOL_CALL_BLOCKS: ReadonlySet<string> = new Set([
  "tool_call",
  "seed:tool_call",
  "longcat_tool_call",
  "tool_calls",
  "TOOLCALL",
  "iquestcoder_tool_call",
]);

/**
 * Blocks read only when they hold JSON, known at their first character: other models wrap `<tool_call>` blocks in a
 * bare `<tool_calls>`, which are then read as before, and in prose it is a word.
 */
const JSON_ONLY_BLOCKS: ReadonlySet<string> = new Set(["tool_calls", "TOOLCALL"]);

/** The tags the `<tool_call>` family opens its blocks with, and how the engine tells them apart. */
export interface ToolCallBlockTags {
  /** The format its calls carry: its blocks are read only when that format is. */
  readonly format: TextToolCallFormat;
  /** The names of the tags that open a block (closed by the same name with `/`). */
  readonly blocks: ReadonlySet<string>;
  /** Of those, the blocks read only when they hold JSON, known at their first character. */
  readonly jsonOnlyBlocks: ReadonlySet<string>;
  /** A tag name written with a vocabulary suffix, split into its bare name and suffix; undefined for any other. */
  suffixedTag(name: string): { name: string; suffix: string } | undefined;
}

/** The `<tool_call>` family: what opens its blocks in prose. Its bodies are read by {@link buildToolCallBlockCalls}. */
export const TOOL_CALL_BLOCK_TAGS: ToolCallBlockTags = {
  format: "hermes",
  blocks: TOOL_CALL_BLOCKS,
  jsonOnlyBlocks: JSON_ONLY_BLOCKS,
  suffixedTag: splitHunyuanSuffix,
};

/**
 * Reads a `<tool_call>` block. Most models write JSON in it (Hermes, Qwen): `{"name": ..., "arguments": {...}}`
 * (arguments may also be a JSON string, or `parameters`; the call may be wrapped as OpenAI writes it, `{"type":
 * "function", "function": {...}}`). A block holding several calls, as a JSON array or one object after another, gives
 * each of them, with ids counted from `firstCallIndex`. Broken JSON is repaired; a body without a readable name gives
 * only an error. Qwen3-Coder writes tags instead (`<function=name><parameter=city>Paris</parameter></function>`), and
 * GLM a name and `<arg_key>`/`<arg_value>` pairs, MiniCPM5 `<function name="f"><param name="x">1</param>`: their values
 * are typed by the tool's schema, as XML values are.
 * Errors name the block by `blockTag`, its opening tag.
 */
export function buildToolCallBlockCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  blockTag = "<tool_call>",
): BuiltBlockCalls {
  const bare = bareBody(body, hunyuanSuffixOf(blockTag));
  const tags = functionTagSyntaxOf(bare);
  if (tags !== undefined) {
    return buildTagCalls(scanFunctionTagCalls(bare, firstCallIndex, tags, declaredParametersOf(catalog)), catalog);
  }
  if (isGlmBody(bare)) return buildTagCalls({ calls: [scanGlmCall(bare, firstCallIndex)], errors: [] }, catalog);
  return buildMarkedCallObjects(bare, blockTag, "hermes", firstCallIndex, catalog);
}

/**
 * The tags a `<tool_call>` body written with tags puts each value between (Qwen3-Coder's `<parameter=`...`</parameter>`,
 * GLM's `<arg_value>`...`</arg_value>`, Hunyuan's with its suffix), and the tags of a call written whole inside a value
 * (a file that holds one), which are the value's text.
 */
export interface ValueTags {
  readonly opener: string;
  readonly closer: string;
  /** The tags of a call, the function's (where the syntax has one) then the block's. */
  readonly callOpeners: readonly string[];
  readonly callClosers: readonly string[];
  /** Any of these tags (see `anyOfLiterals`). */
  readonly pattern: RegExp;
}

/** The {@link ValueTags} of a body, as the block opened by `blockTag` writes them; undefined for a body of JSON. */
export function valueTagsOf(body: string, blockTag = "<tool_call>"): ValueTags | undefined {
  const suffix = hunyuanSuffixOf(blockTag);
  const bare = bareBody(body, suffix);
  const syntax = functionTagSyntaxOf(bare);
  if (syntax === undefined && !isGlmBody(bare)) return undefined;
  const key = `${syntax?.functionOpener ?? ""} ${blockTag}`;
  let tags = VALUE_TAGS.get(key);
  if (tags === undefined) {
    const block = [blockTag, `</${blockTag.slice(1)}`] as const;
    const [opener, closer, callOpeners, callClosers] =
      syntax !== undefined
        ? [
            syntax.parameterOpener,
            syntax.parameterCloser,
            [syntax.functionOpener, block[0]],
            [syntax.functionCloser, block[1]],
          ]
        : suffix !== undefined
          ? [withHunyuanSuffix(ARG_VALUE, suffix), withHunyuanSuffix(ARG_VALUE_END, suffix), [block[0]], [block[1]]]
          : [ARG_VALUE, ARG_VALUE_END, [block[0]], [block[1]]];
    const pattern = anyOfLiterals([opener, closer, ...callOpeners, ...callClosers]);
    tags = { opener, closer, callOpeners, callClosers, pattern };
    // A suffix is written in the output: those tags are not kept, so that outputs cannot fill the map.
    if (suffix === undefined) VALUE_TAGS.set(key, tags);
  }
  return tags;
}

/** The value tags of each syntax in each block, made once. */
const VALUE_TAGS = new Map<string, ValueTags>();

/**
 * Whether a `<tool_call>` body, read on past a closing tag written inside a value at `from`, is its calls written whole,
 * and what follows `from` opens no other block's call: `abc</tool_call>\n<tool_call><function=f>` is a value the model
 * never closed (its tags read as raw text would swallow the next call), not one that mentions the tags. `declared`: the
 * parameters of the tools known (see `scanFunctionTagCalls`).
 *
 * @example
 * holdsWholeCallsPast('{"name": "f", "arguments": {"x": "</tool_call>"}}', 34); // true
 */
export function holdsWholeCallsPast(
  body: string,
  from: number,
  blockTag = "<tool_call>",
  declared?: DeclaredParameters,
): boolean {
  const suffix = hunyuanSuffixOf(blockTag);
  if (!holdsWholeCalls(bareBody(body, suffix), declared)) return false;
  for (let at = body.indexOf(blockTag, from); at !== -1; at = body.indexOf(blockTag, at + 1)) {
    // As much as an opening is looked for in: a call opens within it, or no call opens.
    const start = at + blockTag.length;
    const head = bareBody(body.slice(start, start + CALL_OPENING_LIMIT + 1), suffix);
    if (readCallOpening(head, 0) !== "none") return false;
  }
  return true;
}

/**
 * Whether a bare `<function=...>` call (no `<tool_call>` around it), read on past a `</function>` written inside a
 * value at `from`, is whole once closed here, and no other function opens after `from`: as
 * {@link holdsWholeCallsPast} decides for a block.
 *
 * @example
 * holdsWholeFunctionPast("<function=f>", "<parameter=x>a </function> b</parameter>", 15); // true
 */
export function holdsWholeFunctionPast(
  functionTag: string,
  body: string,
  from: number,
  declared?: DeclaredParameters,
): boolean {
  ANY_FUNCTION_OPENING.lastIndex = from;
  return holdsWholeCalls(`${functionTag}${body}${FUNCTION_END}`, declared) && !ANY_FUNCTION_OPENING.test(body);
}

/** A function tag opening, in either syntax: `<function=name>`, `<function name="...">`. */
const ANY_FUNCTION_OPENING = /<function[=\s]/g;

/** The suffix of a Hunyuan block's tags (`opensource` in `<tool_call:opensource>`); undefined for other blocks. */
function hunyuanSuffixOf(blockTag: string): string | undefined {
  return splitHunyuanSuffix(blockTag.slice(1, -1))?.suffix;
}

/** A `<tool_call>` body as its tags are read: a Hunyuan block's, which carry its suffix, written bare. */
function bareBody(body: string, suffix: string | undefined): string {
  return suffix === undefined ? body : withBareHunyuanTags(body, suffix);
}

/** Whether a `<tool_call>` body is its calls written whole: JSON as written, or tags each closed, nothing outside them. */
function holdsWholeCalls(body: string, declared: DeclaredParameters | undefined): boolean {
  const tags = functionTagSyntaxOf(body);
  const scanned =
    tags !== undefined
      ? scanFunctionTagCalls(body, 0, tags, declared)
      : isGlmBody(body)
        ? { calls: [scanGlmCall(body, 0)], errors: [] }
        : undefined;
  if (scanned === undefined) return holdsWholeCallObjects(body);
  return (
    scanned.calls.length > 0 && scanned.errors.length === 0 && scanned.calls.every((call) => call.errors.length === 0)
  );
}

function buildTagCalls(scanned: ScannedToolCallBody, catalog: ToolCatalog | undefined): BuiltBlockCalls {
  const calls = scanned.calls.map((call) => ({ ...buildTagCall(call, catalog), text: call.text }));
  return { calls, errors: scanned.errors };
}

/** A call written with tags: its values typed by the schema, or its JSON object read as JSON calls' arguments are. */
function buildTagCall(scanned: ScannedTagCall, catalog: ToolCatalog | undefined): BuiltCall {
  if (scanned.jsonArguments === undefined) return buildXmlCall(scanned, catalog);
  const given = { id: scanned.id, name: scanned.name, arguments: scanned.jsonArguments, format: "hermes" } as const;
  const built = buildJsonCall(given, scanned.callIndex, catalog);
  return { call: built.call, errors: [...scanned.errors, ...built.errors] };
}

/** The syntax a tool-call body is written in, when it opens with a function tag. */
export function functionTagSyntaxOf(body: string): FunctionTagSyntax | undefined {
  const start = body.trimStart();
  return [QWEN_FUNCTION_TAGS, MINICPM_FUNCTION_TAGS].find((syntax) => start.startsWith(syntax.functionOpener));
}

const FUNCTION_PREFIX = QWEN_FUNCTION_TAGS.functionOpener;

/** The tool named by a `<function=name>` or a `<function name="...">` tag. */
export function bareFunctionName(tag: string): string {
  if (!tag.startsWith(FUNCTION_PREFIX)) return parseXmlAttributes(tag).get("name") ?? "";
  return tag.slice(FUNCTION_PREFIX.length, -1).trim();
}

// The call a body opens with ----------------------------------------------------------------------------------

/** The first call of a `<tool_call>` body, known from the body's opening before the block closes. */
export interface CallOpening {
  /** The id the block's reader gives the call: the one written before its name, else the generated one. */
  id: string;
  name: string;
  /**
   * Qwen3-Coder's `<function=name>`, whose text ends at `</function>`; a JSON call, which ends with its object; or
   * GLM's `name<arg_key>`, whose text is the block's.
   */
  syntax: "function-tag" | "json" | "glm";
  /** Where the call's text starts in the body (after the whitespace it opens with). */
  textStart: number;
}

/** How far into a body its first call's opening is looked for: a body read whole and in pieces must agree. */
export const CALL_OPENING_LIMIT = 300;

/** Qwen3-Coder's `<function=name>`, whole. */
const FUNCTION_OPENING = /^\s*<function=([^>\n<]*)>/;
/**
 * GLM's tool name before its first `<arg_key>`, and Hunyuan v3's `<tool_sep>` after it (a name has no space, quote or
 * bracket; see `isGlmBody`).
 */
const GLM_NAME = /^\s*([^\s<>{}[\]"',]+)\s*(?:<tool_sep>\s*)?/;
const GLM_ARGUMENT = "<arg_key>";
const GLM_SEPARATOR = "<tool_sep>";
/**
 * A JSON call object up to its arguments, as Hermes' and Qwen's templates have models write it: `{"name": "f",
 * "arguments": ` (or Llama's `"parameters"`), perhaps after an `"id"`. Other orders and wrappers are read whole.
 */
const JSON_CALL_OBJECT_OPENING =
  /\{\s*(?:"id"\s*:\s*("(?:[^"\\\n]|\\.)*")\s*,\s*)?"name"\s*:\s*("(?:[^"\\\n]|\\.)*")\s*,\s*"(?:arguments|parameters)"\s*:/
    .source;
/** The first call object of a body, perhaps the first of an array (Hunyuan's and Jamba's `<tool_calls>[...]`). */
const JSON_CALL_OPENING = new RegExp(`^\\s*(?:\\[\\s*)?${JSON_CALL_OBJECT_OPENING}`);
/** A call object after another, in an array (after a comma) or one per line. */
const FOLLOWING_JSON_CALL_OPENING = new RegExp(`^\\s*(?:,\\s*)?${JSON_CALL_OBJECT_OPENING}`);

/**
 * The call a `<tool_call>` body opens with, once its opening is whole: Qwen3-Coder's `<function=name>`, GLM's
 * `name<arg_key>`, or a JSON call whose name (and id, if written first) comes before its arguments. `"pending"` while the body may still open so;
 * `"none"` once it cannot (the block is then read whole when it closes). The name is read as the block's reader
 * reads it, so that the call the block gives matches the one announced from its opening. With `following`, `body` is
 * the text after a JSON call object, and the opening looked for is the next object's, after a comma or on its own.
 *
 * @example
 * readCallOpening('\n{"name": "get_weather", "arguments": {"ci', 0); // {id: "call_0", name: "get_weather", ...}
 */
export function readCallOpening(body: string, callIndex: number, following = false): CallOpening | "pending" | "none" {
  const opening = following
    ? FOLLOWING_JSON_CALL_OPENING.exec(body)
    : (FUNCTION_OPENING.exec(body) ?? JSON_CALL_OPENING.exec(body));
  if (opening === null && !following) {
    const glm = readGlmOpening(body, callIndex);
    if (glm !== "none") return glm;
  }
  if (opening === null) {
    return body.length > CALL_OPENING_LIMIT || !mayOpenWithCall(body, following) ? "none" : "pending";
  }
  if (opening[0].length > CALL_OPENING_LIMIT) return "none";
  const textStart = body.search(/\S/);
  if (body.startsWith("<", textStart)) {
    const name = opening[1]?.trim() ?? "";
    return name === "" ? "none" : { id: generatedCallId(callIndex), name, syntax: "function-tag", textStart };
  }
  const name = jsonString(opening[2]);
  const writtenId = opening[1] === undefined ? "" : jsonString(opening[1]);
  if (name === undefined || name === "" || writtenId === undefined) return "none";
  // The call's text is its object, also when it opens an array.
  const objectStart = body.indexOf("{", textStart);
  return {
    id: writtenId === "" ? generatedCallId(callIndex) : writtenId,
    name,
    syntax: "json",
    textStart: objectStart,
  };
}

/** GLM's opening: its name, once the `<arg_key>` after it is whole. */
function readGlmOpening(body: string, callIndex: number): CallOpening | "pending" | "none" {
  const name = GLM_NAME.exec(body);
  if (name === null) return "none";
  const rest = body.slice(name[0].length);
  if (!rest.startsWith(GLM_ARGUMENT)) {
    const mayFollow = GLM_ARGUMENT.startsWith(rest) || GLM_SEPARATOR.startsWith(rest);
    return mayFollow && body.length <= CALL_OPENING_LIMIT ? "pending" : "none";
  }
  if (name[0].length > CALL_OPENING_LIMIT) return "none";
  return { id: generatedCallId(callIndex), name: name[1] ?? "", syntax: "glm", textStart: body.search(/\S/) };
}

/** Whether a body that holds no whole opening yet may still open with one (a following call: after a comma). */
function mayOpenWithCall(body: string, following: boolean): boolean {
  const start = body.trimStart();
  const object = start.startsWith(following ? "," : "[") ? start.slice(1).trimStart() : start;
  if (object === "" && start !== "") return true;
  if (following) return object === "" || mayOpenWithJsonCall(object);
  if (object.startsWith("{")) return mayOpenWithJsonCall(object);
  if (start.length <= FUNCTION_PREFIX.length) return FUNCTION_PREFIX.startsWith(start);
  return start.startsWith(FUNCTION_PREFIX) && !/[<\n]/.test(start.slice(FUNCTION_PREFIX.length));
}

/** Whether text starting with `{` may still open a call object that can be announced. */
function mayOpenWithJsonCall(object: string): boolean {
  if (!object.startsWith("{")) return false;
  const key = object.slice(1).trimStart();
  return FIRST_KEYS.some((first) => (key.length < first.length ? first.startsWith(key) : key.startsWith(first)));
}

/** How a JSON call that can be announced opens its object. */
const FIRST_KEYS = ['"name"', '"id"'];

// Announcing its calls as they arrive -------------------------------------------------------------------------

/** Where a run of a call written with tags ends: at a tag, its `</function>` perhaps. */
const AT_A_TAG = stopsAt("<");

/** The characters a call's opening ends with (see {@link readCallOpening}). */
const OPENING_ENDS = /[:>]/;
/** The same characters, as the stops of a run of an opening still pending. */
const OPENING_STOPS = stopsAt(":>");

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
   * Text that cannot end the current call: for a JSON call, no bracket that could end its object (a `<` is nothing but
   * text there); for one written with tags, nothing that begins its `</function>` (a `<` the body's closer ruled out
   * comes with what followed it); GLM's call ends with the block.
   */
  takesPlainText(chunk: string): boolean {
    if (this.readsOpening) return this.keepsOpeningPending(chunk);
    if (!this.streaming || this.functionEnd.holding) return false;
    if (this.syntax === "json") return !this.objectEnd.mayEndWith(chunk);
    return this.syntax !== "function-tag" || !chunk.includes("<") || this.functionEnd.passesOver(chunk);
  }

  /**
   * While a call streams: a JSON call's text, to what its object's strings and brackets make of a character (escapes are
   * the run's); in a call written with tags, every character but a `<`; in GLM's, every one but the body's closer.
   */
  override openRun(body: TextAccumulator, closerStart: string): TextRun | undefined {
    if (this.readsOpening) {
      // The opening still pending (see `follow`): no character of the run can complete it.
      return this.pendingLength < CALL_OPENING_LIMIT ? this.openRunOf(body, closerStart, OPENING_STOPS) : undefined;
    }
    if (!this.streaming || this.functionEnd.holding) return undefined;
    if (this.syntax !== "json")
      return this.openRunOf(body, closerStart, this.syntax === "function-tag" ? AT_A_TAG : AT_CLOSER_ONLY);
    const stops = this.objectEnd.runStops();
    return stops === undefined ? undefined : this.openRunOf(body, closerStart, stops);
  }

  override closeRun(run: TextRun): void {
    // The opening's length is counted in (`follow` gives it up past the length looked for in, at the next character).
    if (this.readsOpening) this.pendingLength += run.kept;
    else if (this.syntax === "json") this.objectEnd.closeRun(run);
  }

  override readPlainText(chunk: string): string {
    if (this.readsOpening) return this.addToOpening(chunk);
    if (this.syntax === "json") this.objectEnd.scan(chunk, 0);
    return super.readPlainText(chunk);
  }

  /** Whether the body's first call's opening is still being looked for. */
  private get readsOpening(): boolean {
    return this.following && this.syntax === undefined;
  }

  /**
   * Whether `text` leaves the opening looked for pending, unread (see {@link follow}): it holds no `:` nor `>` and
   * keeps the body within the length an opening is looked for in. The stream's fast path then takes it.
   */
  private keepsOpeningPending(text: string): boolean {
    return this.pendingLength + text.length <= CALL_OPENING_LIMIT && !OPENING_ENDS.test(text);
  }

  /** Text of the opening taken on the fast path: it is no call's text (yet). */
  private addToOpening(text: string): string {
    this.pendingLength += text.length;
    return NO_CALL;
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
