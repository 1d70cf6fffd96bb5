import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { APERTUS } from "./apertus.js";
import { COHERE } from "./cohere.js";
import { COMMAND_R_PLUS } from "./command-r-plus.js";
import { FUNCTIONARY } from "./functionary.js";
import { GEMMA } from "./gemma.js";
import { INTERNLM } from "./internlm.js";
import { LFM } from "./lfm.js";
import { MINIMAX_M3 } from "./minimax-m3.js";
import { OLMO } from "./olmo.js";

/**
 * The families that write their calls in a block of their own syntax, by name. Each is one file in this folder; adding
 * one is that file and a line here: the engine finds its tags, reads, announces and builds its calls through it.
 */
export const CALL_BLOCK_FAMILIES: Readonly<Record<string, CallBlockSyntax>> = {
  gemma: GEMMA,
  lfm: LFM,
  olmo: OLMO,
  cohere: COHERE,
  "command-r-plus": COMMAND_R_PLUS,
  internlm: INTERNLM,
  apertus: APERTUS,
  "minimax-m3": MINIMAX_M3,
  functionary: FUNCTIONARY,
};

/** The tags (their names, inside `<...>`) that open a call block, each with its syntax and what closes it. */
export const CALL_BLOCK_TAGS: ReadonlyMap<string, { syntax: CallBlockSyntax; closer: string }> = new Map(
  Object.values(CALL_BLOCK_FAMILIES).flatMap((syntax) =>
    [...syntax.tags].map(([tag, closer]) => [tag, { syntax, closer }] as const),
  ),
);

/** The markers that open a call block in prose, each with its syntax; none starts another. */
export const CALL_BLOCK_MARKERS: ReadonlyMap<string, CallBlockSyntax> = new Map(
  Object.values(CALL_BLOCK_FAMILIES).flatMap((syntax) =>
    syntax.marker === undefined
      ? []
      : [syntax.marker.opening, ...(syntax.marker.otherOpenings ?? [])].map((opening) => [opening, syntax] as const),
  ),
);

/** The XML blocks, by tag name, that may hold another syntax's calls instead of invokes, with that syntax. */
export const CALLS_INSIDE_XML_BLOCKS: ReadonlyMap<string, CallBlockSyntax> = new Map(
  Object.values(CALL_BLOCK_FAMILIES).flatMap((syntax) =>
    syntax.insideXmlBlock === undefined ? [] : [[syntax.insideXmlBlock, syntax] as const],
  ),
);

/** The call blocks that may open at a reply's start, their marker written in the prompt (see `replyStart`). */
export const REPLY_START_CALL_BLOCKS: readonly CallBlockSyntax[] = Object.values(CALL_BLOCK_FAMILIES).filter(
  (syntax) => syntax.replyStart !== undefined,
);
