import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import { buildJsonCall } from "../engine/build-json-call.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall } from "../engine/build-xml-call.js";
import { FUNCTION_END, type FunctionTagSyntax, scanFunctionTagCalls } from "../engine/function-tag-calls.js";
import { holdsWholeCallObjects } from "../engine/json-call-objects.js";
import type { ScannedTagCall, ScannedToolCallBody } from "../engine/scanned-tool-call-body.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { parseXmlAttributes } from "../engine/xml-attributes.js";
import type { TextToolCallFormat } from "../tool-call.js";
import { ARG_VALUE, ARG_VALUE_END, isGlmBody, scanGlmCall } from "./glm.js";
import { splitHunyuanSuffix, withBareHunyuanTags, withHunyuanSuffix } from "./hunyuan.js";
import { MINICPM_FUNCTION_TAGS } from "./minicpm.js";
import { QWEN_FUNCTION_TAGS } from "./qwen3-coder.js";
import { CALL_OPENING_LIMIT, readCallOpening } from "./tool-call-opening.js";

/**
 * Blocks read as `<tool_call>` is: Doubao Seed's and Seed-OSS's (holding Qwen3-Coder's `<function=...>` calls),
 * LongCat's, the `<tool_calls>` of Hunyuan-A13B, Jamba and MiniMax-M1 (a JSON array, or one object per line), and
 * NVIDIA Nemotron's `<TOOLCALL>` (a JSON array: Llama-Nemotron, Nemotron Nano 2, as NVIDIA's `nemotron_json` parser
 * for vLLM reads it), and iQuest Coder's `<iquestcoder_tool_call>` (holding GLM's form).
 */
const TOOL_CALL_BLOCKS: ReadonlySet<string> = new Set([
  "tool_call",
  "seed:tool_call",
  "longcat_tool_call",
  "tool_calls",
  "TOOLCALL",
  "iquestcoder_tool_call",
]);

/**
 * Blocks read only when they hold JSON, known at their first character: other models wrap `<tool_call>` blocks in a
 * bare `<tool_calls>`, which are then read as before, and in prose it is a word.
 */
const JSON_ONLY_BLOCKS: ReadonlySet<string> = new Set(["tool_calls", "TOOLCALL"]);

/** The tags the `<tool_call>` family opens its blocks with, and how the engine tells them apart. */
export interface ToolCallBlockTags {
  /** The format its calls carry: its blocks are read only when that format is. */
  readonly format: TextToolCallFormat;
  /** The names of the tags that open a block (closed by the same name with `/`). */
  readonly blocks: ReadonlySet<string>;
  /** Of those, the blocks read only when they hold JSON, known at their first character. */
  readonly jsonOnlyBlocks: ReadonlySet<string>;
  /** A tag name written with a vocabulary suffix, split into its bare name and suffix; undefined for any other. */
  suffixedTag(name: string): { name: string; suffix: string } | undefined;
}

/** The `<tool_call>` family: what opens its blocks in prose. Its bodies are read by {@link buildToolCallBlockCalls}. */
export const TOOL_CALL_BLOCK_TAGS: ToolCallBlockTags = {
  format: "hermes",
  blocks: TOOL_CALL_BLOCKS,
  jsonOnlyBlocks: JSON_ONLY_BLOCKS,
  suffixedTag: splitHunyuanSuffix,
};

/**
 * Reads a `<tool_call>` block. Most models write JSON in it (Hermes, Qwen): `{"name": ..., "arguments": {...}}`
 * (arguments may also be a JSON string, or `parameters`; the call may be wrapped as OpenAI writes it, `{"type":
 * "function", "function": {...}}`). A block holding several calls, as a JSON array or one object after another, gives
 * each of them, with ids counted from `firstCallIndex`. Broken JSON is repaired; a body without a readable name gives
 * only an error. Qwen3-Coder writes tags instead (`<function=name><parameter=city>Paris</parameter></function>`), and
 * GLM a name and `<arg_key>`/`<arg_value>` pairs, MiniCPM5 `<function name="f"><param name="x">1</param>`: their values
 * are typed by the tool's schema, as XML values are.
 * Errors name the block by `blockTag`, its opening tag.
 */
export function buildToolCallBlockCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  blockTag = "<tool_call>",
): BuiltBlockCalls {
  const bare = bareBody(body, hunyuanSuffixOf(blockTag));
  const tags = functionTagSyntaxOf(bare);
  if (tags !== undefined) return buildTagCalls(scanFunctionTagCalls(bare, firstCallIndex, tags), catalog);
  if (isGlmBody(bare)) return buildTagCalls({ calls: [scanGlmCall(bare, firstCallIndex)], errors: [] }, catalog);
  return buildMarkedCallObjects(bare, blockTag, "hermes", firstCallIndex, catalog);
}

/**
 * The tags a `<tool_call>` body written with tags puts each value between, as the block opened by `blockTag` writes them
 * (Qwen3-Coder's `<parameter=`...`</parameter>`, GLM's `<arg_value>`...`</arg_value>`, Hunyuan's with its suffix);
 * undefined for a body of JSON.
 */
