import { buildJsonCall } from "../engine/build-json-call.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import { CallAnnouncer } from "../engine/call-announcer.js";
import type { CallBlockAnnouncer, CallBlockSyntax } from "../engine/call-block-syntax.js";
import type { TextAccumulator } from "../engine/text-accumulator.js";
import { AT_CLOSER_ONLY, NO_CALL, type TextRun, TO_WORD_END } from "../engine/text-run.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";
import { generatedCallId } from "../tool-call.js";

/** What MeetKai's Functionary v3.2 writes before each recipient: a message to a tool, or text to the user. */
const RECIPIENT_MARKER = ">>>";
/** A message's recipient, on the line the marker opens. */
const RECIPIENT_LINE = /^(\w+)\n/;
/** The recipient of text: what follows it is the answer, not a call. */
const TEXT_RECIPIENT = "all";
/** The recipient of raw code, which may be written without JSON (llama.cpp reads it as `{"code": ...}`). */
const CODE_RECIPIENT = "python";

/** The recipient a body's line names, if it starts with one. */
function recipientOf(body: string): string | undefined {
  return RECIPIENT_LINE.exec(body)?.[1];
}

/** The call of a message to the tool `name`: its JSON arguments, or raw code for `python`. */
function buildMessageCall(
  name: string,
  content: string,
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const rawCode = name === CODE_RECIPIENT && !content.trimStart().startsWith("{");
  const given = {
    id: undefined,
    name,
    arguments: rawCode ? { code: content } : content.trim(),
    format: "json-text" as const,
  };
  return { calls: [{ ...buildJsonCall(given, firstCallIndex, catalog), text: body }], errors: [] };
}

/** A recipient line still arriving: a word, not yet ended by its newline. */
const PARTIAL_RECIPIENT = /^\w*$/;

/**
 * Announces a message's call once its recipient line names a tool, and streams the message as the call's text (the
 * text the call is built with at the message's end). A message to `all`, or one whose first line names no recipient,
 * announces nothing.
 */
class MessageCallAnnouncer extends CallAnnouncer implements CallBlockAnnouncer {
  /** The message's first line, while it arrives. */
  private head = "";
  /** Whether the first line was read: the call, if any, is then announced. */
  private headRead = false;
  private streaming = false;

  open(): void {
    this.forget();
    this.head = "";
    this.headRead = false;
    this.streaming = false;
  }

  follow(text: string, nextCallIndex: number): void {
    if (this.streaming) {
      this.addText(text);
      return;
    }
    if (this.headRead) return;
    // Only the new text is looked at: what came before it is a word (else the line was read already).
    this.head += text;
    const newline = text.indexOf("\n");
    if (!PARTIAL_RECIPIENT.test(newline === -1 ? text : text.slice(0, newline))) {
      this.headRead = true;
      return;
    }
    if (newline === -1) return;
    this.headRead = true;
    const name = recipientOf(this.head);
    if (name === undefined || name === TEXT_RECIPIENT) return;
    this.announce(generatedCallId(nextCallIndex), name);
    this.streaming = true;
    this.addText(this.head);
  }

  /**
   * Plain text adds to the call's message, or to a recipient's name still arriving (a word), or to a message that is no
   * call (to `all`): the body's reader keeps a chunk that may start the next `>>>` from it (it goes through the closer).
   */
  takesPlainText(chunk: string): boolean {
    return this.streaming || this.headRead || PARTIAL_RECIPIENT.test(chunk);
  }

  /**
   * Once the first line is read, every character only adds to the message (the call's, or one to `all`: no call's text)
   * but the start of the next message's marker, which the body's closer reads. Before, a recipient's name is taken to
   * the first character no word holds, which {@link follow} reads.
   */
  override openRun(body: TextAccumulator, closerStart: string): TextRun | undefined {
    if (this.headRead) return this.openRunOf(body, closerStart, AT_CLOSER_ONLY);
    return this.openHeaderRunOf(body, closerStart, TO_WORD_END);
  }

  override closeRun(): void {
    if (!this.headRead) this.head += this.takeHeaderRunText();
  }

  /** Text of the call's message; or of a recipient's name, kept to be read with its line; or of no call. */
  override readPlainText(chunk: string): string {
    if (this.streaming) return super.readPlainText(chunk);
    if (!this.headRead) this.head += chunk;
    return NO_CALL;
  }
}

/**
 * MeetKai's Functionary v3.2: messages one after another, each `>>>recipient\ncontent`, as llama.cpp's
 * `functionary_v3_2` parser reads them: a tool's name then its JSON arguments (`>>>get_weather\n{"city": "Tokyo"}`),
 * `all` then text, `python` then raw code. Its chat template writes the first `>>>` in the prompt, so a reply starts at
 * a recipient: `all\n` there is dropped, and a known tool's name then `{` opens its call. A `>>>` followed by no
 * recipient line (a Python prompt, `>>> x = 1`) is text.
 */
export const FUNCTIONARY: CallBlockSyntax = {
  format: "json-text",
  tags: new Map(),
  // Each message ends where the next one's marker starts, or at the output's end.
  marker: { opening: RECIPIENT_MARKER, closing: RECIPIENT_MARKER },
  valueStrings: "json",
  build: (_opener, body, firstCallIndex, catalog) => {
    const name = recipientOf(body);
    if (name === undefined || name === TEXT_RECIPIENT) return undefined;
    return buildMessageCall(name, body.slice(name.length + 1), body, firstCallIndex, catalog);
  },
  firstCallName: (body) => {
    const name = recipientOf(body);
    return name === TEXT_RECIPIENT ? undefined : name;
  },
  isCallBody: (body) => {
    const name = recipientOf(body);
    return name !== undefined && name !== TEXT_RECIPIENT;
  },
  // No token ends the last message: it is whole unless its JSON was cut off (raw code, or text that is no JSON, is
  // read as written, and reported if it is no arguments).
  endsWhole: (body) => {
    const name = recipientOf(body) ?? "";
    const content = body.slice(name.length + 1).trim();
    return name === CODE_RECIPIENT || !content.startsWith("{") || parseJsonAsWritten(content) !== undefined;
  },
  textOf: (opener, body) =>
    recipientOf(body) === TEXT_RECIPIENT ? body.slice(TEXT_RECIPIENT.length + 1) : `${opener}${body}`,
  announcer: (deltas, sink) => new MessageCallAnnouncer(deltas, sink),
  replyStart: (toolNames) => [
    `${TEXT_RECIPIENT}\n`,
    ...toolNames.filter((name) => /^\w+$/.test(name) && name !== TEXT_RECIPIENT).map((name) => `${name}\n{`),
  ],
};
