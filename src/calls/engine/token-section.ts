import { generatedCallId, type TextToolCallFormat } from "../tool-call.js";
import { buildJsonCall } from "./build-json-call.js";
import { type BuiltBlockCalls, type BuiltCall, buildXmlCall, type ScannedXmlCall } from "./build-xml-call.js";
import { type FunctionTagSyntax, scanFunctionTagCalls } from "./function-tag-calls.js";
import { shortenText } from "./shorten-text.js";
import { TaggedBodyReader } from "./tagged-body-reader.js";
import { declaredParametersOf, type ToolCatalog } from "./tool-catalog.js";

/** What one call of a section says, read from the text between its begin and end markers. */
export interface SectionCall {
  /** The model's own call id, when its syntax has one. */
  id?: string;
  name: string;
  /**
   * The arguments' JSON text (or tags, see {@link TokenSectionSyntax.tags}); undefined when the marker before them is
   * missing.
   */
  arguments?: string;
  /**
   * The arguments written as tags instead, each value raw text typed by the tool's schema as tag values are (see
   * `buildXmlCall`), in place of {@link arguments}.
   */
  parameters?: ScannedXmlCall["parameters"];
  /** What the call's syntax could not read in it, reported with the call. */
  errors?: string[];
  /** The name as written, when the call's tool is another: one found for a call whose text names none. */
  rawName?: string;
}

/**
 * How a model writes a tool-call section with its special tokens, which providers and servers leak into text when they
 * do not parse them.
 */
export interface TokenSectionSyntax {
  /** The format its calls carry (JSON-like: a section is no `<function_calls>` block). */
  format: Exclude<TextToolCallFormat, "xml" | "legacy-xml">;
  /**
   * Each marker that opens a section, with the one that closes it; a call's begin marker here opens a call standing
   * alone, to its end marker.
   */
  sections: ReadonlyMap<string, string>;
  callBegin: string;
  callEnd: string;
  /** The marker between a call's name and its arguments, named when it is missing. */
  separator: string;
  /** The call that the text between its markers writes; `catalog`: the tools known, when the call is built. */
  readCall(text: string, catalog?: ToolCatalog): SectionCall;
  /**
   * The call that text after a begin marker opens, once its name (and id, if it has one) is whole, as
   * {@link readCall} reads them; undefined before.
   */
  readOpening(text: string): { id?: string; name: string } | undefined;
  /** The tags a call's arguments are written in after the separator, when they are not JSON. */
  tags?: FunctionTagSyntax;
  /**
   * Whether a section (or a call standing alone) ends a `<think>` block the model never closed: the model makes its
   * calls from inside its reasoning. Default false.
   */
  endsOpenReasoning?: boolean;
}

/**
 * Reads the body of a tool-call section (between its begin and end markers): one call between each pair of call
 * markers. Arguments are JSON, read as OpenAI's are (repaired, or read once more when encoded twice), or tags whose
 * raw values the schema types. A missing call end or separator, and text between the calls, are reported; a section
 * holding no call gives only an error.
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
  const read = syntax.readCall(text, catalog);
  const { id, name, parameters } = read;
  const built =
    parameters !== undefined
      ? buildXmlCall(
          { id: id ?? generatedCallId(callIndex), callIndex, name, format: syntax.format, parameters, errors: [] },
          catalog,
        )
      : syntax.tags === undefined
        ? buildJsonCall({ id, name, arguments: read.arguments, format: syntax.format }, callIndex, catalog)
        : buildTaggedCall(syntax.tags, read, callIndex, catalog);
  built.call.format = syntax.format;
  if (read.rawName !== undefined) built.call.rawName = read.rawName;
  const report = (message: string) => built.errors.push({ code: "PARSE_ERROR", message, callIndex, name });
  for (const message of read.errors ?? []) report(message);
  if (read.arguments === undefined && parameters === undefined) {
    report(`Tool "${name}": no ${syntax.separator} before its arguments`);
  }
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
  const scanned = scanFunctionTagCalls(read.arguments ?? "", callIndex, tags, declaredParametersOf(catalog));
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
