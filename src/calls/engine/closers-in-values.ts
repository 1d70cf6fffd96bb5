import { type ValueTags, valueTagsOf } from "../formats/index.js";
import type { CallBlockSyntax } from "./call-block-syntax.js";
import { JsonValueEnd } from "./json-value-end.js";
import { TextAccumulator } from "./text-accumulator.js";

/**
 * The closing tags a body of calls reads inside one of its values (a file's content that mentions `</tool_call>`),
 * which are that value's text: where the first came, and whether the body ends inside a value at each, told by the
 * strings of its JSON, by the tokens a call block's syntax writes its strings between, or by the tags around its values
 * when it is written with tags.
 */
export class ClosersInValues {
  /** Where the body was when its first closing tag came inside a value; undefined while none has. */
  at: number | undefined;
  private valueTags: ValueTags | undefined;
  private bodyStrings: JsonValueEnd | JsonStrings | undefined;
  /**
   * For a block whose strings are written between tokens: those tokens, and the token of the string the body is in,
   * if any.
   */
  private stringTokens: readonly string[] | undefined;
  private tokenString: string | undefined;
  private insideValue = false;
  /** Inside a value, how many calls written in it (a file that holds one) are open: their tags are its text. */
  private callsInValue = 0;
  /** The opening tag of the body's closing tag: the block's, or the function's in a bare function. */
  private closedCallOpener = "";
  /** The body's text since the last closing tag, once one came inside a value. */
  private readonly textSince = new TextAccumulator();

  /** Starts a new body. */
  reset(): void {
    this.at = undefined;
    this.textSince.reset();
  }

  /** Text added to the body: once a closing tag came inside a value, the next one looks at the text since. */
  follow(text: string): void {
    if (this.at !== undefined) this.textSince.append(text);
  }

