import { findDeepNesting } from "../../openapi/find-deep-nesting.js";
import { isJsonObject } from "../../openapi/own-properties.js";
import { argumentWrappersOf, valueWritingOf } from "../formats/index.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";
import { generatedCallId } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import { type BuiltCall, buildXmlCall, type ScannedXmlCall } from "./build-xml-call.js";
import { tooDeepArguments } from "./limit-argument-nesting.js";
import type { ParameterValueScanner, ValueEnding } from "./parameter-value-scanner.js";
import { shortenText } from "./shorten-text.js";
import { AT_CLOSER_ONLY, HeldTextRuns, NO_CALL, stopsAt, type TextRun, TextRuns } from "./text-run.js";
import { parameterSchema, type ToolCatalog } from "./tool-catalog.js";
import { isSelfClosing, parseXmlAttributes } from "./xml-attributes.js";
import { isSpace, plainTagName, tagName, withOneBar } from "./xml-characters.js";

/** What ends a run of a tag: its end, or a quote that opens an attribute's value. */
const TAG_STOPS = stopsAt(`"'>`);

/** What an {@link XmlBlockReader} needs of the scanner it reads for. */
export interface XmlBlockHost {
  readonly catalog: ToolCatalog | undefined;
  /** Whether the calls' text streams as deltas. */
  readonly deltas: boolean;
  /** Takes the index of the next call. */
  takeCallIndex(): number;
  /** Sends a call's start; returns the id it went out by. */
  startCall(writtenId: string, name: string): string;
  /** Raw argument text of the call started last (only when deltas are asked for); {@link flushDelta} sends it. */
  addDelta(text: string): void;
  flushDelta(): void;
  emitCall(built: BuiltCall): void;
  error(error: ToolCallError): void;
  /** The block closed: what follows is prose. */
  leave(): void;
  /** The block holds another syntax's calls, not invokes (see `CALLS_INSIDE_XML_BLOCKS`): read as such from here. */
  openCallsInside(blockName: string): void;
}

/** Where in a block the reader is. */
type BlockState =
  | "block" // inside <function_calls>, between invokes
  | "invoke" // inside <invoke>, between parameters
  | "tag" // a tag inside a block or an invoke, until its `>`
  | "value"; // a parameter's raw value: see ParameterValueScanner

/**
 * Reads a `<function_calls>` block (also its kin named in `formats/xml-blocks.ts`) from its opening
 * tag to its closing one: each `<invoke>` starts a call, each `<parameter>` value streams as it arrives, and each
 * `</invoke>` gives the call. Text outside any tag is reported, never dropped; a missing `</invoke>` ends the call
 * with an error.
 */
export class XmlBlockReader {
  private state: BlockState = "block";
  /** A tag being read, and the quote of the attribute value it is in. */
  private tag = "";
  private quote = "";
  /** Where a tag belongs. */
  private tagContext: "block" | "invoke" = "block";
  /** Non-space text inside a block or invoke, outside any tag: reported, never dropped. */
  private stray = "";
  /** The open block's tag name: `function_calls`, or a kin's (`｜DSML｜tool_calls`, `minimax:tool_call`). */
  private blockName = "function_calls";
  /** Whether the block may hold another syntax's calls: known at its first non-space. */
  private mayHoldOtherCalls = false;
  private invoke: ScannedXmlCall | undefined;
  /**
   * The invoke whose parameter value is being read, while one is: a field, not a getter, as the stream's fast path
   * reads it at every character (text without `<` only adds to the value when `value.readsPlainText`).
   */
  valueInvoke: ScannedXmlCall | undefined;
  /** The name of the parameter whose value is being read. */
  parameter = "";
  /** Whether that value is JSON: a parameter marked `string="false"` holds JSON. */
  private parameterJson = false;
  /** How the block's values are written (see `valueWritingOf`). */
  private valueWriting: ReturnType<typeof valueWritingOf> = "xml-text";
  /** The parameters in which the block's model may wrap all the arguments (see `argumentWrappersOf`). */
  private argumentWrappers: readonly string[] = [];

