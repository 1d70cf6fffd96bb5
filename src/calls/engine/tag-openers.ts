import type { CallableTool } from "../callable-tool.js";
import {
  CALL_BLOCK_TAGS,
  CALL_WRAPPERS,
  CALLS_INSIDE_XML_BLOCKS,
  isXmlBlockName,
  MESSAGE_SEPARATOR,
  REASONING_TAGS,
  TOKEN_HEADERS,
  TOKEN_SECTIONS,
  TOOL_CALL_BLOCK_TAGS,
} from "../formats/index.js";
import type { TextToolCallFormat } from "../tool-call.js";
import { isCallMarker } from "./format-family.js";
import type { TokenHeaderSyntax } from "./token-header.js";
import type { TokenSectionSyntax } from "./token-section.js";
import type { ToolCatalog } from "./tool-catalog.js";
import { isSpace, plainTagName } from "./xml-characters.js";

/**
 * What an opening tag in prose starts: a `<function_calls>` block, a `<tool_call>` block or its kin, a bare
 * `<function=...>` or `<function name=...>` call, a section of special tokens, a message header of special tokens, a wrapper of the JSON calls a reply starts with, a model's own call block
 * (see `formats/index.ts`), a registered legacy tag's tool, or reasoning.
 */
export type TagOpener =
  | CallableTool
  | "function_calls"
  | "tool_call"
  | "function"
  | "xml-function"
  | "section"
  | "token-header"
  | "call-wrapper"
  | "call-block"
  | "reasoning"
  | "dropped"
  | "message-separator"
  | undefined;

/**
 * Which tags open something in prose, given the syntaxes read and the tools known: the scanner asks once a tag's name
 * is whole, and reads any other tag as text.
 */
export class TagOpeners {
  /** Whether the `<tool_call>` family's blocks are read. */
  private readonly readsToolCalls: boolean;
  /** The closing tag (`/tool_calls`) of a wrapper dropped from the text, whose blocks are being read: dropped too. */
  droppedClosingTag: string | undefined;

  /**
   * `readsReplyStartCalls`: whether JSON calls a reply starts with are read (then wrappers such as `<|python_tag|>`
   * and a message separator may open them).
   */
  constructor(
    private readonly formats: ReadonlySet<TextToolCallFormat>,
    private readonly catalog: ToolCatalog | undefined,
    private readonly readsReplyStartCalls: boolean,
  ) {
    this.readsToolCalls = formats.has(TOOL_CALL_BLOCK_TAGS.format);
  }

  /** What a tag named `name` opens in prose; `atStart`: whether the reply has said nothing yet. */
  named(name: string, atStart: boolean): TagOpener {
    if (name === this.droppedClosingTag) return "dropped";
    const suffixed = TOOL_CALL_BLOCK_TAGS.suffixedTag(name);
    if (suffixed !== undefined) return this.suffixedOpener(suffixed.name, atStart);
    if (atStart && REASONING_TAGS.has(name)) return "reasoning";
    if (isXmlBlockName(name, plainTagName(name)) && (this.formats.has("xml") || this.readsCallsInside(name))) {
      return "function_calls";
    }
    if (TOOL_CALL_BLOCK_TAGS.blocks.has(name) && this.readsToolCalls) return "tool_call";
    // Models leave out the `<tool_call>` before `<function=name>`, or write `<function name=...>` with nothing
    // around it (see its family's file). Such a call is read only when it names a known tool, as legacy tags
    // are: a `<function` in prose without tools stays prose. The character after the name tells which it is (see
    // `afterFunction`).
    if (name === "function" && this.catalog !== undefined) return "function";
    if (this.sectionOpenedBy(`<${name}>`) !== undefined) return "section";
    if (this.headerOpenedBy(name) !== undefined) return "token-header";
    if (TOKEN_HEADERS.some((syntax) => syntax.dropped?.has(name) === true && this.formats.has(syntax.format))) {
      return "dropped";
    }
    if (this.isCallWrapper(name, atStart)) return "call-wrapper";
    if (name === MESSAGE_SEPARATOR && this.formats.has("json-text")) return "message-separator";
    const callBlock = CALL_BLOCK_TAGS.get(name);
    if (callBlock !== undefined && this.formats.has(callBlock.syntax.format)) return "call-block";
    return this.formats.has("legacy-xml") ? this.catalog?.byTag.get(name) : undefined;
  }

  /**
   * What tags written with a vocabulary suffix open in prose: reasoning at the start, a `<tool_call>`; a
   * `<tool_calls>` wrapper and that wrapper's closing tag are dropped (no prose writes such tokens).
   */
  private suffixedOpener(name: string, atStart: boolean): TagOpener {
    if (name === "think") return atStart ? "reasoning" : undefined;
    if (!this.readsToolCalls) return undefined;
    if (name === "tool_call") return "tool_call";
    return name === "tool_calls" || name === "/tool_calls" ? "dropped" : undefined;
  }

  /**
   * What `<function` opens, by the character after its name: `<function=name>` (the `<tool_call>` family's),
   * `<function name="...">` (xml), or a wrapper of the JSON calls a reply starts with (`<function>`).
   */
  afterFunction(character: string, atStart: boolean): TagOpener {
    if (character === "=") return this.readsToolCalls ? "function" : undefined;
    if (isSpace(character)) return this.formats.has("xml") ? "xml-function" : undefined;
    return this.isCallWrapper("function", atStart) ? "call-wrapper" : undefined;
  }

  /**
   * Whether a tag named `name` may stand before JSON calls: a model's own marker anywhere, other wrappers where a reply
   * starts (see {@link isCallMarker}).
   */
  private isCallWrapper(name: string, atStart: boolean): boolean {
    if (!CALL_WRAPPERS.has(name)) return false;
    // A model's own marker says what follows is calls, tools known or not; a plain tag only where a reply starts.
    if (isCallMarker(name)) return this.formats.has("json-text") || this.formats.has("pythonic");
    return atStart && this.readsReplyStartCalls;
  }

  /** Whether the XML block named `name` may hold another syntax's calls (see `CALLS_INSIDE_XML_BLOCKS`) that are read. */
  readsCallsInside(name: string): boolean {
    const inside = CALLS_INSIDE_XML_BLOCKS.get(name);
    return inside !== undefined && this.formats.has(inside.format);
  }

  /** The syntax of the header the token named `name` opens, when its format is read. */
  headerOpenedBy(name: string): TokenHeaderSyntax | undefined {
    return TOKEN_HEADERS.find((syntax) => syntax.openers.has(name) && this.formats.has(syntax.format));
  }

  /** The syntax of the section `marker` opens, when its format is read. */
  sectionOpenedBy(marker: string): TokenSectionSyntax | undefined {
    return TOKEN_SECTIONS.find((syntax) => syntax.sections.has(marker) && this.formats.has(syntax.format));
  }
}
