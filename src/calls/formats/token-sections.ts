import { buildJsonCall } from "../engine/build-json-call.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall } from "../engine/build-xml-call.js";
import { shortenText } from "../engine/shorten-text.js";
import { TaggedBodyReader } from "../engine/tagged-body-reader.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { generatedCallId, type ToolCallFormat } from "../tool-call.js";
import { type FunctionTagSyntax, STEP3_FUNCTION_TAGS, scanFunctionTagCalls } from "./function-tags.js";

/** What one call of a section says, read from the text between its begin and end markers. */
interface SectionCall {
  /** The model's own call id, when its syntax has one. */
  id?: string;
  name: string;
  /**
   * The arguments' JSON text (or tags, see {@link TokenSectionSyntax.tags}); undefined when the marker before them is
   * missing.
   */
  arguments?: string;
  /** What the call's syntax could not read in it, reported with the call. */
  errors?: string[];
}

/**
 * How a model writes a tool-call section with its special tokens, which providers and servers leak into text when they
 * do not parse them.
 */
export interface TokenSectionSyntax {
  format: Extract<ToolCallFormat, "kimi" | "deepseek" | "step3">;
  /**
   * Each marker that opens a section, with the one that closes it; a call's begin marker here opens a call standing
   * alone, to its end marker.
   */
  sections: ReadonlyMap<string, string>;
  callBegin: string;
  callEnd: string;
  /** The marker between a call's name and its arguments, named when it is missing. */
  separator: string;
  readCall(text: string): SectionCall;
  /**
   * The call that text after a begin marker opens, once its name (and id, if it has one) is whole, as
   * {@link readCall} reads them; undefined before.
   */
  readOpening(text: string): { id?: string; name: string } | undefined;
  /** The tags a call's arguments are written in after the separator, when they are not JSON (Step 3's). */
  tags?: FunctionTagSyntax;
  /**
   * Whether a section (or a call standing alone) ends a `<think>` block the model never closed: the model makes its
   * calls from inside its reasoning. Default false.
   */
  endsOpenReasoning?: boolean;
}

/** `functions.get_weather:0`: the tool's name, between the optional `functions.` and the call's index. */
const KIMI_CALL_ID = /^(?:functions\.)?(.+?)(?::\d+)?$/;

/**
 * Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{...}
 * <|tool_call_end|><|tool_calls_section_end|>` (vLLM also accepts the singular section markers). The call id
 * (`functions.get_weather:0`) is kept: the tool's result must name it. Kimi K2 Thinking may leave out the section
 * markers, and a call standing alone is read too, as vLLM's Kimi K2 reasoning parser hands it to the tool parser.
 */
export const KIMI_SECTION: TokenSectionSyntax = {
  format: "kimi",
  sections: new Map([
    ["<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"],
    ["<|tool_call_section_begin|>", "<|tool_call_section_end|>"],
    ["<|tool_call_begin|>", "<|tool_call_end|>"],
  ]),
  callBegin: "<|tool_call_begin|>",
  callEnd: "<|tool_call_end|>",
  separator: "<|tool_call_argument_begin|>",
  readCall(text) {
    const marker = text.indexOf(this.separator);
    const id = (marker === -1 ? text : text.slice(0, marker)).trim();
    const name = KIMI_CALL_ID.exec(id)?.[1] ?? id;
    return marker === -1 ? { id, name } : { id, name, arguments: text.slice(marker + this.separator.length) };
  },
  readOpening(text) {
    return text.includes(this.separator) ? this.readCall(text) : undefined;
  },
  // Kimi K2 Thinking makes its calls without closing its reasoning (vLLM's Kimi K2 reasoning parser).
  endsOpenReasoning: true,
};

/** A fenced block around arguments: DeepSeek V3 and R1 write ```json ... ```. */
const FENCED = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/;

/**
 * DeepSeek V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{...}<｜tool▁call▁end｜>
 * <｜tool▁calls▁end｜>`; V3 and R1 write `function<｜tool▁sep｜>get_weather`, then the arguments fenced as JSON.
 */
export const DEEPSEEK_SECTION: TokenSectionSyntax = {
  format: "deepseek",
  sections: new Map([["<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"]]),
  callBegin: "<｜tool▁call▁begin｜>",
  callEnd: "<｜tool▁call▁end｜>",
  separator: "<｜tool▁sep｜>",
  readCall(text) {
    const marker = text.indexOf(this.separator);
    if (marker === -1) return { name: text.trim() };
    const before = text.slice(0, marker).trim();
    const after = text.slice(marker + this.separator.length);
    if (before !== "function") return { name: before, arguments: after };
    const lineEnd = after.indexOf("\n");
    const name = (lineEnd === -1 ? after : after.slice(0, lineEnd)).trim();
    const rest = lineEnd === -1 ? "" : after.slice(lineEnd + 1);
    return { name, arguments: FENCED.exec(rest)?.[1] ?? rest };
  },
  readOpening(text) {
    const marker = text.indexOf(this.separator);
    if (marker === -1) return undefined;
    // V3 and R1 name the tool on the line after `function<｜tool▁sep｜>`: whole once that line ends.
    const isFunction = text.slice(0, marker).trim() === "function";
    return isFunction && !text.includes("\n", marker) ? undefined : { name: this.readCall(text).name };
  },
};

