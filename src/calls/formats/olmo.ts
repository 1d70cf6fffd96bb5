import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { PythonicCallAnnouncer } from "../engine/pythonic-call-announcer.js";
import { type PythonicCall, readPythonicCallLines } from "../engine/read-pythonic-calls.js";
import { shortenText } from "../engine/shorten-text.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import type { ToolCallError } from "../tool-call-error.js";
import { buildPythonicCalls } from "./pythonic.js";

/**
 * The calls of an OLMo 3 `<function_calls>` block whose body is pythonic calls, one per line (see
 * {@link readPythonicCallLines}); undefined when the body is not. `readBefore`: calls read as the block arrived, by
 * where they start in `body`.
 */
export function buildOlmoCalls(
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
  readBefore: ReadonlyMap<number, PythonicCall> = new Map(),
): BuiltBlockCalls | undefined {
  const trimmed = body.trim();
  const offset = body.length - body.trimStart().length;
  const calls = readPythonicCallLines(trimmed, { calls: readBefore, offset });
  return calls === undefined ? undefined : buildPythonicCalls(calls, trimmed, "olmo", firstCallIndex, catalog);
}

/** The error for an OLMo block whose body is not pythonic calls, when the block cannot be read as invokes either. */
export function notOlmoCallsError(body: string): ToolCallError {
  return {
    code: "PARSE_ERROR",
    message: `<function_calls> holds neither invokes nor pythonic calls: ${shortenText(body.trim())}`,
  };
}

/** OLMo 3's block: `<function_calls>`, holding pythonic calls instead of invokes. */
export const OLMO_BLOCK = "function_calls";

/**
 * OLMo 3's `<function_calls>` holding pythonic calls, one per line. The tag is the XML block's too: the scanner tells
 * them apart by the body's first character, and a body that is no pythonic calls is read again as invokes.
 */
export const OLMO: CallBlockSyntax<PythonicCall> = {
  format: "olmo",
  // Opened as an XML block, read as this once its body does not start with `<`.
  tags: new Map(),
  insideXmlBlock: OLMO_BLOCK,
  build: (_opener, body, firstCallIndex, catalog, readBefore) =>
    buildOlmoCalls(body, firstCallIndex, catalog, readBefore),
  firstCallName: (body) => /^\s*\[?\s*([A-Za-z_][\w.-]*)\s*\(/.exec(body)?.[1],
  otherwise: { xmlBlock: OLMO_BLOCK, error: notOlmoCallsError },
  announcer: (deltas, sink) => new PythonicCallAnnouncer(deltas, sink),
};
