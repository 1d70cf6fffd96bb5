import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { JsonBlockCallAnnouncer, namedCallForm } from "../engine/json-block-call-announcer.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";
import { DOTS_BLOCK } from "./xml-blocks.js";

/** The block's opening tag, which its errors name. */
const DOTS_OPENER = `<${DOTS_BLOCK}>`;

/** A body that starts with a JSON object, after whitespace. */
const OBJECT_AT_START = /^\s*\{/;

/**
 * rednote dots.llm's `<dots_function_call>` holding one JSON call object instead of invokes,
 * `{"name": "search", "arguments": {"query": "chairs"}}` (or `"parameters"`), as vLLM's `dots` parser reads it. The
 * block's invokes are read as `<function_calls>`' (`xml-blocks.ts`); the scanner tells the two apart by the body's first
 * character, and a body that is no JSON object is read again as invokes.
 */
export const DOTS_JSON_CALL: CallBlockSyntax = {
  format: "xml",
  // Opened as an XML block, read as this once its body does not start with `<`.
  tags: new Map(),
  insideXmlBlock: DOTS_BLOCK,
  valueStrings: "json",
  build(_opener, body, firstCallIndex, catalog) {
    if (!OBJECT_AT_START.test(body)) return undefined;
    return buildMarkedCallObjects(body, DOTS_OPENER, "xml", firstCallIndex, catalog);
  },
  firstCallName,
  // Its format is `xml`: wherever the block is opened, its invokes are read.
  otherwise: { xmlBlock: DOTS_BLOCK },
  announcer: (deltas, sink) =>
    new JsonBlockCallAnnouncer(deltas, sink, [namedCallForm(String.raw`^(?<lead>\s*)\{\s*`)]),
};
