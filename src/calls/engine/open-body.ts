import type { CallableTool } from "../callable-tool.js";
import { bareFunctionName } from "../formats/index.js";
import type { CallBlockSyntax } from "./call-block-syntax.js";
import type { JsonMessageFormat } from "./token-header.js";
import type { TokenSectionSyntax } from "./token-section.js";

/** What a raw body being read belongs to, and what its opening said. */
export type OpenBody =
  /** A `<tool_call>` or its kin (`<tool_calls>`, ...): JSON, or tags (see its family's file). */
  | { kind: "tool-call" }
  /** A call written without its `<tool_call>`: a bare function tag (see its family's file). */
  | { kind: "bare-function"; tag: string }
  /** A model's own call block (see `CallBlockSyntax`), opened by `opener`. */
  | { kind: "call-block"; opener: string; syntax: CallBlockSyntax }
  /** A section of special tokens, opened by `marker`. */
  | { kind: "section"; syntax: TokenSectionSyntax; marker: string }
  /** A message to a tool after a header of special tokens: its call, started once its header (kept) was read. */
  | { kind: "message"; id: string; name: string; header: string; format: JsonMessageFormat }
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
    case "message":
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
    case "message":
      return open.name;
    case "call-block":
      return open.syntax.firstCallName(body);
    default:
      return undefined;
  }
}
