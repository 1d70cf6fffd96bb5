import { decodeXmlText } from "../decode-xml-text.js";

/** `name="value"`, `name='value'` or `name=value`. */
const ATTRIBUTE = /([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g;

/**
 * The attributes of an opening tag as written by a model (`<invoke name='x'>`), values decoded, in a `Map` so that
 * names such as `__proto__` are plain keys. The tag name itself is skipped.
 */
export function parseXmlAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const afterName = tag.search(/[\s/>]/);
  if (afterName === -1) return attributes;
  ATTRIBUTE.lastIndex = afterName;
  for (let match = ATTRIBUTE.exec(tag); match !== null; match = ATTRIBUTE.exec(tag)) {
    const [, name, doubleQuoted, singleQuoted, bare] = match;
    if (name !== undefined) attributes.set(name, decodeXmlText(doubleQuoted ?? singleQuoted ?? bare ?? ""));
  }
  return attributes;
}

/** True when an opening tag closes itself (`<tag ... />`). */
export function isSelfClosing(tag: string): boolean {
  return /\/\s*>$/.test(tag);
}
