import { buildJsonCall } from "../engine/build-json-call.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { GemmaCallAnnouncer } from "./gemma-announcer.js";
import { firstGemmaCallName, GEMMA_STRING_TOKENS, type GemmaArguments, readGemmaCalls } from "./gemma-values.js";

/**
 * The calls of a Gemma call block (see {@link readGemmaCalls}) opened by `opener` (`<|tool_call>`,
 * `<start_function_call>`). A call whose arguments cannot be read is kept without them, with its raw text and a
 * `PARSE_ERROR`; so is text in the block that is no call. `readBefore`: arguments read as the block arrived.
 */
export function buildGemmaCalls(
  opener: string,
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  readBefore?: ReadonlyMap<number, GemmaArguments>,
): BuiltBlockCalls {
  const block = readGemmaCalls(body, readBefore);
  const calls = block.calls.map((read, offset) => {
    const callIndex = firstCallIndex + offset;
    const built = buildJsonCall(
      { id: undefined, name: read.name, arguments: read.arguments, format: "gemma" },
      callIndex,
      catalog,
    );
    if (read.problem !== undefined) {
      built.call.rawArguments = read.text;
      const message = `Tool "${read.name}": its arguments in ${opener} cannot be read: ${read.problem}`;
      built.errors.push({ code: "PARSE_ERROR", message, callIndex, name: read.name });
    }
    return { ...built, text: read.text };
  });
  const errors =
    block.problem === undefined ? [] : [{ code: "PARSE_ERROR" as const, message: `${opener}: ${block.problem}` }];
  return { calls, errors };
}

/**
 * Gemma 4's `<|tool_call>call:f{city:<|"|>Paris<|"|>}<tool_call|>` and FunctionGemma's `<start_function_call>`: its
 * strings are written between special tokens, so a closing token inside one is its text.
 */
export const GEMMA: CallBlockSyntax<GemmaArguments> = {
  format: "gemma",
  tags: new Map([
    ["|tool_call", "<tool_call|>"],
    ["start_function_call", "<end_function_call>"],
  ]),
  valueStrings: GEMMA_STRING_TOKENS,
  build: (opener, body, firstCallIndex, catalog, readBefore) =>
    buildGemmaCalls(opener, body, firstCallIndex, catalog, readBefore),
  firstCallName: firstGemmaCallName,
  announcer: (deltas, sink) => new GemmaCallAnnouncer(deltas, sink),
};
