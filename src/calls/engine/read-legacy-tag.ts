import { closestName } from "../../errors/closest-name.js";
import type { CallableTool } from "../callable-tool.js";
import type { ScannedXmlCall } from "./build-xml-call.js";
import { escapedForPattern } from "./literal-pattern.js";
import { parseXmlAttributes } from "./xml-attributes.js";

/** Where a legacy tag was found: its opening tag as written and its raw inner text. */
export interface LegacyTag {
  id: string;
  callIndex: number;
  tool: CallableTool;
  openingTag: string;
  content: string;
}

/**
 * Reads a legacy tag (`<create-file file_path="a.py">content</create-file>`) through its tool's `xml.mappings`:
 * `attribute` reads an attribute of the tag (or of the child element at `path`), `element` the inner text of the child
 * element at `path` (`a/b` for nesting), `content` the tag's inner text. Attributes no mapping reads are reported.
 */
export function readLegacyTag(tag: LegacyTag): ScannedXmlCall {
  const scanned: ScannedXmlCall = {
    id: tag.id,
    callIndex: tag.callIndex,
    name: tag.tool.name,
    format: "legacy-xml",
    parameters: [],
    errors: [],
  };
  const mappings = tag.tool.xml?.mappings ?? [];
  const rootAttributes = parseXmlAttributes(tag.openingTag);
  for (const mapping of mappings) {
    const isRoot = mapping.path === "." || mapping.path === "";
    let raw: string | undefined;
    if (mapping.node === "content") {
      raw = tag.content;
    } else if (mapping.node === "element") {
      raw = findElement(tag.content, mapping.path)?.content;
    } else if (isRoot) {
      raw = rootAttributes.get(mapping.param);
    } else {
      const element = findElement(tag.content, mapping.path);
      raw = element === undefined ? undefined : parseXmlAttributes(element.openingTag).get(mapping.param);
    }
    if (raw !== undefined) scanned.parameters.push([mapping.param, raw]);
  }
  const rootAttributeParams = mappings.filter(
    (mapping) => mapping.node === "attribute" && (mapping.path === "." || mapping.path === ""),
  );
  const known = rootAttributeParams.map((mapping) => mapping.param);
  for (const attribute of rootAttributes.keys()) {
    if (known.includes(attribute)) continue;
    const suggestion = closestName(attribute, known);
    scanned.errors.push({
      code: "UNKNOWN_PARAMETER",
      message: `<${tag.openingTag.slice(1).split(/[\s/>]/)[0]}> has no attribute "${attribute}"${suggestion === undefined ? "" : `; did you mean "${suggestion}"?`}`,
      callIndex: tag.callIndex,
      name: tag.tool.name,
      parameter: attribute,
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  }
  return scanned;
}

/** The first element at `path` (`old_str`, `edit/old_str`) inside `content`: its opening tag and raw inner text. */
function findElement(content: string, path: string): { openingTag: string; content: string } | undefined {
  let element: { openingTag: string; content: string } | undefined;
  let inside = content;
  for (const name of path.split("/").filter((segment) => segment !== "" && segment !== ".")) {
    const escaped = escapedForPattern(name);
    const match = new RegExp(`(<${escaped}(?:\\s[^>]*)?>)([\\s\\S]*?)</${escaped}\\s*>`).exec(inside);
    if (match === null) return undefined;
    element = { openingTag: match[1] ?? "", content: match[2] ?? "" };
    inside = element.content;
  }
  return element;
}
