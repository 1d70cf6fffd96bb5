import type { CallBlockSyntax } from "./call-block-syntax.js";
import type { MarkedJsonCallsSyntax, ReplyStartMarker } from "./json-run-reader.js";
import type { TokenHeaderSyntax } from "./token-header.js";
import type { TokenSectionSyntax } from "./token-section.js";

/**
 * How one model family writes its tool calls in text, as its file under `formats/` hands it to the engine: the kinds
 * of entry the engine reads, each written as data plus small functions. The table (`formats/index.ts`) lists every
 * family by name; the engine reads the families through it, and names none.
 */
export interface FormatFamily {
  /** Blocks in a syntax of the family's own, opened by a tag or a marker. */
  readonly callBlocks?: readonly CallBlockSyntax[];
  /** Sections of special tokens around calls. */
  readonly tokenSections?: readonly TokenSectionSyntax[];
  /** Headers of messages or channels written with special tokens, naming the tool a message calls. */
  readonly tokenHeaders?: readonly TokenHeaderSyntax[];
  /** A marker in prose that JSON calls follow. */
  readonly markedJsonCalls?: readonly MarkedJsonCallsSyntax[];
  /**
   * Tags (their names, inside `<...>`) a model writes before JSON calls, each with what may close them; a name starting
   * with `|` is a special token (see `isCallMarker`).
   */
  readonly callWrappers?: ReadonlyMap<string, string>;
  /** Words a model writes before the JSON calls a reply starts with. */
  readonly replyStartMarkers?: readonly ReplyStartMarker[];
}

/**
 * Whether the wrapper named `name` is a model's own special token (`<|...|>`): it opens calls wherever it stands, and
 * one followed by no call is reported. Any other wrapper (`<tools>`) is a word a model may write in prose: it opens
 * calls only where a reply starts.
 */
export function isCallMarker(name: string): boolean {
  return name.startsWith("|");
}
