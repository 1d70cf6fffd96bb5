import type { CallableTool } from "../callable-tool.js";
import type { TokenSectionSyntax } from "../formats/token-sections.js";
import type { CallBlockSyntax } from "./call-block-syntax.js";
import { QWEN_FUNCTION_TAGS } from "./scan-function-tag-calls.js";
import { parseXmlAttributes } from "./xml-attributes.js";

/** What a raw body being read belongs to, and what its opening said. */
export type OpenBody =
  /** A `<tool_call>` or its kin (`<tool_calls>`, `<seed:tool_call>`, ...): Hermes' JSON, Qwen3-Coder's or GLM's tags. */
  | { kind: "tool-call" }
  /** A call written without its `<tool_call>`: Qwen3-Coder's `<function=name>`, MiniCPM5's `<function name="...">`. */
  | { kind: "bare-function"; tag: string }
  /** A model's own call block (see `CallBlockSyntax`), opened by `opener`. */
  | { kind: "call-block"; opener: string; syntax: CallBlockSyntax }
  /** A section of special tokens, opened by `marker`. */
  | { kind: "section"; syntax: TokenSectionSyntax; marker: string }
  /** A Harmony message to a tool: its call, started once its header (kept) was read. */
  | { kind: "harmony"; id: string; name: string; header: string }
  /** A registered legacy tag of `tool`: its call started at the opening tag. */
  | { kind: "legacy"; id: string; callIndex: number; tool: CallableTool; openingTag: string };

/** The body of a `<tool_call>`: what a body is between others too. */
export const TOOL_CALL_BODY: OpenBody = { kind: "tool-call" };

/** What an error names a body by: its opening tag, marker or header; undefined for a `<tool_call>`'s. */
export function openingOf(open: OpenBody): string | undefined {
  switch (open.kind) {
    case "legacy":
      return `<${open.tool.xml?.tag ?? ""}> (${open.id})`;
    case "bare-function":
      return open.tag;
    case "call-block":
      return open.opener;
    case "section":
      return open.marker;
    case "harmony":
      return open.header;
    default:
      return undefined;
  }
}

/** The tool a body's call names, when its opening does (or, for a call block, the start of `body`). */
export function calledToolName(open: OpenBody, body: string): string | undefined {
  switch (open.kind) {
    case "legacy":
      return open.tool.name;
    case "bare-function":
      return bareFunctionName(open.tag);
    case "harmony":
      return open.name;
    case "call-block":
      return open.syntax.firstCallName(body);
    default:
      return undefined;
  }
}

const FUNCTION_PREFIX = QWEN_FUNCTION_TAGS.functionOpener;

/** The tool named by a `<function=name>` or a `<function name="...">` tag. */
export function bareFunctionName(tag: string): string {
  if (!tag.startsWith(FUNCTION_PREFIX)) return parseXmlAttributes(tag).get("name") ?? "";
  return tag.slice(FUNCTION_PREFIX.length, -1).trim();
}
