import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import type { FormatFamily } from "../engine/format-family.js";
import type { MarkedJsonCallsSyntax, ReplyStartMarker } from "../engine/json-run-reader.js";
import type { TokenHeaderSyntax } from "../engine/token-header.js";
import type { TokenSectionSyntax } from "../engine/token-section.js";
import { APERTUS } from "./apertus.js";
import { COHERE } from "./cohere.js";
import { COMMAND_R_PLUS } from "./command-r-plus.js";
import { DEEPSEEK_SECTION } from "./deepseek.js";
import { DOTS_JSON_CALL } from "./dots.js";
import { FUNCTIONARY } from "./functionary.js";
import { GEMMA } from "./gemma.js";
import { HARMONY_HEADER } from "./harmony.js";
import { INTERNLM } from "./internlm.js";
import { JSON_TEXT } from "./json-text.js";
import { K2_HORIZON_SECTION } from "./k2-horizon.js";
import { KIMI_SECTION, KIMI_XTML_HEADER } from "./kimi.js";
import { LFM } from "./lfm.js";
import { MINIMAX_M3 } from "./minimax-m3.js";
import { MISTRAL_CALLS } from "./mistral.js";
import { OLMO } from "./olmo.js";
import { STEP3_SECTION } from "./step3.js";

/**
 * The families the engine reads through a kind of entry (see `FormatFamily`), by name. Each is one file in this
 * folder; adding one is that file and a line here. The `<tool_call>` family (`hermes.ts`, and the tags its blocks
 * may hold: `qwen3-coder.ts`, `glm.ts`, `hunyuan.ts`, `minicpm.ts`) and the `<function_calls>` blocks (`xml-blocks.ts`)
 * are the two the engine is built around, and it reads them directly.
 */
export const FORMAT_FAMILIES: Readonly<Record<string, FormatFamily>> = {
  kimi: { tokenSections: [KIMI_SECTION], tokenHeaders: [KIMI_XTML_HEADER] },
  deepseek: { tokenSections: [DEEPSEEK_SECTION] },
  step3: { tokenSections: [STEP3_SECTION] },
  "k2-horizon": { tokenSections: [K2_HORIZON_SECTION] },
  harmony: { tokenHeaders: [HARMONY_HEADER] },
  mistral: { markedJsonCalls: [MISTRAL_CALLS] },
  "json-text": JSON_TEXT,
  gemma: { callBlocks: [GEMMA] },
  lfm: { callBlocks: [LFM] },
  olmo: { callBlocks: [OLMO] },
  cohere: { callBlocks: [COHERE] },
  "command-r-plus": { callBlocks: [COMMAND_R_PLUS] },
  internlm: { callBlocks: [INTERNLM] },
  apertus: { callBlocks: [APERTUS] },
  "minimax-m3": { callBlocks: [MINIMAX_M3] },
  functionary: { callBlocks: [FUNCTIONARY] },
  dots: { callBlocks: [DOTS_JSON_CALL] },
};

// What the engine reads directly, not through the table: the `<tool_call>` family and the `<function_calls>` blocks'
// names, the two syntaxes it is built around; pythonic calls; the reasoning blocks of every family; and the token
// between the messages of one reply. The engine imports nothing else from this folder.
export {
  BlockCallAnnouncer,
  bareFunctionName,
  buildToolCallBlockCalls,
  holdsWholeCallsPast,
  holdsWholeFunctionPast,
  TOOL_CALL_BLOCK_TAGS,
  type ValueTags,
  valueTagsOf,
} from "./hermes.js";
export { MESSAGE_SEPARATOR } from "./json-text.js";
export { buildPythonicCalls } from "./pythonic.js";
export { closesUnopenedReasoning, REASONING_TAGS, reasoningCloserOf } from "./reasoning.js";
export {
  argumentWrappersOf,
  isXmlBlockName,
  valueWritingOf,
  XML_STRUCTURE_TAGS,
  XML_TAG_PREFIX,
} from "./xml-blocks.js";

/** Every entry of one kind, over the families of the table. */
function entriesOf<Entry>(read: (family: FormatFamily) => readonly Entry[] | undefined): readonly Entry[] {
  return Object.values(FORMAT_FAMILIES).flatMap((family) => read(family) ?? []);
}

/** The blocks in a syntax of a family's own. */
const CALL_BLOCKS: readonly CallBlockSyntax[] = entriesOf((family) => family.callBlocks);

/** The tags (their names, inside `<...>`) that open a call block, each with its syntax and what closes it. */
export const CALL_BLOCK_TAGS: ReadonlyMap<string, { syntax: CallBlockSyntax; closer: string }> = new Map(
  CALL_BLOCKS.flatMap((syntax) => [...syntax.tags].map(([tag, closer]) => [tag, { syntax, closer }] as const)),
);

/** The markers that open a call block in prose, each with its syntax; none starts another. */
export const CALL_BLOCK_MARKERS: ReadonlyMap<string, CallBlockSyntax> = new Map(
  CALL_BLOCKS.flatMap((syntax) =>
    syntax.marker === undefined
      ? []
      : [syntax.marker.opening, ...(syntax.marker.otherOpenings ?? [])].map((opening) => [opening, syntax] as const),
  ),
);

/** The XML blocks, by tag name, that may hold another syntax's calls instead of invokes, with that syntax. */
export const CALLS_INSIDE_XML_BLOCKS: ReadonlyMap<string, CallBlockSyntax> = new Map(
  CALL_BLOCKS.flatMap((syntax) =>
    syntax.insideXmlBlock === undefined ? [] : [[syntax.insideXmlBlock, syntax] as const],
  ),
);

/** The call blocks that may open at a reply's start, their marker written in the prompt (see `replyStart`). */
export const REPLY_START_CALL_BLOCKS: readonly CallBlockSyntax[] = CALL_BLOCKS.filter(
  (syntax) => syntax.replyStart !== undefined,
);

/** Tool-call sections written with special tokens, read when their format is. */
export const TOKEN_SECTIONS: readonly TokenSectionSyntax[] = entriesOf((family) => family.tokenSections);

/** Headers of messages or channels written with special tokens, read when their format is. */
export const TOKEN_HEADERS: readonly TokenHeaderSyntax[] = entriesOf((family) => family.tokenHeaders);

/** Markers in prose that JSON calls follow, read when their format is. */
export const MARKED_JSON_CALLS: readonly MarkedJsonCallsSyntax[] = entriesOf((family) => family.markedJsonCalls);

/** The tags models write before JSON calls, by name, with what may close them. */
export const CALL_WRAPPERS: ReadonlyMap<string, string> = new Map(
  entriesOf((family) => (family.callWrappers === undefined ? undefined : [...family.callWrappers])),
);

/** Words models write before the JSON calls a reply starts with. */
export const REPLY_START_MARKERS: readonly ReplyStartMarker[] = entriesOf((family) => family.replyStartMarkers);
