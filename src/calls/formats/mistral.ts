import { buildMarkedCallObjects } from "../engine/build-call-objects.js";
import { buildJsonCall } from "../engine/build-json-call.js";
import type { BuiltBlockCalls } from "../engine/build-xml-call.js";
import type { MarkedJsonCallsSyntax } from "../engine/json-run-reader.js";
import { shortenText } from "../engine/shorten-text.js";
import { literalRun, type RunStops, stopsAtAllBut } from "../engine/text-run.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";

/** The marker Mistral's models open their tool calls with. */
const MISTRAL_MARKER = "[TOOL_CALLS]";

/** A character of a tool's name or of a call's id: no space, bracket, brace, quote or tag. */
const NAME_CHARACTER = String.raw`[^\s[\]{}<>"'\`]`;
/** A tool's name or a call's id. */
const NAME = `${NAME_CHARACTER}+`;
/** `get_weather[CALL_ID]a1b2c3d4e[ARGS]`: the tool's name, then the call's id and the arguments' marker, if written. */
const MISTRAL_HEAD = new RegExp(String.raw`^\s*(${NAME})\s*(?:\[CALL_ID\]\s*(${NAME})\s*)?(?:\[ARGS\]\s*)?$`);

/** A regular expression's source matching `literal` or any start of it, the empty one included. */
function startsOf(literal: string): string {
  let source = "";
  for (const character of [...literal].reverse()) source = `${character.replace(/[[\]]/g, "\\$&")}(?:${source})?`;
  return `(?:${source})?`;
}

/**
 * A name, then whole markers, then the start of a marker, if any: what a head may be before its `{`. One test, with no
 * match to build: it runs at each character of a head a stream brings.
 */
const MISTRAL_HEAD_START = new RegExp(
  String.raw`^\s*(?:${NAME}\s*(?:\[CALL_ID\]\s*(?:${NAME}\s*)?)?(?:\[ARGS\]\s*)?)?(?:${startsOf("[CALL_ID]")}|${startsOf("[ARGS]")})$`,
);

/**
 * Whether text after `[TOOL_CALLS]`, before any `{`, can still become what stands there: nothing yet, or a tool's name
 * and the start of its markers. Anything else (`[TOOL_CALLS] I will call`) is prose, known as soon as it is seen.
 */
function canStartMistralHead(head: string): boolean {
  return MISTRAL_HEAD_START.test(head);
}

/** The call a whole head names (`get_weather[CALL_ID]a1b2c3d4e[ARGS]`), when it names one; its id if written. */
function mistralHeadCall(head: string): { name: string; id?: string } | undefined {
  const named = MISTRAL_HEAD.exec(head);
  if (named?.[1] === undefined) return undefined;
  return named[2] === undefined ? { name: named[1] } : { name: named[1], id: named[2] };
}

/** The tool's name a head starts with, if any. */
function mistralHeadName(head: string): string | undefined {
  return HEAD_NAME.exec(head)?.[1];
}

const HEAD_NAME = new RegExp(String.raw`^\s*(${NAME})`);

/** A head that is a tool's name or a call's id still arriving (or nothing yet): a name character only adds to it. */
const NAME_ARRIVING = new RegExp(String.raw`^\s*(?:${NAME}\s*\[CALL_ID\]\s*)?${NAME_CHARACTER}*$`);
/** What may end a name: what no name holds (see `stopsAtAllBut`). */
const NAME_STOPS = stopsAtAllBut((character) => new RegExp(NAME_CHARACTER).test(character));
/** The markers a head writes after the tool's name. */
const HEAD_MARKERS = ["[CALL_ID]", "[ARGS]"];

/**
 * Where a stream's run may take a head on (see `MarkedJsonCallsSyntax.headRun`): a name or an id arriving, to what may
 * end it; the rest of a marker begun (`[A`), as it is written.
 */
function mistralHeadRun(head: string): RunStops | undefined {
  if (NAME_ARRIVING.test(head)) return NAME_STOPS;
  for (const marker of HEAD_MARKERS) {
    for (let length = marker.length - 1; length >= 2; length -= 1) {
      // The head can still become whole (else it was prose already), and so can it with each character of the rest.
      if (head.endsWith(marker.slice(0, length))) return literalRun(marker.slice(length));
    }
  }
  return undefined;
}

/**
 * The calls after one `[TOOL_CALLS]`, from the text before their JSON (`head`) and the JSON. Mistral writes them two
 * ways: before its v11 tokenizer, a JSON array of call objects (`[TOOL_CALLS][{"name": "f", "arguments": {...}}]`);
 * since, a name and its arguments after each marker (`[TOOL_CALLS]f[ARGS]{...}`, with `[CALL_ID]id` in between from
 * v13; servers that skip special tokens drop `[ARGS]`). The marker says a call follows, so JSON that is broken is
 * repaired, and JSON that holds no call is reported.
 */
function buildMistralCalls(
  head: string,
  json: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const named = mistralHeadCall(head);
  if (named !== undefined) {
    const given = { id: named.id, name: named.name, arguments: json, format: "mistral" } as const;
    const built = buildJsonCall(given, firstCallIndex, catalog);
    return { calls: [{ ...built, text: json }], errors: [] };
  }
  const noCall = `${MISTRAL_MARKER} is followed by no call: ${shortenText(`${head}${json}`.trim())}`;
  return buildMarkedCallObjects(json, MISTRAL_MARKER, "mistral", firstCallIndex, catalog, { noCallMessage: noCall });
}

/**
 * Mistral's calls: `[TOOL_CALLS]`, then call objects or a head naming the call and its JSON arguments (see
 * {@link buildMistralCalls}); Magistral, its reasoning model, writes its reasoning between `[THINK]` and `[/THINK]`.
 * A head is a name and two markers: longer text after `[TOOL_CALLS]` is prose.
 */
export const MISTRAL_CALLS: MarkedJsonCallsSyntax = {
  format: "mistral",
  marker: MISTRAL_MARKER,
  reasoning: { opener: "[THINK]", closer: "[/THINK]" },
  headLimit: 200,
  canStartHead: canStartMistralHead,
  headCall: mistralHeadCall,
  headName: mistralHeadName,
  headRun: mistralHeadRun,
  build: buildMistralCalls,
};
