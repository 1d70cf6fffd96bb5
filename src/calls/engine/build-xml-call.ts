import { setOwnProperty } from "../../openapi/own-properties.js";
import { type CoercionResult, coerceArgument, schemaTypes } from "../coerce-argument.js";
import { decodeXmlText } from "../decode-xml-text.js";
import { parseJsonAsWritten } from "../parse-json-arguments.js";
import type { ArgumentError, ToolCall, ToolCallFormat } from "../tool-call.js";
import type { ToolCallError } from "../tool-call-error.js";
import { limitArgumentNesting } from "./limit-argument-nesting.js";
import { shortenText } from "./shorten-text.js";
import { argumentErrorsOf, checkToolCall, parameterSchema, type ToolCatalog } from "./tool-catalog.js";

/** A call read from XML before typing: its id, tool name and each parameter's raw text, in order. */
export interface ScannedXmlCall {
  id: string;
  callIndex: number;
  name: string;
  /** The format the call was written in: only `xml` and `legacy-xml` values are XML-escaped; others are raw. */
  format: ToolCallFormat;
  /**
   * How each raw text is written, when not as its format's values are: `json`, JSON as written, not XML-escaped text (a
   * parameter marked `string="false"`, a value whose type tag names a JSON type, an invoke whose body is a JSON
   * object), parsed when the tool's schema does not type the parameter; or as its block writes values, when not as XML
   * text (see `valueWritingOf`): `as-written`, text as it is, neither XML-escaped nor framed by line breaks;
   * `unescaped`, text not XML-escaped, perhaps framed by line breaks that are not its text.
   */
  parameters: Array<[parameter: string, raw: string, written?: "json" | "as-written" | "unescaped"]>;
  /** Problems met while scanning it (a wrong closing tag, a missing `</invoke>`). */
  errors: ToolCallError[];
}

/** A finished call and every problem found in it. */
export interface BuiltCall {
  call: ToolCall;
  errors: ToolCallError[];
}

/**
 * The calls of one block read whole (`<tool_call>`, a section of special tokens), each with the text its arguments
 * were read from, and the problems that belong to none of them.
 */
export interface BuiltBlockCalls {
  calls: Array<BuiltCall & { text: string }>;
  errors: ToolCallError[];
}

/**
 * Turns scanned XML parameters into a {@link ToolCall}: decodes each XML value, types it by the tool's schema, and
 * reports duplicate, unknown and unconvertible parameters. A value that cannot be converted stays a string and is
 * listed in `argumentErrors`; the call is kept.
 */
export function buildXmlCall(scanned: ScannedXmlCall, catalog: ToolCatalog | undefined): BuiltCall {
  const tool = catalog?.byName.get(scanned.name);
  const args: Record<string, unknown> = {};
  const argumentErrors: ArgumentError[] = [];
  const errors: ToolCallError[] = [...scanned.errors];
  for (const [parameter, raw, written] of scanned.parameters) {
    if (Object.hasOwn(args, parameter)) {
      errors.push({
        code: "PARSE_ERROR",
        message: `Tool "${scanned.name}": parameter "${parameter}" given twice; the last value is used`,
        callIndex: scanned.callIndex,
        name: scanned.name,
        parameter,
      });
    }
    // Chat templates write the values of tag formats other than XML as they are: `&amp;` there is what the model meant.
    const text = isXmlEscaped(scanned.format) && written === undefined ? decodeXmlText(raw) : raw;
    const schema = catalog === undefined || tool === undefined ? undefined : parameterSchema(catalog, tool, parameter);
    const typed =
      written === "json"
        ? typeJsonValue(text, schema)
        : written === "as-written"
          ? typeTextAsWritten(text, schema)
          : coerceArgument(text, schema);
    if (typed.success) {
      setOwnProperty(args, parameter, typed.value);
    } else {
      setOwnProperty(args, parameter, text);
      argumentErrors.push({ parameter, message: typed.message, raw });
    }
  }
  const call: ToolCall = { id: scanned.id, name: scanned.name, arguments: args, format: scanned.format };
  if (argumentErrors.length > 0) call.argumentErrors = argumentErrors;
  errors.push(
    ...limitArgumentNesting(call, scanned.callIndex),
    ...checkToolCall(call, scanned.callIndex, catalog),
    ...argumentErrorsOf(call, scanned.callIndex),
  );
  return { call, errors };
}

/**
 * A value written as JSON, typed by `schema` as XML text is (a JSON string by its content), or as written when no
 * schema types it; text that is no JSON is read as XML text is where the schema types it, and is an error where
 * nothing does (the model said it wrote JSON).
 */
function typeJsonValue(text: string, schema: unknown): CoercionResult {
  const value = parseJsonAsWritten(text.trim());
  const typedBySchema = schemaTypes(schema).size > 0;
  if (value === undefined && !typedBySchema) {
    return { success: false, message: `"${shortenText(text.trim(), 60)}" is not the JSON its tag says it is` };
  }
  if (value === undefined) return coerceArgument(text, schema);
  if (!typedBySchema) return { success: true, value };
  return coerceArgument(typeof value === "string" ? value : text, schema);
}

/**
 * A value written as it is, typed as XML text is; a string keeps every character, the line breaks at its ends too.
 */
function typeTextAsWritten(text: string, schema: unknown): CoercionResult {
  const typed = coerceArgument(text, schema);
  return typed.success && typeof typed.value === "string" ? { success: true, value: text } : typed;
}

/** Whether values written in `format` are XML text, entities and CDATA decoded. */
function isXmlEscaped(format: ToolCallFormat): boolean {
  return format === "xml" || format === "legacy-xml";
}
