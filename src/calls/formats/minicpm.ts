import { FUNCTION_END, type FunctionTagSyntax, readTag } from "../engine/function-tag-calls.js";
import { parseXmlAttributes } from "../engine/xml-attributes.js";

/**
 * MiniCPM5's tags, as its chat template asks for them and vLLM's and sglang's `minicpm5` parsers read them:
 * `<function name="get_weather">`, then `<param name="city">Paris</param>` for each argument, then `</function>`,
 * attributes in either quote. Values are XML text (a `<![CDATA[...]]>` section for `<`, `&` and line breaks).
 */
export const MINICPM_FUNCTION_TAGS: FunctionTagSyntax = {
  functionOpener: "<function ",
  parameterOpener: "<param ",
  parameterCloser: "</param>",
  functionCloser: FUNCTION_END,
  bodyOpener: "<tool_call>",
  bodyCloser: "</tool_call>",
  format: "xml",
  functionPattern: "<function name=...>",
  jsonArguments: false,
  readFunction(reader, start) {
    const read = readTag(reader, start);
    const name = parseXmlAttributes(read.tag).get("name") ?? "";
    return { name, next: read.next, problems: name === "" ? [{ message: `${read.tag} has no name attribute` }] : [] };
  },
  readParameter(reader, start, functionTag) {
    const read = readTag(reader, start);
    const name = parseXmlAttributes(read.tag).get("name") ?? "";
    const problems = name === "" ? [{ message: `${read.tag} in ${functionTag} has no name attribute` }] : [];
    return { name, next: read.next, problems };
  },
  functionTag: (name) => `<function name="${name}">`,
};
