import { XML_TAG_PREFIX } from "../formats/index.js";
import { stopsAtAllBut } from "./text-run.js";

// Character classes of the tolerant XML the scanner reads: names are ASCII letters, digits, `_ - . : |`, the bars some
// models write around a prefix of their tags (`｜` U+FF5C, `‖` U+2016: `<｜DSML｜invoke name="f">`), and the `▁` of
// special tokens (`<｜tool▁calls▁begin｜>`). Special tokens written with bars are names too: `<|tool_call_begin|>`.
const BARS = /[|‖｜]+/g;

/** The name of a tag as written, with `/` for a closing tag: `</invoke >` gives `/invoke`. */
export function tagName(tag: string): string {
  return tag.slice(1, nameEnd(tag, tag.charAt(1) === "/" ? 2 : 1));
}

/** Where the run of name characters starting at `start` ends. */
export function nameEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isNameCode(text.charCodeAt(end))) end += 1;
  return end;
}

/**
 * A tag name without the prefix a model writes before it (see `XML_TAG_PREFIX`): `｜DSML｜invoke` gives `invoke`,
 * `/‖DSML‖invoke` gives `/invoke`.
 */
export function plainTagName(name: string): string {
  return name.replace(XML_TAG_PREFIX, "$1");
}

/**
 * Tag text with every run of bars written as one `｜`, so that a barred prefix reads the same whichever bars the
 * model used: `<｜｜DSML｜｜parameter` and `<‖DSML‖parameter` both give `<｜DSML｜parameter`.
 */
export function withOneBar(text: string): string {
  return text.replace(BARS, "｜");
}

/** Whether `character` may appear in a tag name. */
export function isNameCharacter(character: string): boolean {
  return isNameCode(character.charCodeAt(0));
}

function isNameCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 58) || // 0-9 and ':'
    code === 95 || // _
    code === 45 || // -
    code === 46 || // .
    code === 124 || // |
    code === 0x2016 || // ‖
    code === 0x2581 || // ▁, in special tokens (`<｜tool▁calls▁begin｜>`)
    code === 0xff5c // ｜
  );
}

/** A run of a tag name's characters (see `TextRun`). */
export const TO_NAME_END = stopsAtAllBut(isNameCharacter);

/** XML whitespace. */
export function isSpace(character: string): boolean {
  return character === " " || character === "\n" || character === "\t" || character === "\r";
}
