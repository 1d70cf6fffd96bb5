import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { JSON_STRING, JsonBlockCallAnnouncer, LIST_LEAD } from "../engine/json-block-call-announcer.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";

/** Command R7B and Command A write their calls between these tokens. */
const ACTION_START = "<|START_ACTION|>";
const ACTION_END = "<|END_ACTION|>";

/** How a call opens while it arrives: `{"tool_call_id": "0", "tool_name": "f", "parameters": `. */
const COHERE_FORMS = [
  {
    opening: new RegExp(
      `${LIST_LEAD}"tool_call_id"\\s*:\\s*(?<id>${JSON_STRING}|-?\\d+)\\s*,\\s*"tool_name"\\s*:\\s*(?<name>${JSON_STRING})\\s*,\\s*"parameters"\\s*:`,
    ),
    decided: /"parameters"\s*:/,
  },
];

/**
 * Cohere's Command R7B and Command A: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {...}}]
 * <|END_ACTION|>`, a JSON array read as llama.cpp reads it.
 */
export const COHERE: CallBlockSyntax = {
  format: "cohere",
  tags: new Map([[ACTION_START.slice(1, -1), ACTION_END]]),
  valueStrings: "json",
  build: (_opener, body, firstCallIndex, catalog) =>
    buildMarkedCallObjects(body, ACTION_START, "cohere", firstCallIndex, catalog),
  firstCallName: (body) => firstCallName(body.trimStart()),
  announcer: (deltas, sink) => new JsonBlockCallAnnouncer(deltas, sink, COHERE_FORMS),
};