  /** The runs of the parameter values read (see {@link openRun}), and of tags. */
  private readonly valueRuns: TextRuns;
  private readonly tagRuns = new HeldTextRuns();

  /** `value` reads parameter values; the scanner shares it, for its fast path. */
  constructor(
    private readonly host: XmlBlockHost,
    private readonly value: ParameterValueScanner,
  ) {
    this.valueRuns = new TextRuns(value.text);
  }

  /** Starts reading a block whose tag is named `blockName`; `mayHoldOtherCalls`: it may hold another syntax's calls. */
  open(blockName: string, mayHoldOtherCalls: boolean): void {
    this.blockName = blockName;
    this.mayHoldOtherCalls = mayHoldOtherCalls;
    this.valueWriting = valueWritingOf(blockName);
    this.argumentWrappers = argumentWrappersOf(blockName);
    this.state = "block";
    this.stray = "";
  }

  /** The invoke being read, whose start went out: its parameter values are its text. */
  get openInvoke(): ScannedXmlCall | undefined {
    return this.invoke;
  }

  /** Reads `chunk` from `start` where the reader is in the block, and returns where it stopped. */
  scan(chunk: string, start: number): number {
    switch (this.state) {
      case "block":
      case "invoke":
        return this.scanBetweenTags(chunk, start);
      case "tag":
        return this.scanTag(chunk, start);
      case "value": {
        const end = this.value.scan(chunk, start);
        if (this.value.ending !== undefined) this.closeValue(this.value.ending);
        return end;
      }
    }
  }

  /** The output ended inside the block: its stray text is reported, and so is the call left open, or the block. */
  end(): void {
    this.reportStray();
    const where =
      this.invoke === undefined ? `<${this.blockName}>` : `<invoke name="${this.invoke.name}"> (${this.invoke.id})`;
    this.host.flushDelta();
    const error: ToolCallError = {
      code: "UNTERMINATED_CALL",
      message: `The output ended inside ${where}; a call that did not close is not run`,
    };
    if (this.invoke !== undefined) {
      error.name = this.invoke.name;
      error.callId = this.invoke.id;
    }
    this.host.error(error);
    this.invoke = undefined;
    this.valueInvoke = undefined;
  }

  /**
   * The run of text the reader is in (see `TextRun`): a tag's, to its `>` or a quote (inside an attribute's value, to
   * its closing quote); a parameter value's, while it has no tag begun, to a `<`; a closing tag's name in a value.
   */
  openRun(): TextRun | undefined {
    if (this.state === "tag") return this.tagRuns.open(this.quote === "" ? TAG_STOPS : stopsAt(this.quote));
    const invoke = this.valueInvoke;
    if (invoke === undefined) return undefined;
    if (!this.value.readsPlainText) return this.value.openCloseTagNameRun();
    return this.valueRuns.open("<", AT_CLOSER_ONLY, this.host.deltas ? invoke.id : NO_CALL, this.parameter);
  }

  /** The run ended: what it took of a tag is added to it; of a closing tag's name in a value, held there. */
  closeRun(): void {
    if (this.state === "tag") this.tag += this.tagRuns.take();
    else this.value.takeCloseTagName();
  }

  /** Whitespace between tags is skipped; anything else is kept as stray text and reported. */
  private scanBetweenTags(chunk: string, index: number): number {
    if (this.mayHoldOtherCalls) {
      // Such calls start with a name where invokes start with `<invoke`.
      const first = nextNonSpace(chunk, index);
      if (first === -1) return chunk.length;
      this.mayHoldOtherCalls = false;
      if (chunk.charAt(first) !== "<") {
        this.host.openCallsInside(this.blockName);
        return first;
      }
    }
    const lessThan = chunk.indexOf("<", index);
    const end = lessThan === -1 ? chunk.length : lessThan;
    if (end > index) this.stray += chunk.slice(index, end);
    if (lessThan === -1) return chunk.length;
    // Text inside an invoke may be its arguments as one JSON object, known at `</invoke>`.
    if (this.state === "block") this.reportStray();
    this.tagContext = this.state === "invoke" ? "invoke" : "block";
    this.startTag();
    return lessThan + 1;
  }