  /**
   * Whether the body ends inside a value at the closing tag just read: the whole `body` is looked at only at its first
   * closing tag; after one inside a value, only the text since. `functionTag` opened a bare function call (its value
   * tags are looked for with it); `blockTag` opened the block; `blockSyntax` is the syntax of a model's call block.
   */
  endsInValue(
    body: () => string,
    functionTag: string | undefined,
    blockTag: string,
    blockSyntax?: CallBlockSyntax,
  ): boolean {
    if (this.at === undefined) {
      const text = body();
      // A `<function=name>` holding a JSON object, bare or inside a `<tool_call>`: its strings are followed,
      // not the value tags. A call block's JSON is its syntax's to tell.
      const isJson =
        blockSyntax === undefined
          ? /^\s*(?:<function=[^>\n<]*>\s*)?[[{]/.test(text)
          : blockSyntax.valueStrings === "json";
      const strings = blockSyntax?.valueStrings;
      this.stringTokens = typeof strings === "object" ? strings : undefined;
      this.tokenString = undefined;
      this.valueTags =
        isJson || blockSyntax !== undefined ? undefined : valueTagsOf(`${functionTag ?? ""}${text}`, blockTag);
      // A call block's strings are followed by their quotes alone: it may be long (a thousand calls), and only
      // whether it ends in a string is asked.
      this.bodyStrings = !isJson ? undefined : blockSyntax === undefined ? new JsonValueEnd() : new JsonStrings();
      this.callsInValue = 0;
      this.closedCallOpener = (functionTag === undefined ? blockTag : this.valueTags?.callOpeners[0]) ?? blockTag;
      this.insideValue = this.endsInsideValue(text, false);
    } else {
      const text = this.textSince.toString();
      this.textSince.reset();
      this.insideValue = this.endsInsideValue(text, this.insideValue);
    }
    return this.insideValue;
  }

  /**
   * Whether a body written with tags ends inside a value after its next `text`; `inside`: whether it did before. A
   * value's opening tag opens one; its closing tag closes it, unless a call written whole inside it is still open (its
   * tags, from its opening to its own closing tag, are the value's text). Such a call is looked for only where the
   * text writes the opening tag of the body's closing tag (`<tool_call>`, or `<function=` in a bare function): only
   * then can that closing tag stand inside it.
   */
  private endsInsideTaggedValue(text: string, tags: ValueTags, inside: boolean): boolean {
    if (this.callsInValue === 0 && !text.includes(this.closedCallOpener)) {
      const opened = text.lastIndexOf(tags.opener);
      const closed = text.lastIndexOf(tags.closer);
      return opened === closed ? inside : opened > closed;
    }
    const { pattern } = tags;
    pattern.lastIndex = 0;
    let insideValue = inside;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      const tag = found[0];
      if (!insideValue) {
        if (tag === tags.opener) {
          insideValue = true;
          this.callsInValue = 0;
        }
      } else if (tags.callOpeners.includes(tag)) {
        this.callsInValue += 1;
      } else if (this.callsInValue > 0) {
        if (tags.callClosers.includes(tag)) this.callsInValue -= 1;
      } else if (tag === tags.closer) {
        insideValue = false;
      }
    }
    return insideValue;
  }

  /** Whether the body ends inside a value, after its next `text`; `before`: whether it did before that text. */
  private endsInsideValue(text: string, before: boolean): boolean {
    if (this.valueTags !== undefined) return this.endsInsideTaggedValue(text, this.valueTags, before);
    if (this.stringTokens !== undefined) {
      this.tokenString = tokenStringAtEnd(text, this.tokenString, this.stringTokens);
      return this.tokenString !== undefined;
    }
    const strings = this.bodyStrings;
    if (strings === undefined) return false;
    if (strings instanceof JsonStrings) strings.read(text);
    else for (let index = 0; index < text.length; ) index = strings.scan(text, index);
    return strings.inString;
  }
}

/**
 * The token of the string `text` ends in, when it ends in one, of strings written between `tokens` (a string ends at
 * the token it opened with); `open`: the string it started in, if any.
 */
function tokenStringAtEnd(text: string, open: string | undefined, tokens: readonly string[]): string | undefined {
  let inString = open;
  let index = 0;
  for (;;) {
    if (inString !== undefined) {
      const close = text.indexOf(inString, index);
      if (close === -1) return inString;
      index = close + inString.length;
      inString = undefined;
    }
    let next = -1;
    for (const token of tokens) {
      const at = text.indexOf(token, index);
      if (at !== -1 && (next === -1 || at < next)) [next, inString] = [at, token];
    }
    if (next === -1) return undefined;
    index = next + (inString?.length ?? 0);
  }
}

/**
 * The strings of JSON text that arrives in pieces, as {@link JsonValueEnd} reads them (in double quotes, or in single
 * quotes as models also write), without its brackets: each quote is found natively, and only the backslashes just
 * before it are counted, so a megabyte of call objects is read in about a millisecond rather than five.
 */
class JsonStrings {
  /** The quote of the string the text so far ends in, or "". */
  private quote = "";
  /** Whether the next piece starts with an escaped character (this one ended in an odd run of backslashes). */
  private escaped = false;

  get inString(): boolean {
    return this.quote !== "";
  }

  read(text: string): void {
    let index = this.escaped && this.quote !== "" ? 1 : 0;
    this.escaped = false;
    while (index < text.length) {
      if (this.quote === "") {
        QUOTE.lastIndex = index;
        if (!QUOTE.test(text)) return;
        this.quote = text.charAt(QUOTE.lastIndex - 1);
        index = QUOTE.lastIndex;
        continue;
      }
      const close = text.indexOf(this.quote, index);
      if (close === -1) {
        this.escaped = backslashesBefore(text, text.length, index) % 2 === 1;
        return;
      }
      if (backslashesBefore(text, close, index) % 2 === 0) this.quote = "";
      index = close + 1;
    }
  }
}

const QUOTE = /["']/g;

/** How many backslashes stand just before `end` in `text`, not looking before `start`. */
function backslashesBefore(text: string, end: number, start: number): number {
  let at = end;
  while (at > start && text.charCodeAt(at - 1) === 92) at -= 1;
  return end - at;
}
