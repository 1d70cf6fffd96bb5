import { isJsonObject } from "../../openapi/own-properties.js";
import { parseClosedJsonArguments, parseJsonArguments } from "../parse-json-arguments.js";
import type { ToolCall, ToolCallFormat } from "../tool-call.js";
import { generatedCallId, PROVIDER_TOOL_CALL_FORMATS } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import type { BuiltCall } from "./build-xml-call.js";
import { limitArgumentNesting } from "./limit-argument-nesting.js";
import { checkToolCall, type ToolCatalog, typingSchema } from "./tool-catalog.js";
import { typeJsonArguments } from "./type-json-arguments.js";

/**
 * A call whose arguments come as JSON, before checking: as a provider's API returns it, or as a model wrote it in text
 * (a `<tool_call>`'s JSON, a section of special tokens, a message to a tool).
 */
export interface JsonCall {
  /** The provider's or model's call id, if it gave one. */
  id: unknown;
  name: unknown;
  /** A JSON string (OpenAI, and every text syntax) or an object (Anthropic `input`, Gemini `args`). */
  arguments: unknown;
  /** Its syntax: a provider's, or a text syntax's (an XML block may hold a JSON call object); never a tool's own tag. */
  format: Exclude<ToolCallFormat, "legacy-xml">;
}

/**
 * Turns a call with JSON arguments into a {@link ToolCall}: keeps its id (or generates `call_<index>`), cuts a name at
 * a special token leaked into it (keeping the name as written in `rawName`), reads a string of arguments as JSON
 * (repaired when broken, `""` as `{}`, not read when a text syntax's arguments end before their object closes, an object encoded twice read once more, the raw text kept when repaired or
 * unreadable), types strings by a known tool's schema where that loses nothing (`"3"` for an integer, each listed in
 * `conversions`), and reports unknown tools and parameters. The call is kept whatever is wrong with it.
 */
export function buildJsonCall(given: JsonCall, callIndex: number, catalog: ToolCatalog | undefined): BuiltCall {
  const written = typeof given.name === "string" ? given.name : "";
  const name = withoutLeakedTokens(written);
  const id = typeof given.id === "string" && given.id !== "" ? given.id : generatedCallId(callIndex);
  const call: ToolCall = { id, name, arguments: {}, format: given.format };
  if (name !== written) call.rawName = written;
  const errors: ToolCallError[] = [];
  if (name === "") errors.push({ code: "PARSE_ERROR", message: `Call ${id} has no tool name`, callIndex, name });
  if (typeof given.arguments === "string") {
    // A model's text holds its call's arguments between tokens that close them: what ends before its object was cut.
    const read = PROVIDER_FORMATS.has(given.format)
      ? parseJsonArguments(given.arguments)
      : parseClosedJsonArguments(given.arguments);
    call.arguments = read.arguments;
    if (read.rawArguments !== undefined) call.rawArguments = read.rawArguments;
    if (read.message !== undefined)
      errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": ${read.message}`, callIndex, name });
  } else if (isJsonObject(given.arguments)) {
    call.arguments = given.arguments;
  } else if (given.arguments !== undefined && given.arguments !== null) {
    errors.push({ code: "PARSE_ERROR", message: `Tool "${name}": arguments are not an object`, callIndex, name });
  }
  const tooDeep = limitArgumentNesting(call, callIndex);
  if (tooDeep.length > 0 && typeof given.arguments === "string") call.rawArguments = given.arguments;
  const tool = catalog?.byName.get(name);
  if (catalog !== undefined && tool !== undefined) {
    const typed = typeJsonArguments(call.arguments, typingSchema(catalog, tool));
    call.arguments = typed.arguments;
    if (typed.conversions.length > 0) call.conversions = typed.conversions;
  }
  errors.push(...tooDeep, ...checkToolCall(call, callIndex, catalog));
  return { call, errors };
}

const PROVIDER_FORMATS: ReadonlySet<string> = new Set(PROVIDER_TOOL_CALL_FORMATS);

/**
 * A special token (`<|channel|>`) where a tool's name should end: servers leak a model's special tokens into the names
 * of the calls they return (`manage_cart<|channel|>commentary`, vLLM #32587). No tool name holds one.
 */
const LEAKED_TOKEN = /<\|[a-z_]+\|>/;

/** The name before the first leaked special token, when there is a name before it; otherwise the name as written. */
function withoutLeakedTokens(name: string): string {
  const token = LEAKED_TOKEN.exec(name);
  const before = token === null ? "" : name.slice(0, token.index).trim();
  return before === "" ? name : before;
}
