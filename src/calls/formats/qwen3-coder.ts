import { FUNCTION_END, type FunctionTagSyntax, type OpeningTag } from "../engine/function-tag-calls.js";
import type { TaggedBodyReader } from "../engine/tagged-body-reader.js";

/** What ends the name in `<function=name>` and `<parameter=name>`: its `>`, or a sign that the `>` was left out. */
const NAME_ENDS = [">", "<", "\n"];

/**
 * Qwen3-Coder's tags, as vLLM's `qwen3_coder` parser and llama.cpp read them: `<function=name>`, then
 * `<parameter=name>value</parameter>` for each argument, then `</function>`. Values are raw text, as the chat template
 * writes them. A function may hold a JSON object instead of parameters, as Llama 3.1 writes its custom tools' calls
 * (`<function=name>{"city": "Paris"}</function>`).
 */
export const QWEN_FUNCTION_TAGS: FunctionTagSyntax = {
  functionOpener: "<function=",
  parameterOpener: "<parameter=",
  parameterCloser: "</parameter>",
  functionCloser: FUNCTION_END,
  bodyOpener: "<tool_call>",
  bodyCloser: "</tool_call>",
  format: "hermes",
  functionPattern: "<function=...>",
  jsonArguments: true,
  readFunction(reader, start) {
    const read = readName(reader, start + this.functionOpener.length);
    const tag = this.functionTag(read.name);
    const problems: OpeningTag["problems"] = [];
    if (read.name === "") problems.push({ message: `${tag} has no name` });
    if (!read.closed) problems.push({ message: `${tag} is missing its ">"` });
    return { name: read.name, next: read.next, problems };
  },
  readParameter(reader, start, functionTag) {
    const read = readParameterName(reader, start + this.parameterOpener.length);
    const problems: OpeningTag["problems"] = [];
    if (read.name === "") problems.push({ message: `<parameter=> in ${functionTag} has no name` });
    if (!read.closed) problems.push({ message: `<parameter=${read.name}> is missing its ">"`, parameter: read.name });
    return { name: read.name, next: read.next, problems };
  },
  functionTag: (name) => `<function=${name}>`,
};

/** The name starting at `start` (up to its `>`), whether the `>` was there, and where the tag's content starts. */
function readName(reader: TaggedBodyReader, start: number): { name: string; closed: boolean; next: number } {
  const end = reader.firstOf(NAME_ENDS, start);
  const closed = reader.startsWith(">", end);
  return { name: reader.body.slice(start, end).trim(), closed, next: closed ? end + 1 : end };
}

/**
 * A parameter's name, as {@link readName} reads it. Qwen3-Coder sometimes writes the value where the `>` belongs
 * (`<parameter=command=view</parameter>`, OpenHands #10039): the name then ends at its `=`, and the value follows.
 */
function readParameterName(reader: TaggedBodyReader, start: number): { name: string; closed: boolean; next: number } {
  const read = readName(reader, start);
  const equals = read.name.indexOf("=");
  if (read.closed || equals === -1) return read;
  return { name: read.name.slice(0, equals).trim(), closed: false, next: reader.body.indexOf("=", start) + 1 };
}
