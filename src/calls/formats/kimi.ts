import { findDeepNesting } from "../../openapi/find-deep-nesting.js";
import { isJsonObject, setOwnProperty } from "../../openapi/own-properties.js";
import { tooDeepArguments } from "../engine/limit-argument-nesting.js";
import { shortenText } from "../engine/shorten-text.js";
import type { TokenHeaderSyntax } from "../engine/token-header.js";
import type { TokenSectionSyntax } from "../engine/token-section.js";
import type { ToolCatalog } from "../engine/tool-catalog.js";
import { toolFittingArguments } from "../engine/tool-fitting-arguments.js";
import { parseXmlAttributes } from "../engine/xml-attributes.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";

/**
 * Kimi K3's XTML: channels written `<|open|>name<|sep|>...<|close|>name<|sep|>` (`think`, `response`, `tools`), as
 * vLLM's `kimi_k3` parser reads them. The markers' tokens, and how long the name between them may be.
 */
const XTML_OPEN = "<|open|>";
const XTML_CLOSE = "<|close|>";
const XTML_SEPARATOR = "<|sep|>";
const XTML_CHANNEL_LIMIT = 40;

/**
 * What frames K3's reply, as its template writes an assistant turn (`<|open|>response<|sep|>Hi<|close|>response<|sep|>
 * <|close|>message<|sep|><|end_of_msg|>`): the answer's channel, the message that holds it, and the token it stops on.
 */
const ANSWER_CHANNEL = "response";
const MESSAGE_CHANNEL = "message";
const END_OF_MESSAGE = "|end_of_msg|";

/** The channel an XTML marker names (`<|open|>tools<|sep|>` and `<|close|>tools<|sep|>` name `tools`). */
function xtmlChannel(marker: string): string {
  const token = marker.startsWith(XTML_CLOSE) ? XTML_CLOSE : XTML_OPEN;
  return marker.slice(token.length, -XTML_SEPARATOR.length).trim();
}

/** The marker that closes a channel. */
function xtmlChannelEnd(channel: string): string {
  return `${XTML_CLOSE}${channel}${XTML_SEPARATOR}`;
}

/**
 * Kimi K3's tools channel: `<|open|>call tool="f" index="1"<|sep|>`, then each argument as `<|open|>argument key="x"
 * type="string"<|sep|>value<|close|>argument<|sep|>` (a `string` is the raw text, any other type its JSON) or all of
 * them as `<|open|>json type="object"<|sep|>{...}<|close|>json<|sep|>`, then `<|close|>call<|sep|>`. Attribute values
 * are XML-escaped (`weather&amp;alerts`).
 */
const KIMI_XTML_SECTION: TokenSectionSyntax = {
  format: "kimi",
  sections: new Map([[`${XTML_OPEN}tools${XTML_SEPARATOR}`, xtmlChannelEnd("tools")]]),
  callBegin: `${XTML_OPEN}call`,
  callEnd: xtmlChannelEnd("call"),
  separator: XTML_SEPARATOR,
  readCall(text) {
    const headEnd = text.indexOf(XTML_SEPARATOR);
    const head = headEnd === -1 ? text : text.slice(0, headEnd);
    const name = parseXmlAttributes(`<call${head}>`).get("tool") ?? "";
    if (headEnd === -1) return { name };
    const read = readXtmlArguments(text.slice(headEnd + XTML_SEPARATOR.length));
    // Written as JSON for the call's reader: a value nested too deep to write is not read (see `findDeepNesting`).
    const deep = findDeepNesting(read.arguments);
    if (deep !== undefined)
      return { name, arguments: "{}", errors: [...read.errors, `Tool "${name}": ${tooDeepArguments(deep)}`] };
    return { name, arguments: JSON.stringify(read.arguments), errors: read.errors };
  },
  readOpening(text) {
    return text.includes(XTML_SEPARATOR) ? { name: this.readCall(text).name } : undefined;
  },
};

/** The arguments of a call: its `argument` elements, or its `json` element; what cannot be read, reported. */
function readXtmlArguments(text: string): { arguments: Record<string, unknown>; errors: string[] } {
  const args: Record<string, unknown> = {};
  const errors: string[] = [];
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf(XTML_OPEN, index);
    const stray = text.slice(index, open === -1 ? undefined : open).trim();
    if (stray !== "") errors.push(`Text outside the arguments of a Kimi call: ${shortenText(stray)}`);
    if (open === -1) break;
    const headEnd = text.indexOf(XTML_SEPARATOR, open);
    if (headEnd === -1) {
      errors.push(`An argument's opening was not closed by ${XTML_SEPARATOR}`);
      break;
    }
    const head = text.slice(open + XTML_OPEN.length, headEnd);
    const kind = head.trim().split(/\s/, 1)[0] ?? "";
    const attributes = parseXmlAttributes(`<${head}>`);
    const valueStart = headEnd + XTML_SEPARATOR.length;
    const close = text.indexOf(xtmlChannelEnd(kind), valueStart);
    const value = text.slice(valueStart, close === -1 ? undefined : close);
    if (close === -1) errors.push(`<|open|>${kind} was not closed by ${xtmlChannelEnd(kind)}`);
    index = close === -1 ? text.length : close + xtmlChannelEnd(kind).length;
    if (kind === "argument") {
      const key = attributes.get("key") ?? "";
      setOwnProperty(args, key, xtmlArgumentValue(value, attributes.get("type") ?? "string"));
    } else if (kind === "json") {
      const object = parseJsonAsWritten(value.trim());
      if (isJsonObject(object)) for (const [key, inner] of Object.entries(object)) setOwnProperty(args, key, inner);
      else errors.push(`The json element of a Kimi call is no JSON object: ${shortenText(value.trim())}`);
    } else {
      errors.push(`Unexpected <|open|>${kind} in a Kimi call`);
    }
  }
  return { arguments: args, errors };
}

