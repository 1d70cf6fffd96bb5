import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { PythonicCallAnnouncer } from "../engine/pythonic-call-announcer.js";
import { type PythonicCall, readPythonicCalls } from "../engine/read-pythonic-calls.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";
import { shortenText } from "../engine/shorten-text.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { buildPythonicCalls } from "./pythonic.js";

/** The special token Liquid AI's LFM2 and LFM2.5 open their tool calls with, and the one that closes them. */
export const LFM_CALL_START = "<|tool_call_start|>";
export const LFM_CALL_END = "<|tool_call_end|>";

/**
 * The calls of an LFM2 block, the text between {@link LFM_CALL_START} and {@link LFM_CALL_END}, as sglang's `lfm2`
 * detector reads it: a pythonic call list (`[get_weather(city="Paris")]`, what the models are trained to write; see
 * {@link readPythonicCalls}), or call objects (`[{"name": "f", "arguments": {...}}]`, what they write when the system
 * prompt asks for JSON). The tokens say calls follow, so broken JSON is repaired, and a block holding neither is
 * reported. `readBefore`: calls read as the block arrived, by where they start in `body`.
 */
export function buildLfmCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  readBefore: ReadonlyMap<number, PythonicCall> = new Map(),
): BuiltBlockCalls {
  const trimmed = body.trim();
  const pythonic = readPythonicCalls(trimmed, { calls: readBefore, offset: body.length - body.trimStart().length });
  if (pythonic !== undefined) return buildPythonicCalls(pythonic, trimmed, "lfm", firstCallIndex, catalog);
  const noCall = `${LFM_CALL_START} holds neither a pythonic call list nor call objects: ${shortenText(trimmed)}`;
  return buildMarkedCallObjects(trimmed, LFM_CALL_START, "lfm", firstCallIndex, catalog, { noCallMessage: noCall });
}

/**
 * Liquid AI's LFM2 and LFM2.5: `<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>`. LFM2 often writes the
 * block's body again after it, capped by a second `<|tool_call_end|>` (vLLM's `lfm2` parser drops that echo): the
 * same calls with no opening token, made once already, so they are dropped too.
 */
export const LFM: CallBlockSyntax<PythonicCall> = {
  format: "lfm",
  tags: new Map([[LFM_CALL_START.slice(1, -1), LFM_CALL_END]]),
  dropsEchoedBody: true,
  build: (_opener, body, firstCallIndex, catalog, readBefore) =>
    buildLfmCalls(body, firstCallIndex, catalog, readBefore),
  firstCallName: (body) => firstCallName(body.trimStart()),
  announcer: (deltas, sink) => new PythonicCallAnnouncer(deltas, sink),
};
