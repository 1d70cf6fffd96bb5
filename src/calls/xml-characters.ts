// Character classes of the tolerant XML the scanner reads: names are ASCII letters, digits, `_ - . :`, and `｜`
// (U+FF5C), with which DeepSeek V3.2 prefixes its tags (`<｜DSML｜invoke name="f">`).

/** The prefix of DeepSeek V3.2's tags: `<｜DSML｜function_calls>` is its `<function_calls>`. */
const DSML_PREFIX = "｜DSML｜";

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

/** A tag name without DeepSeek's prefix: `｜DSML｜invoke` gives `invoke`, `/｜DSML｜invoke` gives `/invoke`. */
export function plainTagName(name: string): string {
  const start = name.startsWith("/") ? 1 : 0;
  return name.startsWith(DSML_PREFIX, start) ? name.slice(0, start) + name.slice(start + DSML_PREFIX.length) : name;
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
    code === 0xff5c // ｜
  );
}

/** XML whitespace. */
export function isSpace(character: string): boolean {
  return character === " " || character === "\n" || character === "\t" || character === "\r";
}
