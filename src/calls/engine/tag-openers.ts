import type { CallableTool } from "../callable-tool.js";
import { HARMONY_RETURN } from "../formats/harmony.js";
import { splitHunyuanSuffix } from "../formats/hunyuan.js";
import { CALL_BLOCK_TAGS, CALLS_INSIDE_XML_BLOCKS } from "../formats/index.js";
import { XTML_OPEN } from "../formats/kimi-k3.js";
import {
  CALL_WRAPPERS,
  DOTS_BLOCK,
  HARMONY_OPENERS,
  isCallMarker,
  MESSAGE_SEPARATOR,
  MINIMAX_BLOCK,
  REASONING_TAGS,
  STEPTML_BLOCK,
  TOKEN_SECTIONS,
  TOOL_CALL_BLOCKS,
} from "../formats/markers.js";
import type { TokenSectionSyntax } from "../formats/token-sections.js";
import type { TextToolCallFormat } from "../tool-call.js";
import type { ToolCatalog } from "./tool-catalog.js";
import { isSpace, plainTagName } from "./xml-characters.js";

/**
 * What an opening tag in prose starts: a `<function_calls>` block, a `<tool_call>` block or its kin, a bare
 * `<function=...>` (Qwen3-Coder) or `<function name=...>` (MiniCPM5) call, a section of special tokens (Kimi,
 * DeepSeek), a Harmony message header, a wrapper of the JSON calls a reply starts with, a model's own call block
 * (see `formats/index.ts`), a registered legacy tag's tool, or reasoning.
 */
export type TagOpener =
  | CallableTool
  | "function_calls"
  | "tool_call"
  | "function"
  | "xml-function"
  | "section"
  | "harmony"
  | "xtml"
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
  /**
   * `readsReplyStartCalls`: whether JSON calls a reply starts with are read (then wrappers such as `<|python_tag|>`
   * and a message separator may open them).
   */
  constructor(
    private readonly formats: ReadonlySet<TextToolCallFormat>,
    private readonly catalog: ToolCatalog | undefined,
    private readonly readsReplyStartCalls: boolean,
  ) {}

  /** What a tag named `name` opens in prose; `atStart`: whether the reply has said nothing yet. */
  named(name: string, atStart: boolean): TagOpener {
    const hunyuan = splitHunyuanSuffix(name);
    if (hunyuan !== undefined) return this.hunyuanOpener(hunyuan.name, atStart);
    if (atStart && REASONING_TAGS.has(name)) return "reasoning";
    // DeepSeek V4 names its block `tool_calls`, and only with its prefix: a bare `<tool_calls>` in prose is no block.
    const plain = plainTagName(name);
    const isBlock =
      plain === "function_calls" ||
      (plain === "tool_calls" && plain !== name) ||
      name === MINIMAX_BLOCK ||
      name === STEPTML_BLOCK ||
      name === DOTS_BLOCK;
    if (isBlock && (this.formats.has("xml") || this.readsCallsInside(name))) {
      return "function_calls";
    }
    if (TOOL_CALL_BLOCKS.has(name) && this.formats.has("hermes")) return "tool_call";
    // Qwen3-Coder often leaves out the `<tool_call>` before `<function=name>`, and MiniCPM5 writes
    // `<function name=...>` with nothing around it. Such a call is read only when it names a known tool, as legacy tags
    // are: a `<function` in prose without tools stays prose. The character after the name tells which it is (see
    // `afterFunction`).
    if (name === "function" && this.catalog !== undefined) return "function";
    if (this.sectionOpenedBy(`<${name}>`) !== undefined) return "section";
    if (HARMONY_OPENERS.has(name) && this.formats.has("harmony")) return "harmony";
    if (name === HARMONY_RETURN && this.formats.has("harmony")) return "dropped";
    if (`<${name}>` === XTML_OPEN && this.formats.has("kimi")) return "xtml";
    if (this.isCallWrapper(name, atStart)) return "call-wrapper";
    if (name === MESSAGE_SEPARATOR && this.formats.has("json-text")) return "message-separator";
    const callBlock = CALL_BLOCK_TAGS.get(name);
    if (callBlock !== undefined && this.formats.has(callBlock.syntax.format)) return "call-block";
    return this.formats.has("legacy-xml") ? this.catalog?.byTag.get(name) : undefined;
  }

  /**
   * What Hunyuan's suffixed tags open in prose: reasoning at the start, a `<tool_call>`; its `<tool_calls>` wrapper and
   * that wrapper's closing tag are dropped (no prose writes such tokens).
   */
  private hunyuanOpener(name: string, atStart: boolean): TagOpener {
    if (name === "think") return atStart ? "reasoning" : undefined;
    if (!this.formats.has("hermes")) return undefined;
    if (name === "tool_call") return "tool_call";
    return name === "tool_calls" || name === "/tool_calls" ? "dropped" : undefined;
  }

  /**
   * What `<function` opens, by the character after its name: Qwen3-Coder's `<function=name>` (hermes), MiniCPM5's
   * `<function name="...">` (xml), or a wrapper of the JSON calls a reply starts with (`<function>`).
   */
  afterFunction(character: string, atStart: boolean): TagOpener {
    if (character === "=") return this.formats.has("hermes") ? "function" : undefined;
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

  /** The syntax of the section `marker` opens, when its format is read. */
  sectionOpenedBy(marker: string): TokenSectionSyntax | undefined {
    return TOKEN_SECTIONS.find((syntax) => syntax.sections.has(marker) && this.formats.has(syntax.format));
  }
}
