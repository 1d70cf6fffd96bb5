import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import type { CallBlockSyntax } from "../engine/call-block-syntax.js";
import { JSON_STRING, JsonBlockCallAnnouncer, LIST_LEAD } from "../engine/json-block-call-announcer.js";
import { jsonCallObjects } from "../engine/json-call-objects.js";
import { firstCallName } from "../engine/read-reply-start-calls.js";

/** What Command R+ and Command R write before their calls, and what closes them: a fenced JSON list. */
const ACTION = "Action: ```json";
/** The same, as vLLM's Command R tool template writes it: `Action:` and the fence on lines of their own. */
const ACTION_ON_ITS_LINE = "Action:\n```json";
const FENCE_END = "```";

/**
 * The tool Command R+'s template always offers, which the model picks to answer without a tool: no call is made
 * (LangChain's Cohere agent makes no action of it). Cohere's docs spell it with a hyphen too.
 */
const DIRECT_ANSWER: ReadonlySet<string> = new Set(["directly_answer", "directly-answer"]);

/** How a call opens while it arrives: `{"tool_name": "f", "parameters": `. */
const COMMAND_R_PLUS_FORMS = [
  {
    opening: new RegExp(`${LIST_LEAD}"tool_name"\\s*:\\s*(?<name>${JSON_STRING})\\s*,\\s*"parameters"\\s*:`),
    decided: /"parameters"\s*:/,
  },
];

/** Whether a block's JSON names its tools as Command R+ does: plain words open it, so nothing else makes it calls. */
function namesCohereTools(body: string): boolean {
  return /"tool_name"\s*:/.test(body);
}

/**
 * Cohere's Command R+ and Command R (their `tool_use` template): ``Action: ```json\n[{"tool_name": "f", "parameters":
 * {...}}]\n``` ``, after a `Plan:` or other text, which stays text. `Action:` is a word prose may write, so a block is
 * read as calls only when its JSON names tools by `tool_name`; any other is text, as written, with no error. Entries
 * naming `directly_answer` make no call, and a block of only those is text.
 */
export const COMMAND_R_PLUS: CallBlockSyntax = {
  format: "cohere",
  tags: new Map(),
  marker: { opening: ACTION, closing: FENCE_END, otherOpenings: [ACTION_ON_ITS_LINE] },
  valueStrings: "json",
  closesWithWholeJson: true,
  build: (opener, body, firstCallIndex, catalog) => {
    if (!namesCohereTools(body)) return undefined;
    const built = buildMarkedCallObjects(body, opener, "cohere", firstCallIndex, catalog, {
      readObjects: (value) => jsonCallObjects(value)?.filter((call) => !DIRECT_ANSWER.has(call.name)),
    });
    return built.calls.length === 0 && built.errors.length === 0 ? undefined : built;
  },
  firstCallName: (body) => firstCallName(body.trimStart()),
  isCallBody: namesCohereTools,
  // `directly_answer` is never announced: it makes no call.
  announcer: (deltas, sink) =>
    new JsonBlockCallAnnouncer(deltas, sink, COMMAND_R_PLUS_FORMS, { notNames: DIRECT_ANSWER }),
};
