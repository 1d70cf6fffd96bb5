import { buildMarkedCallObjects } from "./build-call-objects.js";
import { buildJsonCall } from "./build-json-call.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall } from "./build-xml-call.js";
import { splitHunyuanSuffix, withBareHunyuanTags } from "./hunyuan-tags.js";
import { holdsWholeCallObjects } from "./json-call-objects.js";
import { functionTagSyntaxOf, scanFunctionTagCalls } from "./scan-function-tag-calls.js";
import { ARG_VALUE, ARG_VALUE_END, isGlmBody, scanGlmCall } from "./scan-glm-call.js";
import type { ScannedTagCall, ScannedToolCallBody } from "./scanned-tool-call-body.js";
import type { ToolCatalog } from "./tool-catalog.js";

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
export function buildHermesCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  blockTag = "<tool_call>",
): BuiltBlockCalls {
  // Hunyuan's `<tool_call:opensource>` holds its other tags with the same suffix.
  const suffix = splitHunyuanSuffix(blockTag.slice(1, -1))?.suffix;
  const bare = suffix === undefined ? body : withBareHunyuanTags(body, suffix);
  const tags = functionTagSyntaxOf(bare);
  if (tags !== undefined) return buildTagCalls(scanFunctionTagCalls(bare, firstCallIndex, tags), catalog);
  if (isGlmBody(bare)) return buildTagCalls({ calls: [scanGlmCall(bare, firstCallIndex)], errors: [] }, catalog);
  return buildMarkedCallObjects(bare, blockTag, "hermes", firstCallIndex, catalog);
}

/**
 * The tags a `<tool_call>` body written with tags puts each value between (Qwen3-Coder's `<parameter=`...`</parameter>`,
 * GLM's `<arg_value>`...`</arg_value>`); undefined for a body of JSON.
 */
export function valueTagsOf(body: string): readonly [opener: string, closer: string] | undefined {
  const tags = functionTagSyntaxOf(body);
  if (tags !== undefined) return [tags.parameterOpener, tags.parameterCloser];
  return isGlmBody(body) ? [ARG_VALUE, ARG_VALUE_END] : undefined;
}

/**
 * Whether a `<tool_call>` body is its calls written whole: JSON as written (see `holdsWholeCallObjects`), or tags each
 * closed, with nothing outside them.
 *
 * @example
 * holdsWholeCalls("<function=f><parameter=x>1</parameter></function>"); // true
 */
export function holdsWholeCalls(body: string): boolean {
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
