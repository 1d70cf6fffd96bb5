import { XML_STRUCTURE_TAGS } from "../formats/index.js";
import { ClosingLiteral } from "./closing-literal.js";
import { TextAccumulator } from "./text-accumulator.js";
import { HeldTextRuns, type TextRun } from "./text-run.js";
import { isNameCharacter, isSpace, nameEnd, TO_NAME_END, withOneBar } from "./xml-characters.js";

// States of a value. Each reads its part of a chunk and returns where it stopped.
const PLAIN = 0; // raw value text
const LESS_THAN = 1; // `<` in the value
const CLOSE_TAG = 2; // `</name` in the value, until `>`
const AFTER_CLOSE = 3; // whitespace after a closing tag
const LOOKAHEAD = 4; // the tag after that whitespace: does it prove the closing tag was real?
const CDATA_OPEN = 5; // `<!`, maybe `<![CDATA[`
const CDATA = 6; // inside a CDATA section, until `]]>`

const CDATA_START = "<![CDATA[";
/**
 * Tags whose arrival right after a `</parameter>` proves it closed the value, in every name a block's tags are written
 * in (matched with their bars written as one, see `withOneBar`).
 */
const STRUCTURE_TAGS = XML_STRUCTURE_TAGS;

/** How a value ended: the name of the closing tag it read, and the tag after it that proved it real (read so far). */
export interface ValueEnding {
  closingTagName: string;
  /** `<parameter`, `</invoke`, a block's closing tag or `<invoke`: the rest of that tag follows in the input. */
  nextTag: string;
}

/**
 * Reads a `<parameter>`'s raw value, chunk by chunk, up to its real closing tag. A closing tag counts only when what
 * follows it (after whitespace) is another `<parameter`, an `<invoke`, a `</invoke>` or the end of the block, so code
 * holding a literal `</parameter>` is not cut; any closing name may end a value that way (the caller reports a wrong
 * one). CDATA sections are kept whole, markers included (they are unescaped with the entities later). Text held back
 * while a tag is in doubt is released as value as soon as the doubt is over.
 */
export class ParameterValueScanner {
  /** The value read so far (raw: entities and CDATA markers still in it). */
  readonly text = new TextAccumulator();
  /** Set when the value has ended; the scan stopped right after `ending.nextTag`. */
  ending: ValueEnding | undefined;
  private state = PLAIN;
  /** Text held back until we know whether it is a closing tag. */
  private held = "";
  /** How long the name of a closing tag being read is: the name itself is in `held`, after `</`. */
  private closeTagNameLength = 0;
  private closeTagSpaced = false;
  private lookahead = "";
  private cdataEnd = new ClosingLiteral("]]>");
  /** The runs of a closing tag's name (see {@link openCloseTagNameRun}). */
  private readonly closeTagNameRuns = new HeldTextRuns();

  /** `onText` receives each piece of value text as it is read (the stream's argument deltas). */
  constructor(private readonly onText: (text: string) => void) {}

  /** Starts a new value. */
  start(): void {
    this.text.reset();
    this.ending = undefined;
    this.state = PLAIN;
    this.held = "";
  }

  /** Whether text without `<` would simply extend the value (no tag is in doubt): the stream's fast path. */
  get readsPlainText(): boolean {
    return this.state === PLAIN;
  }

  /**
   * The run of a closing tag's name being read in the value (`</param`), if one is: characters of a name only add to
   * it, held; {@link takeCloseTagName} holds them here when the run ends.
   */
  openCloseTagNameRun(): TextRun | undefined {
    return this.state === CLOSE_TAG && !this.closeTagSpaced ? this.closeTagNameRuns.open(TO_NAME_END) : undefined;
  }

  /** Holds the characters of a closing tag's name a run took, as {@link scanCloseTag} would have. */
  takeCloseTagName(): void {
    const name = this.closeTagNameRuns.take();
    this.held += name;
    this.closeTagNameLength += name.length;
  }

