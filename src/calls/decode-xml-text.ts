import { checkStringArgument } from "../errors/invalid-option-error.js";

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["quot", '"'],
  ["apos", "'"],
]);

/** CDATA sections, and the five XML entities plus numeric ones; anything else (`&&`, `&nbsp;`) is left as written. */
const ESCAPES = /<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;

/**
 * The text a model meant by an XML value: CDATA sections unwrapped, entities decoded. Bare `<` and `&` (as in code)
 * stay as they are, since models rarely escape them.
 *
 * @example
 * decodeXmlText("a &lt; b <![CDATA[&amp;]]>"); // "a < b &amp;"
 */
export function decodeXmlText(raw: string): string {
  checkStringArgument("decodeXmlText", "raw", raw);
  if (!raw.includes("&") && !raw.includes("<![CDATA[")) return raw;
  return raw.replace(ESCAPES, (whole, cdata: string | undefined, entity: string | undefined) => {
    if (cdata !== undefined) return cdata;
    if (entity === undefined) return whole;
    if (entity.startsWith("#")) {
      const codePoint =
        entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return NAMED_ENTITIES.get(entity) ?? whole;
  });
}
