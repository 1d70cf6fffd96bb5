// Character classes of the tolerant XML the scanner reads: names are ASCII letters, digits, `_ - . :`.

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
    code === 46 // .
  );
}

/** XML whitespace. */
export function isSpace(character: string): boolean {
  return character === " " || character === "\n" || character === "\t" || character === "\r";
}
