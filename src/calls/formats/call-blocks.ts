import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { PythonicCall } from "../engine/read-pythonic-calls.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { APERTUS_CALLS_END, APERTUS_CALLS_START, buildApertusCalls, firstApertusCallName } from "./apertus.js";
import { buildGemmaCalls } from "./gemma.js";
import { firstGemmaCallName, type GemmaArguments } from "./gemma-values.js";
import { buildLfmCalls, LFM_CALL_END, LFM_CALL_START } from "./lfm.js";
import { buildMinimaxM3Calls, firstMinimaxM3CallName } from "./minimax-m3.js";
import { buildOlmoCalls } from "./olmo.js";

/**
 * The syntaxes of blocks of calls read whole, to their closing tag; each one's format, but MiniMax M3's, whose calls
 * are MiniMax's XML (format `xml`) opened by a marker, not a tag.
 */
export type CallBlockFormat = "gemma" | "lfm" | "olmo" | "cohere" | "internlm" | "apertus" | "minimax-m3";

/** Cohere's Command R7B and Command A write their calls between these tokens. */
const COHERE_ACTION_START = "<|START_ACTION|>";
/** InternLM writes a call of a tool (a plugin, not its code interpreter) between these tokens. */
const INTERNLM_ACTION_START = "<|action_start|>";
const INTERNLM_PLUGIN = /^\s*<\|plugin\|>/;

/**
 * The tags that open a block of calls in a model's own syntax, by name, with the tag that closes it and the syntax:
 * Gemma's (Gemma 4, FunctionGemma), LFM2's, Cohere's, InternLM's and Apertus'. OLMo 3's block is `<function_calls>`,
 * told apart from invokes by its first character.
 */
export const CALL_BLOCKS: ReadonlyMap<string, { closer: string; format: Exclude<CallBlockFormat, "minimax-m3"> }> =
  new Map([
    ["|tool_call", { closer: "<tool_call|>", format: "gemma" }],
    ["start_function_call", { closer: "<end_function_call>", format: "gemma" }],
    [LFM_CALL_START.slice(1, -1), { closer: LFM_CALL_END, format: "lfm" }],
    [COHERE_ACTION_START.slice(1, -1), { closer: "<|END_ACTION|>", format: "cohere" }],
    [INTERNLM_ACTION_START.slice(1, -1), { closer: "<|action_end|>", format: "internlm" }],
    [APERTUS_CALLS_START.slice(1, -1), { closer: APERTUS_CALLS_END, format: "apertus" }],
  ]);

/** Calls of a block read whole while it arrived (see `BracketedCallAnnouncer`), by where they start in its body. */
export interface CallsReadBefore {
  gemma: ReadonlyMap<number, GemmaArguments>;
  pythonic: ReadonlyMap<number, PythonicCall>;
}

/**
 * The calls of a block of `format` opened by `opener`, from its body (the calls in `readBefore` are not read again);
 * undefined when the body is not calls of that syntax, and the block is then read as something else (OLMo's as
 * invokes, InternLM's interpreter code as text):
 * - Cohere: a JSON array of `{"tool_call_id": "0", "tool_name": "f", "parameters": {...}}`, as llama.cpp reads it;
 * - InternLM: `<|plugin|>` then `{"name": "f", "parameters": {...}}`, as vLLM's `internlm2` parser reads it;
 * - Apertus: a JSON array of `{"f": {...}}` (see {@link buildApertusCalls});
 * - MiniMax M3: invokes whose parameters are elements (see {@link buildMinimaxM3Calls}).
 */
export function buildCallBlock(
  format: CallBlockFormat,
  opener: string,
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  readBefore?: CallsReadBefore,
): BuiltBlockCalls | undefined {
  switch (format) {
    case "gemma":
      return buildGemmaCalls(opener, body, firstCallIndex, catalog, readBefore?.gemma);
    case "lfm":
      return buildLfmCalls(body, firstCallIndex, catalog, readBefore?.pythonic);
    case "olmo":
      return buildOlmoCalls(body, firstCallIndex, catalog, readBefore?.pythonic);
    case "cohere":
      return buildMarkedCallObjects(body, COHERE_ACTION_START, "cohere", firstCallIndex, catalog);
    case "internlm": {
      const plugin = INTERNLM_PLUGIN.exec(body);
      if (plugin === null) return undefined;
      const marker = `${INTERNLM_ACTION_START}<|plugin|>`;
      return buildMarkedCallObjects(body.slice(plugin[0].length), marker, "internlm", firstCallIndex, catalog);
    }
    case "apertus":
      return buildApertusCalls(body, firstCallIndex, catalog);
    case "minimax-m3":
      return buildMinimaxM3Calls(body, firstCallIndex, catalog);
  }
}

/**
 * Whether a block's body, read on past a closing token written inside a string at `from` (see `ClosersInValues`),
 * holds its calls whole, each read without an error, and no other block of its kind opens after `from`: the token was
 * then the string's text. Otherwise it closed the block, and its string was left open.
 */
export function holdsWholeBlockCallsPast(format: CallBlockFormat, opener: string, body: string, from: number): boolean {
  if (body.includes(opener, from)) return false;
  const built = buildCallBlock(format, opener, body, 0, undefined);
  return (
    built !== undefined &&
    built.calls.length > 0 &&
    built.errors.length === 0 &&
    built.calls.every((call) => call.errors.length === 0)
  );
}

/** Whether the body of a block the output ended in was meant as calls: InternLM's code interpreter is text. */
export function isCallBody(format: CallBlockFormat, body: string): boolean {
  return format !== "internlm" || INTERNLM_PLUGIN.test(body);
}

/** The tool the first call of an unfinished block names, if it names one. */
export function firstBlockCallName(format: CallBlockFormat, body: string): string | undefined {
  if (format === "gemma") return firstGemmaCallName(body);
  if (format === "olmo") return /^\s*\[?\s*([A-Za-z_][\w.-]*)\s*\(/.exec(body)?.[1];
  if (format === "apertus") return firstCallName(body) ?? firstApertusCallName(body);
  if (format === "minimax-m3") return firstMinimaxM3CallName(body);
  return firstCallName(body.replace(INTERNLM_PLUGIN, "").trimStart());
}