/**
 * Step 3: `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">
 * <steptml:parameter name="city">Paris</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
 * as vLLM's and sglang's `step3` parsers read it (full-width bars, as DeepSeek's tokens have, but no `▁`).
 */
export const STEP3_SECTION: TokenSectionSyntax = {
  format: "step3",
  sections: new Map([["<｜tool_calls_begin｜>", "<｜tool_calls_end｜>"]]),
  callBegin: "<｜tool_call_begin｜>",
  callEnd: "<｜tool_call_end｜>",
  separator: "<｜tool_sep｜>",
  tags: STEP3_FUNCTION_TAGS,
  readCall(text) {
    const marker = text.indexOf(this.separator);
    if (marker === -1) return { name: STEP3_INVOKE_NAME.exec(text)?.[1] ?? "" };
    // Anything but `function` before the separator is left in the tags, where it is reported as text outside them.
    const after = text.slice(marker + this.separator.length);
    const tags = text.slice(0, marker).trim() === "function" ? after : text;
    return { name: STEP3_INVOKE_NAME.exec(tags)?.[1] ?? "", arguments: tags };
  },
  readOpening(text) {
    const name = text.includes(this.separator) ? this.readCall(text).name : "";
    return name === "" ? undefined : { name };
  },
};

/** The name of the first `<steptml:invoke>`, for messages about a call its tags cannot give. */
const STEP3_INVOKE_NAME = /<steptml:invoke\s+name\s*=\s*["']([^"']*)["']/;

/**
 * Reads the body of a tool-call section (between its begin and end markers): one call between each pair of call
 * markers. Arguments are JSON, read as OpenAI's are (repaired, or read once more when encoded twice). A missing call
 * end or separator, and text between the calls, are reported; a section holding no call gives only an error.
 */
export function buildTokenSectionCalls(
  syntax: TokenSectionSyntax,
  body: string,
  firstCallIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltBlockCalls {
  const reader = new TaggedBodyReader(body);
  const result: BuiltBlockCalls = { calls: [], errors: [] };
  let index = reader.skipSpace(0);
  while (index < body.length) {
    if (!reader.startsWith(syntax.callBegin, index)) {
      const end = reader.firstOf([syntax.callBegin], index);
      const stray = shortenText(body.slice(index, end).trim());
      result.errors.push({
        code: "PARSE_ERROR",
        message: `Text outside ${syntax.callBegin} in a tool-call section: ${stray}`,
      });
      index = end;
      continue;
    }
    const start = index + syntax.callBegin.length;
    const callEnd = reader.valueEnd(start, syntax.callEnd, [syntax.callBegin]);
    const text = body.slice(start, callEnd.end);
    const callIndex = firstCallIndex + result.calls.length;
    result.calls.push({ ...buildCall(syntax, text, callEnd.closed, callIndex, catalog), text });
    index = reader.skipSpace(callEnd.next);
  }
  if (result.calls.length === 0 && result.errors.length === 0) {
    result.errors.push({ code: "PARSE_ERROR", message: "A tool-call section holds no call" });
  }
  return result;
}

/** One call from the text between its begin and end markers. */
function buildCall(
  syntax: TokenSectionSyntax,
  text: string,
  closed: boolean,
  callIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltCall {
  const read = syntax.readCall(text);
  const built =
    syntax.tags === undefined
      ? buildJsonCall(
          { id: read.id, name: read.name, arguments: read.arguments, format: syntax.format },
          callIndex,
          catalog,
        )
      : buildTaggedCall(syntax.tags, read, callIndex, catalog);
  built.call.format = syntax.format;
  const report = (message: string) => built.errors.push({ code: "PARSE_ERROR", message, callIndex, name: read.name });
  for (const message of read.errors ?? []) report(message);
  if (read.arguments === undefined) report(`Tool "${read.name}": no ${syntax.separator} before its arguments`);
  if (!closed) report(`Tool "${read.name}": its call was not closed by ${syntax.callEnd}`);
  return built;
}

/**
 * A call whose arguments are tags: the one function they write, its values typed by the tool's schema. Tags that
 * write no function give the call without arguments, and tags that write more than one are reported.
 */
function buildTaggedCall(
  tags: FunctionTagSyntax,
  read: SectionCall,
  callIndex: number,
  catalog: ToolCatalog | undefined,
): BuiltCall {
  const scanned = scanFunctionTagCalls(read.arguments ?? "", callIndex, tags);
  const [first, ...others] = scanned.calls;
  if (first === undefined) {
    const call = { id: generatedCallId(callIndex), name: read.name, arguments: {}, format: tags.format };
    const message = `Tool "${read.name}": no ${tags.functionPattern} in its call`;
    return { call, errors: [...scanned.errors, { code: "PARSE_ERROR", message, callIndex, name: read.name }] };
  }
  const built = buildXmlCall(first, catalog);
  built.errors.unshift(...scanned.errors);
  for (const other of others) {
    const message = `${tags.functionTag(other.name)} after the first function of ${tags.bodyOpener} is not read`;
    built.errors.push({ code: "PARSE_ERROR", message, callIndex, name: first.name });
  }
  return built;
}