/**
 * An argument's value by its `type`: a `string` is the text as written, any other type its JSON (`null` too); a value
 * that is not JSON is kept as written, and typed by the schema later.
 */
function xtmlArgumentValue(value: string, type: string): unknown {
  if (type === "string") return value;
  const json = parseJsonAsWritten(value.trim());
  return json === undefined ? value : json;
}

/**
 * Kimi K3's channel markers, `<|open|>name<|sep|>` and `<|close|>name<|sep|>`: the `tools` channel is a section of
 * calls, the `think` channel opening the output reasoning, the `response` channel the answer, without its markers (as
 * vLLM's and sglang's K3 parsers give it); the close of the message, and the `<|end_of_msg|>` after it, are no text
 * either. Servers often write `<|open|>response<|sep|>` in the prompt, so its close is dropped standing alone too. Any
 * other marker is text.
 */
export const KIMI_XTML_HEADER: TokenHeaderSyntax = {
  format: "kimi",
  openers: new Set([XTML_OPEN.slice(1, -1), XTML_CLOSE.slice(1, -1)]),
  dropped: new Set([END_OF_MESSAGE]),
  end: XTML_SEPARATOR,
  limit: XTML_CHANNEL_LIMIT,
  opens(header, openedAtStart) {
    const channel = xtmlChannel(header);
    if (header.startsWith(XTML_CLOSE)) {
      return channel === ANSWER_CHANNEL || channel === MESSAGE_CHANNEL ? { opens: "frame" } : { opens: "text" };
    }
    if (channel === "tools") return { opens: "section", syntax: KIMI_XTML_SECTION, closer: xtmlChannelEnd(channel) };
    if (channel === "think" && openedAtStart) return { opens: "reasoning", closer: xtmlChannelEnd(channel) };
    return channel === ANSWER_CHANNEL ? { opens: "answer" } : { opens: "text" };
  },
};

/** `functions.get_weather:0`: the tool's name, between the optional `functions.` and the call's index. */
const KIMI_CALL_ID = /^(?:functions\.)?(.+?)(?::\d+)?$/;

/**
 * The shapes of the ids clients give calls, as Kimi K2 copies them into a header: a number, an id of OpenAI's, of
 * Anthropic's or of its own that lost its punctuation (`call_3`, `call00003`, `toolu_01...`, `functionsexec5`), a UUID.
 * A header of any other shape is a name: one no tool has is reported, never given to another tool.
 */
const ID_SHAPE = /^(?:\d+|(?:call|tool|functions)[\w-]*\d[\w-]*|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})$/i;

/**
 * Whether a call's header is an id only (`0`, `call_3`, `call00003`, `functionsexec5`, `toolu_01...`): shaped as an id
 * ({@link ID_SHAPE}, so with no `functions.` prefix and no index) and, when the tools are known, no tool's name. Kimi K2
 * copies the ids of the calls in its history, and writes them so when a client rewrote the ids it was given.
 */
function isIdOnly(header: string, catalog: ToolCatalog | undefined): boolean {
  return ID_SHAPE.test(header) && catalog?.byName.has(header) !== true;
}

/**
 * Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{...}
 * <|tool_call_end|><|tool_calls_section_end|>` (vLLM also accepts the singular section markers). The call id
 * (`functions.get_weather:0`) is kept: the tool's result must name it. Kimi K2 Thinking may leave out the section
 * markers, and a call standing alone is read too, as vLLM's Kimi K2 reasoning parser hands it to the tool parser.
 *
 * A header that is an id only ({@link isIdOnly}) is kept as the id, and the tool is the one its arguments fit (see
 * `toolFittingArguments`), as sglang's `kimi_k2` detector and vLLM's `kimi_k2` parser find it, the header kept as
 * `rawName` too; where no one tool fits, the call is named by the header, as any other. Its tool is known only from
 * its whole arguments and the tools: a stream starts such a call when its section closes.
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
  readCall(text, catalog) {
    const marker = text.indexOf(this.separator);
    const id = (marker === -1 ? text : text.slice(0, marker)).trim();
    const written = KIMI_CALL_ID.exec(id)?.[1] ?? id;
    if (marker === -1) return { id, name: written };
    const args = text.slice(marker + this.separator.length);
    const found = catalog !== undefined && isIdOnly(id, catalog) ? toolFittingArguments(catalog, args) : undefined;
    if (found === undefined) return { id, name: written, arguments: args };
    return { id, name: found, arguments: args, rawName: id };
  },
  readOpening(text) {
    if (!text.includes(this.separator)) return undefined;
    const opening = this.readCall(text);
    return isIdOnly(opening.id ?? "", undefined) ? undefined : opening;
  },
  // Kimi K2 Thinking makes its calls without closing its reasoning (vLLM's Kimi K2 reasoning parser).
  endsOpenReasoning: true,
};