  /**
   * Reads `chunk` from `start` until it ends or the value does, and returns where it stopped. Once the value has ended
   * (`ending` is set), what follows belongs to the caller.
   */
  scan(chunk: string, start: number): number {
    let index = start;
    while (index < chunk.length && this.ending === undefined) {
      switch (this.state) {
        case PLAIN:
          index = this.scanPlain(chunk, index);
          break;
        case LESS_THAN:
          index = this.scanLessThan(chunk, index);
          break;
        case CLOSE_TAG:
          index = this.scanCloseTag(chunk, index);
          break;
        case AFTER_CLOSE:
          index = this.scanAfterClose(chunk, index);
          break;
        case LOOKAHEAD:
          index = this.scanLookahead(chunk, index);
          break;
        case CDATA_OPEN:
          index = this.scanCdataOpen(chunk, index);
          break;
        default:
          index = this.cdataEnd.scan(chunk, index, this.append);
          if (this.cdataEnd.found) {
            this.append(this.cdataEnd.literal);
            this.state = PLAIN;
          }
      }
    }
    return index;
  }

  /** Value text (an arrow: it is passed to {@link ClosingLiteral.scan}). */
  readonly append = (text: string): void => {
    this.text.append(text);
    this.onText(text);
  };

  private scanPlain(chunk: string, index: number): number {
    const lessThan = chunk.indexOf("<", index);
    if (lessThan === -1) {
      this.append(index === 0 ? chunk : chunk.slice(index));
      return chunk.length;
    }
    if (lessThan > index) this.append(chunk.slice(index, lessThan));
    this.held = "<";
    this.state = LESS_THAN;
    return lessThan + 1;
  }

  private scanLessThan(chunk: string, index: number): number {
    const character = chunk.charAt(index);
    if (character === "/") {
      this.held += character;
      this.closeTagNameLength = 0;
      this.closeTagSpaced = false;
      this.state = CLOSE_TAG;
      return index + 1;
    }
    if (character === "!") {
      this.held += character;
      this.state = CDATA_OPEN;
      return index + 1;
    }
    return this.releaseHeld(index);
  }

  /** The held text was value after all; the current character is read again as value. */
  private releaseHeld(index: number): number {
    this.append(this.held);
    this.held = "";
    this.state = PLAIN;
    return index;
  }

  private scanCdataOpen(chunk: string, index: number): number {
    const character = chunk.charAt(index);
    if (character !== CDATA_START.charAt(this.held.length)) return this.releaseHeld(index);
    this.held += character;
    if (this.held.length < CDATA_START.length) return index + 1;
    this.append(this.held);
    this.held = "";
    this.cdataEnd = new ClosingLiteral("]]>");
    this.state = CDATA;
    return index + 1;
  }

  /** Reads `</name` and `>`; any closing tag may end a value, if what follows proves it. */
  private scanCloseTag(chunk: string, start: number): number {
    let index = start;
    if (!this.closeTagSpaced) {
      const end = nameEnd(chunk, index);
      if (end > index) {
        this.closeTagNameLength += end - index;
        this.held += chunk.slice(index, end);
        index = end;
      }
    }
    for (; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === ">" && this.closeTagNameLength > 0) {
        this.held += character;
        this.state = AFTER_CLOSE;
        return index + 1;
      }
      if (!isSpace(character) || this.closeTagNameLength === 0) return this.releaseHeld(index);
      this.closeTagSpaced = true;
      this.held += character;
    }
    return chunk.length;
  }

  private scanAfterClose(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (character === "<") {
        this.lookahead = "<";
        this.state = LOOKAHEAD;
        return index + 1;
      }
      if (!isSpace(character)) return this.releaseHeld(index);
      this.held += character;
    }
    return chunk.length;
  }

  /** Reads the tag after a closing tag: a structure tag ends the value; anything else makes all of it value. */
  private scanLookahead(chunk: string, start: number): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (isNameCharacter(character) || (character === "/" && this.lookahead === "<")) {
        if (extendsStructureTag(withOneBar(this.lookahead + character))) {
          this.lookahead += character;
          continue;
        }
      } else if (STRUCTURE_TAGS.includes(withOneBar(this.lookahead))) {
        const closingTagName = this.held.slice(2, 2 + this.closeTagNameLength);
        this.held = "";
        this.ending = { closingTagName, nextTag: this.lookahead };
        return index;
      }
      // Not a structure tag: the closing tag and the whitespace were value, and the lookahead is read again as value.
      const lookahead = this.lookahead;
      this.releaseHeld(index);
      this.scan(lookahead, 0);
      return index;
    }
    return chunk.length;
  }
}

/** Whether `prefix` (read so far, with one bar for each run) still begins one of the structure tags. */
function extendsStructureTag(prefix: string): boolean {
  return STRUCTURE_TAGS.some((tag) => tag.length >= prefix.length && tag.startsWith(prefix));
}
