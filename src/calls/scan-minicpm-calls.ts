import { reportCallError, type ScannedTagCall, type ScannedToolCallBody } from "./scanned-tool-call-body.js";
import { shortenText } from "./shorten-text.js";
import { TaggedBodyReader } from "./tagged-body-reader.js";
import type { ToolCallError } from "./tool-call-error.js";
import { parseXmlAttributes } from "./xml-attributes.js";

const FUNCTION = "<function ";
const FUNCTION_END = "</function>";
const PARAM = "<param ";
const PARAM_END = "</param>";
/** What may follow a param's closing tag; the first of them also cuts a value left unclosed. */
const AFTER_VALUE = [PARAM, FUNCTION_END, FUNCTION];

/** Whether a body is written in MiniCPM5's syntax: it opens with `<function name=...>`. */
export function isMiniCpmBody(body: string): boolean {
  return /^\s*<function\s+name\s*=/.test(body);
}

/**
 * Reads calls in MiniCPM5's syntax, as its chat template asks for them and vLLM's and sglang's `minicpm5` parsers read
 * them: `<function name="get_weather">`, then `<param name="city">Paris</param>` for each argument, then
 * `</function>`; attributes in either quote. Values are XML text (a `<![CDATA[...]]>` section for `<`, `&` and line
 * breaks), decoded and typed by the schema when the call is built. A `</param>` inside a value counts only before
 * another `<param`, or the function's end; missing closers and text outside the tags are reported, the call kept.
 */
export function scanMiniCpmCalls(body: string, firstCallIndex: number): ScannedToolCallBody {
  const reader = new TaggedBodyReader(body);
  const calls: ScannedTagCall[] = [];
  const errors: ToolCallError[] = [];
  let index = reader.skipSpace(0);
  while (index < body.length) {
    if (!reader.startsWith(FUNCTION, index)) {
      const end = reader.firstOf([FUNCTION], index);
      errors.push({ code: "PARSE_ERROR", message: `Text outside <function name=...>: ${stray(body, index, end)}` });
      index = end;
      continue;
    }
    const read = readFunction(reader, index, firstCallIndex + calls.length);
    calls.push(read.call);
    index = reader.skipSpace(read.next);
  }
  return { calls, errors };
}

/** The function whose `<function ` is at `start`, and where reading goes on. */
function readFunction(
  reader: TaggedBodyReader,
  start: number,
  callIndex: number,
): { call: ScannedTagCall; next: number } {
  const { body } = reader;
  const opened = readTag(reader, start);
  const name = parseXmlAttributes(opened.tag).get("name") ?? "";
  const call: ScannedTagCall = {
    id: `call_${callIndex}`,
    callIndex,
    name,
    format: "xml",
    parameters: [],
    errors: [],
    text: "",
  };
  if (name === "") reportCallError(call, `${opened.tag} has no name attribute`);
  const tag = `<function name="${name}">`;
  let index = opened.next;
  for (;;) {
    index = reader.skipSpace(index);
    if (reader.startsWith(FUNCTION_END, index)) {
      index += FUNCTION_END.length;
      break;
    }
    if (index === body.length || reader.startsWith(FUNCTION, index)) {
      const before = index === body.length ? "the end of the call" : "the next <function>";
      reportCallError(call, `${tag} was not closed before ${before}`);
      break;
    }
    if (!reader.startsWith(PARAM, index)) {
      const end = reader.firstOf(AFTER_VALUE, index);
      reportCallError(call, `Text outside any tag inside ${tag}: ${stray(body, index, end)}`);
      index = end;
      continue;
    }
    const param = readTag(reader, index);
    const parameter = parseXmlAttributes(param.tag).get("name") ?? "";
    if (parameter === "") reportCallError(call, `${param.tag} in ${tag} has no name attribute`);
    const value = reader.valueEnd(param.next, PARAM_END, AFTER_VALUE);
    if (!value.closed) reportCallError(call, `Parameter "${parameter}" was not closed by </param>`, parameter);
    call.parameters.push([parameter, body.slice(param.next, value.end)]);
    index = value.next;
  }
  call.text = body.slice(start, index);
  return { call, next: index };
}

/** The opening tag at `start`, to its `>` (outside quotes), and where its content starts. */
function readTag(reader: TaggedBodyReader, start: number): { tag: string; next: number } {
  const { body } = reader;
  let quote = "";
  for (let index = start; index < body.length; index += 1) {
    const character = body.charAt(index);
    if (quote !== "") {
      if (character === quote) quote = "";
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === ">") {
      return { tag: body.slice(start, index + 1), next: index + 1 };
    }
  }
  return { tag: body.slice(start), next: body.length };
}

function stray(body: string, start: number, end: number): string {
  return shortenText(body.slice(start, end).trim());
}