  private startTag(): void {
    this.tag = "<";
    this.quote = "";
    this.state = "tag";
  }

  private reportStray(): void {
    const stray = this.stray.trim();
    this.stray = "";
    if (stray === "") return;
    const where = this.invoke === undefined ? `<${this.blockName}>` : `<invoke name="${this.invoke.name}">`;
    this.host.error({ code: "PARSE_ERROR", message: `Text outside any tag inside ${where}: ${shortenText(stray)}` });
  }

  private scanTag(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      this.tag += character;
      if (this.quote !== "") {
        if (character === this.quote) this.quote = "";
      } else if (character === '"' || character === "'") {
        this.quote = character;
      } else if (character === ">") {
        this.state = this.tagContext;
        this.structureTag(this.tag);
        return index + 1;
      }
    }
    return chunk.length;
  }

  /** Acts on a complete tag met inside a block or an invoke. */
  private structureTag(tag: string): void {
    // Invokes and parameters are read alike with a kin's prefix or without; the block closes only as it opened.
    const written = tagName(tag);
    const name = plainTagName(written);
    const blockCloser = `/${this.blockName}`;
    const closesBlock = withOneBar(written) === withOneBar(blockCloser);
    if (this.tagContext === "block") {
      if (name === "invoke") this.openInvokeTag(tag);
      else if (closesBlock) this.host.leave();
      else this.host.error({ code: "PARSE_ERROR", message: `Unexpected ${tag} inside <${this.blockName}>` });
    } else if (name === "parameter") {
      this.reportStray();
      this.openParameter(tag);
    } else if (name === "/invoke") {
      this.closeInvoke();
    } else if (closesBlock || name === "invoke") {
      // A missing </invoke>: the call ends here, with an error, and what follows is read as usual.
      const before = name === "invoke" ? "the next <invoke>" : `<${blockCloser}>`;
      this.invokeError(`<invoke name="${this.invoke?.name ?? ""}"> was not closed before ${before}`);
      this.closeInvoke();
      if (name === "invoke") this.openInvokeTag(tag);
      else this.host.leave();
    } else {
      this.reportStray();
      this.host.error({
        code: "PARSE_ERROR",
        message: `Unexpected ${tag} inside <invoke name="${this.invoke?.name ?? ""}">`,
      });
    }
  }

  private openInvokeTag(tag: string): void {
    const name = parseXmlAttributes(tag).get("name") ?? "";
    const callIndex = this.host.takeCallIndex();
    const id = this.host.startCall(generatedCallId(callIndex), name);
    this.invoke = { id, callIndex, name, format: "xml", parameters: [], errors: [] };
    if (name === "") this.invokeError(`${tag} has no name attribute`);
    this.state = "invoke";
    this.stray = "";
    if (isSelfClosing(tag)) this.closeInvoke();
  }

  private closeInvoke(): void {
    const invoke = this.invoke;
    if (invoke === undefined) return;
    this.readJsonBody(invoke);
    this.unwrapArguments(invoke);
    this.reportStray();
    this.invoke = undefined;
    this.state = "block";
    this.host.emitCall(buildXmlCall(invoke, this.host.catalog));
  }

  /**
   * An invoke without parameters whose text is one JSON object (as some models write their arguments): the object's
   * members are its parameters, each written as JSON; one nested too deep to write again is reported, the call `{}`.
   */
  private readJsonBody(invoke: ScannedXmlCall): void {
    const body = this.stray.trim();
    if (invoke.parameters.length > 0 || !body.startsWith("{")) return;
    const object = parseJsonAsWritten(body);
    if (!isJsonObject(object)) return;
    this.stray = "";
    const tooDeep = findDeepNesting(object);
    if (tooDeep === undefined) invoke.parameters.push(...jsonMembersAsParameters(object));
    else this.invokeError(`Tool "${invoke.name}": ${tooDeepArguments(tooDeep)}`);
  }

  /**
   * An invoke whose only parameter wraps all its arguments as one JSON object (see `argumentWrappersOf`): the object's
   * members are its parameters, each written as JSON, where the tool declares no parameter of the wrapper's name and
   * declares every member, as vLLM reads them. Otherwise the wrapper is a parameter like any other.
   */
  private unwrapArguments(invoke: ScannedXmlCall): void {
    const [wrapper] = invoke.parameters;
    if (invoke.parameters.length !== 1 || wrapper === undefined || !this.argumentWrappers.includes(wrapper[0])) return;
    const { catalog } = this.host;
    const tool = catalog?.byName.get(invoke.name);
    if (catalog === undefined || tool === undefined || parameterSchema(catalog, tool, wrapper[0]) !== undefined) return;
    const object = parseJsonAsWritten(wrapper[1].trim());
    if (!isJsonObject(object) || findDeepNesting(object) !== undefined) return;
    if (Object.keys(object).every((member) => parameterSchema(catalog, tool, member) !== undefined))
      invoke.parameters = jsonMembersAsParameters(object);
  }

  /** A problem with the open invoke, reported after its call (with the parameter it concerns, if any). */
  private invokeError(message: string, parameter?: string): void {
    if (this.invoke === undefined) return;
    const { callIndex, name } = this.invoke;
    this.invoke.errors.push({
      code: "PARSE_ERROR",
      message,
      callIndex,
      name,
      ...(parameter === undefined ? {} : { parameter }),
    });
  }

  private openParameter(tag: string): void {
    const attributes = parseXmlAttributes(tag);
    this.parameter = attributes.get("name") ?? "";
    this.parameterJson = attributes.get("string") === "false";
    if (this.parameter === "") this.invokeError(`${tag} has no name attribute`);
    this.value.start();
    this.state = "value";
    this.valueInvoke = this.invoke;
    if (isSelfClosing(tag)) this.closeParameter();
  }

  private closeParameter(): void {
    this.host.flushDelta();
    const raw = this.value.text.toString();
    const written = this.parameterJson ? "json" : this.valueWriting === "xml-text" ? undefined : this.valueWriting;
    this.invoke?.parameters.push(written === undefined ? [this.parameter, raw] : [this.parameter, raw, written]);
    this.value.text.reset();
    this.state = "invoke";
    this.valueInvoke = undefined;
  }

  /** The value ended at a real closing tag; the structure tag after it is read on as a tag of the invoke. */
  private closeValue({ closingTagName, nextTag }: ValueEnding): void {
    if (plainTagName(closingTagName) !== "parameter") {
      this.invokeError(
        `Parameter "${this.parameter}" was closed by </${closingTagName}>; read as </parameter>`,
        this.parameter,
      );
    }
    this.closeParameter();
    this.tagContext = "invoke";
    this.tag = nextTag;
    this.quote = "";
    this.state = "tag";
  }
}

/**
 * The members of a JSON object as parameters written as JSON. The object must nest no deeper than `findDeepNesting`
 * allows: writing a member again recurses.
 */
function jsonMembersAsParameters(object: Record<string, unknown>): ScannedXmlCall["parameters"] {
  return Object.entries(object).map(([parameter, value]) => [parameter, JSON.stringify(value), "json"]);
}

/** The index of the first character at or after `start` that is not whitespace; -1 when there is none. */
function nextNonSpace(text: string, start: number): number {
  for (let index = start; index < text.length; index += 1) if (!isSpace(text.charAt(index))) return index;
  return -1;
}
