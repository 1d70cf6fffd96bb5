import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { JsonBlockCallAnnouncer, namedCallForm } from "../engine/json-block-call-announcer.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";

/** InternLM writes a call of a tool (a plugin, not its code interpreter) between these tokens. */
const ACTION_START = "<|action_start|>";
const ACTION_END = "<|action_end|>";
/** The token that says a plugin is called; its code interpreter's code, without it, is text. */
const PLUGIN = "<|plugin|>";
const PLUGIN_AT_START = /^\s*<\|plugin\|>/;

/**
 * InternLM's `<|action_start|><|plugin|>{"name": "f", "parameters": {...}}<|action_end|>`, as vLLM's `internlm2`
 * parser reads it.
 */
export const INTERNLM: CallBlockSyntax = {
  format: "internlm",
  tags: new Map([[ACTION_START.slice(1, -1), ACTION_END]]),
  valueStrings: "json",
  build(_opener, body, firstCallIndex, catalog) {
    const plugin = PLUGIN_AT_START.exec(body);
    if (plugin === null) return undefined;
    const marker = `${ACTION_START}${PLUGIN}`;
    return buildMarkedCallObjects(body.slice(plugin[0].length), marker, "internlm", firstCallIndex, catalog);
  },
  firstCallName: (body) => firstCallName(body.replace(PLUGIN_AT_START, "").trimStart()),
  isCallBody: (body) => PLUGIN_AT_START.test(body),
  announcer: (deltas, sink) =>
    new JsonBlockCallAnnouncer(deltas, sink, [namedCallForm(String.raw`^(?<lead>\s*<\|plugin\|>\s*)\{\s*`)], {
      lead: PLUGIN,
    }),
};