export function valueTagsOf(
  body: string,
  blockTag = "<tool_call>",
): readonly [opener: string, closer: string] | undefined {
  const suffix = hunyuanSuffixOf(blockTag);
  const bare = bareBody(body, suffix);
  const syntax = functionTagSyntaxOf(bare);
  const [opener, closer] =
    syntax !== undefined
      ? [syntax.parameterOpener, syntax.parameterCloser]
      : isGlmBody(bare)
        ? [ARG_VALUE, ARG_VALUE_END]
        : [];
  if (opener === undefined || closer === undefined) return undefined;
  return suffix === undefined
    ? [opener, closer]
    : [withHunyuanSuffix(opener, suffix), withHunyuanSuffix(closer, suffix)];
}

/**
 * Whether a `<tool_call>` body, read on past a closing tag written inside a value at `from`, is its calls written whole,
 * and what follows `from` opens no other block's call: `abc</tool_call>\n<tool_call><function=f>` is a value the model
 * never closed (its tags read as raw text would swallow the next call), not one that mentions the tags.
 *
 * @example
 * holdsWholeCallsPast('{"name": "f", "arguments": {"x": "</tool_call>"}}', 34); // true
 */
export function holdsWholeCallsPast(body: string, from: number, blockTag = "<tool_call>"): boolean {
  const suffix = hunyuanSuffixOf(blockTag);
  if (!holdsWholeCalls(bareBody(body, suffix))) return false;
  for (let at = body.indexOf(blockTag, from); at !== -1; at = body.indexOf(blockTag, at + 1)) {
    // As much as an opening is looked for in: a call opens within it, or no call opens.
    const start = at + blockTag.length;
    const head = bareBody(body.slice(start, start + CALL_OPENING_LIMIT + 1), suffix);
    if (readCallOpening(head, 0) !== "none") return false;
  }
  return true;
}

/**
 * Whether a bare `<function=...>` call (no `<tool_call>` around it), read on past a `</function>` written inside a
 * value at `from`, is whole once closed here, and no other function opens after `from`: as
 * {@link holdsWholeCallsPast} decides for a block.
 *
 * @example
 * holdsWholeFunctionPast("<function=f>", "<parameter=x>a </function> b</parameter>", 15); // true
 */
export function holdsWholeFunctionPast(functionTag: string, body: string, from: number): boolean {
  FUNCTION_OPENING.lastIndex = from;
  return holdsWholeCalls(`${functionTag}${body}${FUNCTION_END}`) && !FUNCTION_OPENING.test(body);
}

/** A function tag opening, in either syntax: `<function=name>`, `<function name="...">`. */
const FUNCTION_OPENING = /<function[=\s]/g;

/** The suffix of a Hunyuan block's tags (`opensource` in `<tool_call:opensource>`); undefined for other blocks. */
function hunyuanSuffixOf(blockTag: string): string | undefined {
  return splitHunyuanSuffix(blockTag.slice(1, -1))?.suffix;
}

/** A `<tool_call>` body as its tags are read: a Hunyuan block's, which carry its suffix, written bare. */
function bareBody(body: string, suffix: string | undefined): string {
  return suffix === undefined ? body : withBareHunyuanTags(body, suffix);
}

/** Whether a `<tool_call>` body is its calls written whole: JSON as written, or tags each closed, nothing outside them. */
function holdsWholeCalls(body: string): boolean {
  const tags = functionTagSyntaxOf(body);
  const scanned =
    tags !== undefined
      ? scanFunctionTagCalls(body, 0, tags)
      : isGlmBody(body)
        ? { calls: [scanGlmCall(body, 0)], errors: [] }
        : undefined;
  if (scanned === undefined) return holdsWholeCallObjects(body);
  return (
    scanned.calls.length > 0 && scanned.errors.length === 0 && scanned.calls.every((call) => call.errors.length === 0)
  );
}

function buildTagCalls(scanned: ScannedToolCallBody, catalog: ToolCatalog | undefined): BuiltBlockCalls {
  const calls = scanned.calls.map((call) => ({ ...buildTagCall(call, catalog), text: call.text }));
  return { calls, errors: scanned.errors };
}

/** A call written with tags: its values typed by the schema, or its JSON object read as JSON calls' arguments are. */
function buildTagCall(scanned: ScannedTagCall, catalog: ToolCatalog | undefined): BuiltCall {
  if (scanned.jsonArguments === undefined) return buildXmlCall(scanned, catalog);
  const given = { id: scanned.id, name: scanned.name, arguments: scanned.jsonArguments, format: "hermes" } as const;
  const built = buildJsonCall(given, scanned.callIndex, catalog);
  return { call: built.call, errors: [...scanned.errors, ...built.errors] };
}

/** The syntax a tool-call body is written in, when it opens with a function tag. */
export function functionTagSyntaxOf(body: string): FunctionTagSyntax | undefined {
  const start = body.trimStart();
  return [QWEN_FUNCTION_TAGS, MINICPM_FUNCTION_TAGS].find((syntax) => start.startsWith(syntax.functionOpener));
}

const FUNCTION_PREFIX = QWEN_FUNCTION_TAGS.functionOpener;

/** The tool named by a `<function=name>` or a `<function name="...">` tag. */
export function bareFunctionName(tag: string): string {
  if (!tag.startsWith(FUNCTION_PREFIX)) return parseXmlAttributes(tag).get("name") ?? "";
  return tag.slice(FUNCTION_PREFIX.length, -1).trim();
}
