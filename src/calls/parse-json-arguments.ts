import { jsonrepair } from "jsonrepair";
import { isJsonObject } from "../openapi/own-properties.js";
import { endsInsideString, openBracketsAtEnd } from "./engine/json-value-end.js";
import { claimRepair } from "./engine/repair-budget.js";
import { shortenText } from "./engine/shorten-text.js";

/** What {@link parseJsonText} read: the value, and whether `jsonrepair` had to fix the text first. */
export type JsonTextResult =
  | { success: true; value: unknown; repaired: boolean }
  /** `refused`: the text was not repaired, being too long (see `claimRepair`). */
  | { success: false; message: string; refused?: true };

/**
 * Parses JSON a model wrote, repairing it with `jsonrepair` when plain parsing fails (trailing commas, single quotes,
 * a truncated end). Never throws.
 */
export function parseJsonText(text: string): JsonTextResult {
  try {
    return { success: true, value: JSON.parse(text), repaired: false };
  } catch {
    return repairJsonText(text);
  }
}

/**
 * Parses JSON text that is known not to parse as written, repaired by `jsonrepair` within the limits of
 * `claimRepair`. Never throws.
 */
export function repairJsonText(text: string): JsonTextResult {
  const refusal = claimRepair(text);
  if (refusal !== undefined) return { success: false, message: refusal, refused: true };
  try {
    return { success: true, value: JSON.parse(jsonrepair(text)), repaired: true };
  } catch (error) {
    return { success: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The JSON value of `text` as written, without repairing it; undefined when it is not JSON. */
export function parseJsonAsWritten(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether `text` is a JSON object as written, with nothing cut off or repaired. */
export function isWholeJsonObject(text: string): boolean {
  return isJsonObject(parseJsonAsWritten(text));
}

/** What {@link parseJsonArguments} read: an arguments object, with the raw text kept when it was repaired or broken. */
export interface JsonArgumentsResult {
  arguments: Record<string, unknown>;
  /** The text as written, present when it had to be repaired or could not be read. */
  rawArguments?: string;
  /** Why the text could not be read as an object, when it could not. */
  message?: string;
}

/**
 * Reads an OpenAI-style `arguments` string: `""` means `{}`, broken JSON is repaired, an object encoded twice (a JSON
 * string holding the object's JSON, which some deployments send) is read once more, and text that is not an object
 * even then, or that ends inside a string (cut off), gives `{}` with the raw text and a message (the call is kept, not
 * dropped).
 */
export function parseJsonArguments(text: string): JsonArgumentsResult {
  return readJsonArguments(text, false);
}

/**
 * {@link parseJsonArguments} for the arguments a model's text closed (between its tokens): arguments that end before
 * their object closes were cut off there too, and are not read. A provider's `arguments` are repaired then, as other
 * broken JSON is.
 */
export function parseClosedJsonArguments(text: string): JsonArgumentsResult {
  return readJsonArguments(text, true);
}

function readJsonArguments(text: string, closed: boolean): JsonArgumentsResult {
  // Never a throw: arguments that are no text are said so, as arguments that are no JSON are.
  if (typeof text !== "string") return { arguments: {}, message: `Arguments are not text: ${typeof text}` };
  if (text.trim() === "") return { arguments: {} };
  const parsed = parseJsonText(text);
  if (!parsed.success)
    return { arguments: {}, rawArguments: text, message: `Arguments are not JSON: ${parsed.message}` };
  // Repairing would close the string, and give the value cut short as if it were whole.
  if (parsed.repaired && endsInsideString(text)) {
    const message = "Arguments end inside a string: they were cut off (a token limit?), and are not read";
    return { arguments: {}, rawArguments: text, message };
  }
  // Repairing would close the object, and give the arguments written so far as all there are.
  if (parsed.repaired && closed && openBracketsAtEnd(text) > 0) {
    const message = "Arguments end before their object closes: they were cut off, and are not read";
    return { arguments: {}, rawArguments: text, message };
  }
  if (typeof parsed.value === "string") {
    const inner = parseJsonText(parsed.value);
    if (inner.success && isJsonObject(inner.value)) return { arguments: inner.value, rawArguments: text };
  }
  if (!isJsonObject(parsed.value)) return { arguments: {}, rawArguments: text, message: notAnObject(text, parsed) };
  return parsed.repaired ? { arguments: parsed.value, rawArguments: text } : { arguments: parsed.value };
}

/**
 * Why arguments read as `parsed` are no object: the kind of JSON value they are, or, when only a repair read them
 * (`foo` repairs to the string `"foo"`), that they are no JSON object, with the text as written.
 */
function notAnObject(text: string, parsed: { value: unknown; repaired: boolean }): string {
  if (parsed.repaired) return `Arguments are not a JSON object: ${shortenText(text.trim())}`;
  const { value } = parsed;
  const kind = value === null ? "JSON null" : `a JSON ${Array.isArray(value) ? "array" : typeof value}`;
  return `Arguments are ${kind}, not an object`;
}
