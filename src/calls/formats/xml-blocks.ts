/**
 * The names models give a `<function_calls>` block, and the prefixes they write before its tags; the engine reads
 * them all as `<function_calls>`, `<invoke>` and `<parameter>`. Also how each block writes its values, and in which
 * parameter its model may wrap every argument.
 */

/** MiniMax-M2's name for a `<function_calls>` block, whose invokes it writes alike. */
const MINIMAX_BLOCK = "minimax:tool_call";

/** Step-DeepResearch's name for a `<function_calls>` block, whose invokes and parameters it prefixes with `steptml:`. */
const STEPTML_BLOCK = "steptml:toolcall";

/**
 * rednote's dots.llm name for a `<function_calls>` block, whose invokes it writes alike (vLLM's `dots` parser); it may
 * hold a JSON call object instead (see `dots.ts`).
 */
export const DOTS_BLOCK = "dots_function_call";

/**
 * Whether a tag named `name` (`plain` without its prefix, see {@link XML_TAG_PREFIX}) opens a `<function_calls>`
 * block. DeepSeek V4 and GigaChat 3.5 name their block `tool_calls`, and only with their prefix: a bare `<tool_calls>`
 * in prose is no block.
 */
export function isXmlBlockName(name: string, plain: string): boolean {
  return (
    plain === "function_calls" ||
    (plain === "tool_calls" && plain !== name) ||
    name === MINIMAX_BLOCK ||
    name === STEPTML_BLOCK ||
    name === DOTS_BLOCK
  );
}

/**
 * The prefixes of tag names read as the plain names, after a closing tag's `/`: DeepSeek's DSML (V3.2 and later) and
 * GigaChat 3.5's GCML, which writes DSML's tags under its own name, with the bars models write (`｜DSML｜`, `‖DSML‖`,
 * `｜｜DSML｜｜`, `|DSML|`), and StepFun's `steptml:`.
 */
export const XML_TAG_PREFIX = /^(\/?)(?:[|‖｜]+(?:DSML|GCML)[|‖｜]+|steptml:)/;

/** DeepSeek's and GigaChat 3.5's prefixes, with the bars models write around them. */
const RAW_VALUE_PREFIX = /^[|‖｜]+(?:DSML|GCML)[|‖｜]+/;

/**
 * How the parameter values of a block named `blockName` are written:
 * - `xml-text`: XML-escaped (`&amp;` is `&`), perhaps on lines of their own, which are not their text;
 * - `unescaped`: not escaped, perhaps on lines of their own: MiniMax-M2's template writes each value as it is, and
 *   vLLM's `minimax_m2` parser strips the line breaks around it but decodes nothing;
 * - `as-written`: neither escaped nor on lines of their own: DeepSeek's encoder (`encode_arguments_to_dsml`) and
 *   GigaChat 3.5's template (`string="true">a &amp; b\n</｜GCML｜parameter>` is `"a &amp; b\n"`), read so by vLLM and
 *   SGLang.
 */
export function valueWritingOf(blockName: string): "xml-text" | "unescaped" | "as-written" {
  if (RAW_VALUE_PREFIX.test(blockName)) return "as-written";
  return blockName === MINIMAX_BLOCK ? "unescaped" : "xml-text";
}

/** DeepSeek's DSML prefix, with the bars models write around it. */
const DSML_PREFIX = /^[|‖｜]+DSML[|‖｜]+/;

/** The names DeepSeek's DSML models give one parameter holding all the arguments as a JSON object. */
const DSML_ARGUMENT_WRAPPERS: readonly string[] = ["arguments", "input"];

/**
 * The parameters in which a block named `blockName` may hold all of a call's arguments as one JSON object: DeepSeek
 * V3.2 and V4 write `<｜DSML｜parameter name="arguments" string="false">{"location": "Beijing"}` at times, which vLLM's
 * `deepseek_v32` and `deepseek_v4` parsers unwrap where the tool declares no such parameter and declares every key.
 * None for other blocks.
 */
export function argumentWrappersOf(blockName: string): readonly string[] {
  return DSML_PREFIX.test(blockName) ? DSML_ARGUMENT_WRAPPERS : [];
}

/**
 * Tags whose arrival right after a `</parameter>` proves it closed the value, bars written as one `｜`: MiniMax-M2
 * names its block otherwise, DeepSeek prefixes every tag with `｜DSML｜`, GigaChat 3.5 with `｜GCML｜`, and
 * Step-DeepResearch with `steptml:`.
 */
export const XML_STRUCTURE_TAGS: readonly string[] = [
  ...["<parameter", "</invoke", "</function_calls", `</${MINIMAX_BLOCK}`, "<invoke"],
  ...["<｜DSML｜parameter", "</｜DSML｜invoke", "</｜DSML｜function_calls", "</｜DSML｜tool_calls", "<｜DSML｜invoke"],
  ...["<｜GCML｜parameter", "</｜GCML｜invoke", "</｜GCML｜tool_calls", "<｜GCML｜invoke"],
  ...["<steptml:parameter", "</steptml:invoke", `</${STEPTML_BLOCK}`, "<steptml:invoke"],
];
