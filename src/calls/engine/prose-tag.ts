import type { TagOpener, TagOpeners } from "./tag-openers.js";
import { HeldTextRuns, stopsAt, type TextRun } from "./text-run.js";
import { isNameCharacter, isSpace, TO_NAME_END } from "./xml-characters.js";

/** What ends a run of the tool's name in `<function=name>`: what ends or breaks the tag. */
const FUNCTION_NAME_STOPS = stopsAt(">\n<");

/**
 * A tag met in prose (`<name attributes>`), read until it is known to open something ({@link TagOpeners} knows which
 * tags do) or to be prose: an unknown name, a `<` or, in a tag that takes no attributes, anything but space.
 */
export class ProseTag {
  /** The tag read so far, its `<` included. */
  text = "<";
  /** What the tag's name opens, once the name is read. */
  opener: TagOpener;
  /** `opens` once the tag is whole and opens {@link opener}; `prose` once it is known to be text. */
  ended: "opens" | "prose" | undefined;
  private nameDone = false;
  private quote = "";
  /** The runs of the tag's text (see {@link openRun}). */
  private readonly runs = new HeldTextRuns();

  constructor(private readonly openers: TagOpeners) {}

  /** Starts a tag at its `<`, or with `held`, the start of a tag read elsewhere. */
  start(held = "<"): void {
    this.text = held;
    this.nameDone = false;
    this.quote = "";
    this.ended = undefined;
  }

  /**
   * Takes `character` (one) when it only goes on with the tag, as {@link scan} would read it: its name, a
   * `<function=name>` tool's name, or a quoted attribute value; returns whether it did. The stream's fast path, for a tag
   * or token streamed a character at a time: what ends or breaks any of them goes through {@link scan}.
   */
  takeCharacter(character: string): boolean {
    const takes = !this.nameDone
      ? isNameCharacter(character) || (character === "/" && this.text === "<")
      : this.opener === "function"
        ? character !== ">" && character !== "<" && character !== "\n"
        : this.quote !== "" && character !== this.quote;
    if (takes) this.text += character;
    return takes;
  }

  /**
   * The run of the tag's text where it is (see `TextRun`): its name, to the first character no name holds; a
   * `<function=name>` tool's name, to the `>`; a quoted attribute value, to its quote. No call's text: the tag is held.
   */
  openRun(): TextRun | undefined {
    if (!this.nameDone) return this.runs.open(TO_NAME_END);
    if (this.opener === "function") return this.runs.open(FUNCTION_NAME_STOPS);
    return this.quote === "" ? undefined : this.runs.open(stopsAt(this.quote));
  }

  /** The run ended: what it took is the tag's. */
  closeRun(): void {
    this.text += this.runs.take();
  }

  /**
   * Reads `chunk` from `start` and returns where it stopped: after the tag's `>` when it opens something, at what
   * makes it prose otherwise. `atStart`: the output has said nothing before the tag.
   */
  scan(chunk: string, start: number, atStart: boolean): number {
    for (let index = start; index < chunk.length; index += 1) {
      const character = chunk.charAt(index);
      if (!this.nameDone) {
        // A closing tag's `/`: only a suffixed `</tool_calls:opensource>` is anything but prose.
        if (isNameCharacter(character) || (character === "/" && this.text === "<")) {
          this.text += character;
          continue;
        }
        this.opener = this.openers.named(this.text.slice(1), atStart);
        if (this.opener === "function") this.opener = this.openers.afterFunction(character, atStart);
        if (this.opener === undefined) return this.end("prose", index);
        this.nameDone = true;
      }
      if (this.opener === "function") {
        // `<function=name>`: the tool's name runs to the `>`; a tag broken by `<` or a line break is prose.
        if (character === "<" || character === "\n") return this.end("prose", index);
        this.text += character;
        if (character === ">") return this.end("opens", index + 1);
      } else if (this.quote !== "") {
        this.text += character;
        if (character === this.quote) this.quote = "";
      } else if (character === ">") {
        this.text += character;
        return this.end("opens", index + 1);
      } else if (
        character === "<" ||
        (typeof this.opener === "string" && this.opener !== "xml-function" && !isSpace(character))
      ) {
        // `function_calls` and `tool_call` take no attributes: anything else means this was prose.
        return this.end("prose", index);
      } else {
        if (character === '"' || character === "'") this.quote = character;
        this.text += character;
      }
    }
    return chunk.length;
  }

  private end(ended: "opens" | "prose", index: number): number {
    this.ended = ended;
    return index;
  }
}
